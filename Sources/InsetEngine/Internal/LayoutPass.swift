/// One layout of a flattened hierarchy: a single forward pass in depth-first order (every
/// superview and ancestor controller is complete before its subviews), linear in the node count.
///
/// The caller keeps the "frozen" memory of rule S5 between runs, so running the pass once
/// per step replays the request's steps.
struct LayoutPass: Sendable {
    let environment: DisplayEnvironment
    let systemVersion: Double
    let direction: LayoutDirection
    /// The keyboard on screen (RULES.md K1–K3).
    var keyboard: Keyboard?
    /// The bars' figures on this environment and version (`nil` on tvOS).
    let barRules: BarRules?

    /// Creates a pass; no node has a remembered value yet.
    init(environment: consuming DisplayEnvironment, systemVersion: Double, direction: LayoutDirection, designRequiresCompatibility: Bool = false) {
        // The bar rules first: the environment is then moved in, not copied.
        barRules = BarRules(environment: environment, systemVersion: systemVersion, designRequiresCompatibility: designRequiresCompatibility)
        self.environment = environment
        self.systemVersion = systemVersion
        self.direction = direction
    }

    var usesSafeAreaModel: Bool { systemVersion >= 11 }

    var screenRect: Rect { Rect(x: 0, y: 0, width: environment.screen.width, height: environment.screen.height) }

    /// Lays out `tree` in its current placements and reports every node, in tree order.
    /// `remembered` is rule S5's memory: each child controller view's last value (before its
    /// additional insets), by node index, kept from one run to the next (few trees have child
    /// controllers, and an empty dictionary allocates nothing); the run's caveats are added
    /// to `caveats`.
    ///
    /// Not mutating: what a run changes is passed inout, so the per-node functions read the
    /// pass in place (a mutating caller would hand each a copy, environment lists and all).
    /// Inlined into its one caller, `LayoutStates.next()`: called, it was handed a copy of
    /// the pass (267 bytes by `memcpy`), as the states' other fields are passed inout.
    @inline(__always)
    func run(_ tree: FlatTree, remembered: inout [Int: Insets], caveats: inout CaveatSet) -> NodeResults {
        let count = tree.nodes.count
        // The state's tables in one allocation: the results, the extras of the nodes that may
        // have any, and the entries of about `count` nodes' explanations (most share their
        // superview's, and the others add a few entries to it).
        let storage = NodeResultsStorage.make(resultCapacity: count, extrasCapacity: tree.extrasBound, entryCapacity: 16 + count)
        let (sections, outgrown) = storage.withTables { tables, resultRoom, extrasRoom, entryRoom in
            var state = PassState(capacity: count, extrasRoom: TableRoom(room: extrasRoom, capacity: tables.pointee.extrasCapacity))
            var explanations = ExplanationTable(room: UnsafeMutableBufferPointer(start: entryRoom, count: tables.pointee.entryCapacity))
            defer {
                explanations.release()
                state.deallocate()
            }
            // Each result is built once, in its final place: a blank overwritten field by field
            // costs a copy of the blank and a write of every field twice. The results are
            // written (and their superviews' read) through the buffer: no uniqueness or bounds
            // check per node.
            let results = UnsafeMutableBufferPointer(start: resultRoom, count: count)
            for i in 0..<count {
                // Most nodes take the plain or the row path, chosen here: `layOut`'s own
                // entry (a large frame to set up) costs more than these paths' rules.
                if tree.nodes[i].isPlainView {
                    if tree.nodes[tree.nodes[i].parent].kind.isRow {
                        layOutRowSubview(i, in: tree, results: results, state: &state, explanations: &explanations)
                    } else {
                        layOutPlainView(i, in: tree, results: results, state: &state, explanations: &explanations)
                    }
                } else if tree.nodes[i].kind.isRow {
                    layOutRow(i, in: tree, results: results, state: &state, explanations: &explanations)
                } else {
                    layOut(i, in: tree, results: results, state: &state, explanations: &explanations, remembered: &remembered)
                }
            }
            caveats.formUnion(state.caveats)
            guard explanations.inGivenRoom, !state.extras.ownsRoom else {
                // Outgrown (more entries than the room's, or rows with keyboard layout guides):
                // a storage of the tables' sizes.
                let copied = NodeResultsStorage.copying(results: UnsafeBufferPointer(results), extras: state.extras.written, entries: explanations.written)
                return (state.sections, Optional(copied))
            }
            (tables.pointee.results, tables.pointee.extras, tables.pointee.entries) = (count, state.extras.count, explanations.written.count)
            return (state.sections, nil)
        }
        return NodeResults(storage: outgrown ?? storage, ids: tree.ids, sections: sections)
    }

