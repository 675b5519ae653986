import InsetEngine
import Testing
import InsetEngineTestSupport

private let opaqueNavigation = ViewController(kind: .navigation, navigationBar: BarConfiguration(hidden: false, translucent: false))

/// Rule S7 (RULES.md §Containers and bars; research §1.7): bars, extended layout, nesting.
let containerCases: [LayoutCase] = [
    LayoutCase("nested tab › nav › content", source: "S7 nesting; cnblogs huahuahu (83)", .iPhoneX,
               root: .tabBar("tabs", content: .navigation("nav", content: .controller("content"))),
               expect: [.frame("nav", Rect(0, 0, 375, 812)), .safeArea("nav", Insets(44, 0, 83, 0)),
                        .explain("nav", .bottom, ["homeIndicator 34", "tabBar 49"]),
                        .safeArea("content", Insets(88, 0, 83, 0)),
                        .explain("content", .top, ["sensorHousing 44", "navigationBar 44"]),
                        .bars("tabs", BarFrames(statusBar: Rect(0, 0, 375, 44), tabBar: Rect(0, 729, 375, 83))),
                        .bars("nav", BarFrames(navigationBar: Rect(0, 44, 375, 44)))]),
    LayoutCase("large titles add 52", source: "S7; hacknicity (96); qiita usagimaru (140)", .iPhoneX,
               root: .navigation("nav", ViewController(kind: .navigation, navigationBar: BarConfiguration(hidden: false, prefersLargeTitles: true)), content: .controller("content")),
               expect: [.safeArea("content", Insets(140, 0, 34, 0)), .explain("content", .top, ["sensorHousing 44", "navigationBar 96"]),
                        .bars("nav", BarFrames(statusBar: Rect(0, 0, 375, 44), navigationBar: Rect(0, 44, 375, 96)))]),
    LayoutCase("compact height: navigation bar 32, sides from the housing", source: "S7; useyourloaf (32); DragonCherry (32,44,21,44)", .iPhoneX, orientation: .landscapeLeft,
               root: .navigation("nav", content: .controller("content")),
               expect: [.safeArea("content", Insets(32, 44, 21, 44)), .explain("content", .top, ["navigationBar 32"]),
                        .explain("content", .left, ["sensorHousing 44"]), .bars("nav", BarFrames(navigationBar: Rect(0, 0, 812, 32)))]),
    LayoutCase("opaque navigation bar: view starts below it, inset 0", source: "S7; javashuo (opaque → view from the bar's bottom)", .iPhoneX,
               root: .navigation("nav", opaqueNavigation, content: .controller("content")),
               expect: [.frame("content", Rect(0, 88, 375, 724)), .safeArea("content", Insets(0, 0, 34, 0)), .explain("content", .top, [])]),
    LayoutCase("opaque bar with extendedLayoutIncludesOpaqueBars extends", source: "S7; javashuo (view from (0,0))", .iPhoneX,
               root: .navigation("nav", opaqueNavigation, content: .controller("content", ViewController(extendedLayoutIncludesOpaqueBars: true))),
               expect: [.frame("content", Rect(0, 0, 375, 812)), .safeArea("content", Insets(88, 0, 34, 0))]),
    LayoutCase("edgesForExtendedLayout none under nav + tab bar", source: "S7; wangyanchang21 (0, 64, 375, 554)", .iPhone8,
               root: .tabBar("tabs", content: .navigation("nav", content: .controller("content", ViewController(edgesForExtendedLayout: [])))),
               expect: [.frame("nav", Rect(0, 0, 375, 618)), .safeArea("nav", Insets(20, 0, 0, 0)),
                        .frame("content", Rect(0, 64, 375, 554)), .frameInWindow("content", Rect(0, 64, 375, 554)),
                        .safeArea("content", .zero)]),
    LayoutCase("hidden navigation bar: the container's insets only", source: "S7 (bar hidden)", .iPhoneX,
               root: .navigation("nav", ViewController(kind: .navigation, navigationBar: BarConfiguration(hidden: true)), content: .controller("content")),
               expect: [.safeArea("content", Insets(44, 0, 34, 0)), .bars("nav", BarFrames(statusBar: Rect(0, 0, 375, 44)))]),
    LayoutCase("toolbar ends at the container's safe-area bottom", source: "S7; RULES.md (toolbar 44)", .iPhoneX,
               root: .navigation("nav", ViewController(kind: .navigation, toolbar: BarConfiguration(hidden: false)), content: .controller("content")),
               expect: [.safeArea("content", Insets(88, 0, 78, 0)), .explain("content", .bottom, ["homeIndicator 34", "toolbar 44"]),
                        .bars("nav", BarFrames(statusBar: Rect(0, 0, 375, 44), navigationBar: Rect(0, 44, 375, 44), toolbar: Rect(0, 734, 375, 44)))]),
    LayoutCase("bars sit in the container's additionalSafeAreaInsets", source: "S7 + S6", .iPhoneX,
               root: .navigation("nav", ViewController(kind: .navigation, additionalSafeAreaInsets: Insets(top: 10)), content: .controller("content")),
               expect: [.safeArea("nav", Insets(54, 0, 34, 0)), .safeArea("content", Insets(98, 0, 34, 0)),
                        .explain("content", .top, ["sensorHousing 44", "additionalSafeAreaInsets 10", "navigationBar 44"]),
                        .bars("nav", BarFrames(statusBar: Rect(0, 0, 375, 44), navigationBar: Rect(0, 54, 375, 44)))]),
    LayoutCase("compact-height tab bar covers the 21-pt home indicator", source: "RULES.md (32 + 21 = 53)", .iPhoneX, orientation: .landscapeRight,
               root: .tabBar("tabs", content: .controller("content")),
               expect: [.safeArea("content", Insets(0, 44, 53, 44)), .bars("tabs", BarFrames(tabBar: Rect(0, 322, 812, 53)))]),
    LayoutCase("opaque tab bar: view ends at its top", source: "S7", .iPhoneX,
               root: .tabBar("tabs", ViewController(kind: .tabBar, tabBar: BarConfiguration(hidden: false, translucent: false)), content: .controller("content")),
               expect: [.frame("content", Rect(0, 0, 375, 729)), .safeArea("content", Insets(44, 0, 0, 0))]),
    LayoutCase("iPad bars are 50 from iOS 12", source: "RULES.md S7; hacknicity", .iPadPro11,
               root: .navigation("nav", content: .controller("content")),
               expect: [.safeArea("content", Insets(74, 0, 20, 0)), .bars("nav", BarFrames(statusBar: Rect(0, 0, 834, 24), navigationBar: Rect(0, 24, 834, 50)))]),
    LayoutCase("a container's other subviews follow S3 against it", source: "S3", .iPhoneX,
               root: .navigation("nav", content: .controller("content"), ).withSubview(.view("overlay", frame: Rect(0, 20, 375, 100))),
               expect: [.safeArea("overlay", Insets(24, 0, 0, 0)), .safeArea("content", Insets(88, 0, 34, 0))]),
]

extension Node {
    /// The node with one more subview in front.
    func withSubview(_ node: Node) -> Node {
        var copy = self
        copy.subviews.append(node)
        return copy
    }
}

@Test("containers and bars (S7)", arguments: containerCases)
func container(_ scenario: LayoutCase) {
    scenario.verify()
}
