/// A view hierarchy as the engine reads it: every view in depth-first (request) order, a
/// superview before its subviews, each with its superview's index.
///
/// A view is plain data (no reference), so that building, copying and reading the views
/// costs no reference counting; the one part of unbounded size, a collection view's
/// sections, is held beside them (`collectionLayouts`).
///
/// The request decoders build it view by view (`init(views:ids:)`); tests write trees by
/// hand with the test-support target's `Node`, flattened into this.
public struct ViewHierarchy: Hashable, Sendable {
    /// One view: its own properties and its superview's index (its id and a collection
    /// view's layout are held beside the views).
    public struct View: Hashable, Sendable {
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
        /// `tableView` only (`nil` there: the defaults).
        public var table: TableProperties?
        /// Rows only (`nil` there: the defaults).
        public var row: RowProperties?
        /// Asks for this view's keyboard layout guide.
        public var keyboardLayoutGuide: KeyboardGuideOptions?
        /// The superview's index in the hierarchy; -1 for the root.
        public var parent: Int

        /// Creates a view with UIKit's defaults under the view at `parent`.
        @inlinable public init(
            kind: ViewKind = .view,
            placement: Placement = .fill,
            layoutMargins: MarginSpec? = nil,
            insetsLayoutMarginsFromSafeArea: Bool = true,
            preservesSuperviewLayoutMargins: Bool = false,
            scroll: ScrollProperties? = nil,
            viewController: ViewController? = nil,
            table: TableProperties? = nil,
            row: RowProperties? = nil,
            keyboardLayoutGuide: KeyboardGuideOptions? = nil,
            parent: Int
        ) {
            self.kind = kind
            self.placement = placement
            self.layoutMargins = layoutMargins
            self.insetsLayoutMarginsFromSafeArea = insetsLayoutMarginsFromSafeArea
            self.preservesSuperviewLayoutMargins = preservesSuperviewLayoutMargins
            self.scroll = kind.isScrollView ? (scroll ?? ScrollProperties()) : nil
            self.viewController = viewController
            self.table = table
            self.row = row
            self.keyboardLayoutGuide = keyboardLayoutGuide
            self.parent = parent
        }
    }

    /// The views in depth-first order; the root first.
    public let views: [View]
    /// The views' ids, indexed like `views`.
    public let ids: NodeIDList
    /// The layouts of the collection views that set one, by view index; any other
    /// collection view's is ``CollectionLayout/standard``.
    public let collectionLayouts: [Int: CollectionLayout]

    /// A hierarchy of `views` in depth-first order with their `ids` and the layouts of
    /// collection views among them: the root first (its `parent` -1), then each view after
    /// its superview and after every view of the subtrees of its earlier siblings. The order,
    /// the parents and the layouts' views are checked.
    public init(views: [View], ids: NodeIDList, collectionLayouts: [Int: CollectionLayout] = [:]) {
        precondition(views.isEmpty || Self.isDepthFirst(views), "views must come in depth-first order, the root first, each after its superview")
        self.init(placedInOrder: views, ids: ids, collectionLayouts: collectionLayouts)
    }

    /// `init(views:ids:collectionLayouts:)` for views a reader placed in order itself, each as
    /// it began reading the view's object (so depth-first by construction). The order is
    /// checked in debug builds only: the walk over the views would be most of this init's cost
    /// per request.
    public init(placedInOrder views: [View], ids: NodeIDList, collectionLayouts: [Int: CollectionLayout] = [:]) {
        precondition(!views.isEmpty && views.count == ids.count, "a hierarchy has a root and an id per view")
        precondition(collectionLayouts.isEmpty || collectionLayouts.keys.allSatisfy { views.indices.contains($0) && views[$0].kind == .collectionView }, "only collection views have a layout")
        assert(Self.isDepthFirst(views), "views must come in depth-first order, the root first, each after its superview")
        self.views = views
        self.ids = ids
        self.collectionLayouts = collectionLayouts
    }

    /// Whether the root comes first (its `parent` -1) and each later view's superview is the
    /// previous view or one of its ancestors.
    private static func isDepthFirst(_ views: [View]) -> Bool {
        guard views[0].parent == -1 else { return false }
        var previous = 0
        for index in views.indices.dropFirst() {
            let parent = views[index].parent
            var ancestor = previous
            while ancestor != parent {
                guard ancestor > 0 else { return false }
                ancestor = views[ancestor].parent
            }
            previous = index
        }
        return true
    }

    /// Whether the view at `index` is its superview's first subview.
    public func isFirstSubview(_ index: Int) -> Bool {
        Self.isFirstSubview(index, parent: views[index].parent)
    }

    /// Whether the view at `index` under the view at `parent` is its first subview: in
    /// depth-first order, the one right after it.
    @inlinable
    public static func isFirstSubview(_ index: Int, parent: Int) -> Bool {
        index > 0 && parent == index - 1
    }
}

/// A container's content (API.md "View controller", RULES.md S7): the first of its subviews
/// that has a view controller, for a navigation controller the top of its stack, for a tab
/// bar controller the selected tab. The container places that view and adds its bars.
///
/// The one statement of that rule: the engine's pass and the request decoders each offer a
/// view's subviews in order, and this keeps the first that qualifies. It keeps it whatever
/// the view turns out to be, as a reader may learn that the view is a container only after
/// its subviews; only a container's is its content.
public struct ContainerContent: Hashable, Sendable {
    /// The content's index; -1 while no subview qualified.
    @inlinable public var index: Int { found }

    @usableFromInline var found = -1

    /// No subview offered yet.
    @inlinable public init() {}

    /// Whether a subview qualified.
    @inlinable public var isFound: Bool { found >= 0 }

    /// Offers the subview at `index` (subviews offered in order); `true` when it is the
    /// content: the first offered that has a view controller.
    @inlinable @discardableResult
    public mutating func offer(_ index: Int, hasViewController: Bool) -> Bool {
        guard !isFound, hasViewController else { return false }
        found = index
        return true
    }
}
