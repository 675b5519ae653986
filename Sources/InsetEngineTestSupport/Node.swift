public import InsetEngine

// The tree form of a request hierarchy, for tests that write one by hand; the engine and
// the readers use the flat `ViewHierarchy` only.

/// A view in the request hierarchy (API.md "Node").
public struct Node: Hashable, Sendable {
    public var id: String
    public var kind: ViewKind
    public var placement: Placement
    /// `nil`: the default (8 on every edge for a plain view, 0 from systemVersion 27.1;
    /// 0 for a view controller's root view).
    public var layoutMargins: MarginSpec?
    public var insetsLayoutMarginsFromSafeArea: Bool
    public var preservesSuperviewLayoutMargins: Bool
    /// Present exactly when `kind.isScrollView`.
    public var scroll: ScrollProperties?
    public var viewController: ViewController?
    /// A table's, a row's or a collection view's own properties.
    public var lists: ListProperties?
    /// Asks for this view's keyboard layout guide.
    public var keyboardLayoutGuide: KeyboardGuideOptions?
    /// Back to front.
    public var subviews: [Node]

    /// Creates a node with UIKit's defaults.
    public init(
        id: String,
        kind: ViewKind = .view,
        placement: Placement = .fill,
        layoutMargins: MarginSpec? = nil,
        insetsLayoutMarginsFromSafeArea: Bool = true,
        preservesSuperviewLayoutMargins: Bool = false,
        scroll: ScrollProperties? = nil,
        viewController: ViewController? = nil,
        lists: ListProperties? = nil,
        keyboardLayoutGuide: KeyboardGuideOptions? = nil,
        subviews: [Node] = []
    ) {
        self.id = id
        self.kind = kind
        self.placement = placement
        self.layoutMargins = layoutMargins
        self.insetsLayoutMarginsFromSafeArea = insetsLayoutMarginsFromSafeArea
        self.preservesSuperviewLayoutMargins = preservesSuperviewLayoutMargins
        self.scroll = scroll ?? (kind.isScrollView ? ScrollProperties() : nil)
        self.viewController = viewController
        self.lists = lists
        self.keyboardLayoutGuide = keyboardLayoutGuide
        self.subviews = subviews
    }
}

/// The list parts of a node's request: a table's, a row's or a collection view's.
public struct ListProperties: Hashable, Sendable {
    /// `tableView` only.
    public var table: TableProperties?
    /// Rows only.
    public var row: RowProperties?
    /// `collectionView` only; `nil`: ``CollectionLayout/standard``.
    public var collectionLayout: CollectionLayout?

    /// Creates the list parts; each is absent by default.
    public init(table: TableProperties? = nil, row: RowProperties? = nil, collectionLayout: CollectionLayout? = nil) {
        self.table = table
        self.row = row
        self.collectionLayout = collectionLayout
    }
}

extension ViewHierarchy.View {
    /// `node`'s own properties, under the view at `parent`.
    public init(_ node: borrowing Node, parent: Int) {
        self.init(
            kind: node.kind, placement: node.placement, layoutMargins: node.layoutMargins,
            insetsLayoutMarginsFromSafeArea: node.insetsLayoutMarginsFromSafeArea,
            preservesSuperviewLayoutMargins: node.preservesSuperviewLayoutMargins,
            scroll: node.scroll, viewController: node.viewController, table: node.lists?.table, row: node.lists?.row,
            keyboardLayoutGuide: node.keyboardLayoutGuide, parent: parent
        )
    }
}

extension ViewHierarchy {
    /// `root`'s tree, flattened (iteratively: no recursion depth limit).
    public init(root: Node) {
        var views: [View] = [View(root, parent: -1)]
        var ids: [String] = [root.id]
        var layouts: [Int: CollectionLayout] = [:]
        // (A layout on another kind of view is ignored, as the pass would.)
        if root.kind == .collectionView, let layout = root.lists?.collectionLayout { layouts[0] = layout }
        // The subviews being visited (shared with `root`, never copied node by node), the
        // next one's position and their superview's index; `stack` keeps the levels above.
        var level = (subviews: root.subviews, next: 0, parent: 0)
        var stack: [(subviews: [Node], next: Int, parent: Int)] = []
        while true {
            guard level.next < level.subviews.count else {
                guard let above = stack.popLast() else { break }
                level = above
                continue
            }
            let position = level.next
            level.next += 1
            let index = views.count
            views.append(View(level.subviews[position], parent: level.parent))
            ids.append(level.subviews[position].id)
            if level.subviews[position].kind == .collectionView, let layout = level.subviews[position].lists?.collectionLayout { layouts[index] = layout }
            let children = level.subviews[position].subviews
            if !children.isEmpty {
                stack.append(level)
                level = (children, 0, index)
            }
        }
        self.init(views: views, ids: NodeIDList(ids), collectionLayouts: layouts)
    }

    /// The hierarchy as a tree of `Node`s.
    public var root: Node {
        // Children's indices per view, then nodes built from the last view back, so that
        // every subview is complete before its superview takes it.
        var children = [[Int]](repeating: [], count: views.count)
        for index in views.indices.dropFirst() { children[views[index].parent].append(index) }
        var nodes = [Node?](repeating: nil, count: views.count)
        for index in views.indices.reversed() {
            let view = views[index]
            let layout = collectionLayouts[index]
            let lists = view.table != nil || view.row != nil || layout != nil
                ? ListProperties(table: view.table, row: view.row, collectionLayout: layout) : nil
            nodes[index] = Node(
                id: ids[index], kind: view.kind, placement: view.placement, layoutMargins: view.layoutMargins,
                insetsLayoutMarginsFromSafeArea: view.insetsLayoutMarginsFromSafeArea,
                preservesSuperviewLayoutMargins: view.preservesSuperviewLayoutMargins,
                scroll: view.scroll, viewController: view.viewController, lists: lists,
                keyboardLayoutGuide: view.keyboardLayoutGuide,
                subviews: children[index].map { nodes[$0].take()! }
            )
        }
        return nodes[0]!
    }

}

extension LayoutRequest {
    /// Creates a request for the tree under `root`.
    public init(environment: DisplayEnvironment, systemVersion: Double = SystemVersion.default, layoutDirection: LayoutDirection = .leftToRight, root: Node, steps: [LayoutStep] = []) {
        self.init(environment: environment, systemVersion: systemVersion, layoutDirection: layoutDirection, hierarchy: ViewHierarchy(root: root), steps: steps)
    }

    /// The window's root view, as a tree (built from `hierarchy`).
    public var root: Node {
        get { hierarchy.root }
        set { hierarchy = ViewHierarchy(root: newValue) }
    }

}
