/// The iOS versions a request may simulate, and their defaults (RULES.md "Model", V1): stated
/// once here, read by every decoder, the registry and the documents' tests.
public enum SystemVersion {
    /// The version simulated when a request names none: the latest point release modelled.
    public static let `default` = 27.1
    /// The oldest version modelled (iOS 7, the legacy model's first).
    public static let minimum = 7.0
    /// The latest release modelled: a version of `latest + 1` or more is refused.
    public static let latest = 27.0
    /// The first version after iOS 18 (Apple numbered the release after 18 as 26).
    public static let afterEighteen = 26.0
    /// From this version the bars are Liquid Glass unless the app opts out (V2).
    public static let liquidGlass = 26.0

    /// Why a version is refused (V1), with API.md's fixed detail texts.
    public enum Refusal: Hashable, Sendable {
        case belowMinimum, newerThanLatest, noSuchRelease

        /// The fixed `detail` of the problem (API.md "Errors" → "Detail texts").
        public var detail: String {
            switch self {
            case .belowMinimum: "must be at least 7"
            case .newerThanLatest: "newer than the latest modelled release, 27"
            case .noSuchRelease: "there is no iOS 19 to 25: the release after 18 is 26"
            }
        }
    }

    /// Why `version` (a finite number) is refused, or `nil` when it is valid: below 7,
    /// 28 or more (whatever its size), or from 19 up to but not including 26. Fractional
    /// versions are valid.
    public static func refusal(of version: Double) -> Refusal? {
        if version < minimum { return .belowMinimum }
        if version >= latest + 1 { return .newerThanLatest }
        if version >= 19, version < afterEighteen { return .noSuchRelease }
        return nil
    }

    /// Whether `version` (a valid one) has Liquid Glass bars for an app that does not opt
    /// out with `designRequiresCompatibility` (V2).
    public static func hasLiquidGlass(_ version: Double, designRequiresCompatibility: Bool) -> Bool {
        version >= liquidGlass && !designRequiresCompatibility
    }
}

extension DeviceFamily {
    /// The orientation used when a request names none: portrait, or `landscapeLeft` on Apple
    /// TV, its only orientation.
    public var defaultOrientation: Orientation {
        self == .tv ? .landscapeLeft : .portrait
    }
}
