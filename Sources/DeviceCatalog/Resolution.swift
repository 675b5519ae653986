import InsetEngine

/// Why a device cannot be resolved.
public enum ResolutionError: Error, Hashable, Sendable {
    /// No device has this id.
    case unknownDevice(id: String)
    /// The device does not support the orientation (portraitUpsideDown on a home-indicator
    /// iPhone, anything but landscapeLeft on Apple TV).
    case unsupportedOrientation(device: String, orientation: Orientation, supported: [Orientation])
}

/// A device resolved for one (orientation, systemVersion, statusBarHidden): the engine's
/// `DisplayEnvironment` plus what the endpoints show besides.
public struct ResolvedDisplay: Hashable, Sendable {
    /// The profile.
    public var device: DeviceProfile
    /// The orientation resolved.
    public var orientation: Orientation
    /// The iOS version simulated.
    public var systemVersion: Double
    /// Whether the app hides the status bar.
    public var statusBarHidden: Bool
    /// What the engine needs: screen, window safe area with its explanation, status bar,
    /// size classes, bars and the system minimum layout margins.
    public var environment: DisplayEnvironment

    /// Creates the value.
    public init(device: DeviceProfile, orientation: Orientation, systemVersion: Double, statusBarHidden: Bool, environment: DisplayEnvironment) {
        self.device = device
        self.orientation = orientation
        self.systemVersion = systemVersion
        self.statusBarHidden = statusBarHidden
        self.environment = environment
    }
}

extension DeviceCatalog {
    /// Resolves a registry device, the one function both the engine's requests and the
    /// `/devices` endpoints use (RULES.md "Window and device").
    /// - Throws: `ResolutionError.unknownDevice`, `.unsupportedOrientation`.
    public func resolve(id: String, orientation: Orientation, systemVersion: Double, statusBarHidden: Bool) throws(ResolutionError) -> ResolvedDisplay {
        guard let device = device(id: id) else { throw .unknownDevice(id: id) }
        return try device.resolve(orientation: orientation, systemVersion: systemVersion, statusBarHidden: statusBarHidden)
    }

    /// `resolve(id:orientation:systemVersion:statusBarHidden:)`'s environment alone, without
    /// copying the profile into a `ResolvedDisplay`.
    /// - Throws: `ResolutionError.unknownDevice`, `.unsupportedOrientation`.
    public func environment(ofDevice id: String, orientation: Orientation, systemVersion: Double, statusBarHidden: Bool) throws(ResolutionError) -> DisplayEnvironment {
        guard let position = position(of: id) else { throw .unknownDevice(id: id) }
        // Called on the profile where the array stores it: on `devices[position]` the
        // compiler copies the profile first.
        return try devices.withUnsafeBufferPointer { (profiles) throws(ResolutionError) in
            try (profiles.baseAddress! + position).pointee.environment(orientation: orientation, systemVersion: systemVersion, statusBarHidden: statusBarHidden)
        }
    }
}

extension DeviceProfile {
    /// Resolves this device for one orientation, OS version and status-bar choice.
    /// - Throws: `ResolutionError.unsupportedOrientation`.
    public func resolve(orientation: Orientation, systemVersion: Double, statusBarHidden: Bool) throws(ResolutionError) -> ResolvedDisplay {
        let environment = try environment(orientation: orientation, systemVersion: systemVersion, statusBarHidden: statusBarHidden)
        return ResolvedDisplay(device: self, orientation: orientation, systemVersion: systemVersion, statusBarHidden: statusBarHidden, environment: environment)
    }

    /// The engine's environment for one orientation, OS version and status-bar choice.
    /// - Throws: `ResolutionError.unsupportedOrientation`.
    public func environment(orientation: Orientation, systemVersion: Double, statusBarHidden: Bool) throws(ResolutionError) -> DisplayEnvironment {
        guard orientations.contains(orientation) else {
            throw .unsupportedOrientation(device: id, orientation: orientation, supported: orientations)
        }
        let landscape = orientation.isLandscape
        var insets = safeArea(landscape: landscape, systemVersion: systemVersion)
        // iPhones hide the status bar in landscape; iPads keep it; tvOS has none.
        let statusBarShown = family == .ipad || (family == .iphone && !landscape)
        var statusBar = statusBarShown && !statusBarHidden ? statusBarHeight(systemVersion: systemVersion) ?? 0 : 0
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
            systemMinimumLayoutMargins: DisplayEnvironment.systemMinimumLayoutMargins(family: family, screenWidth: screen.width, sizeClass: sizeClass)
        )
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
