import InsetEngine
import Testing
import InsetEngineTestSupport

/// The engine shares an explanation list between consecutive siblings that add the same
/// entries to the same inherited list; every node must still get exactly its own entries.
@Test("siblings adding the same or different entries each get their own explanation")
func siblingExplanations() {
    let result = layout(.iPhoneX, .controller("root", subviews: [
        .view("a", frame: Rect(0, 10, 375, 100)),
        .view("b", frame: Rect(0, 20, 375, 100)),
        .view("c", frame: Rect(0, 10, 375, 100), subviews: [.view("inner", frame: Rect(0, 30, 375, 50))]),
        .view("d", frame: Rect(0, 10, 375, 100)),
    ]))
    #expect(result["a"].explain?.entries(.top) == ["sensorHousing 44", "offset -10"])
    #expect(result["b"].explain?.entries(.top) == ["sensorHousing 44", "offset -20"])
    #expect(result["c"].explain?.entries(.top) == ["sensorHousing 44", "offset -10"])
    #expect(result["inner"].explain?.entries(.top) == ["sensorHousing 44", "offset -10", "offset -30"])
    #expect(result["d"].explain?.entries(.top) == ["sensorHousing 44", "offset -10"])
    #expect(result["d"].safeAreaInsets == Insets(34, 0, 0, 0))
}

@Test("cells under a scroll view's consumed edges, and a step that moves one of them")
func tableCellExplanations() {
    let cells = (0..<4).map { Node.view("cell\($0)", frame: Rect(0, Double($0) * 44, 375, 44)) }
    let table = Node.controller("table", kind: .tableView, scroll: ScrollProperties(contentSize: Size(width: 375, height: 2000)), subviews: cells)
    let result = layout(.iPhoneX, .navigation("nav", content: table), steps: [[(id: "cell2", frame: Rect(0, -200, 375, 44))]])
    for id in ["cell0", "cell1", "cell2", "cell3"] {
        #expect(result[id].explain?.entries(.top) == ["sensorHousing 44", "navigationBar 44", "scrollViewConsumed -88"])
        #expect(result[id].explain?.entries(.bottom) == ["homeIndicator 34", "scrollViewConsumed -34"])
        #expect(result[id].safeAreaInsets == .zero)
    }
    #expect(result.after(step: 0, "cell2").explain?.entries(.top) == ["sensorHousing 44", "navigationBar 44", "scrollViewConsumed -88"])
    #expect(result.after(step: 0, "cell3").explain == result["cell3"].explain)
}

/// A plain view that no rule changes on any edge (each edge lies outside its superview's, or
/// inside an edge whose inset is 0, and no scroll view consumed one) takes its superview's
/// insets and explanation whole; one edge that does change sends it through the edge rules.
@Test("a plain view its superview's safe area reaches unchanged shares the superview's explanation")
func unchangedSubviewExplanations() {
    let result = layout(.iPhoneX, .controller("root", subviews: [
        // Inside the top (44) and bottom (34) edges: both become 0, with an offset entry each.
        .view("a", frame: Rect(0, 100, 375, 100), subviews: [
            // Inside edges that are all 0 now: nothing changes.
            .view("inner", frame: Rect(10, 10, 100, 50)),
        ]),
        // Outside the top and bottom edges, inside the left and right ones (both 0).
        .view("b", frame: Rect(10, -10, 355, 900)),
        // Outside the bottom edge but inside the top one: the top edge changes.
        .view("c", frame: Rect(0, 20, 375, 900)),
    ]))
    #expect(result["a"].explain?.entries(.top) == ["sensorHousing 44", "offset -44"])
    #expect(result["a"].explain?.entries(.bottom) == ["homeIndicator 34", "offset -34"])
    #expect(result["inner"].safeAreaInsets == .zero)
    #expect(result["inner"].explain == result["a"].explain)
    #expect(result["b"].safeAreaInsets == Insets(44, 0, 34, 0))
    #expect(result["b"].explain == result["root"].explain)
    #expect(result["c"].safeAreaInsets == Insets(24, 0, 34, 0))
    #expect(result["c"].explain?.entries(.top) == ["sensorHousing 44", "offset -20"])
    #expect(result["c"].explain?.entries(.bottom) == ["homeIndicator 34"])
}

/// A cell's safe area and explanation depend on its superview and how far each of its edges
/// reaches into the superview's inset there (0 where a scroll view consumed the edge): a cell
/// reaching as far as the sibling before it shares that sibling's result; one reaching
/// otherwise goes through the edge rules and is kept in its place.
@Test("cells share the previous sibling's result when their edges reach as far")
func cellsReachingAlike() {
    let cells = [
        Node.view("wide0", frame: Rect(0, 0, 812, 44)),
        Node.view("inset0", frame: Rect(10, 44, 792, 44)),
        Node.view("inset1", frame: Rect(10, 88, 792, 44)),
        Node.view("inset20", frame: Rect(20, 132, 772, 44)),
        Node.view("wide1", frame: Rect(0, 176, 812, 44)),
    ]
    let table = Node(id: "table", kind: .tableView, scroll: ScrollProperties(contentSize: Size(width: 812, height: 2000)), subviews: cells)
    let result = layout(.iPhoneX, .controller("vc", subviews: [table]), orientation: .landscapeLeft)
    for id in ["wide0", "wide1"] {
        #expect(result[id].safeAreaInsets == Insets(0, 44, 0, 44))
        #expect(result[id].explain?.entries(.left) == ["sensorHousing 44"])
        #expect(result[id].explain?.entries(.bottom) == ["homeIndicator 21", "scrollViewConsumed -21"])
    }
    for id in ["inset0", "inset1"] {
        #expect(result[id].safeAreaInsets == Insets(0, 34, 0, 34))
        #expect(result[id].explain?.entries(.left) == ["sensorHousing 44", "offset -10"])
        #expect(result[id].explain?.entries(.bottom) == ["homeIndicator 21", "scrollViewConsumed -21"])
    }
    #expect(result["inset1"].explanationIdentity == result["inset0"].explanationIdentity)
    #expect(result["inset20"].safeAreaInsets == Insets(0, 24, 0, 24))
    #expect(result["inset20"].explain?.entries(.right) == ["sensorHousing 44", "offset -20"])
}

