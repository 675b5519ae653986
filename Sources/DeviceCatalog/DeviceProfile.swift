import InsetEngine

/// What sits in the top of an iPhone's screen (`sensorHousing` in the API and the files).
public enum SensorHousing: String, CaseIterable, Hashable, Sendable {
    /// A full rectangle: home-button iPhones, iPads, Apple TV.
    case none
    /// The notch of iPhone X through 14 / 16e / 17e.
    case notch
    /// The Dynamic Island of iPhone 14 Pro and later.
    case dynamicIsland
}

/// A figure with a portrait and a landscape value; `portrait` is `nil` on Apple TV, which
/// has only a landscape orientation.
public struct OrientationFigures<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The value in portrait (and portrait upside down); `nil` on tvOS.
    public var portrait: Value?
    /// The value in both landscape orientations.
    public var landscape: Value

    /// Creates the pair.
    public init(portrait: Value?, landscape: Value) {
        self.portrait = portrait
        self.landscape = landscape
    }
}

/// The range of `systemVersion` a `VersionOverride` applies to.
public enum SystemVersionRange: Hashable, Sendable {
    /// Every version strictly below the bound (`systemVersionBelow` in the files).
    case below(Double)
    /// Every version from the bound on (`systemVersionFrom` in the files).
    case from(Double)

    /// Whether `systemVersion` lies in the range.
    public func contains(_ systemVersion: Double) -> Bool {
        switch self {
        case .below(let bound): systemVersion < bound
        case .from(let bound): systemVersion >= bound
        }
    }
}

/// Figures that differ on some OS versions (XR/11 before iOS 14, the minis on iOS 14, the
/// iPhone 17 family's landscape from iOS 26). Overrides apply in file order; a later one
/// wins where two set the same figure.
public struct VersionOverride: Hashable, Sendable {
    /// The versions it applies to.
    public var systemVersions: SystemVersionRange
    /// The status bar's height on those versions, if it differs.
    public var statusBarHeight: Double?
    /// The portrait safe area on those versions, if it differs.
    public var safeAreaPortrait: Insets?
    /// The landscape safe area on those versions, if it differs.
    public var safeAreaLandscape: Insets?
    /// Why, for people who edit the file.
    public var note: String
    /// Where the overriding figures come from.
    public var sources: [String]

    /// Creates an override.
    public init(systemVersions: SystemVersionRange, statusBarHeight: Double?, safeAreaPortrait: Insets?, safeAreaLandscape: Insets?, note: String, sources: [String]) {
        self.systemVersions = systemVersions
        self.statusBarHeight = statusBarHeight
        self.safeAreaPortrait = safeAreaPortrait
        self.safeAreaLandscape = safeAreaLandscape
        self.note = note
        self.sources = sources
    }
}

/// A value of a figure in its own shape (API.md `alternatives`).
public enum FigureValue: Hashable, Sendable {
    case insets(Insets)
    case number(Double)
    case size(Size)
}

/// A value some source gives for a figure where sources disagree: kept for the record, not used.
public struct Alternative: Hashable, Sendable {
    /// The shape of a figure's values.
    public enum Shape: Sendable { case insets, number, size }

    /// The figures that may have alternatives, in API.md's order: the device file's name of
    /// each, the API's name, and the shape of its values.
    public static let figures: [(file: String, api: String, shape: Shape)] = [
        ("safeArea.portrait", "safeAreaInsets.portrait", .insets),
        ("safeArea.landscape", "safeAreaInsets.landscape", .insets),
        ("statusBarHeight", "statusBarHeight", .number),
        ("cornerRadius", "cornerRadius", .number),
        ("sensorHousingSize", "sensorHousingSize", .size),
        ("sensorHousingTop", "sensorHousingTop", .number),
    ]

    /// The figure it is an alternative to, as the device file names it (`safeArea.landscape`,
    /// `statusBarHeight`, `cornerRadius`, `sensorHousingSize`, `sensorHousingTop`).
    public var figure: String
    /// The disagreeing value, in the figure's shape.
    public var value: FigureValue
    /// Which source says it and in what circumstances.
    public var context: String
    /// The sources that give it.
    public var sources: [String]

    /// Creates an alternative.
    public init(figure: String, value: FigureValue, context: String, sources: [String]) {
        self.figure = figure
        self.value = value
        self.context = context
        self.sources = sources
    }
}

