import InsetEngine
import Testing
import InsetEngineTestSupport

/// `ContainerContent` keeps the first subview offered that has a view controller.
@Suite struct ContainerContentTests {
    @Test func keepsTheFirstSubviewWithAViewController() {
        var content = ContainerContent()
        #expect(!content.isFound && content.index == -1)
        let taken = [(3, false), (5, true), (9, true)].map { content.offer($0.0, hasViewController: $0.1) }
        #expect(taken == [false, true, false], "neither one without a view controller nor a later one")
        #expect(content.isFound && content.index == 5)
    }

    /// The engine places the first subview with a view controller under the bar, not a later one.
    @Test func theEnginePlacesThatSubview() {
        let root = Node(id: "nav", viewController: ViewController(kind: .navigation), subviews: [
            Node(id: "plain", placement: .frame(Rect(x: 0, y: 0, width: 10, height: 10))),
            Node(id: "top", viewController: ViewController()),
            Node(id: "other", viewController: ViewController()),
        ])
        let result = layout(.iPhoneX, root)
        #expect(result["top"].frame == Rect(x: 0, y: 0, width: 375, height: 812), "the container places it")
        #expect(result["top"].safeAreaInsets?.top == 88, "under the status and navigation bars")
        #expect(result["other"].safeAreaInsets?.top == 44, "a child controller's view under the status bar only")
    }
}
