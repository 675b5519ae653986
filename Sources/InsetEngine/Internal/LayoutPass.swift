/// One bar a container shows on its top or bottom edge.
struct ShownBar: Hashable, Sendable {
    var source: InsetSource
    /// The bar's own height (a tab bar's 49, not the 83 its frame spans).
    var height: Double
    var translucent: Bool
}

/// What a container decided while laying itself out, read when its content is placed.
struct ContainerLayout: Hashable, Sendable {
    /// The insets the bars sit in: the container's safe area (legacy: its layout guides).
    var base: Insets
    var top: ShownBar?
    var bottom: ShownBar?
}

/// What a scroll view's own rules decide for its subviews (plain data).
struct ScrollParts: Sendable {
    /// A scroll view's resting content offset; (0, 0) for other views.
    var boundsOrigin = Point(x: 0, y: 0)
    /// The edges a scroll view adjusted (empty for other views and in the legacy model).
    var included: EdgeSet = []
}

/// Where a container put its content, and what the content inherits from it.
struct ContentPlacement: Sendable {
    var frame: Rect
    /// The legacy obstructions (window y of the top bars' bottom, of the bottom bars' top).
    var cover: LegacyCover
    /// The top and bottom bars the content extends under: its inset there is the container's
    /// plus the bar.
    var under: (top: ShownBar?, bottom: ShownBar?) = (nil, nil)
    /// The edges where the content starts at a bar's far edge: its inset there is 0.
    var belowBars: EdgeSet = []

    /// The content's safe area on `edge` (safe-area model), from the container's `trail`
    /// there, before the content's own `additionalSafeAreaInsets`.
    func apply(to trail: inout EdgeTrail, on edge: Edge) {
        if belowBars.contains(edge) {
            trail.clear()
        } else if let bar = edge == .top ? under.top : edge == .bottom ? under.bottom : nil {
            trail.append(bar.source, bar.height)
        }
    }
}

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

    /// Room for `capacity` states; `deallocate()` frees it.
    init(capacity: Int) {
        nodes = .allocate(capacity: capacity)
    }

    /// Adds the next node's state.
    mutating func append(_ state: NodeState) {
        nodes.initializeElement(at: count, to: state)
        count += 1
    }

    /// Frees the buffer (the states are plain data: nothing to deinitialize).
    func deallocate() {
        nodes.deallocate()
    }

    /// A laid-out node's safe area on one edge, as the start of another's (safe-area model).
    func trail(of i: Int, on edge: Edge) -> EdgeTrail {
        EdgeTrail(value: nodes[i].safeArea[edge], continuing: .node(i))
    }
}

/// One layout of a flattened hierarchy: a single forward pass in depth-first order (every
/// superview and ancestor controller is complete before its subviews), linear in the node count.
///
/// The pass keeps the "frozen" memory of rule S5 between runs, so running it once per step
/// replays the request's steps.
struct LayoutPass: Sendable {
    let environment: DisplayEnvironment
    let systemVersion: Double
    let direction: LayoutDirection
    /// Rule S5: each child controller view's last value (before its additional insets), by
    /// node index. Few trees have child controllers, and an empty dictionary allocates nothing.
    private var remembered: [Int: Insets] = [:]

    /// Creates a pass; no node has a remembered value yet.
    init(environment: DisplayEnvironment, systemVersion: Double, direction: LayoutDirection) {
        self.environment = environment
        self.systemVersion = systemVersion
        self.direction = direction
    }

    private var usesSafeAreaModel: Bool { systemVersion >= 11 }

    private var screenRect: Rect { Rect(x: 0, y: 0, width: environment.screen.width, height: environment.screen.height) }

    /// Lays out `tree` in its current placements and reports every node, in tree order.
    mutating func run(_ tree: FlatTree) -> [NodeResult] {
        let count = tree.nodes.count
        var state = PassState(capacity: count)
        defer { state.deallocate() }
        var reuse = ExplanationReuse()
        // The per-node functions do not mutate the pass (what they change is passed inout),
        // and are called on an immutable copy of it: called on `self`, inout here, each call
        // would get its own copy of the pass. `remembered` is taken out of it meanwhile, so
        // that it stays uniquely referenced.
        var remembered: [Int: Insets] = [:]
        swap(&remembered, &self.remembered)
        defer { swap(&remembered, &self.remembered) }
        let pass = self
        // Each result is built once, in its final place: a blank array overwritten field by
        // field costs a copy of the blank and a destroy of every overwritten field. The
        // results are written (and their explanation lists read) through the buffer: no
        // uniqueness or bounds check per node.
        return [NodeResult](unsafeUninitializedCapacity: count) { results, initializedCount in
            for i in 0..<count {
                pass.layOut(i, in: tree, results: results, state: &state, reuse: &reuse, remembered: &remembered)
                initializedCount = i + 1
            }
        }
    }

