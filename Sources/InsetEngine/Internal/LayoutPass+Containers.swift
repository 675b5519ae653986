/// One bar a container shows on its top or bottom edge.
struct ShownBar: Hashable, Sendable {
    var source: InsetSource
    /// The bar's own height (a tab bar's 49, not the 83 its frame spans).
    var height: Double
    var translucent: Bool
    /// A navigation bar's start relative to the container's safe-area top (S8, V7; 0 for
    /// other bars): explained as `navigationBarOffset` before the bar.
    var offset: Double = 0

    /// How far the bar's far edge lies from the container's safe-area edge.
    var reach: Double { offset + height }
}

/// What a container decided while laying itself out, read when its content is placed.
struct ContainerLayout: Hashable, Sendable {
    /// The insets the bars sit in: the container's safe area (legacy: its layout guides).
    var base: Insets
    var top: ShownBar?
    var bottom: ShownBar?
    /// The caveats (API.md) these bars raise.
    var caveats: CaveatSet = []
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
            trail.append(.navigationBarOffset, bar.offset)
            trail.append(bar.source, bar.height)
        }
    }
}

// The pass's container rules (S7): the bars a container shows and where it puts its content.
extension LayoutPass {
    /// The bars of the container at `index`: which are shown, their heights and frames
    /// (container bounds coordinates). Bars sit in the container's own safe area (legacy:
    /// below the status bar; S8 and V7 move the navigation bar) and span its full width.
    /// `nil` on tvOS, where containers are not modelled.
    func containerLayout(_ index: Int, in tree: FlatTree, bounds: Rect, window: Rect, safeArea: Insets, cover: LegacyCover) -> (layout: ContainerLayout, frames: BarFrames)? {
        guard let controller = tree.viewController(of: tree.nodes[index]), let rules = barRules else { return nil }
        let heights = rules.heights
        let guides = cover.guides(for: window)
        let base = usesSafeAreaModel ? safeArea : Insets(top: guides.top, bottom: guides.bottom)
        var layout = ContainerLayout(base: base, top: nil, bottom: nil)
        var frames = BarFrames()
        switch controller.kind {
        case .plain, .split:
            return nil
        case .navigation:
            if !controller.navigationBar.hidden {
                let height = controller.navigationBar.prefersLargeTitles ? heights.largeTitleNavigationBar : heights.navigationBar
                var offset = rules.navigationBarOffset
                if let shift = dynamicIslandShift(container: index, in: tree, window: window, safeAreaTop: safeArea.top) {
                    offset = -shift.shift
                    if shift.inferred { layout.caveats.insert(CaveatSet(.S8)) }
                }
                layout.top = ShownBar(source: .navigationBar, height: height, translucent: controller.navigationBar.translucent, offset: offset)
                frames.navigationBar = Rect(x: bounds.x, y: bounds.y + base.top + offset, width: bounds.width, height: height)
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
        layout.caveats.formUnion(rules.caveats(
            navigationBar: controller.kind == .navigation && !controller.navigationBar.hidden ? controller.navigationBar : nil,
            toolbar: controller.kind == .navigation && !controller.toolbar.hidden,
            tabBar: controller.kind == .tabBar && !controller.tabBar.hidden
        ))
        return (layout, frames)
    }

    /// S8: how far above the window's top inset the navigation bar of the container at
    /// `index` starts, or `nil` where it starts at the container's safe-area top. On Dynamic
    /// Island phones with the pre-26 bars (safe-area model), in regular height with the
    /// status bar shown, for a container at the window's top (`window`: its frame there)
    /// whose safe-area top is the window's top inset and which, like every ancestor, adds
    /// no `additionalSafeAreaInsets` on top.
    private func dynamicIslandShift(container index: Int, in tree: FlatTree, window: Rect, safeAreaTop: Double) -> (shift: Double, inferred: Bool)? {
        guard usesSafeAreaModel, barRules?.liquidGlass == false, environment.features.contains(.dynamicIsland),
              environment.sizeClass.vertical == .regular, environment.showsStatusBar,
              window.minY == 0, safeAreaTop == environment.windowSafeArea.top,
              let shift = BarRules.dynamicIslandShift(topInset: environment.windowSafeArea.top) else { return nil }
        var ancestor = index
        while ancestor >= 0 {
            if let controller = tree.viewController(of: tree.nodes[ancestor]), controller.additionalSafeAreaInsets.top != 0 { return nil }
            ancestor = tree.nodes[ancestor].parent
        }
        return shift
    }

    /// Rule S7: where a container puts its content and what the content inherits. The content
    /// (its top view controller's properties decide) extends under a shown bar when the edge
    /// is in its `edgesForExtendedLayout` and the bar is translucent or it
    /// `extendedLayoutIncludesOpaqueBars`: its view then reaches the container's edge and its
    /// inset there is the bar's far edge (the container's contributions + the bar); otherwise
    /// its view starts at the bar's far edge with inset 0 there.
    func place(content: FlatNode, of container: Int, in tree: FlatTree, state: PassState) -> ContentPlacement {
        let bounds = state.nodes[container].bounds
        let containerWindow = state.nodes[container].window
        var placement = ContentPlacement(frame: bounds, cover: state.nodes[container].cover)
        // The container's bars, as it laid them out (from the same state).
        guard let layout = containerLayout(
            container, in: tree, bounds: bounds, window: containerWindow,
            safeArea: state.nodes[container].safeArea, cover: state.nodes[container].cover
        )?.layout else { return placement }
        let top = tree.viewController(of: tree.nodes[content.topController]) ?? ViewController()
        func extends(_ edge: EdgeSet, under bar: ShownBar) -> Bool {
            top.edgesForExtendedLayout.contains(edge) && (bar.translucent || top.extendedLayoutIncludesOpaqueBars)
        }
        var minY = bounds.minY
        var maxY = bounds.maxY
        if let bar = layout.top {
            // Summed as the explanation sums (S8's decimals stay exact).
            let far = layout.base.top + bar.offset + bar.height
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
}
