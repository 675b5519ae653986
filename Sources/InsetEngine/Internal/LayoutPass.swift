/// For each edge, the index of the innermost strict-ancestor scroll view that adjusted
/// (consumed) that edge, or -1 (rule C2).
struct EdgeIndices: Hashable, Sendable {
    var top = -1, left = -1, bottom = -1, right = -1

    subscript(edge: Edge) -> Int {
        get {
            switch edge {
            case .top: top
            case .left: left
            case .bottom: bottom
            case .right: right
            }
        }
        set {
            switch edge {
            case .top: top = newValue
            case .left: left = newValue
            case .bottom: bottom = newValue
            case .right: right = newValue
            }
        }
    }
}

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
    var frames: BarFrames
}

/// Where a container put its content, and what the content inherits from it.
struct ContentPlacement: Sendable {
    var frame: Rect
    /// The content's safe area before its own `additionalSafeAreaInsets` (safe-area model).
    var trail: SafeAreaTrail
    /// The legacy obstructions (window y of the top bars' bottom, of the bottom bars' top).
    var cover: LegacyCover
}

/// Legacy model (§2.1): how far down the status bar and navigation bars reach, and how far up
/// the toolbars and tab bars reach, in window coordinates.
struct LegacyCover: Hashable, Sendable {
    var top: Double
    var bottom: Double

