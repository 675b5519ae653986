import InsetEngine
import Testing
import InsetEngineTestSupport

/// A small deterministic generator (64-bit LCG) so property tests are reproducible.
struct Generator {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 6364136223846793005 &+ 1442695040888963407 }

    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state >> 33
    }

    /// A whole number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }

    /// A whole-point value in `range` (whole numbers keep floating-point sums exact).
    mutating func value(_ range: ClosedRange<Int>) -> Double { Double(int(range)) }

    mutating func bool() -> Bool { next() % 2 == 0 }

    mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }
}

/// Random but valid hierarchies: containers at the top, then views, scroll views and child
/// controllers with random frames (some outside their superview), pins and margins.
struct RandomHierarchy {
    var generator: Generator
    var count = 0
    var ids: [String] = []

    init(seed: UInt64) { generator = Generator(seed: seed) }

    mutating func request() -> LayoutRequest {
        let device = generator.pick([Device.iPhone8, .iPhoneX, .iPhone12Mini, .iPhone14Pro, .iPadPro11])
        let orientation = generator.pick([Orientation.portrait, .landscapeLeft])
        let systemVersion = generator.pick([10.0, 12, 18, 27.1])
        let content = controllerNode(depth: 0)
        var root = content
        switch generator.int(0...3) {
        case 0: break
        case 1: root = Node(id: nextID(), viewController: container(.navigation), subviews: [content])
        case 2: root = Node(id: nextID(), viewController: container(.tabBar), subviews: [content])
        default: root = Node(id: nextID(), viewController: container(.tabBar), subviews: [Node(id: nextID(), viewController: container(.navigation), subviews: [content])])
        }
        let movable = ids.filter { $0.hasPrefix("v") }
        var steps: [LayoutStep] = []
        for _ in 0..<2 where !movable.isEmpty {
            steps.append(LayoutStep(frames: [(generator.pick(movable), frame())]))
        }
        return LayoutRequest(
            environment: device.environment(orientation, statusBarHidden: generator.int(0...4) == 0),
            systemVersion: systemVersion, layoutDirection: generator.bool() ? .leftToRight : .rightToLeft,
            root: root, steps: steps
        )
    }

    private mutating func nextID(_ prefix: String = "n") -> String {
        count += 1
        let id = "\(prefix)\(count)"
        ids.append(id)
        return id
    }

    private mutating func container(_ kind: ViewControllerKind) -> ViewController {
        ViewController(
            kind: kind, additionalSafeAreaInsets: generator.int(0...3) == 0 ? insets(-20...30) : .zero,
            navigationBar: BarConfiguration(hidden: generator.int(0...4) == 0, translucent: generator.int(0...3) != 0, prefersLargeTitles: generator.bool()),
            toolbar: BarConfiguration(hidden: generator.bool(), translucent: generator.bool()),
            tabBar: BarConfiguration(hidden: generator.int(0...4) == 0, translucent: generator.int(0...3) != 0)
        )
    }

    private mutating func controller() -> ViewController {
        ViewController(
            additionalSafeAreaInsets: generator.int(0...3) == 0 ? insets(-60...30) : .zero,
            edgesForExtendedLayout: generator.int(0...3) == 0 ? [.left, .bottom, .right] : .all,
            extendedLayoutIncludesOpaqueBars: generator.bool(),
            automaticallyAdjustsScrollViewInsets: generator.int(0...3) != 0,
            viewRespectsSystemMinimumLayoutMargins: generator.int(0...3) != 0
        )
    }

    private mutating func insets(_ range: ClosedRange<Int>) -> Insets {
        Insets(generator.value(range), generator.value(range), generator.value(range), generator.value(range))
    }

    private mutating func frame() -> Rect {
        Rect(generator.value(-60...400), generator.value(-60...800), generator.value(0...500), generator.value(0...900))
    }

    private mutating func controllerNode(depth: Int) -> Node {
        let scroll = generator.int(0...3) == 0
        return Node(id: nextID(), kind: scroll ? .tableView : .view, scroll: scroll ? scrollProperties() : nil,
                    viewController: controller(), subviews: children(depth: depth + 1))
    }

    private mutating func scrollProperties() -> ScrollProperties {
        ScrollProperties(
            contentSize: Size(width: generator.value(0...900), height: generator.value(0...3000)),
            contentInset: generator.bool() ? .zero : insets(-10...40),
            behavior: generator.pick(ContentInsetAdjustmentBehavior.allCases),
            alwaysBounceVertical: generator.int(0...4) == 0, alwaysBounceHorizontal: generator.int(0...4) == 0,
            automaticallyAdjustsScrollIndicatorInsets: generator.bool(),
            verticalScrollIndicatorInsets: generator.bool() ? .zero : insets(0...10)
        )
    }

