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
        // From the profile's plain-values basis: a copy of the profile itself would retain
        // its strings and arrays (see `EnvironmentBasis`).
        let basis = bases[position]
        guard basis.supports(orientation) else {
            throw .unsupportedOrientation(device: id, orientation: orientation, supported: devices[position].orientations)
        }
        return basis.environment(orientation: orientation, systemVersion: systemVersion, statusBarHidden: statusBarHidden, overrides: overrideBases, explanations: explanations)
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
        let plain = plainValues
        guard plain.basis.supports(orientation) else {
            throw .unsupportedOrientation(device: id, orientation: orientation, supported: orientations)
        }
        return plain.basis.environment(orientation: orientation, systemVersion: systemVersion, statusBarHidden: statusBarHidden, overrides: plain.overrides, explanations: [])
    }
}
