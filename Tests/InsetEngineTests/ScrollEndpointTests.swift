import InsetEngine
import Testing

/// A `/scroll` request with what it must produce.
struct ScrollCase: Sendable, CustomTestStringConvertible {
    var name: String
    var source: String
    var request: ScrollRequest
    var adjusted: Insets?
    var system: Insets?
    var edges: [Edge]?
    var axes: ScrollableAxes?
    var indicators: Insets?
    var offsets: ContentOffsetRange?
    var subview: Insets?
    var explainContains: [String] = []

    var testDescription: String { "\(name) [\(source)]" }
}

private func request(systemVersion: Double = 18, behavior: ContentInsetAdjustmentBehavior = .automatic, bounds: Size = Size(width: 375, height: 812), contentHeight: Double, contentInset: Insets = .zero, safeArea: ScrollSafeAreaSource, context: ScrollContext = ScrollContext(inNavigationController: true), indicator: Insets = .zero) -> ScrollRequest {
    ScrollRequest(
        systemVersion: systemVersion, bounds: bounds,
        properties: ScrollProperties(contentSize: Size(width: bounds.width, height: contentHeight), contentInset: contentInset, behavior: behavior, verticalScrollIndicatorInsets: indicator),
        safeArea: safeArea, context: context
    )
}

private let nav88 = ScrollSafeAreaSource.explicit(Insets(88, 0, 34, 0))
private let fullScreen = Rect(0, 0, 375, 812)

