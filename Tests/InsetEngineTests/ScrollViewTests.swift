import InsetEngine
import Testing
import InsetEngineTestSupport

/// One combination of the C1 table: behaviour × scrollable × inside a navigation controller ×
/// content scroll view.
struct C1Case: Sendable, CustomTestStringConvertible {
    var behavior: ContentInsetAdjustmentBehavior
    var scrollable: Bool
    var inNavigation: Bool
    var contentScrollView: Bool

    var testDescription: String {
        "\(behavior) scrollable:\(scrollable) navigation:\(inNavigation) contentScrollView:\(contentScrollView)"
    }

    /// The edges UIScrollView.h's header comments (rule C1) say are adjusted.
    var expectedEdges: EdgeSet {
        switch behavior {
        case .never: []
        case .always: .all
        case .scrollableAxes: scrollable ? [.top, .bottom] : []
        case .automatic: scrollable || (inNavigation && contentScrollView) ? [.top, .bottom] : []
        }
    }

    static let all: [C1Case] = ContentInsetAdjustmentBehavior.allCases.flatMap { behavior in
        [true, false].flatMap { scrollable in
            [true, false].flatMap { inNavigation in
                [true, false].map { C1Case(behavior: behavior, scrollable: scrollable, inNavigation: inNavigation, contentScrollView: $0) }
            }
        }
    }
}

/// Rule C1 (UIScrollView.h header comments; RULES.md §C1) over every combination, on an
/// iPhone X in portrait; a probe covering the scroll view's bounds checks C2 at the same time.
@Test("C1: behaviour × scrollable × navigation controller × content scroll view", arguments: C1Case.all)
func c1(_ c: C1Case) {
    let safeArea = c.inNavigation ? Insets(88, 0, 34, 0) : Insets(44, 0, 34, 0)
    let adjusted = safeArea.only(c.expectedEdges)
    let probe = Node.view("probe", frame: Rect(0, -adjusted.top, 375, 812))
    let scroll = Node(id: "scroll", kind: .scrollView, scroll: ScrollProperties(contentSize: Size(width: 375, height: c.scrollable ? 2000 : 300), behavior: c.behavior), subviews: [probe])
    // Not the content scroll view: a view in front of it in the chain (subviews.first).
    let controller = Node.controller("vc", subviews: c.contentScrollView ? [scroll] : [.view("first", frame: Rect(0, 0, 10, 10)), scroll])
    let root = c.inNavigation ? Node.navigation("nav", content: controller) : controller
    let result = layout(.iPhoneX, root)
    #expect(result["scroll"].safeAreaInsets == safeArea)
    #expect(result["scroll"].scroll?.adjustedContentInset == adjusted)
    #expect(result["scroll"].scroll?.contentOffset == Point(x: 0, y: -adjusted.top))
    // C2: the probe sees the safe area minus the adjusted edges.
    let passed = safeArea.only(EdgeSet.all.subtracting(c.expectedEdges))
    #expect(result["probe"].safeAreaInsets == passed)
}

private func scrollView(_ id: String, _ properties: ScrollProperties, kind: ViewKind = .scrollView, subviews: [Node] = []) -> Node {
    Node(id: id, kind: kind, scroll: properties, subviews: subviews)
}

private func scrollView(_ properties: ScrollProperties, kind: ViewKind = .scrollView, subviews: [Node] = []) -> Node {
    scrollView("scroll", properties, kind: kind, subviews: subviews)
}

private let tall = Size(width: 375, height: 2000)