    // MARK: - One node

    /// Lays out node `i` (its superview and ancestors are done): initializes `results[i]`
    /// (the results before it are initialized) and appends what its subviews need to `state`.
    /// `remembered` is the pass's S5 memory.
    private func layOut(
        _ i: Int, in tree: FlatTree, results: UnsafeMutableBufferPointer<NodeResult>, state: inout PassState,
        reuse: inout ExplanationReuse, remembered: inout [Int: Insets]
    ) {
        let node = tree.nodes[i]
        if case .plain = node.role, !node.kind.isScrollView {
            return layOutPlainView(i, node, in: tree, results: results, state: &state, reuse: &reuse)
        }
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
        case .childController, .plain:
            frame = self.frame(of: node.placement, parent: parent, parentBounds: parentBounds, state: state)
            cover = state.nodes[parent].cover
        }
        let window = parent >= 0 ? self.window(of: frame, under: parent, parentBounds: parentBounds, state: state) : frame

        // Safe area (safe-area model only).
        var safeArea = Insets.zero
        var explanation: NodeResult.SharedExplanation?
        if usesSafeAreaModel {
            (safeArea, explanation) = self.safeArea(
                of: i, role: node.role, parent: parent, frame: frame, window: window, parentBounds: parentBounds,
                placement: placement, additional: tree.viewController(of: node)?.additionalSafeAreaInsets,
                tree: tree, results: results, state: state, reuse: &reuse, remembered: &remembered
            )
        }

        // Layout guide lengths of a controller's view.
        var guides: LayoutGuideLengths?
        if node.hasController {
            guides = usesSafeAreaModel
                ? LayoutGuideLengths(top: safeArea.top, bottom: safeArea.bottom)
                : cover.guides(for: window)
        }

        // A scroll view's and a container's (or the root's) own parts; most nodes have none.
        var parts = ScrollParts()
        var extras: NodeResult.Extras?
        if node.kind.isScrollView || node.isContainer || node.isRoot {
            (parts, extras) = scrollAndBars(of: i, node: node, in: tree, frame: frame, window: window, safeArea: safeArea, guides: guides, cover: cover, state: state)
        }
        let bounds = Rect(origin: parts.boundsOrigin, size: frame.size)

        // Layout margins (M1, M2).
        let margins = self.margins(of: node, in: tree, frame: frame, parentBounds: parentBounds, safeArea: safeArea, state: state)

