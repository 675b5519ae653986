/// The frames of the bars a container (or, for `statusBar`, the root node) shows, in the
/// node's own coordinates.
public struct BarFrames: Hashable, Sendable {
    public var statusBar: Rect?
    public var navigationBar: Rect?
    public var toolbar: Rect?
    public var tabBar: Rect?

    /// Creates bar frames; absent bars are `nil`.
    public init(statusBar: Rect? = nil, navigationBar: Rect? = nil, toolbar: Rect? = nil, tabBar: Rect? = nil) {
        self.statusBar = statusBar
        self.navigationBar = navigationBar
        self.toolbar = toolbar
        self.tabBar = tabBar
    }

    /// Whether no bar is present.
    public var isEmpty: Bool { statusBar == nil && navigationBar == nil && toolbar == nil && tabBar == nil }
}

/// The scroll-view part of a node's result.
public struct ScrollNodeResult: Hashable, Sendable {
    /// The `contentInset` (in the legacy model, the one UIKit wrote into it).
    public var contentInset: Insets
    public var adjustedContentInset: Insets
    /// The effective indicator insets.
    public var verticalScrollIndicatorInsets: Insets
    /// The effective indicator insets.
    public var horizontalScrollIndicatorInsets: Insets
    /// At rest: the top-left-most allowed offset.
    public var contentOffset: Point

    /// Creates the scroll part.
    public init(contentInset: Insets, adjustedContentInset: Insets, verticalScrollIndicatorInsets: Insets, horizontalScrollIndicatorInsets: Insets, contentOffset: Point) {
        self.contentInset = contentInset
        self.adjustedContentInset = adjustedContentInset
        self.verticalScrollIndicatorInsets = verticalScrollIndicatorInsets
        self.horizontalScrollIndicatorInsets = horizontalScrollIndicatorInsets
        self.contentOffset = contentOffset
    }
}

/// `topLayoutGuide` / `bottomLayoutGuide` lengths of a view controller's view.
public struct LayoutGuideLengths: Hashable, Sendable {
    public var top: Double
    public var bottom: Double

    /// Creates the pair.
    public init(top: Double, bottom: Double) {
        self.top = top
        self.bottom = bottom
    }
}

/// What the engine reports for one node in one state.
public struct NodeResult: Hashable, Sendable {
    /// The stored fields, in one value. A struct without a declared initializer is built in
    /// one piece by its implicit memberwise one; an initializer assigning this many fields,
    /// one of them an optional holding references, is compiled into building the value on
    /// the stack, copying it out and destroying the original: a retain and a release of
    /// every reference, and two copies of ~600 bytes, per node.
    @usableFromInline
    struct Fields: Hashable, Sendable {
        @usableFromInline var id: String
        @usableFromInline var frame: Rect
        @usableFromInline var frameInWindow: Rect
        @usableFromInline var safeAreaInsets: Insets?
        @usableFromInline var safeAreaLayoutGuide: Rect?
        @usableFromInline var layoutMargins: Insets
        @usableFromInline var directionalLayoutMargins: DirectionalInsets
        @usableFromInline var layoutMarginsGuide: Rect
        @usableFromInline var explanation: SharedExplanation?
        @usableFromInline var layoutGuides: LayoutGuideLengths?
        @usableFromInline var extras: Extras?
    }

    /// An explanation held by reference. A view inside its superview's safe area has its
    /// superview's explanation, and the cells of a list have equal ones: they share one box,
    /// so a result holds (retains, releases) one reference for its explanation, not four.
    @usableFromInline
    final class SharedExplanation: Hashable, Sendable {
        @usableFromInline let value: Explanation

        @usableFromInline
        init(_ value: Explanation) {
            self.value = value
        }

        @usableFromInline
        static func == (lhs: SharedExplanation, rhs: SharedExplanation) -> Bool {
            lhs.value == rhs.value
        }

        @usableFromInline
        func hash(into hasher: inout Hasher) {
            hasher.combine(value)
        }
    }

    /// The parts few nodes have (a scroll view's, a container's bars), boxed: a result
    /// without them holds one `nil` reference instead of ~300 bytes of absent values that
    /// every result would initialize, copy and check. `nil` when both are absent.
    @usableFromInline
    final class Extras: Hashable, Sendable {
        @usableFromInline let scroll: ScrollNodeResult?
        @usableFromInline let bars: BarFrames?
        @usableFromInline let lists: ListResult?

        private init(scroll: ScrollNodeResult?, bars: BarFrames?, lists: ListResult?) {
            self.scroll = scroll
            self.bars = bars
            self.lists = lists
        }

        /// The box holding `scroll`, `bars` and `lists`, or `nil` when all are absent.
        @usableFromInline
        static func box(scroll: ScrollNodeResult?, bars: BarFrames?, lists: ListResult? = nil) -> Extras? {
            scroll == nil && bars == nil && lists == nil ? nil : Extras(scroll: scroll, bars: bars, lists: lists)
        }

        @usableFromInline
        static func == (lhs: Extras, rhs: Extras) -> Bool {
            lhs.scroll == rhs.scroll && lhs.bars == rhs.bars && lhs.lists == rhs.lists
        }

        @usableFromInline
        func hash(into hasher: inout Hasher) {
            hasher.combine(scroll)
            hasher.combine(bars)
            hasher.combine(lists)
        }
    }

    @usableFromInline
    var fields: Fields

