/// The kind of a view node.
public enum ViewKind: String, Hashable, Sendable {
    case view, scrollView, tableView, collectionView
    /// Table rows (RULES.md T1–T5), only as direct subviews of a `tableView`.
    case cell, sectionHeader, sectionFooter

    /// Whether the node is a `UIScrollView` (and so carries `ScrollProperties`).
    public var isScrollView: Bool {
        switch self {
        case .view, .cell, .sectionHeader, .sectionFooter: false
        case .scrollView, .tableView, .collectionView: true
        }
    }

    /// Whether the node is a table row, which its table places (RULES.md T2).
    /// (Inlined: the pass asks for every node and its superview.)
    @inline(__always)
    public var isRow: Bool { self == .cell || self == .sectionHeader || self == .sectionFooter }
}

/// A guide of the superview that all four edges of a pinned view are constrained to.
public enum Pin: String, Hashable, Sendable {
    case bounds, safeArea, layoutMargins, readableContent
}

/// How a node's frame is chosen.
public enum Placement: Hashable, Sendable {
    /// Fills the superview's bounds (or is placed by its container).
    case fill
    /// An explicit frame in the superview's bounds coordinates.
    case frame(Rect)
    /// Constrained to a guide of the superview.
    case pin(Pin)
}

/// A view's own layout margins, as the app sets them.
public enum MarginSpec: Hashable, Sendable {
    case physical(Insets)
    case directional(DirectionalInsets)
}

/// The `UIScrollView` properties of a scroll-kind node (or of a `/scroll` request).
public struct ScrollProperties: Hashable, Sendable {
    public var contentSize: Size
    public var contentInset: Insets
    public var behavior: ContentInsetAdjustmentBehavior
    public var alwaysBounceVertical: Bool
    public var alwaysBounceHorizontal: Bool
    public var automaticallyAdjustsScrollIndicatorInsets: Bool
    /// The value the app sets (not the effective one).
    public var verticalScrollIndicatorInsets: Insets
    /// The value the app sets (not the effective one).
    public var horizontalScrollIndicatorInsets: Insets

    /// Creates scroll properties with UIKit's defaults.
    public init(
        contentSize: Size = .zero,
        contentInset: Insets = .zero,
        behavior: ContentInsetAdjustmentBehavior = .automatic,
        alwaysBounceVertical: Bool = false,
        alwaysBounceHorizontal: Bool = false,
        automaticallyAdjustsScrollIndicatorInsets: Bool = true,
        verticalScrollIndicatorInsets: Insets = .zero,
        horizontalScrollIndicatorInsets: Insets = .zero
    ) {
        self.contentSize = contentSize
        self.contentInset = contentInset
        self.behavior = behavior
        self.alwaysBounceVertical = alwaysBounceVertical
        self.alwaysBounceHorizontal = alwaysBounceHorizontal
        self.automaticallyAdjustsScrollIndicatorInsets = automaticallyAdjustsScrollIndicatorInsets
        self.verticalScrollIndicatorInsets = verticalScrollIndicatorInsets
        self.horizontalScrollIndicatorInsets = horizontalScrollIndicatorInsets
    }
}

/// The kind of a view controller.
public enum ViewControllerKind: String, Hashable, Sendable {
    case plain, navigation, tabBar, split

    /// Whether the controller is a container (UINavigationController, UITabBarController):
    /// it places its content view (``ContainerContent``) and adds its bars. A split view
    /// controller places its two columns instead, and has no bars.
    public var isContainer: Bool { self == .navigation || self == .tabBar }
}

/// A bar's configuration (`navigationBar`, `toolbar`, `tabBar`).
public struct BarConfiguration: Hashable, Sendable {
    public var hidden: Bool
    public var translucent: Bool
    /// Navigation bars only.
    public var prefersLargeTitles: Bool

    /// Creates a bar configuration.
    public init(hidden: Bool, translucent: Bool = true, prefersLargeTitles: Bool = false) {
        self.hidden = hidden
        self.translucent = translucent
        self.prefersLargeTitles = prefersLargeTitles
    }
}

