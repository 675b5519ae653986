/// How UIKit decides a node's safe area: which rule applies to it.
enum NodeRole: Hashable, Sendable {
    /// The window's root view (§1.3): the window's safe area ⊕ its controller's additional insets.
    case root
    /// The root view of the content controller a UIKit container places (S7).
    case containerContent(container: Int)
    /// The root view of a child controller no UIKit container placed (S5, "frozen").
    case childController(reference: Int)
    /// A column's view, placed by the split view controller whose view is `split` (SV).
    case splitColumn(split: Int, primary: Bool)
    /// Any other view (S3/S4, C2 under a scroll view).
    case plain
}

/// One node of the request as the pass sees it: its index in the request's hierarchy (its
/// other properties are read from there, in place), its placement (which steps replace), the
/// few properties every node's layout reads, and what the tree's shape says about it. Plain
/// data (no reference-counted field) and small, so copying one costs no retain and little
/// memory traffic.
struct FlatNode: Sendable {
    /// The node's index, in the request's hierarchy and in the tree alike.
    var index: Int
    var kind: ViewKind
    /// The request's placement, or the frame a step gave the node.
    var placement: Placement
    /// The kind of the node's view controller, if it has one.
    var controllerKind: ViewControllerKind?
    var insetsLayoutMarginsFromSafeArea: Bool
    var preservesSuperviewLayoutMargins: Bool
    /// The superview's index; -1 for the root.
    var parent: Int
    /// Whether the node is its superview's `subviews.first` (the §2.2 chain follows these).
    var isFirstSubview: Bool
    var role: NodeRole
    /// The node's subview that is its content if the node is a container.
    var subviewContent = ContainerContent()
    /// For a container's content: the controller whose properties decide how it extends
    /// under the container's bars (see `FlatTree.init(hierarchy:)`); -1 for other nodes.
    var topController: Int = -1
    /// For a scroll view: the controller whose first-subview chain reaches it, the
    /// innermost one if several do (RULES.md §C1), or -1.
    var scrollOwner: Int = -1
    /// Whether a navigation controller is among the node's strict ancestors.
    var hasNavigationAncestor: Bool
    /// The nearest strict ancestor with a view controller; the root when there is none (and
    /// for the root itself).
    var nearestController: Int
    /// Whether a rule of lists or the keyboard applies to the node: a row, a table or
    /// collection view, a node asking for its keyboard layout guide. (A row's subviews are
    /// plain views whose superview's state is its content view's.)
    var hasLists: Bool

    /// `view`, the hierarchy's view at `index`, with what its superview and ancestors decide
    /// about it; the rest of the tree's shape is filled in by `FlatTree.init(hierarchy:)`.
    ///
    /// The view is read field by field through `view` (a borrowed one would be copied whole
    /// to be read).
    init(_ view: UnsafePointer<ViewHierarchy.View>, index: Int, role: NodeRole, hasNavigationAncestor: Bool, nearestController: Int) {
        self.index = index
        kind = view.pointee.kind
        placement = view.pointee.placement
        controllerKind = view.pointee.viewController?.kind
        insetsLayoutMarginsFromSafeArea = view.pointee.insetsLayoutMarginsFromSafeArea
        preservesSuperviewLayoutMargins = view.pointee.preservesSuperviewLayoutMargins
        parent = view.pointee.parent
        isFirstSubview = ViewHierarchy.isFirstSubview(index, parent: parent)
        self.role = role
        self.hasNavigationAncestor = hasNavigationAncestor
        self.nearestController = nearestController
        hasLists = view.pointee.keyboardLayoutGuide != nil || kind.isRow || kind == .tableView || kind == .collectionView
    }

    /// Whether the node is the window's root view (the only one without a superview).
    var isRoot: Bool { parent < 0 }

    /// Whether the node is a view controller's view.
    var hasController: Bool { controllerKind != nil }

    /// Whether the node is a navigation or tab bar controller's view.
    var isContainer: Bool { controllerKind?.isContainer ?? false }

    /// For a container: the index of its content, or -1 (also for any other node).
    var content: Int { isContainer ? subviewContent.index : -1 }

    /// Whether the node is a plain view that is not a scroll view and no rule of lists or
    /// the keyboard applies to: most of a tree's views, laid out by a short path.
    var isPlainView: Bool {
        guard case .plain = role else { return false }
        return !kind.isScrollView && !hasLists
    }
}

