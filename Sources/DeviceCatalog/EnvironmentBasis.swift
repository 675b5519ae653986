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
    /// One bit per supported orientation (`bit(_:)`).
    var orientations: UInt8
    /// The profile's overrides: their positions in the `OverrideBasis` array handed to
    /// `environment(orientation:systemVersion:statusBarHidden:overrides:explanations:)`.
    var overrides: Range<Int>
    /// The explanations of the window safe areas the device can have, made once: their
    /// positions in the `WindowExplanation` array handed to `environment` (empty for a
    /// profile's own computation, which makes its explanation).
    var explanations = 0..<0

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
        // A switch, not a search of `allCases`: every request's device is checked.
        switch orientation {
        case .portrait: 1
        case .portraitUpsideDown: 2
        case .landscapeLeft: 4
        case .landscapeRight: 8
        }
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
    /// status-bar choice; `all` holds the overrides and `made` the explanations (`overrides`
    /// and `explanations` are positions in them).
    func environment(orientation: Orientation, systemVersion: Double, statusBarHidden: Bool, overrides all: [OverrideBasis],
                     explanations made: [WindowExplanation]) -> DisplayEnvironment {
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
        // A shared explanation made at start-up: one made here allocates a list per inset edge.
        let shared = explanations.first { made[$0].insets == insets }
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
            sharedWindowExplain: shared.map { made[$0].explain } ?? SharedExplanation(explanation(of: insets)),
            statusBarHeight: statusBar,
            sizeClass: sizeClass,
            bars: bars,
            systemMinimumLayoutMargins: DisplayEnvironment.systemMinimumLayoutMargins(family: family, screenWidth: screen.width, sizeClass: sizeClass),
            features: features
        )
    }

    /// Every window safe area the device can have, each with its explanation: each
    /// orientation's and each override's, also with the top edge a hidden status bar zeroes.
    func windowExplanations(overrides all: [OverrideBasis]) -> [WindowExplanation] {
        var areas = [safeArea.portrait ?? safeArea.landscape, safeArea.landscape]
        for index in overrides {
            areas += [all[index].safeAreaPortrait, all[index].safeAreaLandscape].compactMap { $0 }
        }
        var made: [WindowExplanation] = []
        for area in areas {
            var hidden = area
            hidden.top = 0
            for insets in [area, hidden] where !made.contains(where: { $0.insets == insets }) {
                made.append(WindowExplanation(insets: insets, explain: SharedExplanation(explanation(of: insets))))
            }
        }
        return made
    }

    /// Each non-zero edge of the window's safe area with the screen feature behind it.
    private func explanation(of insets: Insets) -> Explanation {
        var explain = Explanation.empty
        for edge in Edge.allCases where insets[edge] != 0 {
            explain[edge] = [Contribution(source(of: edge), insets[edge])]
        }
        return explain
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

/// A window safe area and its explanation, made once per device.
struct WindowExplanation: Sendable {
    var insets: Insets
    var explain: SharedExplanation
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
