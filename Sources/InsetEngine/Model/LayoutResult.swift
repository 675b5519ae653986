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
    public var id: String
    /// In the superview's bounds coordinates.
    public var frame: Rect
    public var frameInWindow: Rect
    /// Safe-area model only.
    public var safeAreaInsets: Insets?
    /// Safe-area model only; in the node's bounds coordinates.
    public var safeAreaLayoutGuide: Rect?
    public var layoutMargins: Insets
    public var directionalLayoutMargins: DirectionalInsets
    /// In the node's bounds coordinates.
    public var layoutMarginsGuide: Rect
    /// Safe-area model only; sums to `safeAreaInsets` edge by edge.
    public var explain: Explanation?
    /// Scroll kinds only.
    public var scroll: ScrollNodeResult?
    /// View-controller nodes only.
    public var layoutGuides: LayoutGuideLengths?
    /// Container nodes, and the root node while the status bar shows.
    public var bars: BarFrames?

    /// Creates a node result.
    public init(
        id: String, frame: Rect, frameInWindow: Rect,
        safeAreaInsets: Insets?, safeAreaLayoutGuide: Rect?,
        layoutMargins: Insets, directionalLayoutMargins: DirectionalInsets, layoutMarginsGuide: Rect,
        explain: Explanation?, scroll: ScrollNodeResult?, layoutGuides: LayoutGuideLengths?, bars: BarFrames?
    ) {
        self.id = id
        self.frame = frame
        self.frameInWindow = frameInWindow
        self.safeAreaInsets = safeAreaInsets
        self.safeAreaLayoutGuide = safeAreaLayoutGuide
        self.layoutMargins = layoutMargins
        self.directionalLayoutMargins = directionalLayoutMargins
        self.layoutMarginsGuide = layoutMarginsGuide
        self.explain = explain
        self.scroll = scroll
        self.layoutGuides = layoutGuides
        self.bars = bars
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