let scrollEndpointCases: [ScrollCase] = [
    // scenarios/scroll.json
    ScrollCase(name: "scroll.json: automatic in a navigation controller, short content", source: "UIScrollView.h (.automatic); seed 003",
               request: request(contentHeight: 300, safeArea: nav88),
               adjusted: Insets(88, 0, 34, 0), system: Insets(88, 0, 34, 0), edges: [.top, .bottom],
               axes: ScrollableAxes(vertical: false, horizontal: false),
               explainContains: ["top and bottom adjusted for compatibility: the content scroll view of a view controller with automaticallyAdjustsScrollViewInsets inside a navigation controller"]),
    ScrollCase(name: "scroll.json: scrollableAxes with tall content", source: "UIScrollView.h (.scrollableAxes)",
               request: request(behavior: .scrollableAxes, contentHeight: 2000, safeArea: nav88),
               adjusted: Insets(88, 0, 34, 0), axes: ScrollableAxes(vertical: true, horizontal: false),
               offsets: ContentOffsetRange(initial: Point(x: 0, y: -88), min: Point(x: 0, y: -88), max: Point(x: 0, y: 1222)),
               subview: .zero),
    // API.md's example response
    ScrollCase(name: "API.md example: automatic, tall, navigation controller", source: "API.md POST /scroll",
               request: request(contentHeight: 2000, safeArea: nav88),
               adjusted: Insets(88, 0, 34, 0), system: Insets(88, 0, 34, 0), edges: [.top, .bottom], indicators: Insets(88, 0, 34, 0),
               offsets: ContentOffsetRange(initial: Point(x: 0, y: -88), min: Point(x: 0, y: -88), max: Point(x: 0, y: 1222)), subview: .zero,
               explainContains: ["vertical axis scrollable: contentSize.height 2000 > bounds.height 812",
                                 "contentOffset.max.y = max(min.y, contentSize.height 2000 − bounds.height 812 + adjusted.bottom 34) = 1222"]),
    ScrollCase(name: "never: nothing adjusted, everything passes to subviews", source: "C1 .never; WWDC18/235",
               request: request(behavior: .never, contentHeight: 2000, safeArea: nav88),
               adjusted: .zero, system: .zero, edges: [], subview: Insets(88, 0, 34, 0)),
    ScrollCase(name: "always: every edge listed, zero or not", source: "C1 .always; API.md adjustedEdges",
               request: request(behavior: .always, contentHeight: 300, safeArea: nav88),
               adjusted: Insets(88, 0, 34, 0), edges: [.top, .left, .bottom, .right], subview: .zero),
    ScrollCase(name: "automatic outside a navigation controller, short: nothing", source: "C1 compatibility rule",
               request: request(contentHeight: 300, safeArea: nav88, context: ScrollContext()),
               adjusted: .zero, edges: [], explainContains: ["no compatibility adjustment: not inside a navigation controller"]),
    ScrollCase(name: "contentInset adds; the maximum offset never goes below the minimum", source: "§3.5 (epoxy bottomContentOffset)",
               request: request(contentHeight: 300, contentInset: Insets(top: 10), safeArea: nav88),
               adjusted: Insets(98, 0, 34, 0), system: Insets(88, 0, 34, 0),
               offsets: ContentOffsetRange(initial: Point(x: 0, y: -98), min: Point(x: 0, y: -98), max: Point(x: 0, y: -98))),
    ScrollCase(name: "iOS 12 indicators follow the adjustment", source: "RULES.md indicators (11–12)",
               request: request(systemVersion: 12, behavior: .never, contentHeight: 2000, safeArea: nav88, indicator: Insets(right: 3)),
               indicators: Insets(0, 0, 0, 3)),
    ScrollCase(name: "derived from a device: navigation bar on an iPhone X", source: "API.md (device, frame); useyourloaf (88)",
               request: request(contentHeight: 2000, safeArea: .device(environment: Device.iPhoneX.environment(), frame: fullScreen, navigationBar: BarConfiguration(hidden: false), toolbar: nil, tabBar: nil)),
               adjusted: Insets(88, 0, 34, 0), explainContains: ["safe area derived for a scroll view at {x 0, y 0, width 375, height 812} in a full-screen view controller inside a navigation controller: (top 88, left 0, bottom 34, right 0)"]),
    ScrollCase(name: "derived from a device: tab › navigation", source: "API.md (both → tab › nav); cnblogs (83)",
               request: request(contentHeight: 2000, safeArea: .device(environment: Device.iPhoneX.environment(), frame: fullScreen, navigationBar: BarConfiguration(hidden: false), toolbar: nil, tabBar: BarConfiguration(hidden: false))),
               adjusted: Insets(88, 0, 83, 0)),
    ScrollCase(name: "derived from a device: below an opaque navigation bar", source: "S7 (opaque bar); API.md (frame in the window)",
               request: request(bounds: Size(width: 375, height: 724), contentHeight: 2000, safeArea: .device(environment: Device.iPhoneX.environment(), frame: Rect(0, 88, 375, 724), navigationBar: BarConfiguration(hidden: false, translucent: false), toolbar: nil, tabBar: nil)),
               adjusted: Insets(0, 0, 34, 0)),
    ScrollCase(name: "legacy: the guides are written into contentInset", source: "§2.2; seed 002 (64)",
               request: request(systemVersion: 10, contentHeight: 2000, contentInset: Insets(5, 7, 5, 7), safeArea: .explicit(Insets(64, 0, 0, 0))),
               adjusted: Insets(64, 7, 0, 7), system: Insets(59, 0, -5, 0), edges: [.top, .bottom], indicators: Insets(64, 7, 0, 7), subview: .zero),
    ScrollCase(name: "legacy: not the content scroll view — left alone", source: "§2.2 (first-subview chain)",
               request: request(systemVersion: 10, contentHeight: 2000, safeArea: .explicit(Insets(64, 0, 0, 0)), context: ScrollContext(inNavigationController: true, isContentScrollView: false)),
               adjusted: .zero, edges: []),
    ScrollCase(name: "legacy derived from a device: iPhone 8 navigation controller", source: "seed 002 (64)",
               request: request(systemVersion: 10, bounds: Size(width: 375, height: 667), contentHeight: 2000, safeArea: .device(environment: Device.iPhone8.environment(), frame: Rect(0, 0, 375, 667), navigationBar: BarConfiguration(hidden: false), toolbar: nil, tabBar: nil)),
               adjusted: Insets(64, 0, 0, 0), offsets: ContentOffsetRange(initial: Point(x: 0, y: -64), min: Point(x: 0, y: -64), max: Point(x: 0, y: 1333))),
]

@Test("POST /scroll (scroll.json scenarios, device derivation, legacy)", arguments: scrollEndpointCases)
func scrollEndpoint(_ c: ScrollCase) {
    let result = InsetEngine.scroll(c.request)
    if let adjusted = c.adjusted { #expect(result.adjustedContentInset == adjusted) }
    if let system = c.system { #expect(result.systemInset == system) }
    if let edges = c.edges { #expect(result.adjustedEdges == edges) }
    if let axes = c.axes { #expect(result.scrollableAxes == axes) }
    if let indicators = c.indicators { #expect(result.verticalScrollIndicatorInsets == indicators) }
    if let offsets = c.offsets { #expect(result.contentOffset == offsets) }
    if let subview = c.subview { #expect(result.subviewSafeAreaInsets == subview) }
    for sentence in c.explainContains {
        #expect(result.explain.contains(sentence), "missing: \(sentence)\n\(result.explain.joined(separator: "\n"))")
    }
}