/// `explanationIdentity` tells a writer when it may repeat an explanation: results sharing
/// one have equal explanations; a result without one has none.
@Test("results with the same explanation identity have equal explanations")
func explanationIdentities() {
    let cells = (0..<4).map { Node.view("cell\($0)", frame: Rect(0, Double($0) * 44, 375, 44), subviews: [.view("label\($0)", frame: Rect(16, 0, 343, 44))]) }
    let table = Node.controller("table", kind: .tableView, scroll: ScrollProperties(contentSize: Size(width: 375, height: 2000)), subviews: cells)
    let result = layout(.iPhoneX, .navigation("nav", content: table))
    let nodes = result.nodes.details
    for first in nodes {
        for second in nodes where first.explanationIdentity != nil && first.explanationIdentity == second.explanationIdentity {
            #expect(first.explain == second.explain, "\(first.id) and \(second.id) share an identity")
        }
    }
    // The cells share one: a writer repeats it rather than writing it four times.
    #expect(Set((0..<4).map { result["cell\($0)"].explanationIdentity }).count == 1)
    #expect(result["cell0"].explanationIdentity != nil)
    // The legacy model explains nothing.
    let legacy = layout(.iPhoneX, .navigation("nav", content: table), systemVersion: 10)
    #expect(legacy.nodes.details.allSatisfy { $0.explanationIdentity == nil && $0.explain == nil })
}

/// A state's explanations live in one table: read in place (`withExplanation`, as the
/// encoder reads them) or as arrays (`explain`), every edge has its own entries.
@Test("an explanation read in place has the entries of explain, edge by edge")
func explanationEntriesInPlace() {
    let cells = (0..<3).map { Node.view("cell\($0)", frame: Rect(0, Double($0) * 44, 375, 44)) }
    let table = Node.controller("table", kind: .tableView, scroll: ScrollProperties(contentSize: Size(width: 375, height: 2000)), subviews: cells)
    let result = layout(.iPhoneX, .navigation("nav", content: table))
    for node in result.nodes {
        let explain = result.nodes.explain(of: node)!
        let inPlace = result.nodes.withExplanation(of: node) { [Array($0.top), Array($0.left), Array($0.bottom), Array($0.right)] }
        #expect(inPlace == [explain.top, explain.left, explain.bottom, explain.right], "\(result.nodes.id(of: node))")
    }
    // Every edge a different list, so that an edge read at another's place shows; a node
    // after it with another explanation, so that one read at another's offset shows.
    let given = Explanation(
        top: [Contribution(.statusBar, 20)], left: [Contribution(.sensorHousing, 44), Contribution(.offset, -1)],
        bottom: [Contribution(.homeIndicator, 34), Contribution(.offset, -4)], right: [Contribution(.screen, 3)]
    )
    let other = Explanation(top: [Contribution(.offset, 7)], right: [Contribution(.floor, 2)])
    let node = NodeResult(
        frame: Rect(0, 0, 1, 1), frameInWindow: Rect(0, 0, 1, 1), safeAreaInsets: nil, layoutMargins: .zero
    )
    var made = NodeResults()
    made.append(node, id: "n", explain: given)
    made.append(node, id: "o", explain: other)
    made.append(node, id: "p", sharingExplanationOf: 0)
    #expect(made.explain(of: made[0]) == given)
    #expect(made.explain(of: made[1]) == other)
    #expect(made.explain(of: made[2]) == given && made[2].explanationIdentity == made[0].explanationIdentity)
    #expect(made.withExplanation(of: made[0]) { [Array($0.top), Array($0.left), Array($0.bottom), Array($0.right)] } == [given.top, given.left, given.bottom, given.right])
    #expect(made.ids == ["n", "o", "p"] && made.map(made.id(of:)) == ["n", "o", "p"])
}

/// A state's explanations outgrow the room the pass first gives them (about one entry per
/// node) when every view adds entries on every edge: each still reads its own entries.
@Test("explanations longer than the first room each keep their own entries")
func explanationsOutgrowingTheirRoom() {
    var node = Node.controller("c12", ViewController(additionalSafeAreaInsets: Insets(1, 1, 1, 1)))
    for depth in (0..<12).reversed() {
        node = .controller("c\(depth)", ViewController(additionalSafeAreaInsets: Insets(1, 1, 1, 1)), subviews: [node])
    }
    let result = layout(.iPhoneX, node)
    for depth in 0...12 {
        let explain = result["c\(depth)"].explain
        // The window's entry, then one `additionalSafeAreaInsets` per controller down to this one.
        #expect(explain?.top == [Contribution(.sensorHousing, 44)] + Array(repeating: Contribution(.additionalSafeAreaInsets, 1), count: depth + 1))
        #expect(explain?.left == Array(repeating: Contribution(.additionalSafeAreaInsets, 1), count: depth + 1))
    }
}
