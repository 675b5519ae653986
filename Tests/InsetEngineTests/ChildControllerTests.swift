import InsetEngine
import InsetEngineTestSupport
import Testing

/// The seed 001 set-up: a root controller whose view holds a container view (moved by the
/// slider, i.e. by the steps) holding a child controller's view that fills it.
private func experiment(container: Rect, child: ViewController = ViewController()) -> Node {
    .controller("root", subviews: [.view("container", frame: container, subviews: [
        .controller("child", child, subviews: [.view("safeView", pin: .safeArea)]),
    ])])
}

private let screenSized = Rect(0, 0, 375, 812)

private func containerAt(_ y: Double, height: Double = 812) -> [(id: String, frame: Rect)] {
    [("container", Rect(0, y, 375, height))]
}

/// Rule S5 (RULES.md §Views; research §1.5), fitted to seed 001 (matrixprojects, "Safe Area
/// Insets"), and S6 on top of it.
let childControllerCases: [LayoutCase] = [
    LayoutCase("seed 001 experiment 1: a screen-sized child view is frozen while moved", source: "seed 001 'Child view controller view'", .iPhoneX,
               root: experiment(container: screenSized),
               steps: [containerAt(20), containerAt(-50), containerAt(0)],
               expect: [.safeArea("child", Insets(44, 0, 34, 0)), .explain("child", .top, ["sensorHousing 44"]),
                        .frame("safeView", Rect(0, 44, 375, 734)),
                        .afterStep(0, .safeArea("child", Insets(44, 0, 34, 0))),
                        .afterStep(0, .explain("child", .top, ["frozen 44"])), .afterStep(0, .explain("child", .bottom, ["frozen 34"])),
                        .afterStep(0, .frame("safeView", Rect(0, 44, 375, 734))),
                        .afterStep(1, .safeArea("child", Insets(44, 0, 34, 0))),
                        .afterStep(2, .safeArea("child", Insets(44, 0, 34, 0))), .afterStep(2, .explain("child", .top, ["sensorHousing 44"]))]),
    LayoutCase("seed 001 experiment 2: attached while offset, zero until aligned, then frozen again", source: "seed 001 'Initially offset view'", .iPhoneX,
               root: experiment(container: Rect(0, 50, 375, 812)),
               steps: [containerAt(20), containerAt(0), containerAt(30)],
               expect: [.safeArea("child", .zero), .explain("child", .top, []),
                        .afterStep(0, .safeArea("child", .zero)),
                        .afterStep(1, .safeArea("child", Insets(44, 0, 34, 0))),
                        .afterStep(2, .safeArea("child", Insets(44, 0, 34, 0))), .afterStep(2, .explain("child", .top, ["frozen 44"]))]),
    // The article says the smaller child "reverts back to that of the standalone view"; its
    // slider runs downwards in the screenshots. RULES.md S5 fixes "no cap at all", so moving
    // it up grows the top inset past the root's 44 (the standalone view would stay at 44).
    LayoutCase("seed 001 experiment 3: a smaller child view follows its position", source: "seed 001 'Smaller view'; RULES.md S5 (no cap)", .iPhoneX,
               root: experiment(container: Rect(0, 0, 375, 762)),
               steps: [containerAt(20, height: 762), containerAt(-20, height: 762)],
               expect: [.safeArea("child", Insets(44, 0, 0, 0)), .explain("child", .bottom, ["homeIndicator 34", "offset -34"]),
                        .afterStep(0, .safeArea("child", Insets(24, 0, 4, 0))), .afterStep(0, .explain("child", .top, ["sensorHousing 44", "offset -20"])),
                        .afterStep(1, .safeArea("child", Insets(64, 0, 0, 0))), .afterStep(1, .explain("child", .top, ["sensorHousing 44", "offset 20"]))]),
    LayoutCase("seed 001 experiment 4: out of its superview's bounds the child outgrows it", source: "seed 001 'Out of bounds view' (54 against 44)", .iPhoneX,
               root: .controller("root", subviews: [.view("parent", frame: Rect(0, 30, 375, 752), subviews: [
                   .view("container", subviews: [.controller("child")]),
                   .view("container2", subviews: [.view("subview")]),
               ])]),
               steps: [[("container", Rect(0, -40, 375, 752)), ("container2", Rect(0, -40, 375, 752))]],
               expect: [.safeArea("child", Insets(14, 0, 4, 0)), .safeArea("subview", Insets(14, 0, 4, 0)),
                        .afterStep(0, .frameInWindow("child", Rect(0, -10, 375, 752))),
                        .afterStep(0, .safeArea("container", Insets(14, 0, 0, 0))),
                        .afterStep(0, .safeArea("child", Insets(54, 0, 0, 0))),
                        .afterStep(0, .explain("child", .top, ["sensorHousing 44", "offset 10"])),
                        .afterStep(0, .safeArea("subview", Insets(14, 0, 0, 0)))]),
    LayoutCase("the frozen value excludes the child's additional insets", source: "RULES.md S5 + S6", .iPhoneX,
               root: experiment(container: screenSized, child: ViewController(additionalSafeAreaInsets: Insets(top: 10))),
               steps: [containerAt(20)],
               expect: [.safeArea("child", Insets(54, 0, 34, 0)),
                        .afterStep(0, .safeArea("child", Insets(54, 0, 34, 0))),
                        .afterStep(0, .explain("child", .top, ["frozen 44", "additionalSafeAreaInsets 10"]))]),
    LayoutCase("a child controller is measured against the nearest controller, not its superview", source: "RULES.md S5", .iPhoneX,
               root: .navigation("nav", content: .controller("content", subviews: [
                   .view("holder", frame: Rect(0, 50, 375, 300), subviews: [.controller("child", placement: .frame(Rect(0, -20, 375, 100)))]),
               ])),
               expect: [.frameInWindow("child", Rect(0, 30, 375, 100)), .safeArea("holder", Insets(38, 0, 0, 0)),
                        .safeArea("child", Insets(58, 0, 0, 0)),
                        .explain("child", .top, ["sensorHousing 44", "navigationBar 44", "offset -30"])]),
    LayoutCase("a screen-sized child inside its reference's own scroll view keeps the consumed edges", source: "RULES.md S5; §C2 (child controllers' views included)", .iPhoneX,
               root: .controller("root", kind: .scrollView, scroll: ScrollProperties(contentSize: Size(width: 375, height: 3000)), subviews: [
                   .controller("child", placement: .frame(Rect(0, -44, 375, 812))),
               ]),
               steps: [[("child", Rect(0, 0, 375, 812))], [("child", Rect(0, -44, 375, 812))]],
               expect: [.adjusted("root", Insets(44, 0, 34, 0)), .frameInWindow("child", screenSized), .safeArea("child", .zero),
                        .explain("child", .top, ["sensorHousing 44", "scrollViewConsumed -44"]),
                        .afterStep(0, .safeArea("child", .zero)), .afterStep(0, .explain("child", .top, [])),
                        .afterStep(1, .safeArea("child", .zero)), .afterStep(1, .explain("child", .bottom, ["homeIndicator 34", "scrollViewConsumed -34"]))]),
    LayoutCase("a step's frame replaces a pin", source: "API.md steps", .iPhoneX,
               root: .controller("root", subviews: [.view("pinned", pin: .safeArea)]),
               steps: [[("pinned", Rect(0, 0, 375, 100))]],
               expect: [.frame("pinned", Rect(0, 44, 375, 734)), .safeArea("pinned", .zero),
                        .afterStep(0, .frame("pinned", Rect(0, 0, 375, 100))), .afterStep(0, .safeArea("pinned", Insets(44, 0, 0, 0)))]),
]

@Test("child controllers (S5, frozen) and steps", arguments: childControllerCases)
func childControllers(_ scenario: LayoutCase) {
    scenario.verify()
}