    private mutating func children(depth: Int) -> [Node] {
        guard depth < 5 else { return [] }
        return (0..<generator.int(0...3)).map { _ in child(depth: depth) }
    }

    private mutating func child(depth: Int) -> Node {
        let placement: Placement
        switch generator.int(0...3) {
        case 0: placement = .fill
        case 1: placement = .pin(generator.pick([Pin.bounds, .safeArea, .layoutMargins, .readableContent]))
        default: placement = .frame(frame())
        }
        if generator.int(0...5) == 0 {
            // A child controller (S5): sometimes window-sized so the frozen rule plays.
            var node = controllerNode(depth: depth)
            node.placement = generator.bool() ? placement : .frame(Rect(0, generator.value(-40...40), 375, 812))
            return node
        }
        let scroll = generator.int(0...3) == 0
        let margins: MarginSpec? = switch generator.int(0...3) {
        case 0: .physical(insets(0...30))
        case 1: .directional(DirectionalInsets(top: generator.value(0...20), leading: generator.value(0...20), bottom: generator.value(0...20), trailing: generator.value(0...20)))
        default: nil
        }
        return Node(
            id: nextID("v"), kind: scroll ? .scrollView : .view, placement: placement, layoutMargins: margins,
            insetsLayoutMarginsFromSafeArea: generator.int(0...3) != 0, preservesSuperviewLayoutMargins: generator.bool(),
            scroll: scroll ? scrollProperties() : nil, subviews: children(depth: depth + 1)
        )
    }
}

/// Sums a list of contributions in order, as a reader would.
private func sum(_ contributions: [Contribution]) -> Double {
    contributions.reduce(0) { $0 + $1.value }
}

private let seeds: [UInt64] = Array(1...60)

@Test("properties: explain sums to the insets; insets and guide sizes never negative", arguments: seeds)
func explainAndSigns(seed: UInt64) {
    var hierarchy = RandomHierarchy(seed: seed)
    let request = hierarchy.request()
    let result = InsetEngine.layout(request)
    #expect(result.nodes.count == hierarchy.count)
    #expect(result.steps.count == request.steps.count)
    for node in result.allStates {
        #expect(node.layoutMarginsGuide.width >= 0 && node.layoutMarginsGuide.height >= 0)
        guard let insets = node.safeAreaInsets, let explain = node.explain, let guide = node.safeAreaLayoutGuide else {
            #expect(!request.usesSafeAreaModel)
            continue
        }
        for edge in Edge.allCases {
            #expect(sum(explain[edge]) == insets[edge], "\(node.id) \(edge): \(explain.entries(edge)) ≠ \(insets[edge])")
            #expect(insets[edge] >= 0, "\(node.id) \(edge) negative")
        }
        #expect(guide.width >= 0 && guide.height >= 0)
        if node.layoutGuides != nil {
            #expect(node.layoutGuides == LayoutGuideLengths(top: insets.top, bottom: insets.bottom))
        }
    }
}

/// Superview id and whether the node is a controller's view, for every node of `root`.
private func shape(of root: Node) -> (parents: [String: String], controllers: Set<String>) {
    var parents: [String: String] = [:]
    var controllers: Set<String> = []
    var stack = [root]
    while let node = stack.popLast() {
        if node.viewController != nil { controllers.insert(node.id) }
        for child in node.subviews {
            parents[child.id] = node.id
            stack.append(child)
        }
    }
    return (parents, controllers)
}

@Test("properties: a plain view inside its superview's (non-collapsed) safe-area guide has zero insets", arguments: seeds)
func insideTheGuide(seed: UInt64) {
    var hierarchy = RandomHierarchy(seed: seed)
    var request = hierarchy.request()
    request.systemVersion = 18
    let (parents, controllers) = shape(of: request.root)
    let result = InsetEngine.layout(request)
    for state in [result.nodes] + result.steps {
        let byID = Dictionary(uniqueKeysWithValues: state.details.map { ($0.id, $0) })
        for node in state.details where !controllers.contains(node.id) {
            guard let parent = parents[node.id].flatMap({ byID[$0] }), let guide = parent.safeAreaLayoutGuide,
                  let insets = parent.safeAreaInsets else { continue }
            // Insets are not clipped to the view's size (RULES.md): where they overlap, the
            // guide collapses to 0 and no longer describes the safe region.
            guard insets.top + insets.bottom <= parent.frame.height, insets.left + insets.right <= parent.frame.width else { continue }
            let frame = node.frame
            if frame.minX >= guide.minX, frame.minY >= guide.minY, frame.maxX <= guide.maxX, frame.maxY <= guide.maxY {
                #expect(node.safeAreaInsets == .zero, "\(node.id) in \(parent.id)'s safe area")
            }
        }
    }
}

