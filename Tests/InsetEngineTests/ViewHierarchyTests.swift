import InsetEngine
import Testing
import InsetEngineTestSupport

@Suite struct ViewHierarchyTests {
    /// r › (a › (a1, a2), b, c › c1)
    let tree = Node(id: "r", viewController: ViewController(kind: .navigation), subviews: [
        Node(id: "a", kind: .scrollView, viewController: ViewController(), subviews: [
            Node(id: "a1", placement: .pin(.safeArea)),
            Node(id: "a2", placement: .frame(Rect(x: 1, y: 2, width: 3, height: 4))),
        ]),
        Node(id: "b", layoutMargins: .physical(Insets(top: 1))),
        Node(id: "c", subviews: [Node(id: "c1", preservesSuperviewLayoutMargins: true)]),
    ])

    @Test func flattensATreeDepthFirst() {
        let hierarchy = ViewHierarchy(root: tree)
        #expect(hierarchy.ids == ["r", "a", "a1", "a2", "b", "c", "c1"])
        #expect(hierarchy.views.map(\.parent) == [-1, 0, 1, 1, 0, 0, 5])
        #expect((0..<7).filter(hierarchy.isFirstSubview) == [1, 2, 6])
        #expect(hierarchy.views[1].scroll == ScrollProperties(), "a scroll view has its defaults")
        #expect(hierarchy.views[4].scroll == nil)
        #expect(hierarchy.views[3].placement == .frame(Rect(x: 1, y: 2, width: 3, height: 4)))
    }

    @Test func rebuildsTheSameTree() {
        #expect(ViewHierarchy(root: tree).root == tree)
        let single = Node(id: "only")
        #expect(ViewHierarchy(root: single).root == single)
    }

    @Test func takesViewsGivenOneByOne() {
        let flattened = ViewHierarchy(root: tree)
        let rebuilt = ViewHierarchy(views: flattened.views, ids: flattened.ids)
        #expect(rebuilt == flattened)
        #expect(LayoutRequest(environment: Device.iPhoneX.environment(), hierarchy: rebuilt) == LayoutRequest(environment: Device.iPhoneX.environment(), root: tree))
    }

    @Test func layoutIsTheSameFromATreeOrFromViews() {
        let flattened = ViewHierarchy(root: tree)
        let fromViews = InsetEngine.layout(LayoutRequest(environment: Device.iPhoneX.environment(), hierarchy: ViewHierarchy(views: flattened.views, ids: flattened.ids)))
        #expect(fromViews == InsetEngine.layout(LayoutRequest(environment: Device.iPhoneX.environment(), root: tree)))
        #expect(fromViews.nodes.map(fromViews.nodes.id(of:)) == Array(flattened.ids))
    }
}
