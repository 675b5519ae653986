@testable import MicroHTTP

/// The request-framing checks on any header block (one field a line, `name:value`; the first
/// line the raw request target): a framing, a problem, never a trap; and the checks agree
/// with themselves (a block with one valid Host and no length or coding frames no body).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFraming(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let target = lines.isEmpty ? "" : String(lines.removeFirst())
    _ = target.withCString(RequestTarget.pathHoldsControlByte)
    let fields = lines.map { line -> RawField in
        let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        return RawField(name: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
    }
    for field in fields { _ = RequestTarget.hostProblem(field.value) }
    _ = ServerContext.headerMemoryBytes(RawRequest(method: .get, path: target, headers: RawHeaders(fields)))
    for http11 in [false, true] {
        if case .success(let body) = RequestFraming.read(RawHeaders(fields), http11: http11), let length = body.contentLength {
            _ = RequestFraming.exceeds(contentLength: length, limit: 1 << 20)
        }
    }
    return 0
}
