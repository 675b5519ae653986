import JSONCore

/// The JSON parser: any bytes parse or throw a syntax error; a parsed document's strings and
/// numbers read back without a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    guard let document = try? JSONDocument(parsing: bytes(data, size)) else { return 0 }
    func walk(_ value: JSONValue, depth: Int) {
        switch document.kind(of: value) {
        case .object: for member in document.members(of: value) { _ = document.string(member.key); walk(member.value, depth: depth + 1) }
        case .array: for element in document.elements(of: value) { walk(element, depth: depth + 1) }
        case .string: _ = document.string(value)
        case .number: _ = document.number(value)
        default: break
        }
    }
    walk(document.root, depth: 0)
    return 0
}