    // MARK: - One node

    /// Lays out node `i`, neither a plain view nor a row (`layOutPlainView` and `layOutRow`
    /// lay those out), whose superview and ancestors are done: initializes `results[i]` (the
    /// results before it are initialized) and appends what its subviews need to `state`.
    /// `remembered` is the pass's S5 memory.
    private func layOut(
        _ i: Int, in tree: FlatTree, results: UnsafeMutableBufferPointer<NodeResult>, state: inout PassState,
        explanations: inout ExplanationTable, remembered: inout [Int: Insets]
    ) {
        let node = tree.nodes[i]
        let parent = node.parent
        let parentBounds = parent >= 0 ? state.nodes[parent].bounds : screenRect

        // Frame (superview's bounds coordinates) and legacy obstructions.
        var placement: ContentPlacement?
        let frame: Rect
        let cover: LegacyCover
        switch node.role {
        case .root:
            frame = screenRect
            cover = LegacyCover(statusBarHeight: environment.statusBarHeight)
        case .containerContent(let container):
            let placed = place(content: node, of: container, in: tree, state: state)
            frame = placed.frame
            cover = placed.cover
            placement = placed
        case .splitColumn(let split, let primary):
            frame = self.frame(ofColumn: primary, of: split, in: tree, state: state)
            cover = state.nodes[split].cover
        case .childController, .plain:
            frame = self.frame(of: node.placement, parent: parent, parentBounds: parentBounds, state: state)
            cover = state.nodes[parent].cover
        }
        let window = parent >= 0 ? self.window(of: frame, under: parent, parentBounds: parentBounds, state: state) : frame

        // Safe area (safe-area model only).
        var safeArea = Insets.zero
        var explanation = ExplanationSpan.none
        if usesSafeAreaModel, case .plain = node.role, tree.nodes[parent].kind.isRow {
            (safeArea, explanation) = rowSubviewSafeArea(row: parent, frame: frame, results: results, nodes: state.nodes, explanations: &explanations)
        } else if usesSafeAreaModel {
            (safeArea, explanation) = self.safeArea(
                of: i, role: node.role, parent: parent, frame: frame, window: window, parentBounds: parentBounds,
                placement: placement, additional: tree.viewController(of: node)?.additionalSafeAreaInsets,
                tree: tree, results: results, state: state, explanations: &explanations, remembered: &remembered
            )
        }

        // Layout guide lengths of a controller's view.
        var guides: LayoutGuideLengths?
        if node.hasController {
            guides = usesSafeAreaModel
                ? LayoutGuideLengths(top: safeArea.top, bottom: safeArea.bottom)
                : cover.guides(for: window)
        }

        // A scroll view's, a container's (or the root's) and a list's own parts; most nodes
        // have none. Written in place in the state's table (a 308-byte `NodeExtras` built
        // aside was copied through `memcpy` about seven times a node).
        var parts = ScrollParts()
        let hasScrollOrBars = node.kind.isScrollView || node.isContainer || node.isRoot
        let slot = hasScrollOrBars || node.hasLists ? state.appendBlankExtras(partsFollow: hasScrollOrBars) : -1
        if hasScrollOrBars {
            parts = scrollAndBars(of: i, node: node, in: tree, frame: frame, window: window, safeArea: safeArea, guides: guides, cover: cover, slot: slot, state: &state)
        }
        let bounds = Rect(origin: parts.boundsOrigin, size: frame.size)

        // Layout margins (M1, M2).
        let margins = self.margins(of: i, in: tree, frame: frame, parentBounds: parentBounds, safeArea: safeArea, state: state)

        var hasExtras = parts.hasExtras
        if node.hasLists, let lists = listParts(of: node, in: tree, window: window, bounds: bounds, safeArea: safeArea, margins: margins, scroll: state.extras[slot].scroll) {
            if let sections = lists.sections {
                state.extras[slot].sections = Int32(state.sections.count)
                state.sections.append(sections)
                hasExtras = true
            }
            if let guide = lists.keyboardLayoutGuide {
                state.extras[slot].keyboardLayoutGuide = guide
                hasExtras = true
            }
        }
        record(
            i, frame: frame, window: window, bounds: bounds, safeArea: safeArea, margins: margins,
            explanation: explanation, guides: guides, extras: slot >= 0 ? state.keepExtras(slot, kept: hasExtras) : -1, included: parts.included, cover: cover,
            results: results, state: &state
        )
    }

