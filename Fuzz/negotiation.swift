import ServiceKit

/// Content negotiation on any Accept value: JSON, the alternative or a 406 problem, never a
/// trap; and an Accept that names nothing else gets JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNegotiation(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let accept = String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
    for alternative in [AnswerType.csv, .css] {
        do {
            let chosen = try ContentNegotiation.choose(accept: accept, alternative: alternative)
            precondition(chosen == .json || chosen == alternative)
        } catch {
            precondition(error.status == 406, "negotiation threw \(error.status)")
        }
    }
    return 0
}
