import DeviceCatalog
import InsetEngine

// Codable mirrors of API.md's `POST /layout` request and response, mapped to and from
// the engine's types. Custom `screen` requests are outside this peer's scope (400).

/// Insets in a request: every edge optional, default 0.
struct InsetsIn: Decodable {
    var top: Double?, left: Double?, bottom: Double?, right: Double?
    var value: Insets { Insets(top: top ?? 0, left: left ?? 0, bottom: bottom ?? 0, right: right ?? 0) }
}

/// Directional insets in a request.
struct DirectionalInsetsIn: Decodable {
    var top: Double?, leading: Double?, bottom: Double?, trailing: Double?
    var value: DirectionalInsets {
        DirectionalInsets(top: top ?? 0, leading: leading ?? 0, bottom: bottom ?? 0, trailing: trailing ?? 0)
    }
}

/// A Rect in a request.
struct RectIn: Decodable {
    var x: Double, y: Double, width: Double, height: Double
    var value: Rect { Rect(x: x, y: y, width: width, height: height) }
}

/// A Size in a request.
struct SizeIn: Decodable {
    var width: Double, height: Double
}

/// A bar's configuration in a request.
struct BarIn: Decodable {
    var hidden: Bool?, translucent: Bool?, prefersLargeTitles: Bool?
    func value(hiddenByDefault: Bool) -> BarConfiguration {
        BarConfiguration(hidden: hidden ?? hiddenByDefault, translucent: translucent ?? true, prefersLargeTitles: prefersLargeTitles ?? false)
    }
}

/// `edgesForExtendedLayout`: an array of edges, or `"all"` / `"none"`.
enum EdgesIn: Decodable {
    case edges(EdgeSet)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let word = try? container.decode(String.self) {
            self = .edges(word == "all" ? .all : [])
        } else {
            var set: EdgeSet = []
            for name in try container.decode([String].self) {
                switch name {
                case "top": set.insert(.top)
                case "left": set.insert(.left)
                case "bottom": set.insert(.bottom)
                default: set.insert(.right)
                }
            }
            self = .edges(set)
        }
    }
}

/// A view controller in a request.
struct ViewControllerIn: Decodable {
    var kind: String?
    var additionalSafeAreaInsets: InsetsIn?
    var edgesForExtendedLayout: EdgesIn?
    var extendedLayoutIncludesOpaqueBars: Bool?
    var automaticallyAdjustsScrollViewInsets: Bool?
    var viewRespectsSystemMinimumLayoutMargins: Bool?
    var navigationBar: BarIn?, toolbar: BarIn?, tabBar: BarIn?

    var value: ViewController {
        var edges = EdgeSet.all
        if case .edges(let set) = edgesForExtendedLayout { edges = set }
        return ViewController(
            kind: kind.flatMap(ViewControllerKind.init(rawValue:)) ?? .plain,
            additionalSafeAreaInsets: additionalSafeAreaInsets?.value ?? .zero,
            edgesForExtendedLayout: edges,
            extendedLayoutIncludesOpaqueBars: extendedLayoutIncludesOpaqueBars ?? false,
            automaticallyAdjustsScrollViewInsets: automaticallyAdjustsScrollViewInsets ?? true,
            viewRespectsSystemMinimumLayoutMargins: viewRespectsSystemMinimumLayoutMargins ?? true,
            navigationBar: navigationBar?.value(hiddenByDefault: false) ?? BarConfiguration(hidden: false),
            toolbar: toolbar?.value(hiddenByDefault: true) ?? BarConfiguration(hidden: true),
            tabBar: tabBar?.value(hiddenByDefault: false) ?? BarConfiguration(hidden: false)
        )
    }
}

/// A node in a request.
struct NodeIn: Decodable {
    var id: String
    var kind: String?
    var frame: RectIn?
    var pin: String?
    var layoutMargins: InsetsIn?
    var directionalLayoutMargins: DirectionalInsetsIn?
    var insetsLayoutMarginsFromSafeArea: Bool?
    var preservesSuperviewLayoutMargins: Bool?
    var contentSize: SizeIn?
    var contentInset: InsetsIn?
    var contentInsetAdjustmentBehavior: String?
    var alwaysBounceVertical: Bool?, alwaysBounceHorizontal: Bool?
    var automaticallyAdjustsScrollIndicatorInsets: Bool?
    var verticalScrollIndicatorInsets: InsetsIn?, horizontalScrollIndicatorInsets: InsetsIn?
    var viewController: ViewControllerIn?
    var subviews: [NodeIn]?

