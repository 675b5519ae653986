/// An HTTP response: status, header fields and body bytes.
///
/// The server adds `Content-Length` (and `Date`) itself; for `HEAD` it sends the headers
/// of the response and leaves the body out.
public struct HTTPResponse: Sendable {
    /// The status code, e.g. 200.
    public var status: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// The handler the server calls for every request, on one of its pool threads.
///
/// It is called once per request, after the whole body has arrived, or earlier with
/// ``HTTPRequest/bodyTooLarge`` set once the body is known to exceed the limit.
public typealias HTTPHandler = @Sendable (HTTPRequest) -> HTTPResponse
