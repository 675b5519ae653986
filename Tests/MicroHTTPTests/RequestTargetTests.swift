@testable import MicroHTTP
import Testing

/// API.md "Paths and Host": decoded control bytes in a path, and Host per RFC 9112 §3.2.
@Suite struct RequestTargetTests {
    @Test func aPathWithADecodedControlByteIsFlagged() {
        for uri in ["/metrics%00.css", "/%00/etc/passwd", "/layout%00/x", "/healthz%0a", "/a%7F", "/a%1f?x=1", "/a\u{1}"] {
            #expect(uri.withCString(RequestTarget.pathHoldsControlByte), "\(uri)")
        }
        for uri in ["/metrics", "/devices/iphone-x", "/a%20b", "/a%2", "/a%zz", "/a?x=%00", "/%7E", "/%80"] {
            #expect(!uri.withCString(RequestTarget.pathHoldsControlByte), "\(uri)")
        }
    }

    @Test func hostValuesAreAuthorities() {
        for host in ["", "example.com", "example.com:8080", "127.0.0.1:80", "[::1]:9090", "[v1.x]", "a%41b", "host:"] {
            #expect(RequestTarget.hostProblem(host) == nil, "\(host)")
        }
        for host in ["a b", "user@example.com", "example.com:80a", "[::1", "[::1]x", "a%4", "a/b", "[]"] {
            #expect(RequestTarget.hostProblem(host) != nil, "\(host)")
        }
    }

    @Test func anHTTP11RequestNeedsExactlyOneValidHost() {
        func problem(_ fields: [(String, String)], http11: Bool = true) -> FramingError? {
            if case .failure(let error) = RequestFraming.read(RawHeaders(fields.map { RawField(name: $0.0, value: $0.1) }), http11: http11) {
                return error
            }
            return nil
        }
        #expect(problem([("Host", "x")]) == nil)
        #expect(problem([]) == .invalidHost("an HTTP/1.1 request without a Host field"))
        #expect(problem([], http11: false) == nil)
        #expect(problem([("Host", "x"), ("host", "x")], http11: false) == .invalidHost("more than one Host field"))
        #expect(problem([("Host", "a b")]) != nil)
    }
}
