public import JSONCore
public import MicroHTTP

extension HTTPResponse {
    /// A JSON answer (`application/json`) with the bytes a ``JSONWriter`` wrote.
    public static func json(_ writer: consuming JSONWriter, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: writer.finish())
    }
}

extension Problem {
    /// The `application/problem+json` answer (``ProblemEncoder``).
    /// A 503 also says when to try again (`Retry-After: 1`).
    public var response: HTTPResponse {
        var response = HTTPResponse(status: status, headers: ["Content-Type": ProblemEncoder.mediaType], body: ProblemEncoder.encode(self))
        if status == 503 { response.headers.add("Retry-After", "1") }
        return response
    }
}
