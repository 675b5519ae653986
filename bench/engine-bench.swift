// Engine benchmark: median wall time of InsetEngine.layout for growing trees. Run through
// bench/engine.sh, which builds it in release mode in a scratch package outside the repo.
import InsetEngine
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

let env = DisplayEnvironment(
    family: .iphone, screen: Size(width: 393, height: 852), windowSafeArea: Insets(top: 59, bottom: 34),
    windowExplain: Explanation(top: [Contribution(.sensorHousing, 59)], bottom: [Contribution(.homeIndicator, 34)]),
    statusBarHeight: 54, sizeClass: SizeClasses(horizontal: .compact, vertical: .regular),
    bars: .iPhone(verticalSizeClass: .regular), systemMinimumLayoutMargins: DirectionalInsets(top: 0, leading: 16, bottom: 0, trailing: 16))

/// bench/layout-31.json's shape scaled: tab › nav (large titles) › table controller › cells › labels.
func table(_ nodes: Int) -> Node {
    let cells = (nodes - 3) / 2
    let rows = (0..<cells).map { i in
        Node(id: "cell\(i)", placement: .frame(Rect(x: 0, y: Double(i) * 44, width: 393, height: 44)),
             subviews: [Node(id: "label\(i)", placement: .pin(.layoutMargins))])
    }
    let tableNode = Node(id: "table", kind: .tableView, scroll: ScrollProperties(contentSize: Size(width: 393, height: Double(cells) * 44)),
                         viewController: ViewController(), subviews: rows)
    let nav = Node(id: "nav", viewController: ViewController(kind: .navigation, navigationBar: BarConfiguration(hidden: false, prefersLargeTitles: true)), subviews: [tableNode])
    return Node(id: "tabs", viewController: ViewController(kind: .tabBar), subviews: [nav])
}

/// Depth-64 chains of plain views and child controllers hanging off a root controller.
func deep(_ nodes: Int) -> Node {
    var count = 1
    var chains: [Node] = []
    while count < nodes {
        var node = Node(id: "n\(count)", placement: .frame(Rect(x: 1, y: 1, width: 300, height: 700)))
        count += 1
        var depth = 1
        while depth < 63, count < nodes {
            let vc: ViewController? = depth % 8 == 0 ? ViewController(additionalSafeAreaInsets: Insets(top: 1)) : nil
            node = Node(id: "n\(count)", placement: .frame(Rect(x: 1, y: -2, width: 300, height: 700)), viewController: vc, subviews: [node])
            count += 1
            depth += 1
        }
        chains.append(node)
    }
    return Node(id: "root", viewController: ViewController(), subviews: chains)
}

for (name, build) in [("table", table), ("deep", deep)] as [(String, (Int) -> Node)] {
    for n in [100, 1_000, 10_000, 20_000, 40_000] {
        let request = LayoutRequest(environment: env, root: build(n))
        var times: [Double] = []
        var nodes = 0
        for _ in 0..<15 {
            let start = now()
            let result = InsetEngine.layout(request)
            times.append(now() - start)
            nodes = result.nodes.count
        }
        times.sort()
        let median = times[times.count / 2]
        print("\(name) \(nodes) nodes: median \(Double(Int(median * 1e5)) / 100) ms, \(Double(Int(median * 1e8 / Double(nodes))) / 100) µs/node")
    }
}
