import InsetEngine
import Testing
import InsetEngineTestSupport

/// Every engine-level scenario of /work/shared/scenarios/layout.json, request built by hand.
/// (Its "malformed JSON" and "unknown device" scenarios are decoder-level: no engine input.)
let layoutScenarios: [LayoutCase] = [
    LayoutCase("iPhone 8 root view", source: "swift-snapshot-testing iPhone8; essential-feed snapshot helper", .iPhone8,
               root: .controller("root"),
               expect: [.safeArea("root", Insets(20, 0, 0, 0)), .margins("root", Insets(20, 16, 0, 16)),
                        .frame("root", Rect(0, 0, 375, 667)), .safeAreaGuide("root", Rect(0, 20, 375, 647)),
                        .screen(Size(width: 375, height: 667))]),
    LayoutCase("iPhone X root view", source: "seed 000", .iPhoneX,
               root: .controller("root"),
               expect: [.safeArea("root", Insets(44, 0, 34, 0)), .safeAreaGuide("root", Rect(0, 44, 375, 734)),
                        .window(Insets(44, 0, 34, 0))]),
    LayoutCase("iPhone X landscape root is symmetric", source: "S1; seed 000", .iPhoneX, orientation: .landscapeLeft,
               root: .controller("root"),
               expect: [.safeArea("root", Insets(0, 44, 21, 44)), .frame("root", Rect(0, 0, 812, 375))]),
    LayoutCase("iPhone 12 mini portrait", source: "RULES.md", .iPhone12Mini,
               root: .controller("root"),
               expect: [.safeArea("root", Insets(50, 0, 34, 0))]),
    LayoutCase("iPhone 8 navigation controller", source: "seed 000 (64)", .iPhone8,
               root: .navigation("nav", content: .controller("content")),
               expect: [.safeArea("content", Insets(64, 0, 0, 0)), .frame("content", Rect(0, 0, 375, 667)),
                        .safeArea("nav", Insets(20, 0, 0, 0)),
                        .bars("nav", BarFrames(statusBar: Rect(0, 0, 375, 20), navigationBar: Rect(0, 20, 375, 44)))]),
    LayoutCase("iPhone X navigation controller", source: "useyourloaf (88)", .iPhoneX,
               root: .navigation("nav", content: .controller("content")),
               expect: [.safeArea("content", Insets(88, 0, 34, 0)),
                        .explain("content", .top, ["sensorHousing 44", "navigationBar 44"]), .explain("content", .left, []),
                        .explain("content", .bottom, ["homeIndicator 34"]), .explain("content", .right, []),
                        .bars("nav", BarFrames(statusBar: Rect(0, 0, 375, 44), navigationBar: Rect(0, 44, 375, 44)))]),
    LayoutCase("iPhone 14 Pro navigation bar sits under the 59-pt inset", source: "RULES.md (status bar 54, inset 59)", .iPhone14Pro,
               root: .navigation("nav", content: .controller("content")),
               expect: [.safeArea("content", Insets(103, 0, 34, 0)),
                        .bars("nav", BarFrames(statusBar: Rect(0, 0, 393, 54), navigationBar: Rect(0, 59, 393, 44)))]),
    LayoutCase("iPhone X tab bar controller", source: "cnblogs huahuahu (83)", .iPhoneX,
               root: .tabBar("tabs", content: .controller("content")),
               expect: [.safeArea("content", Insets(44, 0, 83, 0)),
                        .bars("tabs", BarFrames(statusBar: Rect(0, 0, 375, 44), tabBar: Rect(0, 729, 375, 83)))]),
    LayoutCase("explain carries the superview's contributions and the offset", source: "API.md POST /layout example", .iPhoneX,
               root: .navigation("nav", content: .controller("feed", subviews: [.view("card", frame: Rect(16, 100, 343, 200))])),
               steps: [[("card", Rect(16, 40, 343, 200))]],
               expect: [.safeArea("card", .zero), .guides("feed", top: 88, bottom: 34),
                        .safeArea("feed", Insets(88, 0, 34, 0)), .safeAreaGuide("feed", Rect(0, 88, 375, 690)),
                        .margins("feed", Insets(88, 16, 34, 16)), .directionalMargins("feed", DirectionalInsets(top: 88, leading: 16, bottom: 34, trailing: 16)),
                        .marginsGuide("feed", Rect(16, 88, 343, 690)),
                        .afterStep(0, .safeArea("card", Insets(48, 0, 0, 0))),
                        .afterStep(0, .explain("card", .top, ["sensorHousing 44", "navigationBar 44", "offset -40"]))]),
    LayoutCase("Container and inner view under a navigation bar", source: "seed 000 (64 then 54)", .iPhone8,
               root: .navigation("nav", content: .controller("content", subviews: [
                   .view("container", subviews: [.view("inner", frame: Rect(0, 10, 375, 657))]),
               ])),
               expect: [.safeArea("container", Insets(64, 0, 0, 0)), .safeArea("inner", Insets(54, 0, 0, 0))]),
    LayoutCase("additionalSafeAreaInsets on a child controller", source: "seed 000", .iPhone8, statusBarHidden: true,
               root: .controller("root", subviews: [
                   .view("holder", frame: Rect(0, 100, 375, 400), subviews: [
                       .controller("child", ViewController(additionalSafeAreaInsets: Insets(20, 20, 20, 20)), subviews: [
                           .view("edges"), .view("safe", pin: .safeArea),
                       ]),
                   ]),
               ]),
               expect: [.safeArea("child", Insets(20, 20, 20, 20)), .safeArea("edges", Insets(20, 20, 20, 20)),
                        .safeArea("safe", .zero), .frame("safe", Rect(20, 20, 335, 360))]),
    LayoutCase("Standalone view follows the container, bottom edge capped", source: "seed 001; RULES.md S4/S5", .iPhoneX,
               root: .controller("root", subviews: [.view("container", frame: Rect(0, 0, 375, 812), subviews: [.view("test")])]),
               steps: [[("container", Rect(0, 20, 375, 812))], [("container", Rect(0, 50, 375, 812))], [("container", Rect(0, -20, 375, 812))]],
               expect: [.safeArea("test", Insets(44, 0, 34, 0)),
                        .afterStep(0, .safeArea("test", Insets(24, 0, 34, 0))),
                        .afterStep(1, .safeArea("test", Insets(0, 0, 34, 0))),
                        .afterStep(2, .safeArea("test", Insets(44, 0, 14, 0)))]),
    LayoutCase("Table view controller in a navigation controller", source: "UIScrollView.h; useyourloaf", .iPhoneX,
               root: .navigation("nav", content: .controller("table", kind: .tableView, scroll: ScrollProperties(contentSize: Size(width: 375, height: 4400)))),
               expect: [.adjusted("table", Insets(88, 0, 34, 0)), .contentInset("table", .zero), .contentOffset("table", Point(x: 0, y: -88))]),
    LayoutCase("Short table, scrollableAxes", source: "UIScrollView.h header comments", .iPhoneX,
               root: .navigation("nav", content: .controller("table", kind: .tableView, scroll: ScrollProperties(contentSize: Size(width: 375, height: 300), behavior: .scrollableAxes))),
               expect: [.adjusted("table", .zero)]),
    LayoutCase("Right-to-left directional margins", source: "UIView.h header", .iPhone8, direction: .rightToLeft,
               root: .controller("root", subviews: [
                   Node(id: "box", placement: .frame(Rect(50, 200, 200, 200)), layoutMargins: .directional(DirectionalInsets(top: 0, leading: 20, bottom: 0, trailing: 5))),
               ]),
               expect: [.margins("box", Insets(0, 5, 0, 20)), .directionalMargins("box", DirectionalInsets(top: 0, leading: 20, bottom: 0, trailing: 5))]),
    LayoutCase("iOS 10: only the first-subview table is adjusted", source: "seed 002; openradar 31007890", .iPhone8, systemVersion: 10,
               root: .navigation("nav", content: .controller("content", subviews: [
                   Node(id: "first", kind: .tableView, scroll: ScrollProperties(contentSize: Size(width: 375, height: 4400))),
                   Node(id: "second", kind: .tableView, scroll: ScrollProperties(contentSize: Size(width: 375, height: 4400))),
               ])),
               expect: [.guides("content", top: 64, bottom: 0), .noSafeArea("content"),
                        .contentInset("first", Insets(64, 0, 0, 0)), .contentInset("second", .zero), .window(nil)]),
]

@Test("layout.json acceptance scenarios", arguments: layoutScenarios)
func layoutScenario(_ scenario: LayoutCase) {
    scenario.verify()
}
