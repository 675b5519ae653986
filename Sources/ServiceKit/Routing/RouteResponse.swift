public import HTTPTypes
public import MicroHTTP

/// What a route handler answers: an apple/swift-http-types response head (status and header
/// fields) and the body bytes, or a body made while it is sent.
///
/// The head is kept as its two parts rather than as an `HTTPResponse`, whose pseudo-header
/// storage would be one more allocation per answer; ``head`` puts them together. The service
/// adds `X-Request-Id`, `X-Content-Type-Options` and the CORS fields, and the server
/// `Content-Length` and `Date`.
public struct RouteResponse: Sendable {
    /// The status.
    public var status: HTTPResponse.Status
    /// The header fields.
    public var headerFields: HTTPFields
    /// The body bytes (with a ``stream``, the bytes sent before its pieces).
    public var body: [UInt8]
    /// The rest of the body, made piece by piece as the client takes it (see
    /// `HTTPBodyStream`); nil for most answers.
    public var stream: HTTPBodyStream?

    /// Creates an answer.
    public init(status: HTTPResponse.Status = .ok, headerFields: HTTPFields = HTTPFields(), body: [UInt8] = [], stream: HTTPBodyStream? = nil) {
        self.status = status
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
        self.init(status: response.status.code, headers: headers, body: response.body, stream: response.stream)
    }
}

extension RawHeaders {
    /// The value of the first field named `name` (any case), or nil.
    subscript(name: HTTPField.Name) -> String? { self[name.canonicalName] }

    /// Appends a field (whose value the service made: not validated again).
    mutating func add(_ name: HTTPField.Name, _ value: String) { add(name.rawName, value) }

    /// Removes every field named `name`.
    mutating func remove(_ name: HTTPField.Name) { remove(name.canonicalName) }
}

extension HTTPField.Name {
    /// `X-Request-Id`: the request's id, the client's when sane, else one the service made.
    public static let xRequestID = HTTPField.Name("X-Request-Id")!
}