@Test("properties: adjusted = contentInset + a safe-area part on whole edges only", arguments: seeds)
func adjustedParts(seed: UInt64) {
    var hierarchy = RandomHierarchy(seed: seed)
    var request = hierarchy.request()
    request.systemVersion = 18
    for node in InsetEngine.layout(request).allStates {
        guard let scroll = node.scroll, let safeArea = node.safeAreaInsets else { continue }
        let system = scroll.adjustedContentInset - scroll.contentInset
        for edge in Edge.allCases {
            #expect(system[edge] == 0 || system[edge] == safeArea[edge])
        }
        #expect(scroll.contentOffset == Point(x: 0 - scroll.adjustedContentInset.left, y: 0 - scroll.adjustedContentInset.top))
    }
}

@Test("properties: a view inside its superview's safe area has zero insets; moving it within that region changes nothing", arguments: seeds)
func insideTheSafeRegion(seed: UInt64) {
    var generator = Generator(seed: seed)
    let device = generator.pick([Device.iPhone8, .iPhoneX, .iPhone14Pro, .iPadPro11, .appleTV])
    let orientation: Orientation = device == .appleTV ? .landscapeLeft : generator.pick([.portrait, .landscapeRight])
    let tv = device == .appleTV
    let content = Node.controller("content", subviews: [.view("holder", pin: .safeArea, subviews: [.view("probe", frame: Rect(0, 0, 10, 10), subviews: [.view("inner", frame: Rect(-5, -5, 30, 30))])])])
    let root = tv || generator.bool() ? content : .navigation("nav", content: content)
    // Positions inside the holder (which is the safe region), as steps.
    let moves = (0..<4).map { _ in [(id: "probe", frame: Rect(generator.value(0...200), generator.value(0...200), 10, 10))] }
    let result = layout(device, root, orientation: orientation, steps: moves)
    let first = result["inner"].safeAreaInsets
    for step in result.steps.indices {
        #expect(result.after(step: step, "probe").safeAreaInsets == .zero)
        #expect(result.after(step: step, "inner").safeAreaInsets == first)
    }
    #expect(result["probe"].safeAreaInsets == .zero)
}

/// Random `/scroll` requests for the scroll-view properties.
@Test("properties of /scroll: adjusted = contentInset + systemInset; never ⇒ 0; always ⇒ safe area", arguments: seeds)
func scrollProperties(seed: UInt64) {
    var generator = Generator(seed: seed)
    for behavior in ContentInsetAdjustmentBehavior.allCases {
        let safeArea = Insets(generator.value(0...100), generator.value(0...60), generator.value(0...100), generator.value(0...60))
        let bounds = Size(width: generator.value(1...900), height: generator.value(1...900))
        let properties = ScrollProperties(
            contentSize: Size(width: generator.value(0...1200), height: generator.value(0...1200)),
            contentInset: Insets(generator.value(-20...40), generator.value(-20...40), generator.value(-20...40), generator.value(-20...40)),
            behavior: behavior, alwaysBounceVertical: generator.int(0...3) == 0, alwaysBounceHorizontal: generator.int(0...3) == 0
        )
        let context = ScrollContext(inNavigationController: generator.bool(), automaticallyAdjustsScrollViewInsets: generator.bool(), isContentScrollView: generator.bool())
        let result = InsetEngine.scroll(ScrollRequest(systemVersion: generator.pick([11.0, 13, 18]), bounds: bounds, properties: properties, safeArea: .explicit(safeArea), context: context))
        #expect(result.adjustedContentInset == properties.contentInset + result.systemInset)
        #expect(result.subviewSafeAreaInsets + result.systemInset == safeArea)
        #expect(result.contentOffset.max.x >= result.contentOffset.min.x && result.contentOffset.max.y >= result.contentOffset.min.y)
        switch behavior {
        case .never: #expect(result.systemInset == .zero && result.adjustedEdges.isEmpty)
        case .always: #expect(result.systemInset == safeArea && result.adjustedEdges == Edge.allCases)
        case .scrollableAxes, .automatic:
            #expect(result.scrollableAxes.vertical == (properties.contentSize.height > bounds.height || properties.alwaysBounceVertical))
        }
    }
}

extension Insets {
    static func + (lhs: Insets, rhs: Insets) -> Insets {
        Insets(lhs.top + rhs.top, lhs.left + rhs.left, lhs.bottom + rhs.bottom, lhs.right + rhs.right)
    }

    static func - (lhs: Insets, rhs: Insets) -> Insets {
        Insets(lhs.top - rhs.top, lhs.left - rhs.left, lhs.bottom - rhs.bottom, lhs.right - rhs.right)
    }
}

@Test("the engine is deterministic: the same request gives the same result", arguments: [UInt64(7), 8, 9])
func deterministic(seed: UInt64) {
    var first = RandomHierarchy(seed: seed)
    var second = RandomHierarchy(seed: seed)
    #expect(InsetEngine.layout(first.request()) == InsetEngine.layout(second.request()))
}