/// C2 and §3.4–3.6: what a scroll view passes on, indicators, offsets, ownership.
let scrollCases: [LayoutCase] = [
    LayoutCase(".never passes the status-bar inset to a label at the top", source: "seed 000 (.never label reads 44); WWDC18/235", .iPhoneX,
               root: .controller("vc", subviews: [scrollView(ScrollProperties(contentSize: tall, behavior: .never), subviews: [.view("label", frame: Rect(0, 0, 375, 50))])]),
               expect: [.adjusted("scroll", .zero), .safeArea("label", Insets(44, 0, 0, 0)), .contentOffset("scroll", Point(x: 0, y: 0))]),
    LayoutCase("an adjusting scroll view consumes the edge", source: "C2; seed 000 (scroll view eats the insets)", .iPhoneX,
               root: .controller("vc", subviews: [scrollView(ScrollProperties(contentSize: tall), subviews: [.view("label", frame: Rect(0, -44, 375, 50))])]),
               expect: [.adjusted("scroll", Insets(44, 0, 34, 0)), .safeArea("label", .zero),
                        .explain("label", .top, ["sensorHousing 44", "scrollViewConsumed -44"])]),
    LayoutCase("consumption is applied before the offset", source: "API.md explain (scrollViewConsumed before offset)", .iPhoneX, orientation: .landscapeLeft,
               root: .controller("vc", subviews: [scrollView(ScrollProperties(contentSize: Size(width: 812, height: 2000)), subviews: [.view("cell", frame: Rect(10, 0, 792, 44))])]),
               expect: [.adjusted("scroll", Insets(0, 0, 21, 0)), .safeArea("cell", Insets(0, 34, 0, 34)),
                        .explain("cell", .left, ["sensorHousing 44", "offset -10"]),
                        .explain("cell", .bottom, ["homeIndicator 21", "scrollViewConsumed -21"])]),
    LayoutCase("a vertical table in landscape passes left and right on", source: "C2; §3.6 insetsContentViewsToSafeArea", .iPhoneX, orientation: .landscapeLeft,
               root: .controller("vc", subviews: [scrollView(ScrollProperties(contentSize: Size(width: 812, height: 2000)), kind: .tableView, subviews: [.view("cell", frame: Rect(0, 0, 812, 44))])]),
               expect: [.safeArea("cell", Insets(0, 44, 0, 44))]),
    LayoutCase("a consumed edge stays consumed for a child controller inside", source: "RULES.md §C2", .iPhoneX,
               root: .navigation("nav", content: .controller("vc", subviews: [scrollView(ScrollProperties(contentSize: tall), subviews: [
                   .controller("child", placement: .frame(Rect(0, -88, 375, 400))),
               ])])),
               expect: [.frameInWindow("child", Rect(0, 0, 375, 400)), .safeArea("child", .zero),
                        .explain("child", .top, ["sensorHousing 44", "navigationBar 44", "scrollViewConsumed -88"])]),
    LayoutCase("…and when the scroll view is the reference controller's own view", source: "RULES.md §C2 (child controllers' views included)", .iPhoneX,
               root: .navigation("nav", content: .controller("feed", kind: .tableView, scroll: ScrollProperties(contentSize: tall), subviews: [
                   .controller("child", placement: .frame(Rect(0, -88, 375, 400))),
                   .view("plain", frame: Rect(0, -88, 375, 400)),
               ])),
               expect: [.adjusted("feed", Insets(88, 0, 34, 0)), .frameInWindow("child", Rect(0, 0, 375, 400)),
                        .safeArea("plain", .zero), .safeArea("child", .zero),
                        .explain("child", .top, ["sensorHousing 44", "navigationBar 44", "scrollViewConsumed -88"])]),
    LayoutCase("…and for a grandchild controller: no overhang grows a consumed edge again", source: "RULES.md §C2 (child controllers' views included); S5", .iPhoneX,
               root: .navigation("nav", content: .controller("feed", kind: .tableView, scroll: ScrollProperties(contentSize: tall), subviews: [
                   .controller("child", placement: .frame(Rect(0, 0, 375, 300)), subviews: [
                       .controller("grandchild", placement: .frame(Rect(0, -150, 375, 600))),
                       .controller("inside", placement: .frame(Rect(10, 20, 355, 200))),
                   ]),
               ])),
               expect: [.frameInWindow("grandchild", Rect(0, -62, 375, 600)), .safeArea("child", .zero), .safeArea("grandchild", .zero),
                        .explain("grandchild", .top, ["sensorHousing 44", "navigationBar 44", "scrollViewConsumed -88"]),
                        .explain("grandchild", .bottom, ["homeIndicator 34", "scrollViewConsumed -34"]),
                        .safeArea("inside", .zero)]),
    LayoutCase("…while what a controller inside adds stands, and only shrinks for its children", source: "RULES.md §C2, S3/S5, S6", .iPhoneX,
               root: .navigation("nav", content: .controller("feed", kind: .tableView, scroll: ScrollProperties(contentSize: tall), subviews: [
                   .controller("child", ViewController(additionalSafeAreaInsets: Insets(bottom: 20)), placement: .frame(Rect(0, 0, 375, 300)), subviews: [
                       .controller("over", placement: .frame(Rect(0, 0, 375, 350))),
                       .controller("in", placement: .frame(Rect(0, 0, 375, 295))),
                   ]),
               ])),
               expect: [.safeArea("child", Insets(bottom: 20)), .safeArea("over", Insets(bottom: 20)), .safeArea("in", Insets(bottom: 15)),
                        .explain("over", .bottom, ["homeIndicator 34", "scrollViewConsumed -34", "additionalSafeAreaInsets 20"]),
                        .explain("in", .bottom, ["homeIndicator 34", "scrollViewConsumed -34", "additionalSafeAreaInsets 20", "offset -5"])]),
    LayoutCase("contentInset adds to the safe area", source: "§3.1 adjustedContentInset docs", .iPhoneX,
               root: .navigation("nav", content: .controller("vc", kind: .tableView, scroll: ScrollProperties(contentSize: tall, contentInset: Insets(10, 0, 10, 0)))),
               expect: [.adjusted("vc", Insets(98, 0, 44, 0)), .contentInset("vc", Insets(10, 0, 10, 0)), .contentOffset("vc", Point(x: 0, y: -98))]),
    LayoutCase("horizontally scrollable: left and right adjusted, offset x", source: "C1; §3.5", .iPhoneX, orientation: .landscapeLeft,
               root: .controller("vc", subviews: [scrollView(ScrollProperties(contentSize: Size(width: 2000, height: 375)))]),
               expect: [.adjusted("scroll", Insets(0, 44, 0, 44)), .contentOffset("scroll", Point(x: -44, y: 0))]),
    LayoutCase("alwaysBounceVertical makes the axis scrollable", source: "C1 header (alwaysBounceVertical = YES)", .iPhoneX,
               root: .controller("vc", subviews: [scrollView(ScrollProperties(behavior: .scrollableAxes, alwaysBounceVertical: true))]),
               expect: [.adjusted("scroll", Insets(44, 0, 34, 0))]),
    LayoutCase("contentInset does not make an axis scrollable; > is strict", source: "C1 header (contentSize > frame.size)", .iPhoneX,
               root: .controller("vc", subviews: [
                   scrollView(ScrollProperties(contentSize: Size(width: 375, height: 800), contentInset: Insets(top: 100), behavior: .scrollableAxes)),
                   scrollView("equal", ScrollProperties(contentSize: Size(width: 375, height: 812), behavior: .scrollableAxes)),
               ]),
               expect: [.adjusted("scroll", Insets(top: 100)), .adjusted("equal", .zero)]),
    LayoutCase("a tab bar controller alone does not trigger the compatibility rule", source: "RULES.md §C1 (header wording)", .iPhoneX,
               root: .tabBar("tabs", content: .controller("vc", subviews: [scrollView(ScrollProperties(contentSize: Size(width: 375, height: 300)))])),
               expect: [.adjusted("scroll", .zero), .safeArea("scroll", Insets(44, 0, 83, 0))]),
    LayoutCase("the owning controller's automaticallyAdjustsScrollViewInsets", source: "seed 000 (flag off: no inset)", .iPhoneX,
               root: .navigation("nav", content: .controller("vc", ViewController(automaticallyAdjustsScrollViewInsets: false), subviews: [scrollView(ScrollProperties(contentSize: Size(width: 375, height: 300)))])),
               expect: [.adjusted("scroll", .zero)]),
    LayoutCase("the innermost controller whose chain reaches the scroll view owns it", source: "RULES.md §C1 (nearest owner)", .iPhoneX,
               root: .navigation("nav", content: .controller("outer", subviews: [
                   .controller("inner", ViewController(automaticallyAdjustsScrollViewInsets: false), subviews: [scrollView(ScrollProperties(contentSize: Size(width: 375, height: 300)))]),
                   .controller("other", placement: .frame(Rect(0, 0, 100, 100)), subviews: [scrollView("owned", ScrollProperties(contentSize: Size(width: 100, height: 50)))]),
               ])),
               expect: [.adjusted("scroll", .zero), .adjusted("owned", Insets(88, 0, 0, 0))]),
    LayoutCase("indicators from iOS 13: the set value + the safe area", source: "§3.4; react-native bc1e602", .iPhoneX,
               root: .controller("vc", subviews: [
                   scrollView(ScrollProperties(behavior: .never, verticalScrollIndicatorInsets: Insets(right: 5))),
                   scrollView("manual", ScrollProperties(behavior: .never, automaticallyAdjustsScrollIndicatorInsets: false, verticalScrollIndicatorInsets: Insets(right: 5))),
               ]),
               expect: [.verticalIndicator("scroll", Insets(44, 0, 34, 5)), .verticalIndicator("manual", Insets(0, 0, 0, 5))]),
    LayoutCase("indicators in iOS 11–12 follow the adjustment", source: "RULES.md §C2 indicators; WWDC18/235 (.never disables them)", .iPhoneX, systemVersion: 12,
               root: .controller("vc", subviews: [
                   scrollView(ScrollProperties(contentSize: tall, verticalScrollIndicatorInsets: Insets(right: 5))),
                   scrollView("never", ScrollProperties(contentSize: tall, behavior: .never, verticalScrollIndicatorInsets: Insets(right: 5))),
               ]),
               expect: [.verticalIndicator("scroll", Insets(44, 0, 34, 5)), .verticalIndicator("never", Insets(0, 0, 0, 5))]),
    LayoutCase("children of a scroll view are in content coordinates", source: "RULES.md §Views (bounds origin = resting offset)", .iPhoneX,
               root: .navigation("nav", content: .controller("table", kind: .tableView, scroll: ScrollProperties(contentSize: Size(width: 375, height: 4400)), subviews: [
                   .view("cell", frame: Rect(0, 0, 375, 44)), .view("backdrop"),
               ])),
               expect: [.frame("cell", Rect(0, 0, 375, 44)), .frameInWindow("cell", Rect(0, 88, 375, 44)),
                        .frame("backdrop", Rect(0, 0, 375, 812)), .frameInWindow("backdrop", Rect(0, 88, 375, 812)),
                        .safeArea("backdrop", .zero)]),
]

@Test("scroll views in /layout (C2, indicators, offsets, ownership)", arguments: scrollCases)
func scrollViews(_ scenario: LayoutCase) {
    scenario.verify()
}
