/// Why a request's body framing cannot be trusted (RFC 9112 §6). The server answers such a
/// request at once and closes its connection: the bytes after its header could be read as
/// a body or as another request, which is how requests are smuggled past a proxy.
public enum FramingError: Error, Equatable, Sendable {
    /// The header fields give the body's length more than one way (answered 400): the
    /// associated text says how.
    case ambiguous(String)
    /// A transfer coding other than `chunked` (answered 501): the codings as sent.
    case unsupportedCoding(String)
    /// An HTTP/1.1 request without a `Host` field, or any request with more than one or with
    /// a value that is not a host (RFC 9112 §3.2; answered 400): the associated text says which.
    case invalidHost(String)
}

/// The framing rules libmicrohttpd 0.9.75 does not enforce itself: it reads the first
/// `Transfer-Encoding` field only, takes `chunked` over `Content-Length`, and keeps white
/// space before a colon in the field's name (so that field is then ignored).
enum RequestFraming {
    /// How a request whose framing holds says its body comes.
    struct Body: Equatable {
        /// The `Content-Length` value, if one was sent.
        var contentLength: String?
        /// Whether the body is chunked.
        var chunked: Bool
    }

    /// How `headers` frame the body, or their first framing problem (400 cases before 501
    /// ones; the `Host` field's, which an HTTP/1.1 request (`http11`) must have, before the
    /// rest), read in one pass over the fields.
    static func read(_ headers: RawHeaders, http11: Bool = false) -> Result<Body, FramingError> {
        var hosts = 0
        var host = ""
        var lengths = 0
        var contentLength: String?
        var transferEncodings = 0
        var codings: [Substring] = []
        for field in headers {
            if field.name.utf8.contains(where: { $0 == 0x20 || $0 == 0x09 }) {
                return .failure(.ambiguous("white space between the header name \"\(field.name.trimmingTrailingWhitespace)\" and its colon"))
            }
            if RawHeaders.namesEqual(field.name, "Host") {
                hosts += 1
                host = field.value
            } else if RawHeaders.namesEqual(field.name, "Content-Length") {
                lengths += 1
                contentLength = field.value
            } else if RawHeaders.namesEqual(field.name, "Transfer-Encoding") {
                transferEncodings += 1
                // A list (RFC 9110 §5.6.1): empty elements do not count.
                for coding in field.value.split(separator: ",") {
                    let trimmed = coding.trimmingOptionalWhitespace
                    if !trimmed.isEmpty { codings.append(trimmed) }
                }
            }
        }
        if hosts > 1 { return .failure(.invalidHost("more than one Host field")) }
        if hosts == 0, http11 { return .failure(.invalidHost("an HTTP/1.1 request without a Host field")) }
        if hosts == 1, let problem = RequestTarget.hostProblem(host) { return .failure(.invalidHost("the Host field holds \(problem)")) }
        if lengths > 1 { return .failure(.ambiguous("more than one Content-Length field")) }
        guard transferEncodings > 0 else { return .success(Body(contentLength: contentLength, chunked: false)) }
        if lengths > 0 { return .failure(.ambiguous("Transfer-Encoding together with Content-Length")) }
        let chunked = codings.indices.filter { RawHeaders.namesEqual(String(codings[$0]), "chunked") }
        if chunked.count > 1 { return .failure(.ambiguous("the chunked transfer coding is repeated")) }
        if let only = chunked.first, only != codings.count - 1 {
            return .failure(.ambiguous("chunked is not the last transfer coding"))
        }
        if chunked.count == 1, codings.count == 1 { return .success(Body(contentLength: nil, chunked: true)) }
        return .failure(.unsupportedCoding(codings.joined(separator: ", ")))
    }

    /// Whether a `Content-Length` value of digits states more than `limit` bytes (values
    /// beyond 64 bits included, which libmicrohttpd itself reads as too large or refuses).
    static func exceeds(contentLength value: String, limit: Int) -> Bool {
        let digits = value.utf8
        guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
        guard let length = Int(value) else { return true }
        return length > limit
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional white space).
    fileprivate var trimmingOptionalWhitespace: SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }

    /// Without trailing spaces and tabs.
    fileprivate var trimmingTrailingWhitespace: SubSequence {
        guard let last = lastIndex(where: { $0 != " " && $0 != "\t" }) else { return self[endIndex...] }
        return self[...last]
    }
}