    /// Appends this node and its subtree, depth first, under the view at `parent`.
    func flatten(parent: Int, into views: inout [ViewHierarchy.View], ids: inout [String]) {
        let kind = kind.flatMap(ViewKind.init(rawValue:)) ?? .view
        var placement = Placement.fill
        if let frame { placement = .frame(frame.value) } else if let pin = pin.flatMap(Pin.init(rawValue:)) { placement = .pin(pin) }
        var margins: MarginSpec?
        if let layoutMargins { margins = .physical(layoutMargins.value) }
        if let directionalLayoutMargins { margins = .directional(directionalLayoutMargins.value) }
        let scroll = kind.isScrollView ? ScrollProperties(
            contentSize: contentSize.map { Size(width: $0.width, height: $0.height) } ?? .zero,
            contentInset: contentInset?.value ?? .zero,
            behavior: contentInsetAdjustmentBehavior.flatMap(ContentInsetAdjustmentBehavior.init(rawValue:)) ?? .automatic,
            alwaysBounceVertical: alwaysBounceVertical ?? false,
            alwaysBounceHorizontal: alwaysBounceHorizontal ?? false,
            automaticallyAdjustsScrollIndicatorInsets: automaticallyAdjustsScrollIndicatorInsets ?? true,
            verticalScrollIndicatorInsets: verticalScrollIndicatorInsets?.value ?? .zero,
            horizontalScrollIndicatorInsets: horizontalScrollIndicatorInsets?.value ?? .zero
        ) : nil
        let index = views.count
        views.append(ViewHierarchy.View(
            kind: kind, placement: placement, layoutMargins: margins,
            insetsLayoutMarginsFromSafeArea: insetsLayoutMarginsFromSafeArea ?? true,
            preservesSuperviewLayoutMargins: preservesSuperviewLayoutMargins ?? false,
            scroll: scroll, viewController: viewController?.value, parent: parent
        ))
        ids.append(id)
        for subview in subviews ?? [] { subview.flatten(parent: index, into: &views, ids: &ids) }
    }
}

/// One step of a request.
struct StepIn: Decodable {
    var frames: [String: RectIn]
}

/// The `POST /layout` request.
struct LayoutIn: Decodable {
    var device: String?
    var orientation: String?
    var systemVersion: Double?
    var statusBarHidden: Bool?
    var layoutDirection: String?
    var root: NodeIn
    var steps: [StepIn]?
}

/// Insets in a response.
struct InsetsOut: Encodable {
    var top: Double, left: Double, bottom: Double, right: Double
    init(_ i: Insets) { (top, left, bottom, right) = (i.top, i.left, i.bottom, i.right) }
}

/// Directional insets in a response.
struct DirectionalInsetsOut: Encodable {
    var top: Double, leading: Double, bottom: Double, trailing: Double
    init(_ i: DirectionalInsets) { (top, leading, bottom, trailing) = (i.top, i.leading, i.bottom, i.trailing) }
}

/// A Rect in a response.
struct RectOut: Encodable {
    var x: Double, y: Double, width: Double, height: Double
    init(_ r: Rect) { (x, y, width, height) = (r.x, r.y, r.width, r.height) }
}

/// A Size in a response.
struct SizeOut: Encodable {
    var width: Double, height: Double
}

/// A Point in a response.
struct PointOut: Encodable {
    var x: Double, y: Double
}

/// The bars of a container node.
struct BarsOut: Encodable {
    var statusBar: RectOut?, navigationBar: RectOut?, toolbar: RectOut?, tabBar: RectOut?
}

/// One explain entry.
struct ContributionOut: Encodable {
    var source: String, value: Double
}

/// `explain`: per edge, the contributions.
struct ExplainOut: Encodable {
    var top: [ContributionOut], left: [ContributionOut], bottom: [ContributionOut], right: [ContributionOut]
    init(_ e: Explanation) {
        func list(_ c: [Contribution]) -> [ContributionOut] { c.map { ContributionOut(source: $0.source.rawValue, value: $0.value) } }
        (top, left, bottom, right) = (list(e.top), list(e.left), list(e.bottom), list(e.right))
    }
}

