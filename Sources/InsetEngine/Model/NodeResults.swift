/// One state's nodes: every node's ``NodeResult``, depth-first in request order, and the
/// tables those results index: the nodes' ids (the request's hierarchy's), the entries of
/// their explanations, and the parts few nodes have. A state holds its results, their
/// explanations' entries and their extras in one allocation (``NodeResultsStorage``), its
/// ids and sections in arrays, whatever its size; its results hold no reference.
///
/// ```swift
/// for node in result.nodes where node.safeAreaInsets != nil {
///     print(result.nodes.id(of: node), result.nodes.explain(of: node)!)
/// }
/// ```
///
/// A result's explanation and extras are read from the state it came from.
///
/// (Sendable unchecked: its storage, a class, is written only while this value holds it
/// alone, and copied first otherwise.)
public struct NodeResults: RandomAccessCollection, Hashable, @unchecked Sendable {
    /// The results, the extras and the explanations' entries (per explanation its top, left,
    /// bottom and right lists, one after the other: ``ExplanationSpan``), in one allocation.
    @usableFromInline var storage: NodeResultsStorage
    /// The nodes' ids, indexed like the nodes.
    public private(set) var ids: NodeIDList
    /// The collection views' sections (apart from the extras: they hold arrays, and the
    /// extras table stays plain data).
    @usableFromInline var sections: [SectionsResult]

    /// No nodes; ``append(_:id:explain:scroll:bars:)`` adds them.
    public init() {
        self.init(storage: .make(resultCapacity: 0, extrasCapacity: 0, entryCapacity: 0), ids: [], sections: [])
    }

