/// POST /render: a problem or an answer, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    answer("/render", bytes(data, size))
    return 0
}
