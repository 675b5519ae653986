/// An HTTP response as the server hands it to libmicrohttpd: status, header fields and body
/// bytes, or a body made while it is sent. (The service layer builds it from its routes'
/// swift-http-types answers.)
///
/// The server adds `Content-Length` (and `Date`) itself; for `HEAD` it sends the headers
/// of the response and leaves the body out. An answer with a ``stream`` has no length
/// (see ``HTTPBodyStream``).
public struct RawResponse: Sendable {
    /// The status code, e.g. 200.
    public var status: Int
    /// The header fields.
    public var headers: RawHeaders
    /// The body bytes (with a ``stream``, the bytes sent before its pieces).
    public var body: [UInt8]
    /// The rest of the body, made piece by piece as the client takes it: for answers too
    /// large to be held whole while a client reads them. Nil for most answers.
    public var stream: HTTPBodyStream?

    /// Creates a response.
    public init(status: Int, headers: RawHeaders = RawHeaders(), body: [UInt8] = [], stream: HTTPBodyStream? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.stream = stream
    }
}

/// The handler the server calls for every request, on one of its pool threads.
///
/// It is called once per request, after the whole body has arrived, or earlier with
/// ``RawRequest/bodyTooLarge`` set once the body is known to exceed the limit.
public typealias HTTPHandler = @Sendable (RawRequest) -> RawResponse
