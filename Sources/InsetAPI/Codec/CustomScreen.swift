import InsetEngine
import ServiceKit

/// A custom device given as `/layout`'s `screen` (API.md): its size, safe area, status
/// bar and size classes, with the figures a registry device would carry derived from them.
public struct CustomScreen: Hashable, Sendable {
    /// The screen size in points, as given (orientation is not applied).
    public var size: Size
    /// The window's safe area with the status bar showing; no edge negative.
    public var safeAreaInsets: Insets
    /// The status bar's height; `nil` takes the top inset.
    public var statusBarHeight: Double?
    /// The horizontal size class; `nil`: regular when the width is at least 768, else compact.
    public var horizontalSizeClass: SizeClass?
    /// The vertical size class; `nil`: compact when the height is under 500, else regular.
    public var verticalSizeClass: SizeClass?

    /// Creates a custom screen.
    public init(size: Size, safeAreaInsets: Insets = .zero, statusBarHeight: Double? = nil, horizontalSizeClass: SizeClass? = nil, verticalSizeClass: SizeClass? = nil) {
        self.size = size
        self.safeAreaInsets = safeAreaInsets
        self.statusBarHeight = statusBarHeight
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
    }

    /// Screens at least this wide are iPads: iPad family and iPad bar heights.
    public static let iPadMinimumWidth: Double = 768

    /// The environment the engine sees: family and bars by the width rule, the size-class
    /// defaults, `statusBarHidden` removing min(statusBarHeight, top inset) from the top,
    /// every non-zero edge explained by one `screen` contribution.
    public func environment(systemVersion: Double, statusBarHidden: Bool) -> DisplayEnvironment {
        let isPad = size.width >= Self.iPadMinimumWidth
        let family: DeviceFamily = isPad ? .ipad : .iphone
        let sizeClass = SizeClasses(
            horizontal: horizontalSizeClass ?? (isPad ? .regular : .compact),
            vertical: verticalSizeClass ?? (size.height < 500 ? .compact : .regular)
        )
        let barHeight = statusBarHeight ?? safeAreaInsets.top
        var safeArea = safeAreaInsets
        if statusBarHidden { safeArea.top -= min(barHeight, safeArea.top) }
        var explain = Explanation()
        for edge in Edge.allCases where safeArea[edge] != 0 {
            explain[edge] = [Contribution(.screen, safeArea[edge])]
        }
        return DisplayEnvironment(
            family: family,
            screen: size,
            windowSafeArea: safeArea,
            windowExplain: explain,
            statusBarHeight: statusBarHidden ? 0 : barHeight,
            sizeClass: sizeClass,
            bars: isPad ? .iPad(systemVersion: systemVersion) : .iPhone(verticalSizeClass: sizeClass.vertical),
            systemMinimumLayoutMargins: DisplayEnvironment.systemMinimumLayoutMargins(family: family, screenWidth: size.width, sizeClass: sizeClass)
        )
    }
}
