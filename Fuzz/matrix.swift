/// POST /layout/matrix, as JSON and as CSV (the first byte chooses): a problem or an answer,
/// never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatrix(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    var body = bytes(data, size)
    let csv = body.first.map { $0 & 1 == 1 } ?? false
    if !body.isEmpty { body.removeFirst() }
    answer("/layout/matrix", body, accept: csv ? "text/csv" : nil)
    return 0
}