    init(storage: NodeResultsStorage, ids: NodeIDList, sections: [SectionsResult]) {
        self.storage = storage
        self.ids = ids
        self.sections = sections
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { storage.withUnsafeMutablePointerToHeader { $0.pointee.results } }
    @inlinable public subscript(position: Int) -> NodeResult {
        storage.withUnsafeMutablePointers { tables, results in
            precondition(position >= 0 && position < tables.pointee.results, "index out of range")
            return results[position]
        }
    }

    /// The first node with `id`, if any.
    public subscript(id id: String) -> NodeResult? {
        ids.firstIndex(of: id).map { self[$0] }
    }

    /// `node`'s id.
    @inlinable public func id(of node: NodeResult) -> String { ids[node.index] }

    /// Calls `body` with the results and their ids in place (no copy of a result, no `String`
    /// made for an id, no bounds check).
    @inlinable public func withUnsafeResults<R>(_ body: (UnsafeBufferPointer<NodeResult>, NodeIDList.UnsafeIDs) -> R) -> R {
        storage.withUnsafeMutablePointers { tables, results in
            ids.withUnsafeUTF8 { body(UnsafeBufferPointer(start: results, count: tables.pointee.results), $0) }
        }
    }

    /// `node`'s explanation (safe-area model only): per edge, its contributions, summing to
    /// `safeAreaInsets` edge by edge.
    public func explain(of node: NodeResult) -> Explanation? {
        withExplanation(of: node) { Explanation(top: Array($0.top), left: Array($0.left), bottom: Array($0.bottom), right: Array($0.right)) }
    }

    /// Calls `body` with `node`'s explanation entries in place, if it has an explanation:
    /// ``explain(of:)`` makes four arrays.
    @inlinable public func withExplanation<R>(of node: NodeResult, _ body: (ExplanationEntries) -> R) -> R? {
        let span = node.explanation
        guard span.start >= 0 else { return nil }
        return storage.withTables { _, _, _, entries in
            let top = entries + Int(span.start)
            let left = top + Int(span.top), bottom = left + Int(span.left), right = bottom + Int(span.bottom)
            return body(ExplanationEntries(
                top: UnsafeBufferPointer(start: top, count: Int(span.top)), left: UnsafeBufferPointer(start: left, count: Int(span.left)),
                bottom: UnsafeBufferPointer(start: bottom, count: Int(span.bottom)), right: UnsafeBufferPointer(start: right, count: Int(span.right))
            ))
        }
    }

    // (Each part read in place: the whole extras copied out is some 300 bytes.)

    /// Scroll kinds only.
    @inlinable public func scroll(of node: NodeResult) -> ScrollNodeResult? {
        node.extras >= 0 ? storage.withTables { _, _, extras, _ in extras[Int(node.extras)].scroll } : nil
    }
    /// Container nodes, and the root node while the status bar shows.
    @inlinable public func bars(of node: NodeResult) -> BarFrames? {
        node.extras >= 0 ? storage.withTables { _, _, extras, _ in extras[Int(node.extras)].bars } : nil
    }
    /// Collection views only (RULES.md C3–C4).
    @inlinable public func sections(of node: NodeResult) -> SectionsResult? {
        guard node.extras >= 0, case let index = storage.withTables({ _, _, extras, _ in extras[Int(node.extras)].sections }), index >= 0 else { return nil }
        return sections[Int(index)]
    }
    /// Nodes that asked for it (RULES.md K1–K3): in the node's bounds coordinates.
    @inlinable public func keyboardLayoutGuide(of node: NodeResult) -> Rect? {
        node.extras >= 0 ? storage.withTables { _, _, extras, _ in extras[Int(node.extras)].keyboardLayoutGuide } : nil
    }

    /// Appends `node` as the next node, with `id`, its explanation `explain` and its extras.
    public mutating func append(_ node: NodeResult, id: String, explain: Explanation?, scroll: ScrollNodeResult? = nil, bars: BarFrames? = nil) {
        var added: [Contribution] = []
        if let explain { for edge in Edge.allCases { added += explain[edge] } }
        makeRoom(entries: added.count)
        var span = ExplanationSpan.none
        storage.withTables { tables, _, _, entries in
            let start = tables.pointee.entries
            if let explain {
                span = ExplanationSpan(start: start, top: explain.top.count, left: explain.left.count, bottom: explain.bottom.count, right: explain.right.count)
            }
            added.withUnsafeBufferPointer { if let base = $0.baseAddress { (entries + start).initialize(from: base, count: $0.count) } }
            tables.pointee.entries += added.count
        }
        append(node, id: id, span: span, scroll: scroll, bars: bars)
    }

    /// Appends `node` as the next node, with `id`, sharing node `other`'s explanation (as the
    /// engine shares one between a view and its subviews: same ``NodeResult/explanationIdentity``).
    public mutating func append(_ node: NodeResult, id: String, sharingExplanationOf other: Int, scroll: ScrollNodeResult? = nil, bars: BarFrames? = nil) {
        append(node, id: id, span: self[other].explanation, scroll: scroll, bars: bars)
    }

    private mutating func append(_ node: NodeResult, id: String, span: ExplanationSpan, scroll: ScrollNodeResult?, bars: BarFrames?) {
        makeRoom(entries: 0)
        storage.withTables { tables, results, extras, _ in
            var node = node
            node.index = tables.pointee.results
            node.explanation = span
            node.extras = -1
            if scroll != nil || bars != nil {
                (extras + tables.pointee.extras).initialize(to: NodeExtras(scroll: scroll, bars: bars))
                node.extras = Int32(tables.pointee.extras)
                tables.pointee.extras += 1
            }
            (results + tables.pointee.results).initialize(to: node)
            tables.pointee.results += 1
        }
        ids.append(id)
    }

    /// Room for a result, its extras and `entries` more entries, in storage of this value's own.
    private mutating func makeRoom(entries: Int) {
        if !isKnownUniquelyReferenced(&storage) || !storage.hasRoom(results: 1, extras: 1, entries: entries) {
            storage = storage.grown(results: 1, extras: 1, entries: entries)
        }
    }

    /// Equal when every node has the same id, fields, explanation entries and extras,
    /// wherever the tables hold them.
    public static func == (lhs: NodeResults, rhs: NodeResults) -> Bool {
        guard lhs.ids == rhs.ids else { return false }
        return zip(lhs, rhs).allSatisfy { left, right in
            var (a, b) = (left, right)
            (a.explanation, a.extras, b.explanation, b.extras) = (.none, -1, .none, -1)
            return a == b && lhs.explain(of: left) == rhs.explain(of: right) && lhs.scroll(of: left) == rhs.scroll(of: right)
                && lhs.bars(of: left) == rhs.bars(of: right) && lhs.sections(of: left) == rhs.sections(of: right)
                && lhs.keyboardLayoutGuide(of: left) == rhs.keyboardLayoutGuide(of: right)
        }
    }

    /// Hashes the ids and each node's own fields (what `==` compares, less the tables).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ids)
        for var node in self {
            (node.explanation, node.extras) = (.none, -1)
            hasher.combine(node)
        }
    }
}

