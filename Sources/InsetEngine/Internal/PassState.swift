/// Legacy model (§2.1): how far down the status bar and navigation bars reach, and how far up
/// the toolbars and tab bars reach, in window coordinates. Where no bar covers an edge, its
/// reach is infinitely far off (−∞ at the top, +∞ at the bottom), so a guide there is 0
/// whatever the view's frame: Apple's "or else … the top edge of the view controller's view",
/// and RULES.md's "counts shown toolbar / tab bar heights only". (A view that overhangs the
/// screen gets no guide for the overhang.)
struct LegacyCover: Hashable, Sendable {
    var top: Double
    var bottom: Double

    /// The root's cover: the status bar, when one is shown; no bar at the bottom.
    init(statusBarHeight: Double) {
        top = statusBarHeight > 0 ? statusBarHeight : -.infinity
        bottom = .infinity
    }

    /// `topLayoutGuide` / `bottomLayoutGuide` of a controller whose view is at `window`.
    func guides(for window: Rect) -> LayoutGuideLengths {
        LayoutGuideLengths(top: Swift.max(0, top - window.minY), bottom: Swift.max(0, window.maxY - bottom))
    }
}

/// What the pass knows of a laid-out node, for its subviews and its content. Plain data: the
/// optimizer often copies (and retains) a whole `NodeResult` to read one of its fields; only
/// the explanation lists are read from the results.
///
/// Every node stores one, so it holds only what its subviews read. What only a few nodes'
/// dependents read is worked out again from it when needed: a container's bars (by its
/// content, in `place(content:of:in:state:)`), a controller's legacy layout guides (by its
/// scroll view, `cover.guides(for: window)`) and the edges scroll views consumed above a child
/// controller's view (from its ancestors' `included`, in `safeArea(of:...)`).
struct NodeState: Sendable {
    /// A scroll view's bounds origin is its resting content offset; other views' is (0, 0).
    var bounds: Rect
    var window: Rect
    /// Zero in the legacy model.
    var safeArea: Insets
    var margins: Insets
    /// The edges a scroll view adjusted (empty for other views and in the legacy model).
    var included: EdgeSet
    var cover: LegacyCover
}

/// One layout's nodes so far, indexed like the flattened tree: the first `count` of
/// `nodes`. The states are plain data in a buffer allocated for the whole layout (see
/// `LayoutPass.run`), so appending or reading one has no array bookkeeping.
struct PassState {
    let nodes: UnsafeMutableBufferPointer<NodeState>
    private(set) var count = 0
    /// The caveats (API.md) this layout raised.
    var caveats: CaveatSet = []
    /// The extras of the nodes that have any (``NodeResults``' table), written in the
    /// state's storage.
    var extras: TableRoom<NodeExtras>
    /// The collection views' sections (``NodeResults``' table).
    var sections: [SectionsResult] = []

    /// Room for `capacity` states (an allocation, which `deallocate()` frees), the extras
    /// written in `extrasRoom` while they fit.
    init(capacity: Int, extrasRoom: TableRoom<NodeExtras>) {
        nodes = UnsafeMutableBufferPointer(start: .allocate(capacity: capacity), count: capacity)
        extras = extrasRoom
    }

    /// Adds the next node's state.
    mutating func append(_ state: NodeState) {
        nodes.initializeElement(at: count, to: state)
        count += 1
    }

    /// Appends a node's extras with none of their parts yet, to be written in place; their
    /// position in the table. Unless `partsFollow`, the scroll part and bars are written
    /// `nil`; else the caller writes both (each large optional's write is a `memcpy`: a `nil`
    /// overwritten costs one more).
    mutating func appendBlankExtras(partsFollow: Bool) -> Int {
        // Written field by field in place: a blank built aside (its two large optionals
        // made on the stack) is copied in by `memcpy` three times.
        let slot = extras.appendUninitialized()
        if !partsFollow {
            extras[slot].scroll = nil
            extras[slot].bars = nil
        }
        extras[slot].sections = -1
        extras[slot].keyboardLayoutGuide = nil
        return slot
    }

    /// Appends `parts`, a node's extras; their position in the table.
    mutating func appendExtras(_ parts: NodeExtras) -> Int32 {
        let slot = extras.appendUninitialized()
        extras[slot] = parts
        return Int32(slot)
    }

    /// The position of the extras at `slot`, the last ones, for the node's result when `kept`
    /// (some part was written); else -1, and the extras removed. (The writer knows: testing
    /// each large optional copies it.)
    mutating func keepExtras(_ slot: Int, kept: Bool) -> Int32 {
        assert(slot == extras.count - 1, "the extras kept are the last appended")
        if kept { return Int32(slot) }
        extras.removeLast()
        return -1
    }

    /// Frees the states' room and the extras' own, if any (plain data: nothing to deinitialize).
    func deallocate() {
        nodes.baseAddress!.deallocate()
        extras.release()
    }

    /// A laid-out node's safe area on one edge, as the start of another's (safe-area model).
    func trail(of i: Int, on edge: Edge) -> EdgeTrail {
        EdgeTrail(value: nodes[i].safeArea[edge], continuing: .node(i))
    }
}