    @inlinable public var id: String {
        get { fields.id }
        set { fields.id = newValue }
    }
    /// In the superview's bounds coordinates.
    @inlinable public var frame: Rect {
        get { fields.frame }
        set { fields.frame = newValue }
    }
    @inlinable public var frameInWindow: Rect {
        get { fields.frameInWindow }
        set { fields.frameInWindow = newValue }
    }
    /// Safe-area model only.
    @inlinable public var safeAreaInsets: Insets? {
        get { fields.safeAreaInsets }
        set { fields.safeAreaInsets = newValue }
    }
    /// Safe-area model only; in the node's bounds coordinates.
    @inlinable public var safeAreaLayoutGuide: Rect? {
        get { fields.safeAreaLayoutGuide }
        set { fields.safeAreaLayoutGuide = newValue }
    }
    @inlinable public var layoutMargins: Insets {
        get { fields.layoutMargins }
        set { fields.layoutMargins = newValue }
    }
    @inlinable public var directionalLayoutMargins: DirectionalInsets {
        get { fields.directionalLayoutMargins }
        set { fields.directionalLayoutMargins = newValue }
    }
    /// In the node's bounds coordinates.
    @inlinable public var layoutMarginsGuide: Rect {
        get { fields.layoutMarginsGuide }
        set { fields.layoutMarginsGuide = newValue }
    }
    /// Safe-area model only; sums to `safeAreaInsets` edge by edge.
    @inlinable public var explain: Explanation? {
        get { fields.explanation?.value }
        set { fields.explanation = newValue.map(SharedExplanation.init) }
    }
    /// The identity of the value behind `explain`, `nil` when there is none: results with
    /// the same identity have equal explanations (the engine shares one between a view and
    /// the subviews its safe area reaches unchanged, and between list cells), so a writer
    /// can repeat what it wrote for one without reading the other's. Equal explanations may
    /// have different identities. Meaningful while the results are alive.
    @inlinable public var explanationIdentity: ObjectIdentifier? {
        fields.explanation.map { ObjectIdentifier($0) }
    }
    /// Scroll kinds only.
    @inlinable public var scroll: ScrollNodeResult? {
        get { fields.extras?.scroll }
        set { fields.extras = .box(scroll: newValue, bars: bars, lists: lists) }
    }
    /// View-controller nodes only.
    @inlinable public var layoutGuides: LayoutGuideLengths? {
        get { fields.layoutGuides }
        set { fields.layoutGuides = newValue }
    }
    /// Container nodes, and the root node while the status bar shows.
    @inlinable public var bars: BarFrames? {
        get { fields.extras?.bars }
        set { fields.extras = .box(scroll: scroll, bars: newValue, lists: lists) }
    }
    /// Rows, collection views and nodes that asked for a keyboard layout guide.
    @inlinable public var lists: ListResult? {
        get { fields.extras?.lists }
        set { fields.extras = .box(scroll: scroll, bars: bars, lists: newValue) }
    }

    /// Creates a node result.
    public init(
        id: String, frame: Rect, frameInWindow: Rect,
        safeAreaInsets: Insets?, safeAreaLayoutGuide: Rect?,
        layoutMargins: Insets, directionalLayoutMargins: DirectionalInsets, layoutMarginsGuide: Rect,
        explain: Explanation?, scroll: ScrollNodeResult?, layoutGuides: LayoutGuideLengths?, bars: BarFrames?
    ) {
        self.init(
            id: id, frame: frame, frameInWindow: frameInWindow,
            safeAreaInsets: safeAreaInsets, safeAreaLayoutGuide: safeAreaLayoutGuide,
            layoutMargins: layoutMargins, directionalLayoutMargins: directionalLayoutMargins, layoutMarginsGuide: layoutMarginsGuide,
            explanation: explain.map(SharedExplanation.init), layoutGuides: layoutGuides, extras: .box(scroll: scroll, bars: bars)
        )
    }

    /// Creates a node result whose explanation, scroll part and bars are already boxed.
    init(
        id: String, frame: Rect, frameInWindow: Rect,
        safeAreaInsets: Insets?, safeAreaLayoutGuide: Rect?,
        layoutMargins: Insets, directionalLayoutMargins: DirectionalInsets, layoutMarginsGuide: Rect,
        explanation: SharedExplanation?, layoutGuides: LayoutGuideLengths?, extras: Extras?
    ) {
        fields = Fields(
            id: id, frame: frame, frameInWindow: frameInWindow,
            safeAreaInsets: safeAreaInsets, safeAreaLayoutGuide: safeAreaLayoutGuide,
            layoutMargins: layoutMargins, directionalLayoutMargins: directionalLayoutMargins, layoutMarginsGuide: layoutMarginsGuide,
            explanation: explanation, layoutGuides: layoutGuides, extras: extras
        )
    }
}

/// The result of a `/layout` request.
public struct LayoutResult: Hashable, Sendable {
    public var screen: Size
    /// Safe-area model only.
    public var windowSafeArea: Insets?
    /// Every node after the first layout, depth-first in request order.
    public var nodes: [NodeResult]
    /// Per step, every node's state after it (same order as `nodes`).
    public var steps: [[NodeResult]]

    /// Creates a result.
    public init(screen: Size, windowSafeArea: Insets?, nodes: [NodeResult], steps: [[NodeResult]]) {
        self.screen = screen
        self.windowSafeArea = windowSafeArea
        self.nodes = nodes
        self.steps = steps
    }
}
