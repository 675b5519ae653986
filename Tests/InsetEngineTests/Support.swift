import InsetEngine
import InsetEngineTestSupport

/// Display environments built by hand from /work/shared/data/devices.md figures (what the
/// device registry produces), so the engine is tested without the registry.
enum Device {
    case iPhone8, iPhoneX, iPhone12Mini, iPhone14Pro, iPhone15Pro, iPadPro11, appleTV

    /// The environment for an orientation; `statusBarHidden` applied as RULES.md §S2 says.
    func environment(_ orientation: Orientation = .portrait, statusBarHidden: Bool = false) -> DisplayEnvironment {
        let landscape = orientation.isLandscape
        switch self {
        case .iPhone8:
            return phone(width: 375, height: 667, landscape: landscape, top: 20, housing: nil, statusBar: 20, side: 0, statusBarHidden: statusBarHidden)
        case .iPhoneX:
            return phone(width: 375, height: 812, landscape: landscape, top: 44, housing: .sensorHousing, statusBar: 44, side: 44, statusBarHidden: statusBarHidden)
        case .iPhone12Mini:
            return phone(width: 375, height: 812, landscape: landscape, top: 50, housing: .sensorHousing, statusBar: 50, side: 50, statusBarHidden: statusBarHidden)
        case .iPhone14Pro, .iPhone15Pro:
            return phone(width: 393, height: 852, landscape: landscape, top: 59, housing: .sensorHousing, statusBar: 54, side: 59, statusBarHidden: statusBarHidden)
        case .iPadPro11:
            let screen = landscape ? Size(width: 1194, height: 834) : Size(width: 834, height: 1194)
            let top: Double = statusBarHidden ? 0 : 24
            let sizeClass = SizeClasses(horizontal: .regular, vertical: .regular)
            return DisplayEnvironment(
                family: .ipad, screen: screen, windowSafeArea: Insets(top: top, bottom: 20),
                windowExplain: Explanation(top: top > 0 ? [Contribution(.statusBar, top)] : [], bottom: [Contribution(.homeIndicator, 20)]),
                statusBarHeight: top, sizeClass: sizeClass, bars: .iPad(systemVersion: 18),
                systemMinimumLayoutMargins: DisplayEnvironment.systemMinimumLayoutMargins(family: .ipad, screenWidth: screen.width, sizeClass: sizeClass)
            )
        case .appleTV:
            let sizeClass = SizeClasses(horizontal: .regular, vertical: .regular)
            let overscan = [Contribution(.overscan, 60)], sides = [Contribution(.overscan, 80)]
            return DisplayEnvironment(
                family: .tv, screen: Size(width: 1920, height: 1080), windowSafeArea: Insets(top: 60, left: 80, bottom: 60, right: 80),
                windowExplain: Explanation(top: overscan, left: sides, bottom: overscan, right: sides),
                statusBarHeight: 0, sizeClass: sizeClass, bars: nil, systemMinimumLayoutMargins: .zero
            )
        }
    }

    private func phone(width: Double, height: Double, landscape: Bool, top: Double, housing: InsetSource?, statusBar: Double, side: Double, statusBarHidden: Bool) -> DisplayEnvironment {
        let screen = landscape ? Size(width: height, height: width) : Size(width: width, height: height)
        let sizeClass = SizeClasses(horizontal: .compact, vertical: landscape ? .compact : .regular)
        var insets = Insets.zero
        var explain = Explanation.empty
        var statusBarHeight: Double = 0
        if landscape {
            if housing != nil {
                // S1: symmetric sides, top 0, bottom 21.
                insets = Insets(top: 0, left: side, bottom: 21, right: side)
                explain = Explanation(left: [Contribution(.sensorHousing, side)], bottom: [Contribution(.homeIndicator, 21)], right: [Contribution(.sensorHousing, side)])
            }
        } else {
            statusBarHeight = statusBarHidden ? 0 : statusBar
            if let housing {
                // S2: the sensor-housing inset stays when the status bar is hidden.
                insets = Insets(top: top, bottom: 34)
                explain = Explanation(top: [Contribution(housing, top)], bottom: [Contribution(.homeIndicator, 34)])
            } else if !statusBarHidden {
                insets = Insets(top: top)
                explain = Explanation(top: [Contribution(.statusBar, top)])
            }
        }
        return DisplayEnvironment(
            family: .iphone, screen: screen, windowSafeArea: insets, windowExplain: explain,
            statusBarHeight: statusBarHeight, sizeClass: sizeClass, bars: .iPhone(verticalSizeClass: sizeClass.vertical),
            systemMinimumLayoutMargins: DisplayEnvironment.systemMinimumLayoutMargins(family: .iphone, screenWidth: screen.width, sizeClass: sizeClass)
        )
    }
}

