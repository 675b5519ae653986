import InsetEngine
import Testing
import InsetEngineTestSupport

private func box(_ frame: Rect? = nil, margins: MarginSpec? = nil, fromSafeArea: Bool = true, preserves: Bool = false) -> Node {
    Node(id: "box", placement: frame.map { .frame($0) } ?? .fill, layoutMargins: margins,
         insetsLayoutMarginsFromSafeArea: fromSafeArea, preservesSuperviewLayoutMargins: preserves)
}

/// Layout margins: M1 (plain views), M2 (a controller's view), §4.1–4.6.
let marginCases: [LayoutCase] = [
    LayoutCase("plain view inside the safe area: 8 on every edge", source: "§4.1 UIView docs (8 points)", .iPhoneX,
               root: .controller("root", subviews: [box(Rect(0, 100, 375, 100))]),
               expect: [.margins("box", Insets(8, 8, 8, 8)), .marginsGuide("box", Rect(8, 8, 359, 84))]),
    LayoutCase("margins add the safe area", source: "M1; yuaming ViewExamples2 (52, 8, 42, 8)", .iPhoneX,
               root: .controller("root", subviews: [box()]),
               expect: [.margins("box", Insets(52, 8, 42, 8))]),
    LayoutCase("insetsLayoutMarginsFromSafeArea false keeps the own margins", source: "M1; insetsLayoutMarginsFromSafeArea docs", .iPhoneX,
               root: .controller("root", subviews: [box(fromSafeArea: false)]),
               expect: [.margins("box", Insets(8, 8, 8, 8))]),
    LayoutCase("plain views default to 0 from 27.1", source: "§4.1 iOS 27.2 release notes (186294594)", .iPhoneX, systemVersion: 27.1,
               root: .controller("root", subviews: [box()]),
               expect: [.margins("box", Insets(44, 0, 34, 0)), .margins("root", Insets(44, 16, 34, 16))]),
    LayoutCase("root view: system minimum + safe area", source: "M2; essential-feed (20, 16, 0, 16)", .iPhone8,
               root: .controller("root"),
               expect: [.margins("root", Insets(20, 16, 0, 16)), .directionalMargins("root", DirectionalInsets(top: 20, leading: 16, bottom: 0, trailing: 16))]),
    LayoutCase("root view not respecting the minimum: own 0 + safe area", source: "M2; viewRespectsSystemMinimumLayoutMargins docs", .iPhoneX,
               root: .controller("root", ViewController(viewRespectsSystemMinimumLayoutMargins: false)),
               expect: [.margins("root", Insets(44, 0, 34, 0))]),
    LayoutCase("root view: max(own, system minimum) per edge", source: "M2; systemMinimumLayoutMargins docs (20 wins over 10)", .iPhoneX,
               root: Node(id: "root", layoutMargins: .physical(Insets(10, 10, 10, 30)), viewController: ViewController()),
               expect: [.margins("root", Insets(54, 16, 44, 30))]),
    LayoutCase("wide windows get a 20-pt minimum", source: "§4.4 (20 on 414-pt and wider)", .iPhoneX, orientation: .landscapeLeft,
               root: .controller("root"),
               expect: [.margins("root", Insets(0, 64, 21, 64))]),
    LayoutCase("preservesSuperviewLayoutMargins respects the superview's margins", source: "§4.5; useyourloaf preserves-superview-layout-margins", .iPhone8,
               root: .controller("root", subviews: [box(Rect(0, 100, 375, 200), preserves: true)]),
               expect: [.margins("box", Insets(8, 16, 8, 16))]),
    LayoutCase("preserving margins uses the raw distance of an overhang", source: "RULES.md §M (raw d_e)", .iPhone8,
               root: .controller("root", subviews: [box(Rect(-10, 100, 395, 200), preserves: true)]),
               expect: [.margins("box", Insets(8, 26, 8, 26))]),
    LayoutCase("right-to-left maps the system minimum and own margins", source: "§4.2 UIView.h (leading on the right in RTL)", .iPhone8, direction: .rightToLeft,
               root: Node(id: "root", layoutMargins: .directional(DirectionalInsets(top: 0, leading: 30, bottom: 0, trailing: 0)), viewController: ViewController()),
               expect: [.margins("root", Insets(20, 16, 0, 30)), .directionalMargins("root", DirectionalInsets(top: 20, leading: 30, bottom: 0, trailing: 16))]),
    LayoutCase("legacy margins have no safe-area part", source: "RULES.md §M (below 11)", .iPhone8, systemVersion: 10,
               root: .controller("root", subviews: [box()]),
               expect: [.margins("root", Insets(0, 16, 0, 16)), .margins("box", Insets(8, 8, 8, 8)), .noSafeArea("box")]),
    LayoutCase("guides of a scroll view are in its bounds (origin = content offset)", source: "API.md guides; §3.5", .iPhoneX,
               root: .navigation("nav", content: .controller("table", kind: .tableView, scroll: ScrollProperties(contentSize: Size(width: 375, height: 4400)))),
               expect: [.margins("table", Insets(88, 16, 34, 16)), .marginsGuide("table", Rect(16, 0, 343, 690)),
                        .safeAreaGuide("table", Rect(0, 0, 375, 690))]),
]

@Test("layout margins (M1, M2)", arguments: marginCases)
func margins(_ scenario: LayoutCase) {
    scenario.verify()
}