    /// `layOut(_:in:results:state:explanations:remembered:)` for a plain view that is not a scroll
    /// view (`FlatNode.isPlainView`), most of a tree's views: none of the rules for the root,
    /// a controller's view, a container or a scroll view applies to it, so this skips them
    /// and their bookkeeping (same results). It reads the few fields it needs in place: a
    /// flattened node copied whole is a call to copy 130 bytes.
    private func layOutPlainView(_ i: Int, in tree: FlatTree, results: UnsafeMutableBufferPointer<NodeResult>, state: inout PassState, explanations: inout ExplanationTable) {
        layOutPlain(i, underRow: false, in: tree, results: results, state: &state, explanations: &explanations)
    }

    /// `layOutPlainView(_:in:results:state:explanations:)` for a plain view in a row's content
    /// view, whose safe area `rowSubviewSafeArea` gives. (Apart, each with its safe-area rules
    /// inline: both in one function, the other's rules cost the plain path registers.)
    private func layOutRowSubview(_ i: Int, in tree: FlatTree, results: UnsafeMutableBufferPointer<NodeResult>, state: inout PassState, explanations: inout ExplanationTable) {
        layOutPlain(i, underRow: true, in: tree, results: results, state: &state, explanations: &explanations)
    }

    /// The two paths above, `underRow` a constant in each.
    @_transparent
    private func layOutPlain(
        _ i: Int, underRow: Bool, in tree: FlatTree, results: UnsafeMutableBufferPointer<NodeResult>, state: inout PassState, explanations: inout ExplanationTable
    ) {
        let parent = tree.nodes[i].parent
        let parentBounds = state.nodes[parent].bounds
        let frame = self.frame(of: tree.nodes[i].placement, parent: parent, parentBounds: parentBounds, state: state)
        let window = self.window(of: frame, under: parent, parentBounds: parentBounds, state: state)
        var safeArea = Insets.zero
        var explanation = ExplanationSpan.none
        if usesSafeAreaModel {
            (safeArea, explanation) = underRow
                ? rowSubviewSafeArea(row: parent, frame: frame, results: results, nodes: state.nodes, explanations: &explanations)
                : plainSafeArea(parent: parent, frame: frame, parentBounds: parentBounds, results: results, nodes: state.nodes, explanations: &explanations)
        }
        let bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        let margins = self.margins(of: i, in: tree, frame: frame, parentBounds: parentBounds, safeArea: safeArea, state: state)
        record(
            i, frame: frame, window: window, bounds: bounds, safeArea: safeArea, margins: margins,
            explanation: explanation, guides: nil, extras: -1, included: [], cover: state.nodes[parent].cover,
            results: results, state: &state
        )
    }

