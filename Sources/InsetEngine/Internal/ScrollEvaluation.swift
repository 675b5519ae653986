/// `POST /scroll`: one scroll view without a hierarchy (API.md "POST /scroll").
enum ScrollEvaluation {
    /// Evaluates `request`; `explain` lists readable sentences in the order the rules apply.
    static func evaluate(_ request: ScrollRequest) -> ScrollResult {
        var explain: [String] = []
        let safeArea: Insets
        switch request.safeArea {
        case .explicit(let insets):
            safeArea = insets
            explain.append(request.systemVersion < 11
                ? "layout guides given as safeAreaInsets: topLayoutGuide \(format(insets.top)), bottomLayoutGuide \(format(insets.bottom))"
                : "safe area given: \(describe(insets))")
        case .device(let environment, let frame, let navigationBar, let toolbar, let tabBar):
            let derived = derive(request, environment: environment, frame: frame, navigationBar: navigationBar, toolbar: toolbar, tabBar: tabBar)
            safeArea = derived.insets
            explain.append(derived.sentence)
        }
        return request.systemVersion < 11
            ? legacy(request, guides: safeArea, explain: explain)
            : safeAreaModel(request, safeArea: safeArea, explain: explain)
    }

    // MARK: - Safe-area model (11+)

    private static func safeAreaModel(_ request: ScrollRequest, safeArea: Insets, explain: [String]) -> ScrollResult {
        var explain = explain
        let properties = request.properties
        let context = request.context
        let compatibility = context.isContentScrollView && context.automaticallyAdjustsScrollViewInsets && context.inNavigationController
        let adjustment = ScrollAdjustment(
            properties: properties, frameSize: request.bounds, safeArea: safeArea,
            compatibilityOwner: compatibility, systemVersion: request.systemVersion
        )
        explain.append(axisSentence("vertical", scrollable: adjustment.scrollableAxes.vertical, content: properties.contentSize.height,
                                    bounds: request.bounds.height, dimension: "height", bounce: properties.alwaysBounceVertical ? "alwaysBounceVertical" : nil))
        explain.append(axisSentence("horizontal", scrollable: adjustment.scrollableAxes.horizontal, content: properties.contentSize.width,
                                    bounds: request.bounds.width, dimension: "width", bounce: properties.alwaysBounceHorizontal ? "alwaysBounceHorizontal" : nil))
        switch properties.behavior {
        case .never:
            explain.append("contentInsetAdjustmentBehavior never: no edge is adjusted")
        case .always:
            explain.append("contentInsetAdjustmentBehavior always: every edge is adjusted")
        case .scrollableAxes:
            explain.append("contentInsetAdjustmentBehavior scrollableAxes: the edges of the scrollable axes are adjusted")
        case .automatic:
            explain.append("contentInsetAdjustmentBehavior automatic: the edges of the scrollable axes are adjusted")
            explain.append(compatibilitySentence(context))
        }
        let edges = adjustment.included.orderedEdges
        explain.append("adjusted edges: \(edges.isEmpty ? "none" : edges.map(\.rawValue).joined(separator: ", "))")
        let system = adjustment.adjustedContentInset - properties.contentInset
        explain.append("adjustedContentInset = contentInset \(describe(properties.contentInset)) + safe area on the adjusted edges \(describe(system)) = \(describe(adjustment.adjustedContentInset))")
        if request.systemVersion >= 13 {
            explain.append(properties.automaticallyAdjustsScrollIndicatorInsets
                ? "scroll indicator insets = the values set + the safe area (automaticallyAdjustsScrollIndicatorInsets, iOS 13 and later)"
                : "scroll indicator insets = the values set (automaticallyAdjustsScrollIndicatorInsets is false)")
        } else {
            explain.append("scroll indicator insets = the values set + adjustedContentInset − contentInset (iOS 11–12)")
        }
        let offsets = contentOffsetRange(contentSize: properties.contentSize, boundsSize: request.bounds, adjusted: adjustment.adjustedContentInset)
        explain.append(contentsOf: offsetSentences(offsets, request: request, adjusted: adjustment.adjustedContentInset))
        let subview = safeArea.keeping(EdgeSet.all.subtracting(adjustment.included))
        explain.append("a subview covering the bounds sees the safe area minus the adjusted edges: \(describe(subview))")
        return ScrollResult(
            adjustedContentInset: adjustment.adjustedContentInset, systemInset: system, adjustedEdges: edges,
            scrollableAxes: adjustment.scrollableAxes,
            verticalScrollIndicatorInsets: adjustment.verticalIndicatorInsets,
            horizontalScrollIndicatorInsets: adjustment.horizontalIndicatorInsets,
            contentOffset: offsets, subviewSafeAreaInsets: subview, explain: explain
        )
    }

