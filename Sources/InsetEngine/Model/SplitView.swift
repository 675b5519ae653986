/// `UISplitViewController.Style` as the request names it (RULES.md SV).
public enum SplitViewStyle: String, CaseIterable, Hashable, Sendable {
    case classic, doubleColumn

    /// The style a split view controller has when the request names none: `doubleColumn`
    /// from systemVersion 14, `classic` (the only one) below.
    public static func `default`(systemVersion: Double) -> SplitViewStyle {
        systemVersion >= 14 ? .doubleColumn : .classic
    }
}

extension LayoutRequest {
    /// The environment the pass lays out in: the device's, or that of the request's window.
    public var windowEnvironment: DisplayEnvironment {
        window.map(environment.windowed) ?? environment
    }

    /// The app's window as the answer reports it (a full-screen one too).
    public var appWindow: AppWindow {
        let frame = window ?? Rect(x: 0, y: 0, width: environment.screen.width, height: environment.screen.height)
        return AppWindow(frame: frame, sizeClass: windowEnvironment.sizeClass)
    }
}
