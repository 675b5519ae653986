/// The device family, as the registry and the API name it.
public enum DeviceFamily: String, CaseIterable, Hashable, Sendable {
    case iphone, ipad, tv
}

/// The bars' own heights in one orientation (a tab bar's 49, not the 83 its frame spans).
public struct BarHeights: Hashable, Sendable {
    public var navigationBar: Double
    public var largeTitleNavigationBar: Double
    public var toolbar: Double
    public var tabBar: Double

    /// Creates the set of heights.
    public init(navigationBar: Double, largeTitleNavigationBar: Double, toolbar: Double, tabBar: Double) {
        self.navigationBar = navigationBar
        self.largeTitleNavigationBar = largeTitleNavigationBar
        self.toolbar = toolbar
        self.tabBar = tabBar
    }

    /// RULES.md §S7 constants for an iPhone, or any screen narrower than 768 pt:
    /// navigation bar 44 (32 in compact height), large titles +52 only in regular height,
    /// tab bar 49 (32), toolbar 44 (32).
    public static func iPhone(verticalSizeClass: SizeClass) -> BarHeights {
        switch verticalSizeClass {
        case .regular: BarHeights(navigationBar: 44, largeTitleNavigationBar: 96, toolbar: 44, tabBar: 49)
        case .compact: BarHeights(navigationBar: 32, largeTitleNavigationBar: 32, toolbar: 32, tabBar: 32)
        }
    }

    /// RULES.md §S7 constants for an iPad: navigation bar, toolbar and tab bar 50 from
    /// systemVersion 12 (44/44/49 before), large titles +52.
    public static func iPad(systemVersion: Double) -> BarHeights {
        if systemVersion >= 12 {
            BarHeights(navigationBar: 50, largeTitleNavigationBar: 102, toolbar: 50, tabBar: 50)
        } else {
            BarHeights(navigationBar: 44, largeTitleNavigationBar: 96, toolbar: 44, tabBar: 49)
        }
    }
}

/// Screen features some bar and caveat rules read besides the safe area (RULES.md S8, V3,
/// V6, V7). A custom screen has none.
public struct ScreenFeatures: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    /// Creates the set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// An iPhone with a Dynamic Island.
    public static let dynamicIsland = ScreenFeatures(rawValue: 1)
    /// A registry iPhone or iPad with a home button (no home indicator).
    public static let homeButton = ScreenFeatures(rawValue: 2)
}

/// Everything the engine needs to know of the device for one (orientation, systemVersion,
/// statusBarHidden): produced by the device registry, or from a custom `screen`.
public struct DisplayEnvironment: Hashable, Sendable {
    /// The family; on `.tv` containers are not modelled and there are no bars.
    public var family: DeviceFamily
    /// The screen in this orientation, in points.
    public var screen: Size
    /// The window's safe area: screen features only (status bar, sensor housing, home
    /// indicator, overscan), `statusBarHidden` already applied.
    public var windowSafeArea: Insets
    /// Per edge, where the window's safe area comes from; sums to `windowSafeArea`.
    public var windowExplain: Explanation {
        get { sharedWindowExplain.explanation }
        set { sharedWindowExplain = SharedExplanation(newValue) }
    }
    /// ``windowExplain`` behind one reference: an environment is copied a few times per
    /// request (into the request, the layout's states, the pass), each copy a retain.
    public var sharedWindowExplain: SharedExplanation
    /// The status bar's height while it shows; 0 when it is hidden (landscape iPhone,
    /// `statusBarHidden`, tvOS). The legacy model's topLayoutGuide counts it.
    public var statusBarHeight: Double
    /// Size classes in this orientation.
    public var sizeClass: SizeClasses
    /// Bar heights in this orientation before systemVersion 26 (and for an app that opts out
    /// of Liquid Glass): RULES.md S7; ``BarRules`` gives the version's. `nil` on tvOS.
    public var bars: BarHeights?
    /// `UIViewController.systemMinimumLayoutMargins` in this orientation.
    public var systemMinimumLayoutMargins: DirectionalInsets
    /// The device's features the bar and caveat rules read.
    public var features: ScreenFeatures

    /// Creates an environment.
    public init(
        family: DeviceFamily,
        screen: Size,
        windowSafeArea: Insets,
        windowExplain: Explanation,
        statusBarHeight: Double,
        sizeClass: SizeClasses,
        bars: BarHeights?,
        systemMinimumLayoutMargins: DirectionalInsets,
        features: ScreenFeatures = []
    ) {
        self.init(
            family: family, screen: screen, windowSafeArea: windowSafeArea, sharedWindowExplain: SharedExplanation(windowExplain),
            statusBarHeight: statusBarHeight, sizeClass: sizeClass, bars: bars, systemMinimumLayoutMargins: systemMinimumLayoutMargins,
            features: features
        )
    }

    /// Creates an environment whose window explanation is shared (one made once per device
    /// and safe area, say).
    public init(
        family: DeviceFamily,
        screen: Size,
        windowSafeArea: Insets,
        sharedWindowExplain: SharedExplanation,
        statusBarHeight: Double,
        sizeClass: SizeClasses,
        bars: BarHeights?,
        systemMinimumLayoutMargins: DirectionalInsets,
        features: ScreenFeatures = []
    ) {
        self.family = family
        self.screen = screen
        self.windowSafeArea = windowSafeArea
        self.sharedWindowExplain = sharedWindowExplain
        self.statusBarHeight = statusBarHeight
        self.sizeClass = sizeClass
        self.bars = bars
        self.systemMinimumLayoutMargins = systemMinimumLayoutMargins
        self.features = features
    }

    /// Whether the status bar shows.
    public var showsStatusBar: Bool { statusBarHeight > 0 }

    /// RULES.md §M: `systemMinimumLayoutMargins` — top/bottom 0; leading/trailing 20 when the
    /// horizontal size class is regular or the window is at least 414 pt wide, else 16;
    /// tvOS 0 (overscan is in the safe area already).
    public static func systemMinimumLayoutMargins(family: DeviceFamily, screenWidth: Double, sizeClass: SizeClasses) -> DirectionalInsets {
        if family == .tv { return .zero }
        let side: Double = (sizeClass.horizontal == .regular || screenWidth >= 414) ? 20 : 16
        return DirectionalInsets(top: 0, leading: side, bottom: 0, trailing: side)
    }
}