/// The request's hierarchy as the pass reads it, in depth-first (request) order: a node's
/// superview always precedes it, so one forward pass sees every superview before its subviews.
///
/// The request's views are not copied: the tree keeps the hierarchy's arrays (shared with
/// it) and reads a node's larger properties (view controller, scroll properties, margins)
/// from there when the pass needs them.
struct FlatTree: Sendable {
    private(set) var nodes: [FlatNode]
    private let views: [ViewHierarchy.View]
    /// The views' ids, as the hierarchy holds them (each state's results share them).
    let ids: NodeIDList
    private let collectionLayouts: [Int: CollectionLayout]
    /// How many nodes may have extras (``NodeExtras``): the root, scroll views, containers,
    /// and the nodes other than rows a rule of lists or the keyboard applies to (a row's one
    /// extra, a keyboard layout guide, is rare). The pass reserves that much room for them.
    let extrasBound: Int

    /// Classifies every view of `hierarchy`.
    ///
    /// Everything but `topController` is decided as a node is appended, from its superview
    /// and ancestors (already appended).
    init(hierarchy: ViewHierarchy) {
        // The nodes are written (and their superviews' read) through the new array's buffer:
        // no uniqueness, capacity or bounds check per node. `FlatNode` is plain data.
        // Where the next row of a table stacks (T2): the table whose row came last, its
        // last row's bottom, and the other tables' (rows of two tables interleave only when
        // a table sits inside a row).
        var rowBottoms = RowBottoms()
        var extrasBound = 1
        var nodes = [FlatNode].uninitialized(count: hierarchy.views.count)
        nodes.withUnsafeMutableBufferPointer { nodes in
            hierarchy.views.withUnsafeBufferPointer { views in
                nodes.initializeElement(at: 0, to: FlatNode(views.baseAddress!, index: 0, role: .root, hasNavigationAncestor: false, nearestController: 0))
                Self.findScrollOwner(of: 0, in: nodes)
                for index in views.indices.dropFirst() {
                    // Read in place, through the buffer (an array element passed as an argument
                    // is copied whole first).
                    let parent = views[index].parent
                    let controller = nodes[parent].hasController ? parent : nodes[parent].nearestController
                    var role = NodeRole.plain
                    if views[index].viewController != nil {
                        let isFirst = nodes[parent].subviewContent.offer(index, hasViewController: true)
                        if nodes[parent].controllerKind == .split {
                            // SV: the first is the primary column, the second the secondary (the
                            // decoder allows no more).
                            role = .splitColumn(split: parent, primary: isFirst)
                        } else {
                            role = isFirst && nodes[parent].isContainer ? .containerContent(container: parent) : .childController(reference: controller)
                        }
                    }
                    let hasNavigationAncestor = nodes[parent].hasNavigationAncestor || nodes[parent].controllerKind == .navigation
                    nodes.initializeElement(at: index, to: FlatNode(views.baseAddress! + index, index: index, role: role, hasNavigationAncestor: hasNavigationAncestor, nearestController: controller))
                    if views[index].kind.isRow {
                        nodes[index].placement = .frame(Self.rowFrame(views[index].row, parent: parent, bottoms: &rowBottoms))
                    }
                    Self.findScrollOwner(of: index, in: nodes)
                    if nodes[index].kind.isScrollView || nodes[index].isContainer || (nodes[index].hasLists && !nodes[index].kind.isRow) { extrasBound += 1 }
                }
            }
            // The controller whose properties decide how a container's content extends under its
            // bars: the content's own, or, when the content is itself a container, its top view
            // controller's (RULES.md §S7, nested containers). A content's own content comes later
            // in the order, so a backward sweep sees it first. (Only a container has a content.
            // Through the buffer too: through the array, each write checked its uniqueness.)
            for i in nodes.indices.reversed() {
                guard case .containerContent = nodes[i].role else { continue }
                let content = nodes[i].content
                nodes[i].topController = content >= 0 ? nodes[content].topController : i
            }
        }
        self.nodes = nodes
        self.extrasBound = extrasBound
        views = hierarchy.views
        ids = hierarchy.ids
        collectionLayouts = hierarchy.collectionLayouts
    }

