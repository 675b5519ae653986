import InsetEngine
import Testing
import InsetEngineTestSupport

private let tallTable = ScrollProperties(contentSize: Size(width: 375, height: 4400))

/// Seed 002's app: a table view controller inside a navigation controller on an iPhone 8 in
/// iOS 10, with the walkthrough's knobs.
private func seed002(bar: BarConfiguration = BarConfiguration(hidden: false), table: ViewController = ViewController()) -> Node {
    .navigation("nav", ViewController(kind: .navigation, navigationBar: bar), content: .controller("table", table, kind: .tableView, scroll: tallTable))
}

private let opaque = BarConfiguration(hidden: false, translucent: false)
private let hidden = BarConfiguration(hidden: true)
private let noTop: EdgeSet = [.left, .bottom, .right]

/// The legacy model (systemVersion 7–10; research §2, RULES.md §Scroll views), following
/// seed 002's walkthrough step by step.
let legacyCases: [LayoutCase] = [
    LayoutCase("seed 002 default: 64 points of blank content above the table", source: "seed 002 (default state)", .iPhone8, systemVersion: 10,
               root: seed002(),
               expect: [.frame("table", Rect(0, 0, 375, 667)), .guides("table", top: 64, bottom: 0),
                        .contentInset("table", Insets(64, 0, 0, 0)), .adjusted("table", Insets(64, 0, 0, 0)),
                        .verticalIndicator("table", Insets(64, 0, 0, 0)), .contentOffset("table", Point(x: 0, y: -64)),
                        .noSafeArea("table"), .guides("nav", top: 20, bottom: 0),
                        .bars("nav", BarFrames(statusBar: Rect(0, 0, 375, 20), navigationBar: Rect(0, 20, 375, 44)))]),
    LayoutCase("seed 002: automaticallyAdjustsScrollViewInsets off leaves the content obscured", source: "seed 002", .iPhone8, systemVersion: 10,
               root: seed002(table: ViewController(automaticallyAdjustsScrollViewInsets: false)),
               expect: [.frame("table", Rect(0, 0, 375, 667)), .contentInset("table", .zero), .guides("table", top: 64, bottom: 0)]),
    LayoutCase("seed 002: top edge excluded pins the view below the bar", source: "seed 002", .iPhone8, systemVersion: 10,
               root: seed002(table: ViewController(edgesForExtendedLayout: noTop)),
               expect: [.frame("table", Rect(0, 64, 375, 603)), .contentInset("table", .zero), .guides("table", top: 0, bottom: 0)]),
    LayoutCase("seed 002: an opaque bar puts the view below it whatever the flags", source: "seed 002; wangyanchang21 (0, 64, 375, 603)", .iPhone8, systemVersion: 10,
               root: seed002(bar: opaque),
               expect: [.frame("table", Rect(0, 64, 375, 603)), .contentInset("table", .zero), .guides("table", top: 0, bottom: 0)]),
    LayoutCase("seed 002: extendedLayoutIncludesOpaqueBars extends under the opaque bar", source: "seed 002", .iPhone8, systemVersion: 10,
               root: seed002(bar: opaque, table: ViewController(extendedLayoutIncludesOpaqueBars: true)),
               expect: [.frame("table", Rect(0, 0, 375, 667)), .contentInset("table", Insets(64, 0, 0, 0))]),
    LayoutCase("seed 002: …and without auto-adjusting the view is stuck behind it", source: "seed 002", .iPhone8, systemVersion: 10,
               root: seed002(bar: opaque, table: ViewController(extendedLayoutIncludesOpaqueBars: true, automaticallyAdjustsScrollViewInsets: false)),
               expect: [.frame("table", Rect(0, 0, 375, 667)), .contentInset("table", .zero)]),
    LayoutCase("seed 002: …and without the top edge everything goes back to normal", source: "seed 002", .iPhone8, systemVersion: 10,
               root: seed002(bar: opaque, table: ViewController(edgesForExtendedLayout: noTop, extendedLayoutIncludesOpaqueBars: true, automaticallyAdjustsScrollViewInsets: false)),
               expect: [.frame("table", Rect(0, 64, 375, 603)), .contentInset("table", .zero)]),
    LayoutCase("seed 002: no navigation bar — offset below the status bar", source: "seed 002 ('What if there's no navigation bar at all?')", .iPhone8, systemVersion: 10,
               root: seed002(bar: hidden),
               expect: [.frame("table", Rect(0, 0, 375, 667)), .guides("table", top: 20, bottom: 0), .contentInset("table", Insets(20, 0, 0, 0)),
                        .bars("nav", BarFrames(statusBar: Rect(0, 0, 375, 20)))]),
    // [GUESS] seed 002: edgesForExtendedLayout "determines if your view extends behind the
    // status bar or not" when there is no navigation bar.
    LayoutCase("seed 002: no navigation bar and no top edge — the view starts below the status bar", source: "seed 002 [GUESS on the frame]", .iPhone8, systemVersion: 10,
               root: seed002(bar: hidden, table: ViewController(edgesForExtendedLayout: noTop)),
               expect: [.frame("table", Rect(0, 20, 375, 647)), .contentInset("table", .zero)]),
    LayoutCase("a root controller without a container adjusts for the status bar", source: "RULES.md (seed 002)", .iPhone8, systemVersion: 10,
               root: .controller("table", kind: .tableView, scroll: tallTable),
               expect: [.guides("table", top: 20, bottom: 0), .contentInset("table", Insets(20, 0, 0, 0))]),
    LayoutCase("plain view controller: the guides move, the view does not", source: "seed 002 (non-scroll views); topLayoutGuide docs", .iPhone8, systemVersion: 10,
               root: .navigation("nav", content: .controller("content", subviews: [.view("label", frame: Rect(0, 0, 375, 44))])),
               expect: [.guides("content", top: 64, bottom: 0), .frameInWindow("label", Rect(0, 0, 375, 44)), .noSafeArea("label")]),
    LayoutCase("bottom guide counts a tab bar; the innermost plain controller adjusts", source: "§2.1 (bottom 49); RULES.md (innermost decides)", .iPhone8, systemVersion: 10,
               root: .tabBar("tabs", content: .navigation("nav", content: .controller("table", kind: .tableView, scroll: ScrollProperties(contentSize: Size(width: 375, height: 4400), contentInset: Insets(5, 7, 5, 7))))),
               expect: [.guides("table", top: 64, bottom: 49), .contentInset("table", Insets(64, 7, 49, 7)),
                        .bars("tabs", BarFrames(statusBar: Rect(0, 0, 375, 20), tabBar: Rect(0, 618, 375, 49)))]),
    LayoutCase("bottom guide counts a shown toolbar", source: "§2.1; RULES.md (toolbar)", .iPhone8, systemVersion: 10,
               root: .navigation("nav", ViewController(kind: .navigation, toolbar: BarConfiguration(hidden: false)), content: .controller("content")),
               expect: [.guides("content", top: 64, bottom: 44), .bars("nav", BarFrames(statusBar: Rect(0, 0, 375, 20), navigationBar: Rect(0, 20, 375, 44), toolbar: Rect(0, 623, 375, 44)))]),
    LayoutCase("a content controller that does not adjust leaves its table alone; the container's flag does nothing", source: "RULES.md (only plain controllers adjust)", .iPhone8, systemVersion: 10,
               root: .navigation("nav", content: .controller("content", ViewController(automaticallyAdjustsScrollViewInsets: false), subviews: [Node(id: "list", kind: .tableView, scroll: tallTable)])),
               expect: [.contentInset("list", .zero)]),
    LayoutCase("iOS 10 on an iPhone X: the status bar height, no home indicator", source: "RULES.md (statusBarHeight whatever the device; no home indicator in iOS 10)", .iPhoneX, systemVersion: 10,
               root: .tabBar("tabs", content: .navigation("nav", content: .controller("content"))),
               expect: [.guides("content", top: 88, bottom: 49), .bars("tabs", BarFrames(statusBar: Rect(0, 0, 375, 44), tabBar: Rect(0, 763, 375, 49))),
                        .bars("nav", BarFrames(navigationBar: Rect(0, 44, 375, 44))), .window(nil)]),
    // Apple: with no bar, each guide is at "the top edge of the view controller's view" (and
    // the bottom edge): a view that overhangs the screen gets no guide for the overhang.
    LayoutCase("no toolbar or tab bar: a child overhanging the screen's bottom has no bottom guide", source: "RULES.md (bottom guide: shown toolbar / tab bar heights only); §2.1", .iPhone8, systemVersion: 10,
               root: .controller("root", subviews: [.controller("child", placement: .frame(Rect(0, 0, 375, 700)))]),
               expect: [.guides("child", top: 20, bottom: 0), .guides("root", top: 20, bottom: 0)]),
    LayoutCase("…but under a tab bar its bottom guide reaches the bar's top", source: "§2.1 (derived formula: maxY − top of the tab bar)", .iPhone8, systemVersion: 10,
               root: .tabBar("tabs", content: .controller("content", subviews: [.controller("child", placement: .frame(Rect(0, 0, 375, 700)))])),
               expect: [.guides("child", top: 20, bottom: 82), .guides("content", top: 20, bottom: 49)]),
    LayoutCase("status bar hidden, no navigation bar: a child above the screen's top has no top guide", source: "§2.1 ('or else … the top edge of the view controller's view')", .iPhone8, statusBarHidden: true, systemVersion: 10,
               root: .controller("root", subviews: [.controller("child", placement: .frame(Rect(0, -50, 375, 300)))]),
               expect: [.guides("child", top: 0, bottom: 0), .guides("root", top: 0, bottom: 0)]),
    LayoutCase("…while a shown status bar's bottom is measured from the view's top", source: "§2.1 (derived formula: bottom of the status bar − minY)", .iPhone8, systemVersion: 10,
               root: .controller("root", subviews: [.controller("child", placement: .frame(Rect(0, -50, 375, 300)))]),
               expect: [.guides("child", top: 70, bottom: 0)]),
    LayoutCase("landscape iPhone 8 (no status bar): a navigation bar sits at the container's top", source: "RULES.md S2 (no status bar in compact height); §2.1", .iPhone8, orientation: .landscapeLeft, systemVersion: 10,
               root: .navigation("nav", content: .controller("content")),
               expect: [.guides("content", top: 32, bottom: 0), .guides("nav", top: 0, bottom: 0), .bars("nav", BarFrames(navigationBar: Rect(0, 0, 667, 32)))]),
    LayoutCase("safe-area model: controller guides are the safe-area top and bottom", source: "RULES.md §Scroll views (guides from 11)", .iPhoneX,
               root: .tabBar("tabs", content: .navigation("nav", content: .controller("content"))),
               expect: [.guides("content", top: 88, bottom: 83), .guides("nav", top: 44, bottom: 83), .guides("tabs", top: 44, bottom: 34)]),
]

@Test("legacy model (systemVersion 7–10), seed 002 walkthrough", arguments: legacyCases)
func legacy(_ scenario: LayoutCase) {
    scenario.verify()
}
