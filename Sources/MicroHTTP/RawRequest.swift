/// One query parameter, percent-decoded (`+` read as a space); `value` is nil for a bare
/// `?flag`.
public struct QueryItem: Hashable, Sendable {
    /// The parameter's name.
    public var name: String
    /// The parameter's value, or nil when the item had no `=`.
    public var value: String?

    /// Creates a query item.
    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }
}

/// A complete HTTP request as libmicrohttpd parsed it, as the server's handler sees it: lean
/// and close to the C library (fields as strings, the path and query already percent-decoded).
/// The service layer converts it to apple/swift-http-types' `HTTPRequest` at its border.
public struct RawRequest: Sendable {
    /// The method, exactly as sent (any token reaches the handler).
    public var method: RawMethod
    /// The percent-decoded path, without the query string.
    public var path: String
    /// Set when the path, once percent-decoded, holds a C0 control byte or DEL: it then
    /// matches no route (API.md "Paths and Host"), and ``path`` may stop at a `%00`.
    public var pathHoldsControlByte = false
    /// The query parameters in order, percent-decoded.
    public var query: [QueryItem]
    /// The header fields in order; look-ups ignore case.
    public var headers: RawHeaders
    /// The body, or as much of it as fitted when ``bodyTooLarge`` is set (then possibly empty).
    public var body: [UInt8]
    /// Set when the `Content-Length` exceeds the server's limit: the body is not read and the
    /// handler should answer (after its path and method checks) with 413. (A chunked body
    /// that passes the limit never reaches the handler: its connection is cut.)
    public var bodyTooLarge: Bool
    /// Set when the header fields frame the body ambiguously or with a coding the server does
    /// not implement: the body is not read, the handler should answer 400 or 501 before any
    /// other check, and the server closes the connection after the answer.
    public var framingError: FramingError?
    /// Set when the bytes the server holds for clients, with this request's declared body,
    /// exceed its in-flight budget as the header arrives (a body is then not read), or when
    /// keeping the body as it arrives would (it is then read and dropped, and ``body`` is
    /// empty): the handler should answer 503 unless the route must always answer (health
    /// checks).
    public var overBudget: Bool
    /// The peer's numeric address (`127.0.0.1`, `::1`), when known. The server keeps the
    /// address's bytes and formats them only when this is read: most handlers never do.
    public var remoteAddress: String? {
        get { peer?.numericHost }
        set { peer = newValue.map(PeerAddress.text) }
    }
    /// The peer's address as the server got it.
    var peer: PeerAddress?

    /// Creates a request (the server builds them; tests may too).
    public init(
        method: RawMethod,
        path: String,
        query: [QueryItem] = [],
        headers: RawHeaders = RawHeaders(),
        body: [UInt8] = [],
        bodyTooLarge: Bool = false,
        framingError: FramingError? = nil,
        overBudget: Bool = false,
        remoteAddress: String? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.bodyTooLarge = bodyTooLarge
        self.framingError = framingError
        self.overBudget = overBudget
        self.peer = remoteAddress.map(PeerAddress.text)
    }

    /// The value of the first query parameter named `name` (nil when absent or bare).
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}
