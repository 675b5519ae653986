public import HTTPTypes
public import MicroHTTP

/// What a route handler answers: an apple/swift-http-types response head (status and header
/// fields) and the body bytes, or a body made while it is sent.
///
/// The head is kept as its parts rather than as an `HTTPResponse`, whose pseudo-header storage
/// would be one more allocation per answer, and the status as its code (a status's reason
/// phrase is a string every copy of the answer would retain; HTTP/1.1 answers carry the
/// server's own); ``head`` puts them together. The service
/// adds `X-Request-Id`, `X-Content-Type-Options` and the CORS fields, and the server
/// `Content-Length` and `Date`.
public struct RouteResponse: Sendable {
    /// The status (its reason phrase is not kept).
    public var status: HTTPResponse.Status {
        get { HTTPResponse.Status(code: code) }
        set { code = newValue.code }
    }
    /// The status code.
    var code: Int
    /// The header fields.
    public var headerFields: HTTPFields
    /// The body bytes (with a ``stream``, the bytes sent before its pieces).
    public var body: [UInt8]
    /// The rest of the body, made piece by piece as the client takes it (see
    /// `HTTPBodyStream`); nil for most answers.
    public var stream: HTTPBodyStream?

    /// Creates an answer.
    public init(status: HTTPResponse.Status = .ok, headerFields: HTTPFields = HTTPFields(), body: [UInt8] = [], stream: HTTPBodyStream? = nil) {
        code = status.code
        self.headerFields = headerFields
        self.body = body
        self.stream = stream
    }

    /// Creates an answer from a response head.
    public init(head: HTTPResponse, body: [UInt8] = [], stream: HTTPBodyStream? = nil) {
        self.init(status: head.status, headerFields: head.headerFields, body: body, stream: stream)
    }

    /// The status and header fields as one `HTTPResponse`.
    public var head: HTTPResponse {
        get { HTTPResponse(status: status, headerFields: headerFields) }
        set {
            status = newValue.status
            headerFields = newValue.headerFields
        }
    }
}

extension RawResponse {
    /// The server's form of `response`, with room for `extra` more fields: the body passed on
    /// as it is, each field's name as given and its value.
    init(_ response: consuming RouteResponse, reserving extra: Int) {
        var headers = RawHeaders()
        headers.reserveCapacity(response.headerFields.count + extra)
        for field in response.headerFields { headers.add(field.name.rawName, field.value) }
        self.init(status: response.code, headers: headers, body: response.body, stream: response.stream)
    }
}
