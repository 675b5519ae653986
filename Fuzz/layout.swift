@testable import InsetAPI
import JSONCore

/// POST /layout through the two readers: when the one-pass fast path takes a body, the
/// validating decoder takes it too and reads the same request; the service answers a
/// problem or an answer; every node's `explain` lists sum to its `safeAreaInsets`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let body = bytes(data, size)
    let decoder = LayoutRequestDecoder(devices: catalog)
    if let fast = body.withUnsafeBufferPointer({ LayoutFastPath.decode($0, devices: catalog, limits: decoder.limits) }) {
        let validated = try? decoder.decode(document: RequestReader.parse(body, maxNesting: decoder.limits.jsonNesting))
        precondition(validated == fast, "the fast and the validating /layout readers disagree")
    }
    let response = answer("/layout", body)
    if response.status == 200, response.stream == nil { checkExplanations(response.body) }
    return 0
}

/// Each node's explanations sum to its safe area, edge by edge.
func checkExplanations(_ answer: [UInt8]) {
    let document = try! JSONDocument(parsing: answer)
    func member(_ object: JSONValue, _ key: String) -> JSONValue? {
        document.members(of: object).first { document.string($0.key) == key }?.value
    }
    guard let nodes = member(document.root, "nodes") else { return }
    for node in document.members(of: nodes) {
        guard let insets = member(node.value, "safeAreaInsets"), let explain = member(node.value, "explain") else { continue }
        for edge in ["top", "left", "bottom", "right"] {
            let value = member(insets, edge).flatMap(document.number) ?? 0
            let sum = member(explain, edge).map { list in document.elements(of: list).reduce(0.0) { $0 + (member($1, "value").flatMap(document.number) ?? 0) } } ?? 0
            precondition(abs(sum - value) < 1e-6, "explain.\(edge) sums to \(sum), safeAreaInsets.\(edge) is \(value)")
        }
    }
}
