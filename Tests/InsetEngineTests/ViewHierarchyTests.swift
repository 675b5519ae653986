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
        #expect(hierarchy.scroll(of: 1) == ScrollProperties(), "a scroll view has its defaults")
        #expect(hierarchy.scroll(of: 4) == nil)
        #expect(hierarchy.viewController(of: 0)?.kind == .navigation && hierarchy.viewController(of: 1)?.kind == .plain)
        #expect(hierarchy.viewController(of: 2) == nil)
        #expect(hierarchy.parts.count == 2 * 8 + 15, "the two controllers and the scroll view's properties, in words")
        #expect(hierarchy.views[3].placement == .frame(Rect(x: 1, y: 2, width: 3, height: 4)))
    }

    @Test func rebuildsTheSameTree() {
        #expect(ViewHierarchy(root: tree).root == tree)
        let single = Node(id: "only")
        #expect(ViewHierarchy(root: single).root == single)
    }

    @Test func takesViewsGivenOneByOne() {
        let flattened = ViewHierarchy(root: tree)
        let rebuilt = ViewHierarchy(views: flattened.views, ids: flattened.ids, parts: flattened.parts)
        #expect(rebuilt == flattened)
        #expect(LayoutRequest(environment: Device.iPhoneX.environment(), hierarchy: rebuilt) == LayoutRequest(environment: Device.iPhoneX.environment(), root: tree))
    }

    @Test func layoutIsTheSameFromATreeOrFromViews() {
        let flattened = ViewHierarchy(root: tree)
        let fromViews = InsetEngine.layout(LayoutRequest(environment: Device.iPhoneX.environment(), hierarchy: ViewHierarchy(views: flattened.views, ids: flattened.ids, parts: flattened.parts)))
        #expect(fromViews == InsetEngine.layout(LayoutRequest(environment: Device.iPhoneX.environment(), root: tree)))
        #expect(fromViews.nodes.map(fromViews.nodes.id(of:)) == flattened.ids)
    }

    @Test func partsAttachedInAnyOrderMakeTheSameHierarchy() {
        let flattened = ViewHierarchy(root: tree)
        // As the fast reader attaches them: a view's parts when its subviews are read too.
        var views = flattened.views.map { ViewHierarchy.View(kind: $0.kind, placement: $0.placement, layoutMargins: $0.layoutMargins,
                                                             insetsLayoutMarginsFromSafeArea: $0.insetsLayoutMarginsFromSafeArea,
                                                             preservesSuperviewLayoutMargins: $0.preservesSuperviewLayoutMargins, parent: $0.parent) }
        var parts = ViewHierarchy.Parts()
        for index in views.indices.reversed() {
            views[index].attach(viewController: flattened.viewController(of: index), scroll: flattened.scroll(of: index), to: &parts)
        }
        let reordered = ViewHierarchy(views: views, ids: flattened.ids, parts: parts)
        #expect(reordered == flattened)
        #expect(reordered.hashValue == flattened.hashValue)
        #expect(reordered.root == tree)
        // Another controller is another hierarchy.
        views[0] = ViewHierarchy.View(parent: -1)
        views[0].attach(viewController: ViewController(kind: .tabBar), to: &parts)
        #expect(ViewHierarchy(views: views, ids: flattened.ids, parts: parts) != flattened)
    }

    @Test func aPartRoomMakesTheSameHierarchy() {
        let flattened = ViewHierarchy(root: tree)
        var room = ViewHierarchy.PartRoom()
        defer { room.deallocate() }
        for round in 0..<2 {
            // The room is reused: the second round starts over in it.
            room.begin()
            var views = flattened.views.map { ViewHierarchy.View(kind: $0.kind, placement: $0.placement, layoutMargins: $0.layoutMargins,
                                                                 insetsLayoutMarginsFromSafeArea: $0.insetsLayoutMarginsFromSafeArea,
                                                                 preservesSuperviewLayoutMargins: $0.preservesSuperviewLayoutMargins, parent: $0.parent) }
            views.withUnsafeMutableBufferPointer { views in
                for index in views.indices.reversed() where flattened.views[index].parts != [] {
                    let view = views.baseAddress! + index
                    room.begin(view)
                    if let controller = flattened.viewController(of: index) { room.add(viewController: controller, to: view) }
                    if let scroll = flattened.scroll(of: index) { room.add(scroll: scroll, to: view) }
                }
            }
            let made = ViewHierarchy(views: views, ids: flattened.ids, parts: room.parts())
            #expect(made == flattened, "round \(round)")
            #expect(made.viewController(of: 0)?.kind == .navigation && made.scroll(of: 1) == ScrollProperties())
        }
    }
}
