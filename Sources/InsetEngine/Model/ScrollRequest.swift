/// Who owns a `/scroll` request's scroll view (API.md `context`).
public struct ScrollContext: Hashable, Sendable {
    public var inNavigationController: Bool
    /// Its view controller's `automaticallyAdjustsScrollViewInsets`.
    public var automaticallyAdjustsScrollViewInsets: Bool
    /// The controller's own view, or reached by following first subviews.
    public var isContentScrollView: Bool

    /// Creates a context.
    public init(inNavigationController: Bool = false, automaticallyAdjustsScrollViewInsets: Bool = true, isContentScrollView: Bool = true) {
        self.inNavigationController = inNavigationController
        self.automaticallyAdjustsScrollViewInsets = automaticallyAdjustsScrollViewInsets
        self.isContentScrollView = isContentScrollView
    }
}

/// Where a `/scroll` request's safe area comes from.
public enum ScrollSafeAreaSource: Hashable, Sendable {
    /// Given as `safeAreaInsets` (below systemVersion 11: top and bottom stand for the
    /// controller's top and bottom layout guides).
    case explicit(Insets)
    /// Derived as `/layout` would, for a scroll view at `frame` (window coordinates) in a
    /// full-screen plain view controller inside the given containers.
    case device(environment: DisplayEnvironment, frame: Rect, navigationBar: BarConfiguration?, toolbar: BarConfiguration?, tabBar: BarConfiguration?)
}

/// A validated `/scroll` request.
public struct ScrollRequest: Hashable, Sendable {
    public var systemVersion: Double
    /// The scroll view's bounds size.
    public var bounds: Size
    public var properties: ScrollProperties
    public var safeArea: ScrollSafeAreaSource
    public var context: ScrollContext
    /// With a device: the app opts out of Liquid Glass (RULES.md V2), as in /layout.
    public var designRequiresCompatibility = false

    /// Creates a request.
    public init(systemVersion: Double = SystemVersion.default, bounds: Size, properties: ScrollProperties, safeArea: ScrollSafeAreaSource, context: ScrollContext) {
        self.systemVersion = systemVersion
        self.bounds = bounds
        self.properties = properties
        self.safeArea = safeArea
        self.context = context
    }
}

/// Which axes scroll (rule C1, `alwaysBounce*` counts).
public struct ScrollableAxes: Hashable, Sendable {
    public var vertical: Bool
    public var horizontal: Bool

    /// Creates the pair.
    public init(vertical: Bool, horizontal: Bool) {
        self.vertical = vertical
        self.horizontal = horizontal
    }
}

/// Resting, minimum and maximum content offsets.
public struct ContentOffsetRange: Hashable, Sendable {
    public var initial: Point
    public var min: Point
    public var max: Point

    /// Creates the range.
    public init(initial: Point, min: Point, max: Point) {
        self.initial = initial
        self.min = min
        self.max = max
    }
}

/// The result of a `/scroll` request (API.md).
public struct ScrollResult: Hashable, Sendable {
    public var adjustedContentInset: Insets
    /// `adjustedContentInset − contentInset`.
    public var systemInset: Insets
    /// The edges the behaviour includes (rule C1), in the order top, left, bottom, right.
    public var adjustedEdges: [Edge]
    public var scrollableAxes: ScrollableAxes
    public var verticalScrollIndicatorInsets: Insets
    public var horizontalScrollIndicatorInsets: Insets
    public var contentOffset: ContentOffsetRange
    /// What a subview covering the bounds sees: the safe area with the adjusted edges removed.
    public var subviewSafeAreaInsets: Insets
    /// Readable sentences, in the order the rules were applied.
    public var explain: [String]

    /// Creates a result.
    public init(adjustedContentInset: Insets, systemInset: Insets, adjustedEdges: [Edge], scrollableAxes: ScrollableAxes, verticalScrollIndicatorInsets: Insets, horizontalScrollIndicatorInsets: Insets, contentOffset: ContentOffsetRange, subviewSafeAreaInsets: Insets, explain: [String]) {
        self.adjustedContentInset = adjustedContentInset
        self.systemInset = systemInset
        self.adjustedEdges = adjustedEdges
        self.scrollableAxes = scrollableAxes
        self.verticalScrollIndicatorInsets = verticalScrollIndicatorInsets
        self.horizontalScrollIndicatorInsets = horizontalScrollIndicatorInsets
        self.contentOffset = contentOffset
        self.subviewSafeAreaInsets = subviewSafeAreaInsets
        self.explain = explain
    }
}