    /// Initializes `results[i]` from what `layOut` worked out for node `i`, and appends what
    /// its subviews read to `state`. (Inlined into both paths: a call would pass the
    /// result's parts through memory.)
    @inline(__always)
    func record(
        _ i: Int, frame: Rect, window: Rect, bounds: Rect, safeArea: Insets, margins: Insets,
        explanation: ExplanationSpan, guides: LayoutGuideLengths?, extras: Int32,
        included: EdgeSet, cover: LegacyCover, results: UnsafeMutableBufferPointer<NodeResult>, state: inout PassState
    ) {
        results.initializeElement(at: i, to: NodeResult(
            index: i, frame: frame, frameInWindow: window, boundsOrigin: bounds.origin,
            safeAreaInsets: usesSafeAreaModel ? safeArea : nil, layoutMargins: margins, layoutDirection: direction,
            explanation: explanation, inline: guides.map(NodeResult.InlineParts.guides) ?? .none, extras: extras
        ))
        state.append(NodeState(bounds: bounds, window: window, safeArea: safeArea, margins: margins, included: included, cover: cover))
    }

    /// The window frame of a view at `frame` under the view at `parent`.
    func window(of frame: Rect, under parent: Int, parentBounds: Rect, state: PassState) -> Rect {
        let parentWindow = state.nodes[parent].window
        return Rect(x: parentWindow.x + frame.x - parentBounds.x, y: parentWindow.y + frame.y - parentBounds.y, width: frame.width, height: frame.height)
    }

    /// The scroll-view part of node `i` (a scroll view) and its bars (a container, or the
    /// root), written to `state.extras[slot]` (both, `nil` where it has none), with what they
    /// decide for its subviews.
    private func scrollAndBars(
        of i: Int, node: FlatNode, in tree: FlatTree, frame: Rect, window: Rect, safeArea: Insets,
        guides: LayoutGuideLengths?, cover: LegacyCover, slot: Int, state: inout PassState
    ) -> ScrollParts {
        var parts = ScrollParts()
        // Scroll view.
        if let scroll = tree.scroll(of: node) {
            let adjusted: ScrollNodeResult
            if usesSafeAreaModel {
                (adjusted, parts.included) = adjust(scroll, node: node, frame: frame, safeArea: safeArea, tree: tree)
            } else {
                // The owner's guides; the scroll view may be the owner's own view.
                // (The owner's guides as `layOut` worked them out: the owner is a controller's view.)
                let owner = node.scrollOwner
                let ownerGuides = owner == i ? guides : owner >= 0 ? state.nodes[owner].cover.guides(for: state.nodes[owner].window) : nil
                adjusted = legacyAdjust(scroll, node: node, ownerGuides: ownerGuides, tree: tree)
            }
            parts.boundsOrigin = adjusted.contentOffset
            state.extras[slot].scroll = adjusted
            parts.hasExtras = true
        } else {
            state.extras[slot].scroll = nil
        }
        let bounds = Rect(origin: parts.boundsOrigin, size: frame.size)

        // Bars.
        var frames = BarFrames()
        if node.isContainer, let laidOut = containerLayout(i, in: tree, bounds: bounds, window: window, safeArea: safeArea, cover: cover) {
            frames = laidOut.frames
            state.caveats.formUnion(laidOut.layout.caveats)
        }
        if node.isRoot, environment.showsStatusBar {
            frames.statusBar = Rect(x: 0, y: 0, width: environment.screen.width, height: environment.statusBarHeight)
        }
        if !frames.isEmpty {
            state.extras[slot].bars = frames
            parts.hasExtras = true
        } else {
            state.extras[slot].bars = nil
        }
        return parts
    }

    // MARK: - Frames

    /// A view's frame from its placement under the view at `parent`: fill the superview, an
    /// explicit frame, or a pin to one of the superview's guides (all in the superview's
    /// bounds coordinates).
    private func frame(of placement: Placement, parent: Int, parentBounds: Rect, state: PassState) -> Rect {
        switch placement {
        case .fill:
            return Rect(x: 0, y: 0, width: parentBounds.width, height: parentBounds.height)
        case .frame(let rect):
            return rect
        case .pin(.bounds):
            return parentBounds
        case .pin(.safeArea):
            return parentBounds.inset(by: state.nodes[parent].safeArea)
        case .pin(.layoutMargins):
            return parentBounds.inset(by: state.nodes[parent].margins)
        case .pin(.readableContent):
            return parentBounds.inset(by: state.nodes[parent].margins).readableContentGuide
        }
    }
}
