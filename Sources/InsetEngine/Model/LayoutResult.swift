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

/// What the engine reports for one node in one state: plain data, no reference. Its id,
/// its explanation and the parts few nodes have (a scroll view's, bars, sections, a keyboard
/// layout guide) are held once per state in the ``NodeResults`` it came from, which reads
/// them for it (``NodeResults/id(of:)``, ``NodeResults/explain(of:)``,
/// ``NodeResults/scroll(of:)``, …): a result costs no reference counting to make, copy or
/// free.
///
/// Two results compare their own fields; the positions they hold in their state's tables
/// (explanation, extras) compare as positions, so compare whole states with ``NodeResults``.
public struct NodeResult: Hashable, Sendable {
    /// The node's index in its state, depth-first in request order (the request's hierarchy's).
    public internal(set) var index: Int
    /// In the superview's bounds coordinates.
    public var frame: Rect
    public var frameInWindow: Rect
    /// The origin of the node's bounds: a scroll view's resting content offset, else (0, 0).
    public var boundsOrigin: Point
    public var layoutMargins: Insets
    /// Safe-area model only.
    public var safeAreaInsets: Insets?
    /// The layout's direction, which maps ``layoutMargins`` to ``directionalLayoutMargins``.
    public var layoutDirection: LayoutDirection
    /// Where the explanation's entries are in the state's table (``ExplanationSpan/none``: none).
    @usableFromInline var explanation: ExplanationSpan
    @usableFromInline var inline: InlineParts
    /// The node's position in the state's extras table; -1 when it has none.
    @usableFromInline var extras: Int32

    /// The small parts of a controller's view or of a row, held in the result: a node is
    /// never both (a row takes no view controller). A row's content view is worked out from
    /// the row's own fields when read, so a list's rows need no extras.
    @usableFromInline
    enum InlineParts: Hashable, Sendable {
        case none
        /// A view controller's view: its legacy layout guides.
        case guides(LayoutGuideLengths)
        /// A row: whether T1 insets its content view by its safe area, and a cell's separator.
        case row(insetsContentView: Bool, separatorInset: SeparatorInset?)
    }

    // (The small reads below are always inlined: a call takes the whole result, copied.)

    // The guides and directional margins follow from the fields above, so a result stores
    // only those (a third less to write per node, and to compare in a writer).

    /// In the node's own coordinates: its ``boundsOrigin`` and the size of its ``frame``.
    @inlinable @inline(__always) public var bounds: Rect {
        Rect(x: boundsOrigin.x, y: boundsOrigin.y, width: frame.width, height: frame.height)
    }
    /// Safe-area model only; in the node's bounds coordinates: its bounds inset by its safe area.
    @inlinable @inline(__always) public var safeAreaLayoutGuide: Rect? {
        guard let safeAreaInsets else { return nil }
        return bounds.inset(by: safeAreaInsets)
    }
    /// ``layoutMargins`` by leading and trailing edge in the layout's direction.
    @inlinable @inline(__always) public var directionalLayoutMargins: DirectionalInsets {
        DirectionalInsets(layoutMargins, direction: layoutDirection)
    }
    /// In the node's bounds coordinates: its bounds inset by its margins.
    @inlinable @inline(__always) public var layoutMarginsGuide: Rect { bounds.inset(by: layoutMargins) }

    /// View-controller nodes only.
    @inlinable @inline(__always) public var layoutGuides: LayoutGuideLengths? {
        guard case .guides(let guides) = inline else { return nil }
        return guides
    }
    /// Rows only (RULES.md T1): worked out from the row's size, safe area and margins.
    @inlinable @inline(__always) public var contentView: ContentViewResult? {
        guard case .row(let insets, _) = inline else { return nil }
        return ContentViewResult(rowSize: frame.size, safeArea: safeAreaInsets, margins: layoutMargins, insetsToSafeArea: insets)
    }
    /// Rows only: ``contentView``'s frame, without the rest of it.
    @inlinable @inline(__always) public var contentViewFrame: Rect? {
        guard case .row(let insets, _) = inline else { return nil }
        return ContentViewResult.frame(rowSize: frame.size, safeArea: safeAreaInsets, insetsToSafeArea: insets)
    }
    /// Cells only (RULES.md T5): the effective inset, from the cell's edges.
    @inlinable @inline(__always) public var separatorInset: SeparatorInset? {
        guard case .row(_, let separator) = inline else { return nil }
        return separator
    }
    /// Whether the node has an explanation (safe-area model only).
    @inlinable @inline(__always) public var hasExplanation: Bool { explanation.start >= 0 }
    /// Results of one state with the same identity have equal explanations (the engine
    /// shares one between a view and the subviews its safe area reaches unchanged, and
    /// between list cells), so a writer can repeat what it wrote for one without reading the
    /// other's; `nil` without an explanation. Equal explanations may have different
    /// identities; identities of different states are unrelated.
    @inlinable @inline(__always) public var explanationIdentity: ExplanationIdentity? {
        hasExplanation ? ExplanationIdentity(span: explanation) : nil
    }
    /// Whether the node has any of the parts its state holds apart: a scroll view's, bars,
    /// sections or a keyboard layout guide (``NodeResults/scroll(of:)`` and the like).
    @inlinable @inline(__always) public var hasExtras: Bool { extras >= 0 }

    /// A node result without explanation or extras: ``NodeResults/append(_:id:explain:scroll:bars:)``
    /// adds it to a state with its id and those.
    public init(
        frame: Rect, frameInWindow: Rect, boundsOrigin: Point = Point(x: 0, y: 0), safeAreaInsets: Insets?,
        layoutMargins: Insets, layoutDirection: LayoutDirection = .leftToRight, layoutGuides: LayoutGuideLengths? = nil
    ) {
        self.init(
            index: 0, frame: frame, frameInWindow: frameInWindow, boundsOrigin: boundsOrigin, safeAreaInsets: safeAreaInsets,
            layoutMargins: layoutMargins, layoutDirection: layoutDirection,
            explanation: .none, inline: layoutGuides.map(InlineParts.guides) ?? .none, extras: -1
        )
    }

    /// A node result of node `index`, its explanation and extras placed in its state's tables.
    init(
        index: Int, frame: Rect, frameInWindow: Rect, boundsOrigin: Point, safeAreaInsets: Insets?,
        layoutMargins: Insets, layoutDirection: LayoutDirection,
        explanation: ExplanationSpan, inline: InlineParts, extras: Int32
    ) {
        self.index = index
        self.frame = frame
        self.frameInWindow = frameInWindow
        self.boundsOrigin = boundsOrigin
        self.layoutMargins = layoutMargins
        self.safeAreaInsets = safeAreaInsets
        self.layoutDirection = layoutDirection
        self.explanation = explanation
        self.inline = inline
        self.extras = extras
    }
}

/// The result of a `/layout` request.
public struct LayoutResult: Hashable, Sendable {
    public var screen: Size
    /// Safe-area model only.
    public var windowSafeArea: Insets?
    /// Every node after the first layout, depth-first in request order.
    public var nodes: NodeResults
    /// Per step, every node's state after it (same order as `nodes`).
    public var steps: [NodeResults]
    /// The caveats (API.md) the whole answer raises, each once, in the table's order.
    public var caveats: CaveatSet

    /// Creates a result.
    public init(screen: Size, windowSafeArea: Insets?, nodes: NodeResults, steps: [NodeResults], caveats: CaveatSet = []) {
        self.caveats = caveats
        self.screen = screen
        self.windowSafeArea = windowSafeArea
        self.nodes = nodes
        self.steps = steps
    }
}
