import InsetEngine

/// A device profile's figures that its `DisplayEnvironment` is computed from, as plain
/// values: no strings or arrays.
///
/// The registry keeps one per profile, and a request resolves its device from a copy of
/// it: copying a `DeviceProfile` retains and releases its strings and arrays, objects that
/// every pool thread shares, whose reference counts then bounce between the cores. The
/// profile's own `environment(orientation:systemVersion:statusBarHidden:)` computes through
/// a basis too, so there is one computation.
struct EnvironmentBasis: Sendable {
    var family: DeviceFamily
    var screen: Size
    var sensorHousing: SensorHousing
    var homeIndicator: Bool
    var statusBarHeight: Double?
    var safeArea: OrientationFigures<Insets>
    var sizeClasses: OrientationFigures<SizeClasses>
    /// One bit per supported orientation, by position in `Orientation.allCases`.
    var orientations: UInt8
    /// The profile's overrides: their positions in the `OverrideBasis` array handed to
    /// `environment(orientation:systemVersion:statusBarHidden:overrides:)`.
    var overrides: Range<Int>

    /// `profile`'s basis, its overrides at `overrides`.
    init(_ profile: DeviceProfile, overrides: Range<Int>) {
        family = profile.family
        screen = profile.screen
        sensorHousing = profile.sensorHousing
        homeIndicator = profile.homeIndicator
        statusBarHeight = profile.statusBarHeight
        safeArea = profile.safeArea
        sizeClasses = profile.sizeClasses
        orientations = profile.orientations.reduce(0) { $0 | Self.bit($1) }
        self.overrides = overrides
    }

    private static func bit(_ orientation: Orientation) -> UInt8 {
        1 << UInt8(Orientation.allCases.firstIndex(of: orientation)!)
    }

    /// Whether the device supports `orientation`.
    func supports(_ orientation: Orientation) -> Bool {
        orientations & Self.bit(orientation) != 0
    }

    /// The status bar's height in the natural orientation on `systemVersion` (overrides
    /// applied); `nil` on tvOS.
    func statusBarHeight(systemVersion: Double, overrides all: [OverrideBasis]) -> Double? {
        var height = statusBarHeight
        for index in overrides where all[index].systemVersions.contains(systemVersion) {
            if let value = all[index].statusBarHeight { height = value }
        }
        return height
    }

    /// The window's safe area in portrait or landscape on `systemVersion` (overrides
    /// applied), before `statusBarHidden`. On Apple TV always the landscape value.
    func safeArea(landscape: Bool, systemVersion: Double, overrides all: [OverrideBasis]) -> Insets {
        var insets = landscape ? safeArea.landscape : (safeArea.portrait ?? safeArea.landscape)
        for index in overrides where all[index].systemVersions.contains(systemVersion) {
            if let value = landscape ? all[index].safeAreaLandscape : all[index].safeAreaPortrait { insets = value }
        }
        return insets
    }

    /// The engine's environment for a supported orientation, an OS version and a
    /// status-bar choice; `all` holds the overrides (`overrides` are positions in it).
    func environment(orientation: Orientation, systemVersion: Double, statusBarHidden: Bool, overrides all: [OverrideBasis]) -> DisplayEnvironment {
        let landscape = orientation.isLandscape
        var insets = safeArea(landscape: landscape, systemVersion: systemVersion, overrides: all)
        // iPhones hide the status bar in landscape; iPads keep it; tvOS has none.
        let statusBarShown = family == .ipad || (family == .iphone && !landscape)
        var statusBar = statusBarShown && !statusBarHidden ? statusBarHeight(systemVersion: systemVersion, overrides: all) ?? 0 : 0
        if statusBarHidden, family != .tv, sensorHousing == .none {
            // Without a sensor housing the top inset is the status bar (S2).
            insets.top = 0
            statusBar = 0
        }
        var explain = Explanation.empty
        for edge in Edge.allCases where insets[edge] != 0 {
            explain[edge] = [Contribution(source(of: edge), insets[edge])]
        }
        let screen = landscape && family != .tv ? Size(width: self.screen.height, height: self.screen.width) : self.screen
        let sizeClass = landscape ? sizeClasses.landscape : sizeClasses.portrait ?? sizeClasses.landscape
        let bars: BarHeights? = switch family {
        case .iphone: .iPhone(verticalSizeClass: sizeClass.vertical)
        case .ipad: .iPad(systemVersion: systemVersion)
        case .tv: nil
        }
        return DisplayEnvironment(
            family: family,
            screen: screen,
            windowSafeArea: insets,
            windowExplain: explain,
            statusBarHeight: statusBar,
            sizeClass: sizeClass,
            bars: bars,
            systemMinimumLayoutMargins: DisplayEnvironment.systemMinimumLayoutMargins(family: family, screenWidth: screen.width, sizeClass: sizeClass),
            features: features
        )
    }

    /// The features the bar and caveat rules read: a Dynamic Island, a home button.
    private var features: ScreenFeatures {
        var features: ScreenFeatures = sensorHousing == .dynamicIsland ? .dynamicIsland : []
        if family != .tv, !homeIndicator { features.insert(.homeButton) }
        return features
    }

    /// The screen feature behind a window inset on `edge` (the loader guarantees that
    /// non-zero edges have one).
    private func source(of edge: Edge) -> InsetSource {
        if family == .tv { return .overscan }
        switch edge {
        case .top: return sensorHousing == .none ? .statusBar : .sensorHousing
        case .bottom: return .homeIndicator
        case .left, .right: return .sensorHousing
        }
    }
}

/// A `VersionOverride`'s figures, without its note and sources.
struct OverrideBasis: Sendable {
    var systemVersions: SystemVersionRange
    var statusBarHeight: Double?
    var safeAreaPortrait: Insets?
    var safeAreaLandscape: Insets?

    init(_ override: VersionOverride) {
        systemVersions = override.systemVersions
        statusBarHeight = override.statusBarHeight
        safeAreaPortrait = override.safeAreaPortrait
        safeAreaLandscape = override.safeAreaLandscape
    }
}
