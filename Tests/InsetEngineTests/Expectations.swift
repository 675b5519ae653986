import InsetEngine
import Testing
import InsetEngineTestSupport

/// One expected value of a layout result, as the acceptance scenarios state them.
enum Expect: Sendable {
    case safeArea(String, Insets)
    case noSafeArea(String)
    case safeAreaGuide(String, Rect)
    case frame(String, Rect)
    case frameInWindow(String, Rect)
    case margins(String, Insets)
    case directionalMargins(String, DirectionalInsets)
    case marginsGuide(String, Rect)
    case explain(String, Edge, [String])
    case guides(String, top: Double, bottom: Double)
    case bars(String, BarFrames?)
    case contentInset(String, Insets)
    case adjusted(String, Insets)
    case contentOffset(String, Point)
    case verticalIndicator(String, Insets)
    case window(Insets?)
    case screen(Size)
    /// The expectation applies to the state after step `n` (0-based).
    indirect case afterStep(Int, Expect)
}

/// A named layout request with what it must produce.
struct LayoutCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// Where the expected values come from.
    var source: String
    var request: LayoutRequest
    var expectations: [Expect]

    var testDescription: String { "\(name) [\(source)]" }

    init(_ name: String, source: String, _ device: Device, orientation: Orientation = .portrait, statusBarHidden: Bool = false, systemVersion: Double = 18, direction: LayoutDirection = .leftToRight, root: Node, steps: [[(id: String, frame: Rect)]] = [], expect: [Expect]) {
        self.name = name
        self.source = source
        self.request = LayoutRequest(
            environment: device.environment(orientation, statusBarHidden: statusBarHidden),
            systemVersion: systemVersion, layoutDirection: direction, root: root,
            steps: steps.map { LayoutStep(frames: $0) }
        )
        self.expectations = expect
    }

    /// Runs the layout and checks every expectation.
    func verify(sourceLocation: SourceLocation = #_sourceLocation) {
        let result = InsetEngine.layout(request)
        for expectation in expectations {
            Self.check(expectation, in: result.nodes, result: result, sourceLocation: sourceLocation)
        }
    }

    private static func check(_ expectation: Expect, in nodes: NodeResults, result: LayoutResult, sourceLocation: SourceLocation) {
        func node(_ id: String) -> NodeDetails? {
            let found = nodes.details(id)
            #expect(found != nil, "no node \(id)", sourceLocation: sourceLocation)
            return found
        }
        switch expectation {
        case .afterStep(let step, let inner):
            #expect(step < result.steps.count, sourceLocation: sourceLocation)
            if step < result.steps.count { check(inner, in: result.steps[step], result: result, sourceLocation: sourceLocation) }
        case .safeArea(let id, let insets):
            #expect(node(id)?.safeAreaInsets == insets, "\(id) safeAreaInsets", sourceLocation: sourceLocation)
        case .noSafeArea(let id):
            let found = node(id)
            #expect(found?.safeAreaInsets == nil && found?.explain == nil && found?.safeAreaLayoutGuide == nil, sourceLocation: sourceLocation)
        case .safeAreaGuide(let id, let rect):
            #expect(node(id)?.safeAreaLayoutGuide == rect, "\(id) safeAreaLayoutGuide", sourceLocation: sourceLocation)
        case .frame(let id, let rect):
            #expect(node(id)?.frame == rect, "\(id) frame", sourceLocation: sourceLocation)
        case .frameInWindow(let id, let rect):
            #expect(node(id)?.frameInWindow == rect, "\(id) frameInWindow", sourceLocation: sourceLocation)
        case .margins(let id, let insets):
            #expect(node(id)?.layoutMargins == insets, "\(id) layoutMargins", sourceLocation: sourceLocation)
        case .directionalMargins(let id, let insets):
            #expect(node(id)?.directionalLayoutMargins == insets, "\(id) directionalLayoutMargins", sourceLocation: sourceLocation)
        case .marginsGuide(let id, let rect):
            #expect(node(id)?.layoutMarginsGuide == rect, "\(id) layoutMarginsGuide", sourceLocation: sourceLocation)
        case .explain(let id, let edge, let entries):
            #expect(node(id)?.explain?.entries(edge) == entries, "\(id) explain.\(edge)", sourceLocation: sourceLocation)
        case .guides(let id, let top, let bottom):
            #expect(node(id)?.layoutGuides == LayoutGuideLengths(top: top, bottom: bottom), "\(id) layout guides", sourceLocation: sourceLocation)
        case .bars(let id, let bars):
            #expect(node(id)?.bars == bars, "\(id) bars", sourceLocation: sourceLocation)
        case .contentInset(let id, let insets):
            #expect(node(id)?.scroll?.contentInset == insets, "\(id) contentInset", sourceLocation: sourceLocation)
        case .adjusted(let id, let insets):
            #expect(node(id)?.scroll?.adjustedContentInset == insets, "\(id) adjustedContentInset", sourceLocation: sourceLocation)
        case .contentOffset(let id, let point):
            #expect(node(id)?.scroll?.contentOffset == point, "\(id) contentOffset", sourceLocation: sourceLocation)
        case .verticalIndicator(let id, let insets):
            #expect(node(id)?.scroll?.verticalScrollIndicatorInsets == insets, "\(id) verticalScrollIndicatorInsets", sourceLocation: sourceLocation)
        case .window(let insets):
            #expect(result.windowSafeArea == insets, "window safe area", sourceLocation: sourceLocation)
        case .screen(let size):
            #expect(result.screen == size, "screen", sourceLocation: sourceLocation)
        }
    }
}
