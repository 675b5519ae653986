import InsetEngine
import InsetEngineTestSupport
import Testing

@Suite("LayoutStates: a request's states one at a time")
struct LayoutStatesTests {
    /// A controller with a child controller's container (moved by the steps) and a plain
    /// view beside it: the child's safe area is frozen while moved (RULES.md S5).
    static let request = LayoutRequest(
        environment: Device.iPhoneX.environment(),
        root: .controller("root", subviews: [
            .view("container", subviews: [.controller("child")]),
            .view("card", frame: Rect(16, 100, 343, 200)),
        ]),
        steps: [
            LayoutStep(frames: [("container", Rect(0, 20, 375, 812))]),
            LayoutStep(frames: [("card", Rect(16, 20, 343, 200))]),
            LayoutStep(frames: [("container", Rect(0, 0, 375, 812))]),
        ]
    )

    @Test("gives the first layout, then one state per step, then nil for good")
    func count() {
        var states = LayoutStates(Self.request)
        #expect(states.count == 4)
        var given: [NodeResults] = []
        while let state = states.next() { given.append(state) }
        #expect(given.count == 4)
        #expect(given.allSatisfy { $0.ids == ["root", "container", "child", "card"] })
        #expect(states.next() == nil)
    }

    @Test("each state is what it was before LayoutStates: frozen child, moved card, thawed child")
    func knownStates() {
        let states = Array(LayoutStates(Self.request))
        func node(_ state: Int, _ id: String) -> NodeDetails { states[state].details(id)! }
        #expect(node(0, "child").safeAreaInsets == Insets(44, 0, 34, 0))
        #expect(node(0, "child").explain?.entries(.top) == ["sensorHousing 44"])
        #expect(node(1, "child").frameInWindow == Rect(0, 20, 375, 812))
        #expect(node(1, "child").safeAreaInsets == Insets(44, 0, 34, 0))
        #expect(node(1, "child").explain?.entries(.top) == ["frozen 44"])
        #expect(node(1, "card").safeAreaInsets == .zero)
        #expect(node(2, "card").frameInWindow == Rect(16, 20, 343, 200))
        #expect(node(2, "card").safeAreaInsets == Insets(24, 0, 0, 0))
        #expect(node(3, "child").explain?.entries(.top) == ["sensorHousing 44"])
    }

    @Test("a state without frozen memory equals a fresh layout of the moved tree")
    func freshLayout() {
        let states = Array(LayoutStates(Self.request))
        let moved = InsetEngine.layout(LayoutRequest(
            environment: Device.iPhoneX.environment(),
            root: .controller("root", subviews: [
                .view("container", subviews: [.controller("child")]),
                .view("card", frame: Rect(16, 20, 343, 200)),
            ])
        ))
        // After step 3 the container is back in place, so nothing is frozen any more.
        #expect(states[3] == moved.nodes)
    }

    @Test("the screen and window safe area are the result's; none in the legacy model")
    func header() {
        let states = LayoutStates(Self.request)
        #expect(states.screen == Size(width: 375, height: 812))
        #expect(states.windowSafeArea == Insets(44, 0, 34, 0))
        var legacy = Self.request
        legacy.systemVersion = 10
        #expect(LayoutStates(legacy).windowSafeArea == nil)
    }

    @Test("the kept-bytes estimate grows with the steps and with long ids")
    func estimate() {
        var noSteps = Self.request
        noSteps.steps = []
        let base = LayoutStates(noSteps).keptBytesEstimate
        #expect(base > 0)
        #expect(LayoutStates(Self.request).keptBytesEstimate > base)
        let longID = String(repeating: "x", count: 256)
        let long = LayoutRequest(environment: Device.iPhoneX.environment(), root: .controller("root", subviews: [.view(longID)]))
        let short = LayoutRequest(environment: Device.iPhoneX.environment(), root: .controller("root", subviews: [.view("x")]))
        // The long id's bytes in the ids' tail (no string header of its own).
        #expect(LayoutStates(long).keptBytesEstimate - LayoutStates(short).keptBytesEstimate == 256)
    }
}
