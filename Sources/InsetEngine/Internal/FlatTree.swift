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

/// One node of the request, without its id and subviews, plus what the tree's shape says
/// about it. Plain data (no reference-counted field), so reading one costs no retain.
struct FlatNode: Sendable {
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
    /// For a container's content: the controller whose properties decide how it extends
    /// under the container's bars (see `FlatTree.classify`); -1 for other nodes.
    var topController: Int = -1
    /// For a scroll view: the controller whose first-subview chain reaches it, the
    /// innermost one if several do (RULES.md §C1), or -1.
    var scrollOwner: Int = -1
    /// Whether a navigation controller is among the node's strict ancestors.
    var hasNavigationAncestor: Bool = false

    /// The node's own properties; the tree's shape is filled in by `FlatTree.classify`.
    init(_ node: borrowing Node, parent: Int, isFirstSubview: Bool) {
        kind = node.kind
        placement = node.placement
        layoutMargins = node.layoutMargins
        insetsLayoutMarginsFromSafeArea = node.insetsLayoutMarginsFromSafeArea
        preservesSuperviewLayoutMargins = node.preservesSuperviewLayoutMargins
        scroll = node.kind.isScrollView ? (node.scroll ?? ScrollProperties()) : nil
        viewController = node.viewController
        self.parent = parent
        self.isFirstSubview = isFirstSubview
    }

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
    /// The nodes' ids, indexed like `nodes`.
    let ids: [String]

    /// Flattens `root` (iteratively: no recursion depth limit) and classifies every node.
    ///
    /// Everything but `topController` is decided as a node is appended, from its superview
    /// and ancestors (already flattened): one walk of the request, no counting pre-pass (the
    /// arrays start at a typical request's size and grow like any array beyond it).
    init(root: Node) {
        var nodes: [FlatNode] = []
        var ids: [String] = []
        nodes.reserveCapacity(Self.typicalCount)
        ids.reserveCapacity(Self.typicalCount)
        var first = FlatNode(root, parent: -1, isFirstSubview: false)
        first.role = .root
        Self.findScrollOwner(of: &first, at: 0, in: nodes)
        nodes.append(first)
        ids.append(root.id)
        // The subviews being visited (shared with the request, never copied node by node),
        // the next one's position, their superview's index and the nearest controller among
        // the superview and its ancestors (the root when there is none); `stack` keeps the
        // levels above.
        var level = (subviews: root.subviews, next: 0, parent: 0, controller: 0)
        var stack: [(subviews: [Node], next: Int, parent: Int, controller: Int)] = []
        stack.reserveCapacity(16)
        while true {
            guard level.next < level.subviews.count else {
                guard let above = stack.popLast() else { break }
                level = above
                continue
            }
            let position = level.next
            level.next += 1
            let index = nodes.count
            let parent = level.parent
            var node = FlatNode(level.subviews[position], parent: parent, isFirstSubview: position == 0)
            node.hasNavigationAncestor = nodes[parent].hasNavigationAncestor || nodes[parent].viewController?.kind == .navigation
            if node.viewController != nil {
                if nodes[parent].isContainer, nodes[parent].content < 0 {
                    nodes[parent].content = index
                    node.role = .containerContent(container: parent)
                } else {
                    node.role = .childController(reference: level.controller)
                }
            }
            Self.findScrollOwner(of: &node, at: index, in: nodes)
            let hasController = node.viewController != nil
            nodes.append(node)
            ids.append(level.subviews[position].id)
            let children = level.subviews[position].subviews
            if !children.isEmpty {
                stack.append(level)
                level = (children, 0, index, hasController ? index : level.controller)
            }
        }
        // The controller whose properties decide how a container's content extends under its
        // bars: the content's own, or, when the content is itself a container, its top view
        // controller's (RULES.md §S7, nested containers). A content's own content comes later
        // in the order, so a backward sweep sees it first.
        // (Only a container has a content.)
        for i in nodes.indices.reversed() {
            guard case .containerContent = nodes[i].role else { continue }
            let content = nodes[i].content
            nodes[i].topController = content >= 0 ? nodes[content].topController : i
        }
        self.nodes = nodes
        self.ids = ids
    }

    /// The node count the arrays are first sized for: the benchmark's 31-node table fits.
    private static var typicalCount: Int { 64 }

    /// §2.2: a controller's chain starts at its view and follows `subviews.first` down to
    /// the first scroll view. Walking up from a scroll view `node` (to be appended at
    /// `index`) through first subviews (never through another scroll view, where a chain would
    /// have stopped) meets the controllers whose chains reach it; the first one met is the
    /// innermost.
    private static func findScrollOwner(of node: inout FlatNode, at index: Int, in nodes: [FlatNode]) {
        guard node.kind.isScrollView else { return }
        if node.viewController != nil {
            node.scrollOwner = index
            return
        }
        var current = index
        var isFirstSubview = node.isFirstSubview
        var parent = node.parent
        while isFirstSubview, parent >= 0, !nodes[parent].kind.isScrollView {
            current = parent
            if nodes[current].viewController != nil {
                node.scrollOwner = current
                return
            }
            isFirstSubview = nodes[current].isFirstSubview
            parent = nodes[current].parent
        }
    }

    /// Node id → index of the first node with that id; built only when steps need it, as
    /// hashing every id costs more than a pass over a small tree.
    func indexByID() -> [String: Int] {
        var index: [String: Int] = [:]
        index.reserveCapacity(ids.count)
        for (i, id) in ids.enumerated() where index[id] == nil {
            index[id] = i
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
}