/// Shorthands for building request trees.
extension Node {
    /// A plain view controller's root view.
    static func controller(_ id: String, _ controller: ViewController = ViewController(), kind: ViewKind = .view, scroll: ScrollProperties? = nil, placement: Placement = .fill, subviews: [Node] = []) -> Node {
        Node(id: id, kind: kind, placement: placement, scroll: scroll, viewController: controller, subviews: subviews)
    }

    /// A navigation controller's view holding `content`.
    static func navigation(_ id: String, _ controller: ViewController = ViewController(kind: .navigation), content: Node) -> Node {
        Node(id: id, viewController: controller, subviews: [content])
    }

    /// A tab bar controller's view holding `content`.
    static func tabBar(_ id: String, _ controller: ViewController = ViewController(kind: .tabBar), content: Node) -> Node {
        Node(id: id, viewController: controller, subviews: [content])
    }

    /// A plain view.
    static func view(_ id: String, frame: Rect? = nil, pin: Pin? = nil, subviews: [Node] = []) -> Node {
        let placement: Placement = if let frame { .frame(frame) } else if let pin { .pin(pin) } else { .fill }
        return Node(id: id, placement: placement, subviews: subviews)
    }
}

extension Rect {
    /// Shorthand.
    init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(x: x, y: y, width: width, height: height)
    }
}

extension Insets {
    /// Shorthand in UIEdgeInsets order.
    init(_ top: Double, _ left: Double, _ bottom: Double, _ right: Double) {
        self.init(top: top, left: left, bottom: bottom, right: right)
    }
}

/// Runs a layout with the defaults tests use most.
func layout(_ device: Device, _ root: Node, orientation: Orientation = .portrait, statusBarHidden: Bool = false, systemVersion: Double = 18, direction: LayoutDirection = .leftToRight, steps: [[(id: String, frame: Rect)]] = []) -> LayoutResult {
    InsetEngine.layout(LayoutRequest(
        environment: device.environment(orientation, statusBarHidden: statusBarHidden),
        systemVersion: systemVersion, layoutDirection: direction, root: root,
        steps: steps.map { LayoutStep(frames: $0) }
    ))
}

extension LayoutResult {
    /// The node with `id` after the first layout.
    subscript(id: String) -> NodeDetails { nodes.details(id)! }

    /// The node with `id` after step `step` (0-based).
    func after(step: Int, _ id: String) -> NodeDetails { steps[step].details(id)! }

    /// Every node state: the first layout's and every step's.
    var allStates: [NodeDetails] { nodes.details + steps.flatMap(\.details) }
}

extension Explanation {
    /// The explanation as (source, value) pairs per edge, for compact expectations.
    func entries(_ edge: Edge) -> [String] { self[edge].map { "\($0.source.rawValue) \(format($0.value))" } }
}

/// A number without a trailing ".0" when it is whole.
func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

extension Insets {
    /// These insets with every edge outside `edges` set to 0.
    func only(_ edges: EdgeSet) -> Insets {
        var copy = Insets.zero
        for edge in Edge.allCases where edges.contains(edge) { copy[edge] = self[edge] }
        return copy
    }
}
