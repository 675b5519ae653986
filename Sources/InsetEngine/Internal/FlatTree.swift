/// How UIKit decides a node's safe area: which rule applies to it.
enum NodeRole: Hashable, Sendable {
    /// The window's root view (§1.3): the window's safe area ⊕ its controller's additional insets.
    case root
    /// The root view of the content controller a UIKit container places (S7).
    case containerContent(container: Int)
    /// The root view of a child controller no UIKit container placed (S5, "frozen").
    case childController(reference: Int)
    /// Any other view (S3/S4, C2 under a scroll view).
    case plain
}

/// One node of the request, without its subviews, plus what the tree's shape says about it.
struct FlatNode: Sendable {
    var id: String
    var kind: ViewKind
    var placement: Placement
    var layoutMargins: MarginSpec?
    var insetsLayoutMarginsFromSafeArea: Bool
    var preservesSuperviewLayoutMargins: Bool
    var scroll: ScrollProperties?
    var viewController: ViewController?
    /// The superview's index; -1 for the root.
    var parent: Int
    /// Whether the node is its superview's `subviews.first` (the §2.2 chain follows these).
    var isFirstSubview: Bool
    var role: NodeRole = .plain
    /// For a container: the index of its content (first subview with a view controller), or -1.
    var content: Int = -1
    /// For a scroll view: the controller whose first-subview chain reaches it, the
    /// innermost one if several do (RULES.md §C1), or -1.
    var scrollOwner: Int = -1
    /// Whether a navigation controller is among the node's strict ancestors.
    var hasNavigationAncestor: Bool = false

    /// Whether the node is a navigation or tab bar controller's view.
    var isContainer: Bool {
        guard let kind = viewController?.kind else { return false }
        return kind != .plain
    }
}

/// The request's hierarchy flattened into depth-first (request) order: a node's superview
/// always precedes it, so one forward pass sees every superview before its subviews.
struct FlatTree: Sendable {
    private(set) var nodes: [FlatNode]

    /// Flattens `root` (iteratively: no recursion depth limit) and classifies every node.
    init(root: Node) {
        var nodes: [FlatNode] = []
        var stack: [(node: Node, parent: Int, isFirst: Bool)] = [(root, -1, false)]
        while let (node, parent, isFirst) = stack.popLast() {
            let index = nodes.count
            nodes.append(FlatNode(
                id: node.id, kind: node.kind, placement: node.placement, layoutMargins: node.layoutMargins,
                insetsLayoutMarginsFromSafeArea: node.insetsLayoutMarginsFromSafeArea,
                preservesSuperviewLayoutMargins: node.preservesSuperviewLayoutMargins,
                scroll: node.kind.isScrollView ? (node.scroll ?? ScrollProperties()) : nil,
                viewController: node.viewController, parent: parent, isFirstSubview: isFirst
            ))
            for (offset, child) in node.subviews.enumerated().reversed() {
                stack.append((child, index, offset == 0))
            }
        }
        Self.classify(&nodes)
        self.nodes = nodes
    }

    /// Node id → index of the first node with that id; built only when steps need it, as
    /// hashing every id costs more than a pass over a small tree.
    func indexByID() -> [String: Int] {
        var index: [String: Int] = [:]
        index.reserveCapacity(nodes.count)
        for (i, node) in nodes.enumerated() where index[node.id] == nil {
            index[node.id] = i
        }
        return index
    }

    /// A step's frame change: the node now sits at `frame` (a pin is replaced). Views whose
    /// frame UIKit decides (the root, a container's content) keep their placement; the
    /// decoder rejects such steps, so this only guards against direct callers.
    mutating func move(_ index: Int, to frame: Rect) {
        switch nodes[index].role {
        case .root, .containerContent: return
        case .childController, .plain: nodes[index].placement = .frame(frame)
        }
    }

    /// The controller whose properties decide how `content` extends under its container's
    /// bars: the content's own, or, when the content is itself a container, its top view
    /// controller's (RULES.md §S7, nested containers).
    func topController(of content: Int) -> Int {
        var current = content
        while nodes[current].isContainer, nodes[current].content >= 0 {
            current = nodes[current].content
        }
        return current
    }

    private static func classify(_ nodes: inout [FlatNode]) {
        guard !nodes.isEmpty else { return }
        nodes[0].role = .root
        // Nearest strict ancestor with a view controller (the root when there is none).
        var nearestController = [Int](repeating: 0, count: nodes.count)
        for i in 1..<nodes.count {
            let parent = nodes[i].parent
            nearestController[i] = nodes[parent].viewController != nil ? parent : nearestController[parent]
            nodes[i].hasNavigationAncestor = nodes[parent].hasNavigationAncestor || nodes[parent].viewController?.kind == .navigation
            guard nodes[i].viewController != nil else { continue }
            if nodes[parent].isContainer, nodes[parent].content < 0 {
                nodes[parent].content = i
                nodes[i].role = .containerContent(container: parent)
            } else {
                nodes[i].role = .childController(reference: nearestController[i])
            }
        }
        // §2.2: a controller's chain starts at its view and follows `subviews.first` down to
        // the first scroll view. Walking up from each scroll view through first subviews
        // (never through another scroll view, where a chain would have stopped) meets the
        // controllers whose chains reach it; the first one met is the innermost.
        for i in nodes.indices where nodes[i].kind.isScrollView {
            var current = i
            while true {
                if nodes[current].viewController != nil {
                    nodes[i].scrollOwner = current
                    break
                }
                let parent = nodes[current].parent
                guard nodes[current].isFirstSubview, parent >= 0, !nodes[parent].kind.isScrollView else { break }
                current = parent
            }
        }
    }
}