    // MARK: - Legacy model (7–10)

    /// §2.2: the content scroll view of a controller that adjusts gets the controller's
    /// topLayoutGuide and bottomLayoutGuide written into `contentInset`; adjusted and
    /// indicator insets equal that inset. There is no safe area to pass to subviews.
    private static func legacy(_ request: ScrollRequest, guides: Insets, explain: [String]) -> ScrollResult {
        var explain = explain
        let properties = request.properties
        let context = request.context
        explain.append("systemVersion \(format(request.systemVersion)) < 11: legacy model, automaticallyAdjustsScrollViewInsets writes contentInset")
        let vertical = properties.contentSize.height > request.bounds.height || properties.alwaysBounceVertical
        let horizontal = properties.contentSize.width > request.bounds.width || properties.alwaysBounceHorizontal
        explain.append(axisSentence("vertical", scrollable: vertical, content: properties.contentSize.height,
                                    bounds: request.bounds.height, dimension: "height", bounce: properties.alwaysBounceVertical ? "alwaysBounceVertical" : nil))
        explain.append(axisSentence("horizontal", scrollable: horizontal, content: properties.contentSize.width,
                                    bounds: request.bounds.width, dimension: "width", bounce: properties.alwaysBounceHorizontal ? "alwaysBounceHorizontal" : nil))
        var inset = properties.contentInset
        var edges: [Edge] = []
        if context.isContentScrollView, context.automaticallyAdjustsScrollViewInsets {
            inset.top = guides.top
            inset.bottom = guides.bottom
            edges = [.top, .bottom]
            explain.append("contentInset.top = topLayoutGuide \(format(guides.top)), contentInset.bottom = bottomLayoutGuide \(format(guides.bottom)): the content scroll view of a view controller with automaticallyAdjustsScrollViewInsets")
        } else if !context.isContentScrollView {
            explain.append("contentInset left as set: not its view controller's content scroll view (first-subview chain)")
        } else {
            explain.append("contentInset left as set: its view controller's automaticallyAdjustsScrollViewInsets is false")
        }
        explain.append("adjustedContentInset and scroll indicator insets equal contentInset \(describe(inset))")
        let offsets = contentOffsetRange(contentSize: properties.contentSize, boundsSize: request.bounds, adjusted: inset)
        explain.append(contentsOf: offsetSentences(offsets, request: request, adjusted: inset))
        explain.append("no safe area below systemVersion 11: subviews see none")
        return ScrollResult(
            adjustedContentInset: inset, systemInset: inset - properties.contentInset, adjustedEdges: edges,
            scrollableAxes: ScrollableAxes(vertical: vertical, horizontal: horizontal),
            verticalScrollIndicatorInsets: inset, horizontalScrollIndicatorInsets: inset,
            contentOffset: offsets, subviewSafeAreaInsets: .zero, explain: explain
        )
    }

    // MARK: - Deriving the safe area from a device

