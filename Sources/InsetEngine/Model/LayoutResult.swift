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
        @usableFromInline var inline: InlineParts
        @usableFromInline var extras: Extras?
    }

    /// The small parts of a controller's view or of a row, held in the result: a node is
    /// never both (a row takes no view controller). A row's content view is worked out from
    /// the row's own fields when read, so a list's rows need no box.
    @usableFromInline
    enum InlineParts: Hashable, Sendable {
        case none
        /// A view controller's view: its legacy layout guides.
        case guides(LayoutGuideLengths)
        /// A row: whether T1 insets its content view by its safe area, and a cell's separator.
        case row(insetsContentView: Bool, separatorInset: SeparatorInset?)
    }

    /// The parts few nodes have (a scroll view's, a container's bars, a collection view's
    /// sections, a keyboard layout guide), boxed: a result without them holds one `nil`
    /// reference instead of ~400 bytes of absent values that every result would initialize,
    /// copy and check. `nil` when all are absent.
    @usableFromInline
    final class Extras: Hashable, Sendable {
        @usableFromInline let scroll: ScrollNodeResult?
        @usableFromInline let bars: BarFrames?
        @usableFromInline let sections: SectionsResult?
        @usableFromInline let keyboardLayoutGuide: Rect?

        private init(scroll: ScrollNodeResult?, bars: BarFrames?, sections: SectionsResult?, keyboardLayoutGuide: Rect?) {
            self.scroll = scroll
            self.bars = bars
            self.sections = sections
            self.keyboardLayoutGuide = keyboardLayoutGuide
        }

        /// The box holding the parts, or `nil` when all are absent.
        @usableFromInline
        static func box(scroll: ScrollNodeResult?, bars: BarFrames?, sections: SectionsResult? = nil, keyboardLayoutGuide: Rect? = nil) -> Extras? {
            // Tested by pattern, in place: `== nil` compares a copy of each large optional.
            if case .none = scroll, case .none = bars, case .none = sections, case .none = keyboardLayoutGuide { return nil }
            return Extras(scroll: scroll, bars: bars, sections: sections, keyboardLayoutGuide: keyboardLayoutGuide)
        }

        @usableFromInline
        static func == (lhs: Extras, rhs: Extras) -> Bool {
            lhs.scroll == rhs.scroll && lhs.bars == rhs.bars && lhs.sections == rhs.sections && lhs.keyboardLayoutGuide == rhs.keyboardLayoutGuide
        }

        @usableFromInline
        func hash(into hasher: inout Hasher) {
            hasher.combine(scroll)
            hasher.combine(bars)
            hasher.combine(sections)
            hasher.combine(keyboardLayoutGuide)
        }
    }

    @usableFromInline
    var fields: Fields

    /// Read in place (`_read`): a writer reading each node's id borrows it, without the
    /// retain and release a copy would cost.
    @inlinable public var id: String {
        _read { yield fields.id }
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
        set { fields.explanation = newValue.map(SharedExplanation.make) }
    }
    /// Calls `body` with the explanation's entries in place, if there is one: reading
    /// `explain` makes its four lists.
    @inlinable public func withExplanation<R>(_ body: (ExplanationEntries) -> R) -> R? {
        guard let shared = fields.explanation else { return nil }
        return shared.withEntries(body)
    }
    /// The identity of the value behind `explain`, `nil` when there is none: results with
    /// the same identity have equal explanations (the engine shares one between a view and
    /// the subviews its safe area reaches unchanged, and between list cells), so a writer
    /// can repeat what it wrote for one without reading the other's. Equal explanations may
    /// have different identities. Meaningful while the results are alive.
    @inlinable public var explanationIdentity: ObjectIdentifier? {
        fields.explanation.map(\.identity)
    }
    /// Scroll kinds only.
    @inlinable public var scroll: ScrollNodeResult? { fields.extras?.scroll }
    /// View-controller nodes only.
    @inlinable public var layoutGuides: LayoutGuideLengths? {
        guard case .guides(let guides) = fields.inline else { return nil }
        return guides
    }
    /// Container nodes, and the root node while the status bar shows.
    @inlinable public var bars: BarFrames? { fields.extras?.bars }
    /// Rows only (RULES.md T1): worked out from the row's size, safe area and margins.
    @inlinable public var contentView: ContentViewResult? {
        guard case .row(let insets, _) = fields.inline else { return nil }
        return ContentViewResult(rowSize: fields.frame.size, safeArea: fields.safeAreaInsets, margins: fields.layoutMargins, insetsToSafeArea: insets)
    }
    /// Cells only (RULES.md T5): the effective inset, from the cell's edges.
    @inlinable public var separatorInset: SeparatorInset? {
        guard case .row(_, let separator) = fields.inline else { return nil }
        return separator
    }
    /// Collection views only (RULES.md C3–C4).
    @inlinable public var sections: SectionsResult? { fields.extras?.sections }
    /// Nodes that asked for it (RULES.md K1–K3): in the node's bounds coordinates.
    @inlinable public var keyboardLayoutGuide: Rect? { fields.extras?.keyboardLayoutGuide }

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
            explanation: explain.map(SharedExplanation.make), inline: layoutGuides.map(InlineParts.guides) ?? .none,
            extras: .box(scroll: scroll, bars: bars)
        )
    }

    /// Creates a node result whose explanation and extras are already boxed.
    init(
        id: String, frame: Rect, frameInWindow: Rect,
        safeAreaInsets: Insets?, safeAreaLayoutGuide: Rect?,
        layoutMargins: Insets, directionalLayoutMargins: DirectionalInsets, layoutMarginsGuide: Rect,
        explanation: SharedExplanation?, inline: InlineParts, extras: Extras?
    ) {
        fields = Fields(
            id: id, frame: frame, frameInWindow: frameInWindow,
            safeAreaInsets: safeAreaInsets, safeAreaLayoutGuide: safeAreaLayoutGuide,
            layoutMargins: layoutMargins, directionalLayoutMargins: directionalLayoutMargins, layoutMarginsGuide: layoutMarginsGuide,
            explanation: explanation, inline: inline, extras: extras
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
    /// The caveats (API.md) the whole answer raises, each once, in the table's order.
    public var caveats: CaveatSet

    /// Creates a result.
    public init(screen: Size, windowSafeArea: Insets?, nodes: [NodeResult], steps: [[NodeResult]], caveats: CaveatSet = []) {
        self.caveats = caveats
        self.screen = screen
        self.windowSafeArea = windowSafeArea
        self.nodes = nodes
        self.steps = steps
    }
}
