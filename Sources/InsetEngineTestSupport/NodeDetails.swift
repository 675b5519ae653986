public import InsetEngine

/// A node's result with what its state holds for it (its id, explanation and extras), read
/// once through ``NodeResults``' public API: for tests, which read a node's parts one by
/// one. The result's own fields read through (`details.frame`).
@dynamicMemberLookup
public struct NodeDetails: Hashable, Sendable {
    public let result: NodeResult
    public let id: String
    public let explain: Explanation?
    public let scroll: ScrollNodeResult?
    public let bars: BarFrames?
    public let sections: SectionsResult?
    public let keyboardLayoutGuide: Rect?

    /// `node`'s details, read from `nodes`, the state it came from.
    public init(_ node: NodeResult, in nodes: NodeResults) {
        result = node
        id = nodes.id(of: node)
        explain = nodes.explain(of: node)
        scroll = nodes.scroll(of: node)
        bars = nodes.bars(of: node)
        sections = nodes.sections(of: node)
        keyboardLayoutGuide = nodes.keyboardLayoutGuide(of: node)
    }

    /// The result's own field at `path`.
    public subscript<Value>(dynamicMember path: KeyPath<NodeResult, Value>) -> Value { result[keyPath: path] }
}

extension NodeResults {
    /// Every node's details, in order.
    public var details: [NodeDetails] { map { NodeDetails($0, in: self) } }

    /// The details of the first node with `id`, if any.
    public func details(_ id: String) -> NodeDetails? { self[id: id].map { NodeDetails($0, in: self) } }
}