        record(
            i, id: tree.id(of: node), frame: frame, window: window, bounds: bounds, safeArea: safeArea, margins: margins,
            explanation: consume explanation, guides: guides, extras: consume extras, included: parts.included, cover: cover,
            results: results, state: &state
        )
    }

    /// `layOut(_:in:results:state:reuse:)` for a plain view that is not a scroll view, most of
    /// a tree's views: none of the rules for the root, a controller's view, a container or a
    /// scroll view applies to it, so this skips them and their bookkeeping (same results).
    private func layOutPlainView(_ i: Int, _ node: FlatNode, in tree: FlatTree, results: UnsafeMutableBufferPointer<NodeResult>, state: inout PassState, reuse: inout ExplanationReuse) {
        let parent = node.parent
        let parentBounds = state.nodes[parent].bounds
        let frame = self.frame(of: node.placement, parent: parent, parentBounds: parentBounds, state: state)
        let window = self.window(of: frame, under: parent, parentBounds: parentBounds, state: state)
        var safeArea = Insets.zero
        var explanation: NodeResult.SharedExplanation?
        if usesSafeAreaModel {
            (safeArea, explanation) = plainSafeArea(parent: parent, frame: frame, parentBounds: parentBounds, results: results, state: state, reuse: &reuse)
        }
        let bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        let margins = self.margins(of: node, in: tree, frame: frame, parentBounds: parentBounds, safeArea: safeArea, state: state)
        record(
            i, id: tree.id(of: node), frame: frame, window: window, bounds: bounds, safeArea: safeArea, margins: margins,
            explanation: consume explanation, guides: nil, extras: nil, included: [], cover: state.nodes[parent].cover,
            results: results, state: &state
        )
    }

    /// Initializes `results[i]` from what `layOut` worked out for node `i`, and appends what
    /// its subviews read to `state`. (Inlined into both paths: a call would pass the
    /// result's parts through memory.)
    @inline(__always)
    private func record(
        _ i: Int, id: String, frame: Rect, window: Rect, bounds: Rect, safeArea: Insets, margins: Insets,
        explanation: consuming NodeResult.SharedExplanation?, guides: LayoutGuideLengths?, extras: consuming NodeResult.Extras?,
        included: EdgeSet, cover: LegacyCover, results: UnsafeMutableBufferPointer<NodeResult>, state: inout PassState
    ) {
        results.initializeElement(at: i, to: NodeResult(
            id: id, frame: frame, frameInWindow: window,
            safeAreaInsets: usesSafeAreaModel ? safeArea : nil,
            safeAreaLayoutGuide: usesSafeAreaModel ? bounds.inset(by: safeArea) : nil,
            layoutMargins: margins, directionalLayoutMargins: DirectionalInsets(margins, direction: direction),
            layoutMarginsGuide: bounds.inset(by: margins),
            explanation: explanation, layoutGuides: guides, extras: extras
        ))
        state.append(NodeState(bounds: bounds, window: window, safeArea: safeArea, margins: margins, included: included, cover: cover))
    }

    /// The window frame of a view at `frame` under the view at `parent`.
    private func window(of frame: Rect, under parent: Int, parentBounds: Rect, state: PassState) -> Rect {
        let parentWindow = state.nodes[parent].window
        return Rect(x: parentWindow.x + frame.x - parentBounds.x, y: parentWindow.y + frame.y - parentBounds.y, width: frame.width, height: frame.height)
    }

    /// The scroll-view part of node `i` (a scroll view) and its bars (a container, or the
    /// root), with what they decide for its subviews.
    private func scrollAndBars(
        of i: Int, node: FlatNode, in tree: FlatTree, frame: Rect, window: Rect, safeArea: Insets,
        guides: LayoutGuideLengths?, cover: LegacyCover, state: PassState
    ) -> (ScrollParts, NodeResult.Extras?) {
        var parts = ScrollParts()
        // Scroll view.
        var scrollResult: ScrollNodeResult?
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
            scrollResult = adjusted
        }
        let bounds = Rect(origin: parts.boundsOrigin, size: frame.size)

        // Bars.
        var frames = BarFrames()
        if node.isContainer, let laidOut = containerLayout(tree.viewController(of: node), bounds: bounds, window: window, safeArea: safeArea, cover: cover) {
            frames = laidOut.frames
        }
        if node.isRoot, environment.showsStatusBar {
            frames.statusBar = Rect(x: 0, y: 0, width: environment.screen.width, height: environment.statusBarHeight)
        }
        return (parts, .box(scroll: scrollResult, bars: frames.isEmpty ? nil : frames))
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
            // RULES.md §M: width min(672, layout-margins guide width), centred in that guide.
            let guide = parentBounds.inset(by: state.nodes[parent].margins)
            let width = Swift.min(672, guide.width)
            return Rect(x: guide.x + (guide.width - width) / 2, y: guide.y, width: width, height: guide.height)
        }
    }

    // MARK: - Safe area

    /// The node's safe area (S3–S7) and its explanation; `remembered` is the pass's S5 memory.
    private func safeArea(
        of i: Int, role: NodeRole, parent: Int, frame: Rect, window: Rect, parentBounds: Rect,
        placement: ContentPlacement?, additional: Insets?,
        tree: FlatTree, results: UnsafeMutableBufferPointer<NodeResult>, state: PassState, reuse: inout ExplanationReuse,
        remembered: inout [Int: Insets]
    ) -> (insets: Insets, explanation: NodeResult.SharedExplanation) {
        // What the node's rule measures against, the same for every edge.
        var distances = Insets.zero
        var frozen = false
        var consumed: EdgeSet = [], consumedAbove: EdgeSet = []
        switch role {
        case .root, .containerContent:
            break
        case .childController(let reference):
            // Rule S5: against the nearest ancestor controller's view in window coordinates,
            // with no cap; a window-sized view keeps its last value while it is not aligned
            // with the window (0 if it was never aligned).
            frozen = frame.size == environment.screen && window != screenRect
            distances = Insets.distances(of: window, in: state.nodes[reference].window)
            // Rule C2: the edges a scroll view holding this view adjusted. Those from its
            // parent up to the reference's own view (a table view controller's table holds
            // its children too: the ancestors from the reference on in tree order) are
            // consumed here; those of scroll views holding the reference are consumed in the
            // reference's inset already, and stay so: no overhang grows them again (S3's
            // capped offset there), while what controllers inside the scroll view added
            // stands. [GUESS: RULES.md's "stays consumed" read against S5's "no cap"; no
            // source covers a child controller overhanging a consumed edge. A container whose
            // own view is a scroll view, which UIKit has not, places its content by S7 alone.]
            var ancestor = parent
            while ancestor >= 0 {
                if ancestor >= reference {
                    consumed.formUnion(state.nodes[ancestor].included)
                } else {
                    consumedAbove.formUnion(state.nodes[ancestor].included)
                }
                ancestor = tree.nodes[ancestor].parent
            }
        case .plain:
            return plainSafeArea(parent: parent, frame: frame, parentBounds: parentBounds, results: results, state: state, reuse: &reuse)
        }
        /// The node's safe area on `edge` before its own controller's additional insets.
        func start(_ edge: Edge) -> EdgeTrail {
            switch role {
            case .root:
                // §1.3: the window's safe area; edgesForExtendedLayout has no effect here.
                return EdgeTrail(value: environment.windowSafeArea[edge], continuing: .window)
            case .containerContent(let container):
                // S7: decided by the container (see `place(content:of:in:state:)`).
                var trail = state.trail(of: container, on: edge)
                placement?.apply(to: &trail, on: edge)
                return trail
            case .childController(let reference):
                if frozen {
                    return .frozen(remembered[i]?[edge] ?? 0)
                }
                var trail = state.trail(of: reference, on: edge)
                // An edge a scroll view holding this view adjusted stays consumed (RULES.md
                // §C2), overhang included: the scroll view's content inset already accounts
                // for that edge. [GUESS: no source covers an overhang here.]
                if consumed.contains(edge) {
                    trail.consume()
                } else if consumedAbove.contains(edge) {
                    trail.applyCappedOffset(distances[edge])
                } else {
                    trail.applyUncappedOffset(distances[edge])
                }
                return trail
            case .plain:
                preconditionFailure("a plain view's safe area is plainSafeArea's")
            }
        }
        // Edge by edge, spelled out so that every `[edge]` above is a plain field access.
        var top = start(.top), left = start(.left), bottom = start(.bottom), right = start(.right)
        if case .childController = role {
            // Rule S5: the kept value excludes the child's own additional insets.
            remembered[i] = Insets(top: top.value, left: left.value, bottom: bottom.value, right: right.value)
        }
        if let additional {
            top.add(additional: additional.top)
            left.add(additional: additional.left)
            bottom.add(additional: additional.bottom)
            right.add(additional: additional.right)
        }
        return explained(top: top, left: left, bottom: bottom, right: right, results: results, reuse: &reuse)
    }

    /// A plain view's safe area (S3/S4, C2 under a scroll view) at `frame` under the view at
    /// `parent`, and its explanation. (Apart from `safeArea(of:...)`, whose other rules most
    /// views skip: a call with its arguments costs more than these rules.)
    private func plainSafeArea(
        parent: Int, frame: Rect, parentBounds: Rect,
        results: UnsafeMutableBufferPointer<NodeResult>, state: PassState, reuse: inout ExplanationReuse
    ) -> (insets: Insets, explanation: NodeResult.SharedExplanation) {
        let distances = Insets.distances(of: frame, in: parentBounds)
        let inherited = state.nodes[parent].safeArea
        let included = state.nodes[parent].included
        // Whether no edge the scroll view left alone lies inside a non-zero edge of the
        // superview. Then no edge adds an offset entry, and a consumed edge (of a finite
        // inset) is 0 with at most one entry whatever its distance: the safe area and
        // explanation depend on the superview alone.
        func inheritsOrConsumes(_ edge: Edge) -> Bool {
            included.contains(edge) ? inherited[edge].isFinite : distances[edge] <= 0 || inherited[edge] == 0
        }
        let unconsumedInherited = inheritsOrConsumes(.top) && inheritsOrConsumes(.left)
            && inheritsOrConsumes(.bottom) && inheritsOrConsumes(.right)
        if unconsumedInherited {
            // The common case, taken whole: no edge consumed either, so no edge adds an entry.
            // The view has its superview's insets and shares its explanation, exactly as the
            // edge-by-edge rules below would give.
            if included.isEmpty {
                return (inherited, explanation(of: parent, in: results))
            }
            // The next cell of a table: its first sibling's result, exactly as the rules below
            // would give it again.
            if let kept = reuse.consumedOnly(under: parent) {
                return kept
            }
        }
        /// S3 with the S4 cap, after C2's consumption under a scroll view.
        func trail(_ edge: Edge) -> EdgeTrail {
            var trail = state.trail(of: parent, on: edge)
            if included.contains(edge) { trail.consume() }
            trail.applyCappedOffset(distances[edge])
            return trail
        }
        let top = trail(.top), left = trail(.left), bottom = trail(.bottom), right = trail(.right)
        let result = explained(top: top, left: left, bottom: bottom, right: right, results: results, reuse: &reuse)
        if unconsumedInherited {
            reuse.keepConsumedOnly(result, under: parent)
        }
        return result
    }

    /// The safe area that finished edge trails give, and its explanation: a laid-out node's
    /// when the trails add nothing to its lists, else the one made last when it was made
    /// alike, else a new one.
    private func explained(
        top: EdgeTrail, left: EdgeTrail, bottom: EdgeTrail, right: EdgeTrail,
        results: UnsafeMutableBufferPointer<NodeResult>, reuse: inout ExplanationReuse
    ) -> (insets: Insets, explanation: NodeResult.SharedExplanation) {
        let insets = Insets(top: top.value, left: left.value, bottom: bottom.value, right: right.value)
        // No entry added to one node's lists on any edge: that node's explanation, shared.
        if let origin = top.origin.node, top.added.isEmpty, left.added.isEmpty, bottom.added.isEmpty, right.added.isEmpty,
           left.origin == top.origin, bottom.origin == top.origin, right.origin == top.origin {
            return (insets, explanation(of: origin, in: results))
        }
        if let shared = reuse.explanation(top: top, left: left, bottom: bottom, right: right) {
            return (insets, shared)
        }
        func list(_ trail: EdgeTrail, on edge: Edge) -> [Contribution] {
            trail.added.isEmpty
                ? self.list(of: trail.origin, on: edge, results: results)
                : reuse.list(for: trail, on: edge) { self.list(of: trail.origin, on: edge, results: results) }
        }
        let shared = NodeResult.SharedExplanation(
            Explanation(top: list(top, on: .top), left: list(left, on: .left), bottom: list(bottom, on: .bottom), right: list(right, on: .right))
        )
        reuse.remember(shared, top: top, left: left, bottom: bottom, right: right)
        return (insets, shared)
    }

    /// Laid-out node `k`'s explanation (in the safe-area model, every node has one).
    private func explanation(of k: Int, in results: UnsafeMutableBufferPointer<NodeResult>) -> NodeResult.SharedExplanation {
        results[k].fields.explanation!
    }

    /// The finished list `origin` has on `edge`.
    private func list(of origin: TrailOrigin, on edge: Edge, results: UnsafeMutableBufferPointer<NodeResult>) -> [Contribution] {
        if let node = origin.node { return explanation(of: node, in: results).value[edge] }
        return origin == .window ? environment.windowExplain[edge] : []
    }

    // MARK: - Containers (S7)

    /// The container's bars: which are shown, their heights and frames (container bounds
    /// coordinates). Bars sit in the container's own safe area (legacy: below the status bar)
    /// and span its full width. `nil` on tvOS, where containers are not modelled.
    private func containerLayout(_ controller: ViewController?, bounds: Rect, window: Rect, safeArea: Insets, cover: LegacyCover) -> (layout: ContainerLayout, frames: BarFrames)? {
        guard let controller, let heights = environment.bars else { return nil }
        let guides = cover.guides(for: window)
        let base = usesSafeAreaModel ? safeArea : Insets(top: guides.top, bottom: guides.bottom)
        var layout = ContainerLayout(base: base, top: nil, bottom: nil)
        var frames = BarFrames()
        switch controller.kind {
        case .plain:
            return nil
        case .navigation:
            if !controller.navigationBar.hidden {
                let height = controller.navigationBar.prefersLargeTitles ? heights.largeTitleNavigationBar : heights.navigationBar
                layout.top = ShownBar(source: .navigationBar, height: height, translucent: controller.navigationBar.translucent)
                frames.navigationBar = Rect(x: bounds.x, y: bounds.y + base.top, width: bounds.width, height: height)
            }
            if !controller.toolbar.hidden {
                let height = heights.toolbar
                layout.bottom = ShownBar(source: .toolbar, height: height, translucent: controller.toolbar.translucent)
                frames.toolbar = Rect(x: bounds.x, y: bounds.maxY - base.bottom - height, width: bounds.width, height: height)
            }
        case .tabBar:
            if !controller.tabBar.hidden {
                let height = heights.tabBar
                layout.bottom = ShownBar(source: .tabBar, height: height, translucent: controller.tabBar.translucent)
                // The tab bar's frame also covers the bottom inset below it (83 = 49 + 34).
                frames.tabBar = Rect(x: bounds.x, y: bounds.maxY - base.bottom - height, width: bounds.width, height: height + base.bottom)
            }
        }
        return (layout, frames)
    }

    /// Rule S7: where a container puts its content and what the content inherits. The content
    /// (its top view controller's properties decide) extends under a shown bar when the edge
    /// is in its `edgesForExtendedLayout` and the bar is translucent or it
    /// `extendedLayoutIncludesOpaqueBars`: its view then reaches the container's edge and its
    /// inset there is the bar's far edge (the container's contributions + the bar); otherwise
    /// its view starts at the bar's far edge with inset 0 there.
    private func place(content: FlatNode, of container: Int, in tree: FlatTree, state: PassState) -> ContentPlacement {
        let bounds = state.nodes[container].bounds
        let containerWindow = state.nodes[container].window
        var placement = ContentPlacement(frame: bounds, cover: state.nodes[container].cover)
        // The container's bars, as it laid them out (from the same state).
        guard let layout = containerLayout(
            tree.viewController(of: tree.nodes[container]), bounds: bounds, window: containerWindow,
            safeArea: state.nodes[container].safeArea, cover: state.nodes[container].cover
        )?.layout else { return placement }
        let top = tree.viewController(of: tree.nodes[content.topController]) ?? ViewController()
        func extends(_ edge: EdgeSet, under bar: ShownBar) -> Bool {
            top.edgesForExtendedLayout.contains(edge) && (bar.translucent || top.extendedLayoutIncludesOpaqueBars)
        }
        var minY = bounds.minY
        var maxY = bounds.maxY
        if let bar = layout.top {
            let far = layout.base.top + bar.height
            if extends(.top, under: bar) {
                placement.under.top = bar
            } else {
                minY += far
                placement.belowBars.insert(.top)
            }
            placement.cover.top = Swift.max(placement.cover.top, containerWindow.minY + far)
        } else if !usesSafeAreaModel, !top.edgesForExtendedLayout.contains(.top) {
            // Seed 002, "no navigation bar at all": edgesForExtendedLayout decides whether the
            // view extends behind the status bar. [GUESS: applied to any bar-less edge in iOS 7–10.]
            minY += layout.base.top
        }
        if let bar = layout.bottom {
            let far = layout.base.bottom + bar.height
            if extends(.bottom, under: bar) {
                placement.under.bottom = bar
            } else {
                maxY -= far
                placement.belowBars.insert(.bottom)
            }
            placement.cover.bottom = Swift.min(placement.cover.bottom, containerWindow.maxY - far)
        } else if !usesSafeAreaModel, !top.edgesForExtendedLayout.contains(.bottom) {
            maxY -= layout.base.bottom
        }
        placement.frame = Rect(x: bounds.minX, y: minY, width: bounds.width, height: Swift.max(0, maxY - minY))
        return placement
    }

    // MARK: - Scroll views

    /// C1–C2 and §3.4–3.5 for a scroll view in the safe-area model, with the edges its
    /// subviews see consumed.
    private func adjust(_ scroll: ScrollProperties, node: FlatNode, frame: Rect, safeArea: Insets, tree: FlatTree) -> (result: ScrollNodeResult, included: EdgeSet) {
        let adjustment = ScrollAdjustment(
            properties: scroll, frameSize: frame.size, safeArea: safeArea,
            compatibilityOwner: compatibilityOwner(node, tree: tree), systemVersion: systemVersion
        )
        let offsets = contentOffsetRange(contentSize: scroll.contentSize, boundsSize: frame.size, adjusted: adjustment.adjustedContentInset)
        let result = ScrollNodeResult(
            contentInset: scroll.contentInset, adjustedContentInset: adjustment.adjustedContentInset,
            verticalScrollIndicatorInsets: adjustment.verticalIndicatorInsets,
            horizontalScrollIndicatorInsets: adjustment.horizontalIndicatorInsets,
            contentOffset: offsets.initial
        )
        return (result, adjustment.included)
    }

    /// The `.automatic` compatibility rule (RULES.md §C1): the scroll view is its owning
    /// controller's content scroll view, that controller adjusts scroll view insets, and a
    /// navigation controller is among its ancestors (a tab bar controller alone does not count).
    private func compatibilityOwner(_ node: FlatNode, tree: FlatTree) -> Bool {
        guard node.scrollOwner >= 0 else { return false }
        return tree.viewController(of: tree.nodes[node.scrollOwner])?.automaticallyAdjustsScrollViewInsets == true
            && tree.nodes[node.scrollOwner].hasNavigationAncestor
    }

    /// §2.2 (iOS 7–10): a plain controller with `automaticallyAdjustsScrollViewInsets` writes
    /// its layout guides into the top and bottom `contentInset` of its first-subview-chain
    /// scroll view (the innermost such controller decides; containers' own flags do nothing).
    /// Adjusted and indicator insets equal that content inset.
    private func legacyAdjust(_ scroll: ScrollProperties, node: FlatNode, ownerGuides: LayoutGuideLengths?, tree: FlatTree) -> ScrollNodeResult {
        var inset = scroll.contentInset
        if node.scrollOwner >= 0,
           let owner = tree.viewController(of: tree.nodes[node.scrollOwner]),
           owner.kind == .plain, owner.automaticallyAdjustsScrollViewInsets,
           let guides = ownerGuides {
            inset.top = guides.top
            inset.bottom = guides.bottom
        }
        return ScrollNodeResult(
            contentInset: inset, adjustedContentInset: inset,
            verticalScrollIndicatorInsets: inset, horizontalScrollIndicatorInsets: inset,
            contentOffset: Point(x: 0 - inset.left, y: 0 - inset.top)
        )
    }

    // MARK: - Layout margins

    /// M1 (plain views) and M2 (a controller's view): own margins (default 8 for a plain view,
    /// 0 from systemVersion 27.1; 0 for a controller's view, raised to the system minimum when
    /// it respects it), plus the safe area when `insetsLayoutMarginsFromSafeArea`; with
    /// `preservesSuperviewLayoutMargins`, at least the superview's margin minus the raw distance.
    private func margins(of node: FlatNode, in tree: FlatTree, frame: Rect, parentBounds: Rect, safeArea: Insets, state: PassState) -> Insets {
        var own: Insets
        switch tree.layoutMargins(of: node) {
        case .physical(let insets)?: own = insets
        case .directional(let insets)?: own = Insets(insets, direction: direction)
        case nil:
            let plainDefault: Double = systemVersion >= 27.1 ? 0 : 8
            own = node.hasController ? .zero : Insets(top: plainDefault, left: plainDefault, bottom: plainDefault, right: plainDefault)
        }
        if let controller = tree.viewController(of: node), controller.viewRespectsSystemMinimumLayoutMargins {
            let minimum = Insets(environment.systemMinimumLayoutMargins, direction: direction)
            own = own.edgewiseMax(minimum)
        }
        var margins = own
        if usesSafeAreaModel, node.insetsLayoutMarginsFromSafeArea {
            margins = margins + safeArea
        }
        // [GUESS] preservesSuperviewLayoutMargins also applies to a controller's view: it is a
        // UIView property and no source says otherwise.
        if node.preservesSuperviewLayoutMargins, node.parent >= 0 {
            let distances = Insets.distances(of: frame, in: parentBounds)
            let inherited = state.nodes[node.parent].margins - distances
            margins = margins.edgewiseMax(inherited)
        }
        return margins
    }
}
