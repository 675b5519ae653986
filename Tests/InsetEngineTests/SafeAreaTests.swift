import InsetEngine
import Testing

/// Window and plain-view rules: §1.2–1.4 (S0–S4), S6 and the guides.
let safeAreaCases: [LayoutCase] = [
    LayoutCase("hidden status bar keeps the sensor housing", source: "S2; RULES.md", .iPhoneX, statusBarHidden: true,
               root: .controller("root"),
               expect: [.safeArea("root", Insets(44, 0, 34, 0)), .explain("root", .top, ["sensorHousing 44"]), .bars("root", nil)]),
    LayoutCase("hidden status bar removes the home-button top inset", source: "S2; swift-snapshot-testing", .iPhone8, statusBarHidden: true,
               root: .controller("root"),
               expect: [.safeArea("root", .zero), .margins("root", Insets(0, 16, 0, 16))]),
    LayoutCase("tvOS overscan", source: "T1; RULES.md", .appleTV,
               root: .controller("root"),
               expect: [.safeArea("root", Insets(60, 80, 60, 80)), .explain("root", .left, ["overscan 80"]),
                        .margins("root", Insets(60, 80, 60, 80)), .frame("root", Rect(0, 0, 1920, 1080))]),
    LayoutCase("root controller: window ⊕ additionalSafeAreaInsets", source: "§1.3; cnblogs huahuahu", .iPhoneX,
               root: .controller("root", ViewController(additionalSafeAreaInsets: Insets(20, 30, 0, 10), edgesForExtendedLayout: [])),
               expect: [.safeArea("root", Insets(64, 30, 34, 10)), .explain("root", .top, ["sensorHousing 44", "additionalSafeAreaInsets 20"])]),
    LayoutCase("negative additional insets are floored", source: "S6; RULES.md (floor entry)", .iPhoneX,
               root: .navigation("nav", content: .controller("content", ViewController(additionalSafeAreaInsets: Insets(top: -100)))),
               expect: [.safeArea("content", Insets(0, 0, 34, 0)),
                        .explain("content", .top, ["sensorHousing 44", "navigationBar 44", "additionalSafeAreaInsets -100", "floor 12"])]),
    LayoutCase("an inset is not clipped to the view's size; guides stop at 0", source: "§1.4 [GUESS] no clip; API.md guides", .iPhoneX,
               root: .controller("root", subviews: [.view("strip", frame: Rect(0, 0, 375, 20))]),
               expect: [.safeArea("strip", Insets(44, 0, 0, 0)), .safeAreaGuide("strip", Rect(0, 44, 375, 0)),
                        .marginsGuide("strip", Rect(8, 52, 359, 0))]),
    LayoutCase("S4: an edge outside the superview keeps the superview's value", source: "S4; martiancraft; cnblogs (right 10)", .iPhoneX,
               root: .controller("root", subviews: [.view("over", frame: Rect(-30, -50, 500, 100))]),
               expect: [.safeArea("over", .zero.with(top: 44)), .explain("over", .top, ["sensorHousing 44"]),
                        .explain("over", .bottom, ["homeIndicator 34", "offset -34"])]),
    LayoutCase("frames in the window add up through the superviews", source: "RULES.md (frame and frameInWindow)", .iPhone8,
               root: .controller("root", subviews: [.view("a", frame: Rect(10, 20, 100, 100), subviews: [.view("b", frame: Rect(5, 5, 50, 50))])]),
               expect: [.frame("b", Rect(5, 5, 50, 50)), .frameInWindow("b", Rect(15, 25, 50, 50)), .safeArea("b", .zero)]),
    LayoutCase("pin to the layout-margins guide", source: "API.md pin", .iPhoneX,
               root: .controller("root", subviews: [.view("box", pin: .layoutMargins)]),
               expect: [.frame("box", Rect(16, 44, 343, 734)), .safeArea("box", .zero)]),
    LayoutCase("pin to the bounds", source: "API.md pin", .iPhoneX,
               root: .controller("root", subviews: [.view("box", pin: .bounds)]),
               expect: [.frame("box", Rect(0, 0, 375, 812)), .safeArea("box", Insets(44, 0, 34, 0))]),
    LayoutCase("readable content: 672 wide, centred in the margins", source: "§4.6; useyourloaf readable-content-guides", .iPadPro11, orientation: .landscapeLeft,
               root: .controller("root", subviews: [.view("text", pin: .readableContent)]),
               expect: [.margins("root", Insets(24, 20, 20, 20)), .frame("text", Rect(261, 24, 672, 790))]),
    LayoutCase("readable content never wider than the margins guide", source: "§4.6 [GUESS] min(672, width)", .iPhone8,
               root: .controller("root", subviews: [.view("text", pin: .readableContent)]),
               expect: [.frame("text", Rect(16, 20, 343, 647))]),
]

extension Insets {
    /// These insets with the top edge replaced.
    func with(top: Double) -> Insets {
        var copy = self
        copy.top = top
        return copy
    }
}

@Test("safe area of windows and plain views (S1–S4, S6)", arguments: safeAreaCases)
func safeArea(_ scenario: LayoutCase) {
    scenario.verify()
}
