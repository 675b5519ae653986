public import HTTPTypes
public import JSONCore

extension RouteResponse {
    /// A JSON answer (`application/json`) with the bytes a ``JSONWriter`` wrote.
    public static func json(_ writer: consuming JSONWriter, status: HTTPResponse.Status = .ok) -> RouteResponse {
        RouteResponse(status: status, headerFields: [.contentType: "application/json"], body: writer.finish())
    }
}

extension Problem {
    /// The `application/problem+json` answer (``ProblemEncoder``).
    /// A 503 also says when to try again (`Retry-After: 1`).
    public var response: RouteResponse {
        var response = RouteResponse(status: status, headerFields: [.contentType: ProblemEncoder.mediaType], body: ProblemEncoder.encode(self))
        if status == .serviceUnavailable { response.headerFields[.retryAfter] = "1" }
        return response
    }
}