/// The sources of one figure: URLs or repository + path, or `"derived"` where RULES.md
/// supplies the figure.
public struct FigureSources: Hashable, Sendable {
    /// The figure's name in the device file, e.g. `safeArea.landscape`.
    public var figure: String
    /// Its sources, in the file's order.
    public var sources: [String]

    /// Creates the entry.
    public init(figure: String, sources: [String]) {
        self.figure = figure
        self.sources = sources
    }
}

/// One device profile, as its file `Sources/DeviceCatalog/Devices/<id>.json` gives it
/// (validated by `DeviceCatalog`).
public struct DeviceProfile: Hashable, Sendable {
    /// The kebab-case id, equal to the file name.
    public var id: String
    /// The marketing name.
    public var name: String
    /// iPhone, iPad or Apple TV.
    public var family: DeviceFamily
    /// The hardware model identifiers the profile covers (`iPhone10,3`, …).
    public var modelIdentifiers: [String]
    /// The screen in its natural orientation (portrait; 1920×1080 landscape on Apple TV), in points.
    public var screen: Size
    /// The UIKit screen scale.
    public var scale: Double
    /// Notch, Dynamic Island or none.
    public var sensorHousing: SensorHousing
    /// Whether the device has a home indicator instead of a home button.
    public var homeIndicator: Bool
    /// The display corner radius in points; `nil` where no source gives it.
    public var cornerRadius: Double?
    /// The sensor housing's size in points; `nil` where none exists or no source gives it.
    public var sensorHousingSize: Size?
    /// The housing's distance from the screen's top edge in portrait, in points: 0 for a
    /// notch (flush with the edge), the island's offset below it; `nil` without a housing.
    public var sensorHousingTop: Double?
    /// The status bar's height in the natural orientation at the newest version (the
    /// overrides know older ones); `nil` on tvOS, which has no status bar.
    public var statusBarHeight: Double?
    /// The supported orientations, in `Orientation.allCases` order.
    public var orientations: [Orientation]
    /// The window's safe area (screen features only), without overrides.
    public var safeArea: OrientationFigures<Insets>
    /// The size classes per orientation.
    public var sizeClasses: OrientationFigures<SizeClasses>
    /// Per-OS-version changes of figures.
    public var overrides: [VersionOverride]
    /// Values that disagreeing sources give; not used.
    public var alternatives: [Alternative]
    /// Every figure's sources, in the fixed order of `DeviceProfile.figureNames`.
    public var sources: [FigureSources]
    /// When the figures were last checked against their sources (`YYYY-MM-DD`).
    public var verified: String
    /// Derived or disputed figures, and what else a reader of the figures should know, in words.
    public var notes: [String]

    /// The names of the figures that carry sources, in the order they are listed.
    public static let figureNames = [
        "screen", "scale", "modelIdentifiers", "sensorHousing", "homeIndicator", "cornerRadius",
        "sensorHousingSize", "sensorHousingTop", "statusBarHeight", "orientations", "safeArea.portrait", "safeArea.landscape",
        "sizeClasses", "bars.portrait", "bars.landscape",
    ]

    /// The orientation used when a request names none: portrait, or landscapeLeft on Apple TV.
    public var defaultOrientation: Orientation { family.defaultOrientation }

    /// This profile's `EnvironmentBasis` and its overrides as plain values (which the
    /// basis's `overrides` index): what the profile computes its figures through, as the
    /// registry does from its own copies.
    var plainValues: (basis: EnvironmentBasis, overrides: [OverrideBasis]) {
        (EnvironmentBasis(self, overrides: overrides.indices), overrides.map { OverrideBasis($0) })
    }

    /// The status bar's height in the natural orientation on `systemVersion` (overrides
    /// applied); `nil` on tvOS.
    public func statusBarHeight(systemVersion: Double) -> Double? {
        let plain = plainValues
        return plain.basis.statusBarHeight(systemVersion: systemVersion, overrides: plain.overrides)
    }

    /// The window's safe area in portrait or landscape on `systemVersion` (overrides
    /// applied), before `statusBarHidden`. On Apple TV always the landscape value.
    public func safeArea(landscape: Bool, systemVersion: Double) -> Insets {
        let plain = plainValues
        return plain.basis.safeArea(landscape: landscape, systemVersion: systemVersion, overrides: plain.overrides)
    }
}