/// The four edges' contributions of an explanation, read in place: valid only inside the
/// call that passes them (``NodeResults/withExplanation(of:_:)``).
public struct ExplanationEntries {
    public let top: UnsafeBufferPointer<Contribution>
    public let left: UnsafeBufferPointer<Contribution>
    public let bottom: UnsafeBufferPointer<Contribution>
    public let right: UnsafeBufferPointer<Contribution>

    @inlinable init(top: UnsafeBufferPointer<Contribution>, left: UnsafeBufferPointer<Contribution>, bottom: UnsafeBufferPointer<Contribution>, right: UnsafeBufferPointer<Contribution>) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }
}

/// Where one explanation's entries are in its state's table: from `start`, its top list,
/// then its left, bottom and right ones. Entries are only ever appended, so two spans alike
/// are the same entries. Plain words: a result copies its superview's span to share it.
@usableFromInline
struct ExplanationSpan: Hashable, Sendable {
    /// -1: no explanation.
    @usableFromInline var start: Int32
    @usableFromInline var top: UInt16
    @usableFromInline var left: UInt16
    @usableFromInline var bottom: UInt16
    @usableFromInline var right: UInt16

    /// No explanation (the legacy model).
    @usableFromInline static let none = ExplanationSpan(start: -1, top: 0, left: 0, bottom: 0, right: 0)

    @usableFromInline
    init(start: Int32, top: UInt16, left: UInt16, bottom: UInt16, right: UInt16) {
        (self.start, self.top, self.left, self.bottom, self.right) = (start, top, left, bottom, right)
    }

    /// A span of these counts from `start` (counts beyond a table's reach trap).
    init(start: Int, top: Int, left: Int, bottom: Int, right: Int) {
        self.init(start: Int32(start), top: UInt16(top), left: UInt16(left), bottom: UInt16(bottom), right: UInt16(right))
    }

    /// Where `edge`'s entries are in the table.
    @inline(__always)
    func range(on edge: Edge) -> Range<Int> {
        let top = Int(start), left = top + Int(self.top), bottom = left + Int(self.left), right = bottom + Int(self.bottom)
        switch edge {
        case .top: return top..<left
        case .left: return left..<bottom
        case .bottom: return bottom..<right
        case .right: return right..<(right + Int(self.right))
        }
    }
}

/// Which explanation a result has (``NodeResult/explanationIdentity``): one word, compared
/// at every node a writer writes.
public struct ExplanationIdentity: Hashable, Sendable {
    /// Where the explanation starts in its table and how many entries it has: explanations
    /// are appended whole, so two with the same start and count are the same entries (two
    /// empty ones, both empty). (A count fits in 18 bits: four of 16.)
    @usableFromInline let raw: Int

    @inlinable init(span: ExplanationSpan) {
        raw = Int(span.start) << 20 | (Int(span.top) + Int(span.left) + Int(span.bottom) + Int(span.right))
    }

    // Inlinable, unlike the synthesized ones: a writer compares identities at every node.
    @inlinable public static func == (lhs: ExplanationIdentity, rhs: ExplanationIdentity) -> Bool { lhs.raw == rhs.raw }
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(raw) }
}

/// The parts few nodes have (a scroll view's, a container's bars, a collection view's
/// sections by index, a keyboard layout guide), held in a table beside the results: plain
/// data, copied without reference counting. A result without
/// them holds -1 instead of ~400 bytes of absent values every result would write and check.
@usableFromInline
struct NodeExtras: Hashable, Sendable {
    @usableFromInline var scroll: ScrollNodeResult?
    @usableFromInline var bars: BarFrames?
    /// The position of the node's sections in their table; -1 for none.
    @usableFromInline var sections: Int32 = -1
    @usableFromInline var keyboardLayoutGuide: Rect?
}
