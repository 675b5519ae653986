/// A view hierarchy as the engine reads it: every view in depth-first (request) order, a
/// superview before its subviews, each with its superview's index.
///
/// A view is plain data (no reference), so that building, copying and reading the views
/// costs no reference counting. It holds only what every view has; the parts few views have
/// (a view controller, a scroll view's properties, a table's, a row's, a keyboard layout
/// guide request) are held beside the views in one array (`parts`), read through
/// ``viewController(of:)``, ``scroll(of:)``, ``table(of:)``, ``row(of:)`` and
/// ``keyboardLayoutGuide(of:)``. The one part of unbounded size, a collection view's
/// sections, is held beside them too (`collectionLayouts`).
///
/// The request decoders build it view by view (`init(placedInOrder:ids:parts:)`); tests write
/// trees by hand with the test-support target's `Node`, flattened into this.
public struct ViewHierarchy: Sendable {
    /// One view: its own properties, its superview's index and which parts it has (its id,
    /// its parts and a collection view's layout are held beside the views).
    ///
    /// Two views are equal when their own properties and the kinds of parts they have are:
    /// where the parts lie in their hierarchy is not compared (the hierarchy compares them).
    public struct View: Hashable, Sendable {
        public var placement: Placement
        /// `nil`: the default (8 on every edge for a plain view, 0 from systemVersion 27.1;
        /// 0 for a view controller's root view).
        public var layoutMargins: MarginSpec?
        public var kind: ViewKind
        public var insetsLayoutMarginsFromSafeArea: Bool
        public var preservesSuperviewLayoutMargins: Bool
        /// The kinds of parts the view has (``parts``).
        @usableFromInline var partBits: UInt8
        /// Where the view's first part lies in its hierarchy's `parts`; the others follow it
        /// in the order of ``PartKinds``.
        @usableFromInline var firstPart: Int32
        /// The superview's index in the hierarchy; -1 for the root.
        public var parent: Int

        /// Creates a view with UIKit's defaults and no parts under the view at `parent`.
        @inlinable public init(
            kind: ViewKind = .view,
            placement: Placement = .fill,
            layoutMargins: MarginSpec? = nil,
            insetsLayoutMarginsFromSafeArea: Bool = true,
            preservesSuperviewLayoutMargins: Bool = false,
            parent: Int
        ) {
            self.placement = placement
            self.layoutMargins = layoutMargins
            self.kind = kind
            self.insetsLayoutMarginsFromSafeArea = insetsLayoutMarginsFromSafeArea
            self.preservesSuperviewLayoutMargins = preservesSuperviewLayoutMargins
            partBits = 0
            firstPart = 0
            self.parent = parent
        }

        /// Appends the view's parts to its hierarchy's `parts`, in the order of ``PartKinds``,
        /// and records where they lie; a view's parts are attached once. A scroll view is
        /// given the default scroll properties when `scroll` is `nil`; a view of another kind
        /// keeps none.
        @inlinable
        public mutating func attach(
            viewController: ViewController? = nil, scroll: ScrollProperties? = nil, table: TableProperties? = nil,
            row: RowProperties? = nil, keyboardLayoutGuide: KeyboardGuideOptions? = nil, to parts: inout Parts
        ) {
            precondition(partBits == 0, "a view's parts are attached once")
            firstPart = Int32(parts.count)
            if let row {
                parts.append(row)
                partBits |= PartKinds.row.rawValue
            }
            if let table {
                parts.append(table)
                partBits |= PartKinds.table.rawValue
            }
            if let viewController {
                parts.append(viewController)
                partBits |= PartKinds.viewController.rawValue
            }
            if kind.isScrollView {
                parts.append(scroll ?? ScrollProperties())
                partBits |= PartKinds.scroll.rawValue
            }
            if let keyboardLayoutGuide {
                parts.append(keyboardLayoutGuide)
                partBits |= PartKinds.keyboardLayoutGuide.rawValue
            }
        }

        /// The kinds of parts the view has in its hierarchy's `parts` (attached by
        /// ``attach(viewController:scroll:table:row:keyboardLayoutGuide:to:)``).
        @inlinable public var parts: PartKinds { PartKinds(rawValue: partBits) }

        public static func == (lhs: View, rhs: View) -> Bool {
            lhs.placement == rhs.placement && lhs.layoutMargins == rhs.layoutMargins && lhs.kind == rhs.kind
                && lhs.insetsLayoutMarginsFromSafeArea == rhs.insetsLayoutMarginsFromSafeArea
                && lhs.preservesSuperviewLayoutMargins == rhs.preservesSuperviewLayoutMargins
                && lhs.partBits == rhs.partBits && lhs.parent == rhs.parent
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(placement)
            hasher.combine(layoutMargins)
            hasher.combine(kind)
            hasher.combine(insetsLayoutMarginsFromSafeArea)
            hasher.combine(preservesSuperviewLayoutMargins)
            hasher.combine(partBits)
            hasher.combine(parent)
        }
    }

    /// The views in depth-first order; the root first.
    public let views: [View]
    /// The views' ids, indexed like `views`.
    public let ids: [String]
    /// The views' parts, each view's together in the order of ``PartKinds`` (views attach
    /// theirs in any order: a reader attaches a view's when it has read its subviews too).
    public let parts: Parts
    /// The layouts of the collection views that set one, by view index; any other
    /// collection view's is ``CollectionLayout/standard``.
    public let collectionLayouts: [Int: CollectionLayout]

    /// A hierarchy of `views` in depth-first order with their `ids`, the `parts` they were
    /// attached to and the layouts of collection views among them: the root first (its
    /// `parent` -1), then each view after its superview and after every view of the subtrees
    /// of its earlier siblings. The order, the parents, the parts and the layouts' views are
    /// checked; every scroll view must have its scroll properties attached.
    public init(views: [View], ids: [String], parts: Parts = Parts(), collectionLayouts: [Int: CollectionLayout] = [:]) {
        precondition(views.isEmpty || Self.isDepthFirst(views), "views must come in depth-first order, the root first, each after its superview")
        precondition(Self.partsMatch(views, parts), "each view's parts must be attached to these parts")
        self.init(placedInOrder: views, ids: ids, parts: parts, collectionLayouts: collectionLayouts)
    }

    /// `init(views:ids:parts:collectionLayouts:)` for views a reader placed in order itself,
    /// each as it began reading the view's object (so depth-first by construction), and whose
    /// parts it attached to `parts`. The order and the parts are checked in debug builds
    /// only: the walk over the views would be most of this init's cost per request.
    public init(placedInOrder views: [View], ids: [String], parts: Parts = Parts(), collectionLayouts: [Int: CollectionLayout] = [:]) {
        precondition(!views.isEmpty && views.count == ids.count, "a hierarchy has a root and an id per view")
        precondition(collectionLayouts.isEmpty || collectionLayouts.keys.allSatisfy { views.indices.contains($0) && views[$0].kind == .collectionView }, "only collection views have a layout")
        assert(Self.isDepthFirst(views), "views must come in depth-first order, the root first, each after its superview")
        assert(Self.partsMatch(views, parts), "each view's parts must be attached to these parts")
        self.views = views
        self.ids = ids
        self.parts = parts
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