/// One node of a response; absent parts are omitted.
struct NodeOut: Encodable {
    var frame: RectOut, frameInWindow: RectOut
    var safeAreaInsets: InsetsOut?, safeAreaLayoutGuide: RectOut?
    var layoutMargins: InsetsOut, directionalLayoutMargins: DirectionalInsetsOut, layoutMarginsGuide: RectOut
    var contentInset: InsetsOut?, adjustedContentInset: InsetsOut?
    var verticalScrollIndicatorInsets: InsetsOut?, horizontalScrollIndicatorInsets: InsetsOut?
    var contentOffset: PointOut?
    var topLayoutGuide: Double?, bottomLayoutGuide: Double?
    var bars: BarsOut?
    var explain: ExplainOut?

    init(_ n: NodeResult, in results: NodeResults) {
        frame = RectOut(n.frame)
        frameInWindow = RectOut(n.frameInWindow)
        safeAreaInsets = n.safeAreaInsets.map(InsetsOut.init)
        safeAreaLayoutGuide = n.safeAreaLayoutGuide.map(RectOut.init)
        layoutMargins = InsetsOut(n.layoutMargins)
        directionalLayoutMargins = DirectionalInsetsOut(n.directionalLayoutMargins)
        layoutMarginsGuide = RectOut(n.layoutMarginsGuide)
        if let s = results.scroll(of: n) {
            contentInset = InsetsOut(s.contentInset)
            adjustedContentInset = InsetsOut(s.adjustedContentInset)
            verticalScrollIndicatorInsets = InsetsOut(s.verticalScrollIndicatorInsets)
            horizontalScrollIndicatorInsets = InsetsOut(s.horizontalScrollIndicatorInsets)
            contentOffset = PointOut(x: s.contentOffset.x, y: s.contentOffset.y)
        }
        topLayoutGuide = n.layoutGuides?.top
        bottomLayoutGuide = n.layoutGuides?.bottom
        bars = results.bars(of: n).map {
            BarsOut(statusBar: $0.statusBar.map(RectOut.init), navigationBar: $0.navigationBar.map(RectOut.init),
                    toolbar: $0.toolbar.map(RectOut.init), tabBar: $0.tabBar.map(RectOut.init))
        }
        explain = results.explain(of: n).map(ExplainOut.init)
    }
}

/// `nodes`: an object keyed by node id, in depth-first request order.
struct NodesOut: Encodable {
    var nodes: NodeResults

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for node in nodes { try container.encode(NodeOut(node, in: nodes), forKey: Key(stringValue: nodes.id(of: node))) }
    }
}

/// One step of a response.
struct StepOut: Encodable {
    var nodes: NodesOut
}

/// A window in a response.
struct WindowOut: Encodable {
    var safeAreaInsets: InsetsOut
}

/// The `POST /layout` response.
struct LayoutOut: Encodable {
    var device: String, orientation: String, systemVersion: Double
    var screen: SizeOut
    var window: WindowOut?
    var nodes: NodesOut
    var steps: [StepOut]?
}

/// Why a request cannot be answered.
struct PeerError: Error {}

extension LayoutIn {
    /// Resolves the device and runs the engine: the same call insetd makes.
    func respond(catalog: DeviceCatalog) throws -> LayoutOut {
        guard let device else { throw PeerError() }
        let orientation = orientation.flatMap(Orientation.init(rawValue:)) ?? .portrait
        let systemVersion = systemVersion ?? SystemVersion.default
        let environment = try catalog.resolve(
            id: device, orientation: orientation, systemVersion: systemVersion, statusBarHidden: statusBarHidden ?? false
        ).environment
        var views: [ViewHierarchy.View] = []
        var ids: [String] = []
        root.flatten(parent: -1, into: &views, ids: &ids)
        let hierarchy = ViewHierarchy(views: views, ids: NodeIDList(ids))
        let request = LayoutRequest(
            environment: environment, systemVersion: systemVersion,
            layoutDirection: layoutDirection.flatMap(LayoutDirection.init(rawValue:)) ?? .leftToRight,
            hierarchy: hierarchy,
            steps: (steps ?? []).map { LayoutStep(frames: $0.frames.map { (id: $0.key, frame: $0.value.value) }) }
        )
        let result = InsetEngine.layout(request)
        return LayoutOut(
            device: device, orientation: orientation.rawValue, systemVersion: systemVersion,
            screen: SizeOut(width: result.screen.width, height: result.screen.height),
            window: result.windowSafeArea.map { WindowOut(safeAreaInsets: InsetsOut($0)) },
            nodes: NodesOut(nodes: result.nodes),
            steps: result.steps.isEmpty ? nil : result.steps.map { StepOut(nodes: NodesOut(nodes: $0)) }
        )
    }
}
