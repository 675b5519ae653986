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
    public var response: HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": ProblemEncoder.mediaType], body: ProblemEncoder.encode(self))
    }
}
