@testable import MicroHTTP
import Testing

/// RFC 9112 §6's framing rules as API.md "Connections and framing" states them: the cases
/// libmicrohttpd 0.9.75 lets through.
@Suite struct RequestFramingTests {
    private func read(_ fields: [(String, String)]) -> Result<RequestFraming.Body, FramingError> {
        RequestFraming.read(RawHeaders(fields.map { RawField(name: $0.0, value: $0.1) }))
    }

    /// The framing problem of `fields`, or nil when their framing holds.
    private func check(_ fields: [(String, String)]) -> FramingError? {
        if case .failure(let error) = read(fields) { return error }
        return nil
    }

    @Test func readsTheLengthOrChunkedItFound() {
        #expect(read([("Host", "x"), ("content-length", "12")]) == .success(RequestFraming.Body(contentLength: "12", chunked: false)))
        #expect(read([("Transfer-Encoding", "chunked")]) == .success(RequestFraming.Body(contentLength: nil, chunked: true)))
        #expect(read([("Host", "x")]) == .success(RequestFraming.Body(contentLength: nil, chunked: false)))
    }

    @Test func acceptsOneLengthOrChunkedAlone() {
        #expect(check([("Host", "x"), ("Content-Length", "12")]) == nil)
        #expect(check([("Transfer-Encoding", "chunked")]) == nil)
        #expect(check([("transfer-encoding", " Chunked ")]) == nil)
        #expect(check([("Transfer-Encoding", "chunked,")]) == nil, "an empty list element does not count")
        #expect(check([]) == nil)
    }

    @Test func ambiguousFramingsAre400Cases() {
        #expect(check([("Transfer-Encoding", "chunked"), ("Content-Length", "5")]) == .ambiguous("Transfer-Encoding together with Content-Length"))
        #expect(check([("Content-Length", "5"), ("content-length", "5")]) == .ambiguous("more than one Content-Length field"))
        #expect(check([("Content-Length", "5"), ("Content-Length", "6")]) == .ambiguous("more than one Content-Length field"))
        #expect(check([("Transfer-Encoding", "chunked, chunked")]) == .ambiguous("the chunked transfer coding is repeated"))
        #expect(check([("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")]) == .ambiguous("the chunked transfer coding is repeated"))
        #expect(check([("Transfer-Encoding", "chunked, gzip")]) == .ambiguous("chunked is not the last transfer coding"))
        #expect(check([("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "gzip")]) == .ambiguous("chunked is not the last transfer coding"))
        #expect(check([("Content-Length ", "5")]) == .ambiguous("white space between the header name \"Content-Length\" and its colon"))
        #expect(check([("Transfer-Encoding\t", "chunked")]) == .ambiguous("white space between the header name \"Transfer-Encoding\" and its colon"))
    }

    @Test func otherCodingsAre501UnlessA400CaseHolds() {
        #expect(check([("Transfer-Encoding", "gzip")]) == .unsupportedCoding("gzip"))
        #expect(check([("Transfer-Encoding", "gzip, chunked")]) == .unsupportedCoding("gzip, chunked"))
        #expect(check([("Transfer-Encoding", "gzip"), ("Transfer-Encoding", "chunked")]) == .unsupportedCoding("gzip, chunked"))
        #expect(check([("Transfer-Encoding", "")]) == .unsupportedCoding(""))
        // The 400 cases win over 501.
        #expect(check([("Transfer-Encoding", "gzip"), ("Content-Length", "5")]) == .ambiguous("Transfer-Encoding together with Content-Length"))
        #expect(check([("Transfer-Encoding", "gzip"), ("X-Pad ", "1")]) == .ambiguous("white space between the header name \"X-Pad\" and its colon"))
    }

    @Test func lengthsBeyondTheLimitOr64BitsExceedIt() {
        #expect(!RequestFraming.exceeds(contentLength: "1000", limit: 1000))
        #expect(RequestFraming.exceeds(contentLength: "1001", limit: 1000))
        #expect(RequestFraming.exceeds(contentLength: "9223372036854775807", limit: 1000))
        #expect(RequestFraming.exceeds(contentLength: "9223372036854775808", limit: 1000))
        #expect(RequestFraming.exceeds(contentLength: "18446744073709551616", limit: 1000))
        #expect(!RequestFraming.exceeds(contentLength: "", limit: 1000))
        #expect(!RequestFraming.exceeds(contentLength: "12a", limit: 1000), "not a number: libmicrohttpd answers it")
    }
}
