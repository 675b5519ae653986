public import HTTPTypes
public import MicroHTTP

/// What a route handler receives: the request in apple/swift-http-types' terms, the values of
/// the pattern's `{param}` segments, and the request id the answer will carry.
///
/// Converted from MicroHTTP's ``RawRequest`` at the service's border, each part only as far
/// as a route needs it: the method once (the router needs it), the body passed on as it is
/// (no copy), and the header fields only when ``headerFields`` or ``head`` is read, since
/// building `HTTPFields` validates every name and value and most routes read none.
public struct RouteRequest: Sendable {
    /// The request as libmicrohttpd parsed it.
    let raw: RawRequest
    /// The method (a valid token: the service answers any other with 400 before routing).
    public let method: HTTPRequest.Method
    /// The values of the pattern's `{name}` segments, by name (percent-decoded).
    public var pathParameters: [String: String]
    /// The request's id (the client's `X-Request-Id` when sane, else a generated one).
    public var requestID: String

    init(raw: RawRequest, method: HTTPRequest.Method, pathParameters: [String: String], requestID: String) {
        self.raw = raw
        self.method = method
        self.pathParameters = pathParameters
        self.requestID = requestID
    }

    /// The value of the path parameter `name`, e.g. `id` for `/devices/{id}`.
    public func parameter(_ name: String) -> String? { pathParameters[name] }

    /// The percent-decoded path, without the query.
    public var path: String { raw.path }

    /// The query parameters in order, percent-decoded.
    public var queryItems: [QueryItem] { raw.query }

    /// The value of the first query parameter `name` (nil when absent or bare).
    public func query(_ name: String) -> String? { raw.queryValue(name) }

    /// The body bytes (complete: oversized bodies never reach a handler).
    public var body: [UInt8] { raw.body }

    /// The header fields but `Host` (which is ``head``'s authority), in order. Built from the
    /// raw fields each time it is read: read it once. A field whose name is not a token
    /// (RFC 9110) is left out; invalid bytes in a value become spaces.
    public var headerFields: HTTPFields {
        var fields = HTTPFields()
        fields.reserveCapacity(raw.headers.count)
        for field in raw.headers {
            guard let name = HTTPField.Name(field.name), name.canonicalName != "host" else { continue }
            fields.append(HTTPField(name: name, value: field.value))
        }
        return fields
    }

    /// The header fields named `names` (any case), grouped by name in the order given, each
    /// name's in the order they came: built for those alone, so that a route reading one
    /// field does not pay for all of them (``headerFields`` costs about 1,700 instructions a
    /// field, bench/PERF.md).
    public func headerFields(named names: HTTPField.Name...) -> HTTPFields {
        var fields = HTTPFields()
        for name in names {
            for field in raw.headers.fields where RawHeaders.namesEqual(field.name, name.canonicalName) {
                fields.append(HTTPField(name: name, value: field.value))
            }
        }
        return fields
    }

    /// The request's head as swift-http-types models it for HTTP/1: the method, scheme
    /// `http`, the `Host` field as the authority, the target (path and query, percent-encoded
    /// again from their decoded forms) and ``headerFields``. Built each time it is read.
    public var head: HTTPRequest {
        HTTPRequest(
            method: method, scheme: "http", authority: raw.headers["Host"], path: TargetEncoding.encode(path: path, query: queryItems),
            headerFields: headerFields
        )
    }
}

/// The request target written back from its decoded parts (RFC 3986): a byte that is not
/// allowed where it stands is percent-encoded, a space in the query as `%20`.
enum TargetEncoding {
    static func encode(path: String, query: [QueryItem]) -> String {
        var target = escaped(path, keeping: pathBytes)
        for (index, item) in query.enumerated() {
            target += index == 0 ? "?" : "&"
            target += escaped(item.name, keeping: queryBytes)
            if let value = item.value { target += "=" + escaped(value, keeping: queryBytes) }
        }
        return target
    }

    /// RFC 3986's pchar and `/`.
    private static let pathBytes = allowed("!$&'()*+,;=:@/")
    /// RFC 3986's query characters but those that separate or stand for items (`&`, `=`, `+`).
    private static let queryBytes = allowed("!$'()*,;:@/?")

    /// Unreserved characters and `extra`, by byte.
    private static func allowed(_ extra: String) -> [Bool] {
        (0..<256).map { byte in
            switch UInt8(byte) {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
            default: extra.utf8.contains(UInt8(byte))
            }
        }
    }

    private static func escaped(_ text: String, keeping allowed: [Bool]) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if allowed[Int(byte)] {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