/// A view controller whose root view is the node that carries it.
public struct ViewController: Hashable, Sendable {
    public var kind: ViewControllerKind
    public var additionalSafeAreaInsets: Insets
    public var edgesForExtendedLayout: EdgeSet
    public var extendedLayoutIncludesOpaqueBars: Bool
    public var automaticallyAdjustsScrollViewInsets: Bool
    public var viewRespectsSystemMinimumLayoutMargins: Bool
    /// Navigation controllers only (default shown, translucent, no large titles).
    public var navigationBar: BarConfiguration
    /// Navigation controllers only (default hidden, translucent).
    public var toolbar: BarConfiguration
    /// Tab bar controllers only (default shown, translucent).
    public var tabBar: BarConfiguration
    /// Split view controllers only: `nil` is the version's default (RULES.md SV).
    public var splitStyle: SplitViewStyle?
    /// Split view controllers only: the primary column's width (clamped to the split view's).
    public var preferredPrimaryColumnWidth: Double = 320

    /// Creates a view controller with UIKit's defaults.
    public init(
        kind: ViewControllerKind = .plain,
        additionalSafeAreaInsets: Insets = .zero,
        edgesForExtendedLayout: EdgeSet = .all,
        extendedLayoutIncludesOpaqueBars: Bool = false,
        automaticallyAdjustsScrollViewInsets: Bool = true,
        viewRespectsSystemMinimumLayoutMargins: Bool = true,
        navigationBar: BarConfiguration = BarConfiguration(hidden: false),
        toolbar: BarConfiguration = BarConfiguration(hidden: true),
        tabBar: BarConfiguration = BarConfiguration(hidden: false)
    ) {
        self.kind = kind
        self.additionalSafeAreaInsets = additionalSafeAreaInsets
        self.edgesForExtendedLayout = edgesForExtendedLayout
        self.extendedLayoutIncludesOpaqueBars = extendedLayoutIncludesOpaqueBars
        self.automaticallyAdjustsScrollViewInsets = automaticallyAdjustsScrollViewInsets
        self.viewRespectsSystemMinimumLayoutMargins = viewRespectsSystemMinimumLayoutMargins
        self.navigationBar = navigationBar
        self.toolbar = toolbar
        self.tabBar = tabBar
    }
}

/// One step after the first layout: frame changes, applied in order.
public struct LayoutStep: Hashable, Sendable {
    /// Node id → its new frame, in the order the request gives them.
    public var frames: [(id: String, frame: Rect)]

    /// Creates a step.
    public init(frames: [(id: String, frame: Rect)]) { self.frames = frames }

    public static func == (lhs: LayoutStep, rhs: LayoutStep) -> Bool {
        lhs.frames.elementsEqual(rhs.frames) { $0.id == $1.id && $0.frame == $1.frame }
    }

    public func hash(into hasher: inout Hasher) {
        for item in frames {
            hasher.combine(item.id)
            hasher.combine(item.frame)
        }
    }
}

/// A validated `/layout` request with its device already resolved.
public struct LayoutRequest: Hashable, Sendable {
    public var environment: DisplayEnvironment
    /// The iOS version simulated: below 11 the legacy model, from 11 the safe-area model.
    public var systemVersion: Double
    public var layoutDirection: LayoutDirection
    /// The views, the window's root view first; it always fills the screen.
    public var hierarchy: ViewHierarchy
    public var steps: [LayoutStep]
    /// The app's window in screen coordinates of the orientation (RULES.md W1); `nil`: the
    /// full screen. Set only to a frame inside the screen (the decoder checks it).
    public var window: Rect?
    /// The keyboard on screen, if any (RULES.md K1–K3).
    public var keyboard: Keyboard?
    /// The app opts out of Liquid Glass (`UIDesignRequiresCompatibility`, RULES.md V2):
    /// from systemVersion 26 it keeps the pre-26 bars (the decoder refuses it below 26).
    public var designRequiresCompatibility = false

    /// Creates a request for a hierarchy given view by view.
    public init(environment: DisplayEnvironment, systemVersion: Double = SystemVersion.default, layoutDirection: LayoutDirection = .leftToRight, hierarchy: ViewHierarchy, steps: [LayoutStep] = []) {
        self.environment = environment
        self.systemVersion = systemVersion
        self.layoutDirection = layoutDirection
        self.hierarchy = hierarchy
        self.steps = steps
    }

    /// Whether the request selects the iOS 11+ safe-area model.
    public var usesSafeAreaModel: Bool { systemVersion >= 11 }
}