    /// `topLayoutGuide` / `bottomLayoutGuide` of a controller whose view is at `window`.
    func guides(for window: Rect) -> LayoutGuideLengths {
        LayoutGuideLengths(top: Swift.max(0, top - window.minY), bottom: Swift.max(0, window.maxY - bottom))
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
    /// Rule S5: each child controller view's last value (before its additional insets).
    private var remembered: [Insets?]

    /// Creates a pass for a tree of `count` nodes; no node has a remembered value yet.
    init(environment: DisplayEnvironment, systemVersion: Double, direction: LayoutDirection, count: Int) {
        self.environment = environment
        self.systemVersion = systemVersion
        self.direction = direction
        self.remembered = [Insets?](repeating: nil, count: count)
    }

    private var usesSafeAreaModel: Bool { systemVersion >= 11 }

    private var screenRect: Rect { Rect(x: 0, y: 0, width: environment.screen.width, height: environment.screen.height) }

    /// Lays out `tree` in its current placements and reports every node, in tree order.
    mutating func run(_ tree: FlatTree) -> [NodeResult] {
        var state = PassState(count: tree.nodes.count)
        var results: [NodeResult] = []
        results.reserveCapacity(tree.nodes.count)
        for i in tree.nodes.indices {
            results.append(layOut(i, in: tree, state: &state))
        }
        return results
    }

    // MARK: - One node

    private mutating func layOut(_ i: Int, in tree: FlatTree, state: inout PassState) -> NodeResult {
        let node = tree.nodes[i]
        let parent = node.parent
        let parentBounds = parent >= 0 ? Rect(origin: state.boundsOrigins[parent], size: state.frames[parent].size) : screenRect

        // Frame (superview's bounds coordinates) and frame in the window.
        let placement: ContentPlacement?
        if case .containerContent(let container) = node.role {
            placement = place(content: i, of: container, in: tree, state: state)
        } else {
            placement = nil
        }
        let frame: Rect
        if node.role == .root {
            frame = screenRect
        } else if let placement {
            frame = placement.frame
        } else {
            frame = self.frame(of: node, parentBounds: parentBounds, parent: parent, state: state)
        }
        let window: Rect
        if parent >= 0 {
            let parentWindow = state.windowFrames[parent]
            window = Rect(x: parentWindow.x + frame.x - parentBounds.x, y: parentWindow.y + frame.y - parentBounds.y, width: frame.width, height: frame.height)
        } else {
            window = frame
        }
        state.frames[i] = frame
        state.windowFrames[i] = window

        // Rule C2 bookkeeping: which ancestor scroll view consumed each edge.
        if parent >= 0 {
            var consumers = state.consumers[parent]
            for edge in Edge.allCases where state.included[parent].contains(edge) { consumers[edge] = parent }
            state.consumers[i] = consumers
        }

        // Legacy obstructions.
        if node.role == .root {
            state.cover[i] = LegacyCover(top: environment.statusBarHeight, bottom: environment.screen.height)
        } else if let placement {
            state.cover[i] = placement.cover
        } else {
            state.cover[i] = state.cover[parent]
        }

        // Safe area (safe-area model only).
        if usesSafeAreaModel {
            state.trails[i] = safeArea(of: i, node: node, frame: frame, window: window, parentBounds: parentBounds, placement: placement, state: state)
        }
        let safeArea = state.trails[i].insets

        // Layout guide lengths of a controller's view.
        var guides: LayoutGuideLengths?
        if node.viewController != nil {
            guides = usesSafeAreaModel
                ? LayoutGuideLengths(top: safeArea.top, bottom: safeArea.bottom)
                : state.cover[i].guides(for: window)
            state.guides[i] = guides
        }

        // Scroll view.
        var scrollResult: ScrollNodeResult?
        if let scroll = node.scroll {
            let result = usesSafeAreaModel
                ? adjust(scroll, node: node, frame: frame, safeArea: safeArea, tree: tree, state: &state, index: i)
                : legacyAdjust(scroll, node: node, tree: tree, state: state)
            state.boundsOrigins[i] = result.contentOffset
            scrollResult = result
        }
        let bounds = Rect(origin: state.boundsOrigins[i], size: frame.size)

        // Layout margins (M1, M2).
        let margins = self.margins(of: node, frame: frame, parentBounds: parentBounds, safeArea: safeArea, state: state)
        state.margins[i] = margins

        // Bars.
        var bars = BarFrames()
        if node.isContainer, let container = containerLayout(node, bounds: bounds, window: window, safeArea: safeArea, cover: state.cover[i]) {
            state.containers[i] = container
            bars = container.frames
        }
        if node.role == .root, environment.showsStatusBar {
            bars.statusBar = Rect(x: 0, y: 0, width: environment.screen.width, height: environment.statusBarHeight)
        }

        return NodeResult(
            id: node.id, frame: frame, frameInWindow: window,
            safeAreaInsets: usesSafeAreaModel ? safeArea : nil,
            safeAreaLayoutGuide: usesSafeAreaModel ? bounds.inset(by: safeArea) : nil,
            layoutMargins: margins,
            directionalLayoutMargins: DirectionalInsets(margins, direction: direction),
            layoutMarginsGuide: bounds.inset(by: margins),
            explain: usesSafeAreaModel ? state.trails[i].explain : nil,
            scroll: scrollResult, layoutGuides: guides, bars: bars.isEmpty ? nil : bars
        )
    }

    // MARK: - Frames

    /// A view's frame from its placement: fill the superview, an explicit frame, or a pin to
    /// one of the superview's guides (all in the superview's bounds coordinates).
    private func frame(of node: FlatNode, parentBounds: Rect, parent: Int, state: PassState) -> Rect {
        switch node.placement {
        case .fill:
            return Rect(x: 0, y: 0, width: parentBounds.width, height: parentBounds.height)
        case .frame(let rect):
            return rect
        case .pin(.bounds):
            return parentBounds
        case .pin(.safeArea):
            return parentBounds.inset(by: state.trails[parent].insets)
        case .pin(.layoutMargins):
            return parentBounds.inset(by: state.margins[parent])
        case .pin(.readableContent):
            // RULES.md §M: width min(672, layout-margins guide width), centred in that guide.
            let guide = parentBounds.inset(by: state.margins[parent])
            let width = Swift.min(672, guide.width)
            return Rect(x: guide.x + (guide.width - width) / 2, y: guide.y, width: width, height: guide.height)
        }
    }

    // MARK: - Safe area

    private mutating func safeArea(of i: Int, node: FlatNode, frame: Rect, window: Rect, parentBounds: Rect, placement: ContentPlacement?, state: PassState) -> SafeAreaTrail {
        var trail: SafeAreaTrail
        switch node.role {
        case .root:
            // §1.3: the window's safe area; edgesForExtendedLayout has no effect here.
            trail = SafeAreaTrail(insets: environment.windowSafeArea, explain: environment.windowExplain)
        case .containerContent:
            // S7: decided by the container (see `place(content:of:in:state:)`).
            trail = placement?.trail ?? .zero
        case .childController(let reference):
            trail = childControllerSafeArea(of: i, frame: frame, window: window, reference: reference, state: state)
        case .plain:
            // S3 with the S4 cap, after C2's consumption under a scroll view.
            let parent = node.parent
            trail = state.trails[parent]
            let distances = Insets.distances(of: frame, in: parentBounds)
            for edge in Edge.allCases {
                if state.included[parent].contains(edge) { trail.consume(edge) }
                trail.applyCappedOffset(distances[edge], on: edge)
            }
        }
        if let controller = node.viewController {
            trail.add(additional: controller.additionalSafeAreaInsets)
            trail.floorAtZero()
        }
        return trail
    }

    /// Rule S5: against the nearest ancestor controller's view in window coordinates, with no
    /// cap; a window-sized view keeps its last value while it is not aligned with the window
    /// (0 if it was never aligned). The kept value excludes the child's own additional insets.
    private mutating func childControllerSafeArea(of i: Int, frame: Rect, window: Rect, reference: Int, state: PassState) -> SafeAreaTrail {
        let base: SafeAreaTrail
        if frame.size == environment.screen, window != screenRect {
            base = .frozen(remembered[i] ?? .zero)
        } else {
            var trail = state.trails[reference]
            let distances = Insets.distances(of: window, in: state.windowFrames[reference])
            for edge in Edge.allCases {
                // An edge a scroll view between the reference and this view adjusted stays
                // consumed (RULES.md §C2), overhang included: the scroll view's content inset
                // already accounts for that edge. [GUESS: no source covers an overhang here.]
                if state.consumers[i][edge] > reference {
                    trail.consume(edge)
                } else {
                    trail.applyUncappedOffset(distances[edge], on: edge)
                }
            }
            base = trail
        }
        remembered[i] = base.insets
        return base
    }

    // MARK: - Containers (S7)

    /// The container's bars: which are shown, their heights and frames (container bounds
    /// coordinates). Bars sit in the container's own safe area (legacy: below the status bar)
    /// and span its full width. `nil` on tvOS, where containers are not modelled.
    private func containerLayout(_ node: FlatNode, bounds: Rect, window: Rect, safeArea: Insets, cover: LegacyCover) -> ContainerLayout? {
        guard let controller = node.viewController, let heights = environment.bars else { return nil }
        let guides = cover.guides(for: window)
        let base = usesSafeAreaModel ? safeArea : Insets(top: guides.top, bottom: guides.bottom)
        var layout = ContainerLayout(base: base, top: nil, bottom: nil, frames: BarFrames())
        switch controller.kind {
        case .plain:
            return nil
        case .navigation:
            if !controller.navigationBar.hidden {
                let height = controller.navigationBar.prefersLargeTitles ? heights.largeTitleNavigationBar : heights.navigationBar
                layout.top = ShownBar(source: .navigationBar, height: height, translucent: controller.navigationBar.translucent)
                layout.frames.navigationBar = Rect(x: bounds.x, y: bounds.y + base.top, width: bounds.width, height: height)
            }
            if !controller.toolbar.hidden {
                let height = heights.toolbar
                layout.bottom = ShownBar(source: .toolbar, height: height, translucent: controller.toolbar.translucent)
                layout.frames.toolbar = Rect(x: bounds.x, y: bounds.maxY - base.bottom - height, width: bounds.width, height: height)
            }
        case .tabBar:
            if !controller.tabBar.hidden {
                let height = heights.tabBar
                layout.bottom = ShownBar(source: .tabBar, height: height, translucent: controller.tabBar.translucent)
                // The tab bar's frame also covers the bottom inset below it (83 = 49 + 34).
                layout.frames.tabBar = Rect(x: bounds.x, y: bounds.maxY - base.bottom - height, width: bounds.width, height: height + base.bottom)
            }
        }
        return layout
    }

    /// Rule S7: where a container puts its content and what the content inherits. The content
    /// (its top view controller's properties decide) extends under a shown bar when the edge
    /// is in its `edgesForExtendedLayout` and the bar is translucent or it
    /// `extendedLayoutIncludesOpaqueBars`: its view then reaches the container's edge and its
    /// inset there is the bar's far edge (the container's contributions + the bar); otherwise
    /// its view starts at the bar's far edge with inset 0 there.
    private func place(content i: Int, of container: Int, in tree: FlatTree, state: PassState) -> ContentPlacement {
        let bounds = Rect(origin: state.boundsOrigins[container], size: state.frames[container].size)
        let containerWindow = state.windowFrames[container]
        var trail = state.trails[container]
        var cover = state.cover[container]
        guard let layout = state.containers[container] else {
            return ContentPlacement(frame: bounds, trail: trail, cover: cover)
        }
        let top = tree.nodes[tree.topController(of: i)].viewController ?? ViewController()
        func extends(_ edge: EdgeSet, under bar: ShownBar) -> Bool {
            top.edgesForExtendedLayout.contains(edge) && (bar.translucent || top.extendedLayoutIncludesOpaqueBars)
        }
        var minY = bounds.minY
        var maxY = bounds.maxY
        if let bar = layout.top {
            let far = layout.base.top + bar.height
            if extends(.top, under: bar) {
                trail.append(bar.source, bar.height, on: .top)
            } else {
                minY += far
                trail.clear(.top)
            }
            cover.top = Swift.max(cover.top, containerWindow.minY + far)
        } else if !usesSafeAreaModel, !top.edgesForExtendedLayout.contains(.top) {
            // Seed 002, "no navigation bar at all": edgesForExtendedLayout decides whether the
            // view extends behind the status bar. [GUESS: applied to any bar-less edge in iOS 7–10.]
            minY += layout.base.top
        }
        if let bar = layout.bottom {
            let far = layout.base.bottom + bar.height
            if extends(.bottom, under: bar) {
                trail.append(bar.source, bar.height, on: .bottom)
            } else {
                maxY -= far
                trail.clear(.bottom)
            }
            cover.bottom = Swift.min(cover.bottom, containerWindow.maxY - far)
        } else if !usesSafeAreaModel, !top.edgesForExtendedLayout.contains(.bottom) {
            maxY -= layout.base.bottom
        }
        let frame = Rect(x: bounds.minX, y: minY, width: bounds.width, height: Swift.max(0, maxY - minY))
        return ContentPlacement(frame: frame, trail: trail, cover: cover)
    }

    // MARK: - Scroll views

    /// C1–C2 and §3.4–3.5 for a scroll view in the safe-area model; records the edges its
    /// subviews see consumed.
    private func adjust(_ scroll: ScrollProperties, node: FlatNode, frame: Rect, safeArea: Insets, tree: FlatTree, state: inout PassState, index: Int) -> ScrollNodeResult {
        let adjustment = ScrollAdjustment(
            properties: scroll, frameSize: frame.size, safeArea: safeArea,
            compatibilityOwner: compatibilityOwner(node, tree: tree), systemVersion: systemVersion
        )
        state.included[index] = adjustment.included
        let offsets = contentOffsetRange(contentSize: scroll.contentSize, boundsSize: frame.size, adjusted: adjustment.adjustedContentInset)
        return ScrollNodeResult(
            contentInset: scroll.contentInset, adjustedContentInset: adjustment.adjustedContentInset,
            verticalScrollIndicatorInsets: adjustment.verticalIndicatorInsets,
            horizontalScrollIndicatorInsets: adjustment.horizontalIndicatorInsets,
            contentOffset: offsets.initial
        )
    }

    /// The `.automatic` compatibility rule (RULES.md §C1): the scroll view is its owning
    /// controller's content scroll view, that controller adjusts scroll view insets, and a
    /// navigation controller is among its ancestors (a tab bar controller alone does not count).
    private func compatibilityOwner(_ node: FlatNode, tree: FlatTree) -> Bool {
        guard node.scrollOwner >= 0 else { return false }
        let owner = tree.nodes[node.scrollOwner]
        return owner.viewController?.automaticallyAdjustsScrollViewInsets == true && owner.hasNavigationAncestor
    }

    /// §2.2 (iOS 7–10): a plain controller with `automaticallyAdjustsScrollViewInsets` writes
    /// its layout guides into the top and bottom `contentInset` of its first-subview-chain
    /// scroll view (the innermost such controller decides; containers' own flags do nothing).
    /// Adjusted and indicator insets equal that content inset.
    private func legacyAdjust(_ scroll: ScrollProperties, node: FlatNode, tree: FlatTree, state: PassState) -> ScrollNodeResult {
        var inset = scroll.contentInset
        if node.scrollOwner >= 0,
           let owner = tree.nodes[node.scrollOwner].viewController,
           owner.kind == .plain, owner.automaticallyAdjustsScrollViewInsets,
           let guides = state.guides[node.scrollOwner] {
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
    private func margins(of node: FlatNode, frame: Rect, parentBounds: Rect, safeArea: Insets, state: PassState) -> Insets {
        var own: Insets
        switch node.layoutMargins {
        case .physical(let insets)?: own = insets
        case .directional(let insets)?: own = Insets(insets, direction: direction)
        case nil:
            let plainDefault: Double = systemVersion >= 27.1 ? 0 : 8
            own = node.viewController != nil ? .zero : Insets(top: plainDefault, left: plainDefault, bottom: plainDefault, right: plainDefault)
        }
        if let controller = node.viewController, controller.viewRespectsSystemMinimumLayoutMargins {
            let minimum = Insets(environment.systemMinimumLayoutMargins, direction: direction)
            for edge in Edge.allCases { own[edge] = Swift.max(own[edge], minimum[edge]) }
        }
        var margins = own
        if usesSafeAreaModel, node.insetsLayoutMarginsFromSafeArea {
            margins = margins + safeArea
        }
        // [GUESS] preservesSuperviewLayoutMargins also applies to a controller's view: it is a
        // UIView property and no source says otherwise.
        if node.preservesSuperviewLayoutMargins, node.parent >= 0 {
            let distances = Insets.distances(of: frame, in: parentBounds)
            let inherited = state.margins[node.parent] - distances
            for edge in Edge.allCases { margins[edge] = Swift.max(margins[edge], inherited[edge]) }
        }
        return margins
    }
}

/// The per-node arrays of one pass, indexed like the flattened tree.
struct PassState {
    var frames: [Rect]
    var windowFrames: [Rect]
    /// A scroll view's bounds origin is its resting content offset; other views' is (0, 0).
    var boundsOrigins: [Point]
    var trails: [SafeAreaTrail]
    var margins: [Insets]
    var consumers: [EdgeIndices]
    /// The edges each scroll view adjusted (empty for other views and in the legacy model).
    var included: [EdgeSet]
    var cover: [LegacyCover]
    var guides: [LayoutGuideLengths?]
    var containers: [Int: ContainerLayout]

    init(count: Int) {
        let zeroRect = Rect(x: 0, y: 0, width: 0, height: 0)
        frames = [Rect](repeating: zeroRect, count: count)
        windowFrames = [Rect](repeating: zeroRect, count: count)
        boundsOrigins = [Point](repeating: Point(x: 0, y: 0), count: count)
        trails = [SafeAreaTrail](repeating: .zero, count: count)
        margins = [Insets](repeating: .zero, count: count)
        consumers = [EdgeIndices](repeating: EdgeIndices(), count: count)
        included = [EdgeSet](repeating: [], count: count)
        cover = [LegacyCover](repeating: LegacyCover(top: 0, bottom: 0), count: count)
        guides = [LayoutGuideLengths?](repeating: nil, count: count)
        containers = [:]
    }
}
