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

    /// The view's own properties; the tree's shape is filled in by `FlatTree.classify`.
    init(_ view: ViewHierarchy.View, isFirstSubview: Bool) {
        kind = view.kind
        placement = view.placement
        layoutMargins = view.layoutMargins
        insetsLayoutMarginsFromSafeArea = view.insetsLayoutMarginsFromSafeArea
        preservesSuperviewLayoutMargins = view.preservesSuperviewLayoutMargins
        scroll = view.scroll
        viewController = view.viewController
        parent = view.parent
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

    /// The nodes of `hierarchy`, classified.
    init(hierarchy: ViewHierarchy) {
        var nodes: [FlatNode] = []
        nodes.reserveCapacity(hierarchy.views.count)
        for index in hierarchy.views.indices {
            nodes.append(FlatNode(hierarchy.views[index], isFirstSubview: hierarchy.isFirstSubview(index)))
        }
        Self.classify(&nodes)
        self.nodes = nodes
        ids = hierarchy.ids
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

    private static func classify(_ nodes: inout [FlatNode]) {
        nodes[0].role = .root
        // Nearest strict ancestor with a view controller (the root when there is none).
        var nearestController = [Int](repeating: 0, count: nodes.count)
        for i in nodes.indices.dropFirst() {
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
