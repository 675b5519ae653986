/// A Split View preset's share of the screen (RULES.md W2).
public enum SplitViewPreset: String, CaseIterable, Hashable, Sendable {
    case oneThird, oneHalf, twoThirds
}

/// Which side of the screen a Split View window takes.
public enum WindowSide: String, CaseIterable, Hashable, Sendable {
    case leading, trailing
}

/// The app's window as an answer reports it: its frame in screen coordinates of the
/// orientation and its size classes.
public struct AppWindow: Hashable, Sendable {
    public var frame: Rect
    public var sizeClass: SizeClasses

    /// Creates the pair.
    public init(frame: Rect, sizeClass: SizeClasses) {
        self.frame = frame
        self.sizeClass = sizeClass
    }
}

/// The window rules W2–W4 of RULES.md (iPad Split View and free windows).
public enum WindowRules {
    /// The width of the divider between two Split View apps.
    public static let dividerWidth: Double = 10
    /// W3: a window at least this wide is horizontally regular.
    public static let regularWidth: Double = 640
    /// API.md `window.frame`: the smallest width and height of a free window.
    public static let minimumSide: Double = 200

    /// W2: the width of `preset`'s window on `screen` (the orientation's), or `nil` for a
    /// 50/50 split in portrait, which does not exist. `narrow` is 375 on 12.9"/13" screens
    /// (portrait width at least 1024) and, in landscape, on screens 1194 pt or wider; else 320.
    public static func width(of preset: SplitViewPreset, screen: Size) -> Double? {
        let landscape = screen.width > screen.height
        let narrow: Double = Swift.min(screen.width, screen.height) >= 1024 || (landscape && screen.width >= 1194) ? 375 : 320
        switch preset {
        case .oneThird: return narrow
        case .oneHalf: return landscape ? (screen.width - dividerWidth) / 2 : nil
        case .twoThirds: return screen.width - narrow - dividerWidth
        }
    }

    /// W2: the frame of `preset`'s window on `side` (`leading` at x = 0, `trailing` flush
    /// with the screen's right edge), the screen's height; `nil` where the preset does not exist.
    public static func frame(of preset: SplitViewPreset, side: WindowSide, screen: Size) -> Rect? {
        guard let width = width(of: preset, screen: screen) else { return nil }
        let x = side == .leading ? 0 : screen.width - width
        return Rect(x: x, y: 0, width: width, height: screen.height)
    }

    /// W3: a window's size classes: vertical regular, horizontal regular iff the window is
    /// at least 640 pt wide.
    public static func sizeClass(ofWidth width: Double) -> SizeClasses {
        SizeClasses(horizontal: width >= regularWidth ? .regular : .compact, vertical: .regular)
    }
}

extension DisplayEnvironment {
    /// The environment of an app window at `frame` (screen coordinates) on this screen; this
    /// environment itself when `frame` is the whole screen (a full-screen window keeps the
    /// registry's size classes, W3).
    ///
    /// Every rule then runs against the window: its size is the `screen` the pass lays out
    /// in; its safe area is, per edge, the part of the screen's inset band it overlaps, with
    /// the screen's sources (W4); its size classes follow W3 and its system minimum margins
    /// M's rule on its own width; the status bar is the part of it over the window. Bar
    /// heights stay the device's (the iPad figures at every width).
    public func windowed(_ frame: Rect) -> DisplayEnvironment {
        guard frame != Rect(x: 0, y: 0, width: screen.width, height: screen.height) else { return self }
        var window = self
        let overlap = Insets(
            top: Swift.max(0, windowSafeArea.top - frame.minY),
            left: Swift.max(0, windowSafeArea.left - frame.minX),
            bottom: Swift.max(0, frame.maxY - (screen.height - windowSafeArea.bottom)),
            right: Swift.max(0, frame.maxX - (screen.width - windowSafeArea.right))
        )
        window.screen = frame.size
        window.windowSafeArea = overlap
        window.windowExplain = Explanation(
            top: Self.trimmed(windowExplain.top, to: overlap.top),
            left: Self.trimmed(windowExplain.left, to: overlap.left),
            bottom: Self.trimmed(windowExplain.bottom, to: overlap.bottom),
            right: Self.trimmed(windowExplain.right, to: overlap.right)
        )
        window.statusBarHeight = Swift.max(0, statusBarHeight - frame.minY)
        window.sizeClass = WindowRules.sizeClass(ofWidth: frame.width)
        window.systemMinimumLayoutMargins = Self.systemMinimumLayoutMargins(family: family, screenWidth: frame.width, sizeClass: window.sizeClass)
        return window
    }

    /// The screen's contributions on an edge, cut to the `value` of the band a window
    /// overlaps: the earliest ones kept, the last one kept shortened, so the list sums to `value`.
    private static func trimmed(_ contributions: [Contribution], to value: Double) -> [Contribution] {
        var remaining = value
        var kept: [Contribution] = []
        for contribution in contributions where remaining > 0 {
            let part = Swift.min(contribution.value, remaining)
            kept.append(Contribution(contribution.source, part))
            remaining -= part
        }
        return kept
    }
}