    /// Builds the hierarchy API.md describes — the containers the bar objects imply
    /// (navigation bar or toolbar: a navigation controller; tab bar: a tab bar controller;
    /// both: tab › navigation) › a plain controller › the scroll view at `frame` (window
    /// coordinates) — and reads the scroll view's safe area (legacy: the controller's guides)
    /// from `InsetEngine.layout`.
    private static func derive(_ request: ScrollRequest, environment: DisplayEnvironment, frame: Rect, navigationBar: BarConfiguration?, toolbar: BarConfiguration?, tabBar: BarConfiguration?) -> (insets: Insets, sentence: String) {
        func hierarchy(scrollFrame: Rect) -> ViewHierarchy {
            typealias View = ViewHierarchy.View
            var views: [View] = []
            var ids: NodeIDList = []
            func add(_ id: String, _ view: View) {
                views.append(view)
                ids.append(id)
            }
            if let tabBar {
                add("tabBarController", View(viewController: ViewController(kind: .tabBar, tabBar: tabBar), parent: -1))
            }
            if navigationBar != nil || toolbar != nil {
                let navigation = ViewController(kind: .navigation, navigationBar: navigationBar ?? BarConfiguration(hidden: false), toolbar: toolbar ?? BarConfiguration(hidden: true))
                add("navigationController", View(viewController: navigation, parent: views.count - 1))
            }
            let controller = views.count
            add("controller", View(viewController: ViewController(automaticallyAdjustsScrollViewInsets: request.context.automaticallyAdjustsScrollViewInsets), parent: controller - 1))
            if !request.context.isContentScrollView {
                // Something else is the controller's subviews.first, so the chain misses the scroll view.
                add("firstSubview", View(placement: .frame(Rect(x: 0, y: 0, width: 0, height: 0)), parent: controller))
            }
            add("scrollView", View(kind: .scrollView, placement: .frame(scrollFrame), scroll: request.properties, parent: controller))
            return ViewHierarchy(views: views, ids: ids)
        }
        func run(_ scrollFrame: Rect) -> (controller: NodeResult, scrollView: NodeResult) {
            var layout = LayoutRequest(environment: environment, systemVersion: request.systemVersion, hierarchy: hierarchy(scrollFrame: scrollFrame))
            layout.designRequiresCompatibility = request.designRequiresCompatibility
            let result = InsetEngine.layout(layout)
            // The hierarchy's ids are the engine's own, so both lookups succeed.
            let controller = result.nodes[id: "controller"] ?? result.nodes[0]
            let scrollView = result.nodes[id: "scrollView"] ?? result.nodes[result.nodes.count - 1]
            return (controller, scrollView)
        }
        var outcome = run(frame)
        let origin = outcome.controller.frameInWindow.origin
        if origin.x != 0 || origin.y != 0 {
            // The controller's view starts below an opaque bar: express the window frame in its coordinates.
            outcome = run(Rect(x: frame.x - origin.x, y: frame.y - origin.y, width: frame.width, height: frame.height))
        }
        var containers: [String] = []
        if tabBar != nil { containers.append("a tab bar controller") }
        if navigationBar != nil || toolbar != nil { containers.append("a navigation controller") }
        let place = "a scroll view at \(describe(frame)) in a full-screen view controller" + (containers.isEmpty ? "" : " inside " + containers.joined(separator: " › "))
        if request.systemVersion < 11 {
            let guides = outcome.controller.layoutGuides ?? LayoutGuideLengths(top: 0, bottom: 0)
            return (Insets(top: guides.top, bottom: guides.bottom),
                    "layout guides derived for \(place): topLayoutGuide \(format(guides.top)), bottomLayoutGuide \(format(guides.bottom))")
        }
        let insets = outcome.scrollView.safeAreaInsets ?? .zero
        return (insets, "safe area derived for \(place): \(describe(insets))")
    }

    // MARK: - Sentences

    private static func axisSentence(_ axis: String, scrollable: Bool, content: Double, bounds: Double, dimension: String, bounce: String?) -> String {
        let comparison = content > bounds
            ? "contentSize.\(dimension) \(format(content)) > bounds.\(dimension) \(format(bounds))"
            : "contentSize.\(dimension) \(format(content)) <= bounds.\(dimension) \(format(bounds))"
        if let bounce, content <= bounds {
            return "\(axis) axis scrollable: \(bounce) is true (\(comparison))"
        }
        return "\(axis) axis \(scrollable ? "scrollable" : "not scrollable"): \(comparison)"
    }

    private static func compatibilitySentence(_ context: ScrollContext) -> String {
        if !context.isContentScrollView {
            return "no compatibility adjustment: not its view controller's content scroll view (first-subview chain)"
        }
        if !context.automaticallyAdjustsScrollViewInsets {
            return "no compatibility adjustment: its view controller's automaticallyAdjustsScrollViewInsets is false"
        }
        if !context.inNavigationController {
            return "no compatibility adjustment: not inside a navigation controller"
        }
        return "top and bottom adjusted for compatibility: the content scroll view of a view controller with automaticallyAdjustsScrollViewInsets inside a navigation controller"
    }

    private static func offsetSentences(_ offsets: ContentOffsetRange, request: ScrollRequest, adjusted: Insets) -> [String] {
        let size = request.properties.contentSize
        return [
            "contentOffset.min = (−adjusted.left, −adjusted.top) = \(describe(offsets.min)); the scroll view rests there",
            "contentOffset.max.x = max(min.x, contentSize.width \(format(size.width)) − bounds.width \(format(request.bounds.width)) + adjusted.right \(format(adjusted.right))) = \(format(offsets.max.x))",
            "contentOffset.max.y = max(min.y, contentSize.height \(format(size.height)) − bounds.height \(format(request.bounds.height)) + adjusted.bottom \(format(adjusted.bottom))) = \(format(offsets.max.y))",
        ]
    }

    private static func describe(_ insets: Insets) -> String {
        "(top \(format(insets.top)), left \(format(insets.left)), bottom \(format(insets.bottom)), right \(format(insets.right)))"
    }

    private static func describe(_ point: Point) -> String {
        "(\(format(point.x)), \(format(point.y)))"
    }

    private static func describe(_ rect: Rect) -> String {
        "{x \(format(rect.x)), y \(format(rect.y)), width \(format(rect.width)), height \(format(rect.height))}"
    }

    /// A number as a person writes it: whole numbers without ".0", others in Swift's shortest form.
    private static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int(value))
        }
        return String(value)
    }
}
