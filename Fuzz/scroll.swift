/// POST /scroll: a problem or an answer, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScroll(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    answer("/scroll", bytes(data, size))
    return 0
}