    /// A row's y and height (RULES.md T2) as a frame whose x and width its table decides:
    /// its own `y`, or stacked under the previous row of its table.
    private static func rowFrame(_ row: RowProperties?, parent: Int, bottoms: inout RowBottoms) -> Rect {
        let height = row?.height ?? 44
        let y = row?.y ?? bottoms.bottom(of: parent)
        bottoms.set(y + height, of: parent)
        return Rect(x: 0, y: y, width: 0, height: height)
    }

    /// Per table, its last row's bottom so far; the table whose row came last at hand.
    private struct RowBottoms {
        var table = -1
        var bottom = 0.0
        // (`Dictionary()`, not `[:]`: the literal is a call that builds its empty list of pairs.)
        var others = [Int: Double]()

        /// The bottom of `table`'s last row so far; 0 before its first.
        mutating func bottom(of table: Int) -> Double {
            if table == self.table { return bottom }
            if self.table >= 0 { others[self.table] = bottom }
            self.table = table
            bottom = others[table] ?? 0
            return bottom
        }

        mutating func set(_ value: Double, of table: Int) {
            _ = bottom(of: table)
            bottom = value
        }
    }

    /// The table properties of the view at `index` (a table view's), as the request sets them.
    @inline(__always)
    func table(of index: Int) -> TableProperties? { read(index) { $0.pointee.table } }

    /// The own separator inset of the row at `index`, as the request sets it.
    @inline(__always)
    func separatorInset(of index: Int) -> SeparatorInset? { read(index) { $0.pointee.row?.separatorInset } }

    /// The layout of the collection view at `index`, as the request sets it.
    func collectionLayout(of index: Int) -> CollectionLayout? { collectionLayouts[index] }

    /// The keyboard layout guide request of the view at `index`.
    @inline(__always)
    func keyboardLayoutGuide(of index: Int) -> KeyboardGuideOptions? { read(index) { $0.pointee.keyboardLayoutGuide } }

    /// §2.2: a controller's chain starts at its view and follows `subviews.first` down to
    /// the first scroll view. Walking up from the scroll view at `index` (the last node so far)
    /// through first subviews (never through another scroll view, where a chain would have
    /// stopped) meets the controllers whose chains reach it; the first one met is the
    /// innermost. Does nothing for other views.
    @inline(__always)
    private static func findScrollOwner(of index: Int, in nodes: UnsafeMutableBufferPointer<FlatNode>) {
        guard nodes[index].kind.isScrollView else { return }
        var current = index
        while true {
            if nodes[current].hasController {
                nodes[index].scrollOwner = current
                return
            }
            let parent = nodes[current].parent
            guard nodes[current].isFirstSubview, parent >= 0, !nodes[parent].kind.isScrollView else { return }
            current = parent
        }
    }

    // MARK: - The request's properties, read in place
    //
    // Each takes the view's index (or its flattened node, when the caller has it at hand) and
    // is inlined: a read is a couple of loads, not a call.

    /// Reads one property of the view at `index` where the request holds it (no copy of the
    /// request's view).
    @inline(__always)
    private func read<Value>(_ index: Int, _ property: (UnsafePointer<ViewHierarchy.View>) -> Value) -> Value {
        // Through a pointer: a view passed borrowed is copied whole.
        views.withUnsafeBufferPointer { property($0.baseAddress! + index) }
    }

    /// The node's view controller, if it has one.
    @inline(__always)
    func viewController(of node: FlatNode) -> ViewController? {
        node.hasController ? read(node.index) { $0.pointee.viewController } : nil
    }

    /// The view controller of the view at `index`, as the request sets it (`nil` if none).
    @inline(__always)
    func viewController(of index: Int) -> ViewController? {
        read(index) { $0.pointee.viewController }
    }

    /// The node's scroll properties if it is a scroll view.
    @inline(__always)
    func scroll(of node: FlatNode) -> ScrollProperties? {
        node.kind.isScrollView ? read(node.index) { $0.pointee.scroll } : nil
    }

    /// The own layout margins of the view at `index`, as the request sets them.
    @inline(__always)
    func layoutMargins(of index: Int) -> MarginSpec? { read(index) { $0.pointee.layoutMargins } }

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
        case .root, .containerContent, .splitColumn: return
        case .childController, .plain: nodes[index].placement = .frame(frame)
        }
    }
}
