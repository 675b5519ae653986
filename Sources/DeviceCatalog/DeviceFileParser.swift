import InsetEngine
import JSONCore

/// Reads one device file (with JSONCore's `JSONDocument`) and checks it against the schema
/// and the rules of RULES.md ("Window and device"). Every failure names the file and the field.
struct DeviceFileParser {
    /// The file's name, e.g. `iphone-x.json`.
    let file: String
    /// The file's text, parsed.
    let document: JSONDocument

    /// Parses `json`, the text of `file`; the rules are checked by `profile()`.
    init(file: String, json: String) throws(DeviceFileError) {
        self.file = file
        do {
            document = try JSONDocument(parsing: Array(json.utf8))
        } catch {
            throw DeviceFileError(file: file, field: "", reason: .malformedJSON(error.description))
        }
    }

    /// A JSON value at a dotted path; `value` is `nil` when the field is absent.
    struct Field {
        var value: JSONValue?
        var path: String

        func child(_ key: String, in object: [String: JSONValue]) -> Field {
            Field(value: object[key], path: path.isEmpty ? key : "\(path).\(key)")
        }

        func element(_ index: Int, _ value: JSONValue? = nil) -> Field {
            Field(value: value, path: "\(path)[\(index)]")
        }
    }

    private static let documentKeys: Set = [
        "id", "name", "family", "modelIdentifiers", "screen", "scale", "sensorHousing", "homeIndicator",
        "cornerRadius", "sensorHousingSize", "sensorHousingTop", "statusBarHeight", "orientations", "safeArea", "sizeClasses",
        "bars", "overrides", "alternatives", "sources", "verified", "notes",
    ]
    static let insetKeys = ["top", "left", "bottom", "right"]
    private static let barKeys = ["navigationBar", "largeTitleNavigationBar", "toolbar", "tabBar"]

    /// The device the file describes, once it passes every check.
    func profile() throws(DeviceFileError) -> DeviceProfile {
        let root = Field(value: document.root, path: "")
        let object = try self.object(root, keys: Self.documentKeys)
        func field(_ key: String) -> Field { root.child(key, in: object) }

        let id = try string(field("id"))
        let expectedID = file.hasSuffix(".json") ? String(file.dropLast(5)) : file
        guard id == expectedID else { throw fail(field("id"), "must equal the file name without .json (\"\(expectedID)\")") }
        guard !id.isEmpty, id.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) else {
            throw fail(field("id"), "must be kebab-case: lowercase letters, digits and hyphens")
        }
        let name = try string(field("name"))
        guard !name.isEmpty else { throw fail(field("name"), "must not be empty") }
        let family: DeviceFamily = try word(field("family"))
        let modelIdentifiers = try identifiers(field("modelIdentifiers"))
        let screen = try size(field("screen"))
        if family == .tv, screen.width <= screen.height {
            throw fail(field("screen"), "must be landscape (width > height) on Apple TV")
        } else if family != .tv, screen.width >= screen.height {
            throw fail(field("screen"), "must be portrait (width < height), the natural orientation")
        }
        let scale = try positive(field("scale"))
        let sensorHousing: SensorHousing = try word(field("sensorHousing"))
        if family != .iphone, sensorHousing != .none { throw fail(field("sensorHousing"), "must be \"none\" on an iPad or Apple TV") }
        let homeIndicator = try bool(field("homeIndicator"))
        if family == .tv, homeIndicator { throw fail(field("homeIndicator"), "must be false on Apple TV") }
        if sensorHousing != .none, !homeIndicator { throw fail(field("homeIndicator"), "must be true on a phone with a sensor housing") }
        let cornerRadius = try nullable(field("cornerRadius")) { (f) throws(DeviceFileError) in try nonNegative(f) }
        let sensorHousingSize = try nullable(field("sensorHousingSize")) { (f) throws(DeviceFileError) in try size(f) }
        if sensorHousing == .none, sensorHousingSize != nil { throw fail(field("sensorHousingSize"), "must be null without a sensor housing") }
        let sensorHousingTop = try nullable(field("sensorHousingTop")) { (f) throws(DeviceFileError) in try nonNegative(f) }
        if (sensorHousing == .none) != (sensorHousingTop == nil) {
            throw fail(field("sensorHousingTop"), sensorHousing == .none ? "must be null without a sensor housing" : "must be a number >= 0 (0 for a notch, flush with the edge)")
        }
        let statusBarHeight = try nullable(field("statusBarHeight")) { (f) throws(DeviceFileError) in try positive(f) }
        if (family == .tv) != (statusBarHeight == nil) {
            throw fail(field("statusBarHeight"), family == .tv ? "must be null on Apple TV" : "must be a number > 0")
        }

        let orientations = try orientationSet(field("orientations"), family: family, homeIndicator: homeIndicator)
        let kind = Kind(family: family, screen: screen, sensorHousing: sensorHousing, homeIndicator: homeIndicator)

        let safeAreaField = field("safeArea")
        let safeAreaObject = try self.object(safeAreaField, keys: ["portrait", "landscape"])
        let portraitField = safeAreaField.child("portrait", in: safeAreaObject)
        let landscapeField = safeAreaField.child("landscape", in: safeAreaObject)
        let portrait = try perOrientation(portraitField, family: family) { (f) throws(DeviceFileError) in try insets(f) }
        let landscape = try insets(landscapeField)
        if let portrait {
            try check(portrait, field: portraitField, landscape: false, kind: kind, statusBarHeight: statusBarHeight)
        }
        try check(landscape, field: landscapeField, landscape: true, kind: kind, statusBarHeight: statusBarHeight)
        if sensorHousing != .none, landscape.top != 0 {
            throw fail(landscapeField.child("top", in: [:]), "must be 0 on a phone with a sensor housing (RULES.md S1; later versions go in overrides)")
        }

        let sizeClassesField = field("sizeClasses")
        let sizeClassesObject = try self.object(sizeClassesField, keys: ["portrait", "landscape"])
        let sizeClasses = OrientationFigures(
            portrait: try perOrientation(sizeClassesField.child("portrait", in: sizeClassesObject), family: family) { (f) throws(DeviceFileError) in try sizeClassPair(f) },
            landscape: try sizeClassPair(sizeClassesField.child("landscape", in: sizeClassesObject))
        )
        let hasBars = try checkBars(field("bars"), family: family, sizeClasses: sizeClasses)

        let overrides = try versionOverrides(field("overrides"), kind: kind)
        let alternatives = try alternativeValues(field("alternatives"))
        let present: Set<String> = Set([
            "screen", "scale", "modelIdentifiers", "sensorHousing", "homeIndicator", "orientations",
            "safeArea.landscape", "sizeClasses",
        ]).union([
            cornerRadius == nil ? nil : "cornerRadius",
            sensorHousingSize == nil ? nil : "sensorHousingSize",
            sensorHousingTop == nil ? nil : "sensorHousingTop",
            statusBarHeight == nil ? nil : "statusBarHeight",
            portrait == nil ? nil : "safeArea.portrait",
            hasBars ? "bars.portrait" : nil,
            hasBars ? "bars.landscape" : nil,
        ].compactMap { $0 })
        let sources = try figureSources(field("sources"), present: present)
        let verified = try date(field("verified"))
        let notes = try strings(field("notes"))

        return DeviceProfile(
            id: id, name: name, family: family, modelIdentifiers: modelIdentifiers, screen: screen, scale: scale,
            sensorHousing: sensorHousing, homeIndicator: homeIndicator, cornerRadius: cornerRadius,
            sensorHousingSize: sensorHousingSize, sensorHousingTop: sensorHousingTop, statusBarHeight: statusBarHeight, orientations: orientations,
            safeArea: OrientationFigures(portrait: portrait, landscape: landscape), sizeClasses: sizeClasses,
            overrides: overrides, alternatives: alternatives, sources: sources, verified: verified, notes: notes
        )
    }

    // MARK: Rules

    /// At least one identifier, each of the form `ModelIdentifier.isWellFormed` checks
    /// (what `?model=` accepts), none listed twice.
    private func identifiers(_ field: Field) throws(DeviceFileError) -> [String] {
        let identifiers = try strings(field)
        guard !identifiers.isEmpty else { throw fail(field, "must list at least one identifier") }
        for (index, identifier) in identifiers.enumerated() {
            guard ModelIdentifier.isWellFormed(identifier) else {
                throw fail(field.element(index), "must be a model identifier: letters, digits, a comma, digits (iPhone16,1)")
            }
            if identifiers[..<index].contains(identifier) { throw fail(field.element(index), "is listed twice") }
        }
        return identifiers
    }

    /// A calendar date written `YYYY-MM-DD`.
    private func date(_ field: Field) throws(DeviceFileError) -> String {
        let text = try string(field)
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let widths = parts.map(\.utf8.count)
        let numbers = parts.compactMap { part in part.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ? Int(part) : nil }
        guard widths == [4, 2, 2], numbers.count == 3, (1...12).contains(numbers[1]),
              (1...Self.days(inMonth: numbers[1], of: numbers[0])).contains(numbers[2]) else {
            throw fail(field, "must be a date written YYYY-MM-DD")
        }
        return text
    }

    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// What the rules about insets and orientations depend on.
    private struct Kind {
        var family: DeviceFamily
        var screen: Size
        var sensorHousing: SensorHousing
        var homeIndicator: Bool
    }

    /// RULES.md: home-button iPhones and iPads all four orientations, home-indicator
    /// iPhones all but portraitUpsideDown, Apple TV only landscapeLeft.
    private func orientationSet(_ field: Field, family: DeviceFamily, homeIndicator: Bool) throws(DeviceFileError) -> [Orientation] {
        var listed: [Orientation] = []
        let items = try array(field, "an array of orientation names")
        for (index, item) in items.enumerated() {
            let orientation: Orientation = try word(field.element(index, item))
            if listed.contains(orientation) { throw fail(field.element(index, item), "is listed twice") }
            listed.append(orientation)
        }
        let expected: [Orientation] = switch family {
        case .tv: [.landscapeLeft]
        case .iphone where homeIndicator: [.portrait, .landscapeLeft, .landscapeRight]
        case .iphone, .ipad: Orientation.allCases
        }
        guard Set(listed) == Set(expected) else {
            throw fail(field, "must be \(expected.map(\.rawValue)) for this kind of device")
        }
        return expected
    }

    /// Insets within the screen, and each edge explained by a screen feature the device has.
    private func check(_ insets: Insets, field: Field, landscape: Bool, kind: Kind, statusBarHeight: Double?) throws(DeviceFileError) {
        let rotated = landscape && kind.family != .tv
        let width = rotated ? kind.screen.height : kind.screen.width
        let height = rotated ? kind.screen.width : kind.screen.height
        func edge(_ name: String) -> Field { field.child(name, in: [:]) }
        guard insets.top + insets.bottom < height else { throw fail(edge("bottom"), "top + bottom must be less than the screen height \(Self.text(height))") }
        guard insets.left + insets.right < width else { throw fail(edge("right"), "left + right must be less than the screen width \(Self.text(width))") }
        if kind.family == .tv { return }
        if kind.sensorHousing == .none {
            guard insets.left == 0, insets.right == 0 else { throw fail(edge(insets.left != 0 ? "left" : "right"), "must be 0 without a sensor housing") }
            let statusBar = landscape && kind.family == .iphone ? 0 : statusBarHeight ?? 0
            guard insets.top == statusBar else {
                throw fail(edge("top"), "must equal the status bar shown in this orientation (\(Self.text(statusBar))) without a sensor housing")
            }
        } else {
            if landscape, insets.left != insets.right {
                throw fail(edge("right"), "must equal left (\(Self.text(insets.left))): landscape is symmetric on a phone with a sensor housing (S1)")
            }
            if !landscape, insets.left != 0 || insets.right != 0 {
                throw fail(edge(insets.left != 0 ? "left" : "right"), "must be 0 in portrait")
            }
        }
        if !kind.homeIndicator, insets.bottom != 0 { throw fail(edge("bottom"), "must be 0 without a home indicator") }
    }

    /// The bars must be RULES.md S7's figures (the engine's `BarHeights`, the bars before
    /// Liquid Glass; `BarRules` gives a version's) at the default systemVersion.
    private func checkBars(_ field: Field, family: DeviceFamily, sizeClasses: OrientationFigures<SizeClasses>) throws(DeviceFileError) -> Bool {
        if family == .tv {
            guard isNull(field) else { throw fail(field, "must be null on Apple TV (no bars modelled)") }
            return false
        }
        let object = try self.object(field, keys: ["portrait", "landscape"])
        for orientation in ["portrait", "landscape"] {
            let part = field.child(orientation, in: object)
            let values = try self.object(part, keys: Set(Self.barKeys))
            var heights: [Double] = []
            for key in Self.barKeys { heights.append(try positive(part.child(key, in: values))) }
            let found = BarHeights(navigationBar: heights[0], largeTitleNavigationBar: heights[1], toolbar: heights[2], tabBar: heights[3])
            let sizeClass = orientation == "portrait" ? sizeClasses.portrait ?? sizeClasses.landscape : sizeClasses.landscape
            let expected = family == .iphone ? BarHeights.iPhone(verticalSizeClass: sizeClass.vertical) : BarHeights.iPad(systemVersion: SystemVersion.default)
            guard found == expected else {
                throw fail(part, "must be RULES.md's figures for this orientation: navigationBar \(Self.text(expected.navigationBar)), largeTitleNavigationBar \(Self.text(expected.largeTitleNavigationBar)), toolbar \(Self.text(expected.toolbar)), tabBar \(Self.text(expected.tabBar))")
            }
        }
        return true
    }

    private func versionOverrides(_ field: Field, kind: Kind) throws(DeviceFileError) -> [VersionOverride] {
        let items = try array(field, "an array")
        var overrides: [VersionOverride] = []
        for (index, item) in items.enumerated() {
            let entry = field.element(index, item)
            let object = try self.object(entry, keys: ["systemVersionBelow", "systemVersionFrom", "statusBarHeight", "safeArea", "note", "sources"])
            let range: SystemVersionRange
            switch (object["systemVersionBelow"], object["systemVersionFrom"]) {
            case (_?, nil): range = .below(try atLeastSeven(entry.child("systemVersionBelow", in: object)))
            case (nil, _?): range = .from(try atLeastSeven(entry.child("systemVersionFrom", in: object)))
            default: throw fail(entry, "must have exactly one of systemVersionBelow and systemVersionFrom")
            }
            let statusBar: Double? = object["statusBarHeight"] == nil ? nil : try positive(entry.child("statusBarHeight", in: object))
            if kind.family == .tv, statusBar != nil { throw fail(entry.child("statusBarHeight", in: object), "must be absent on Apple TV") }
            var portrait: Insets?
            var landscape: Insets?
            if object["safeArea"] != nil {
                let safeAreaField = entry.child("safeArea", in: object)
                let safeArea = try self.object(safeAreaField, keys: ["portrait", "landscape"])
                if safeArea["portrait"] != nil {
                    let part = safeAreaField.child("portrait", in: safeArea)
                    if kind.family == .tv { throw fail(part, "must be absent on Apple TV (landscape only)") }
                    portrait = try insets(part)
                }
                if safeArea["landscape"] != nil { landscape = try insets(safeAreaField.child("landscape", in: safeArea)) }
                for (value, part, isLandscape) in [(portrait, "portrait", false), (landscape, "landscape", true)] {
                    guard let value else { continue }
                    try checkOverride(value, field: safeAreaField.child(part, in: safeArea), landscape: isLandscape, kind: kind, statusBar: statusBar)
                }
            }
            guard statusBar != nil || portrait != nil || landscape != nil else {
                throw fail(entry, "must override statusBarHeight or safeArea")
            }
            let note = try string(entry.child("note", in: object))
            let sources = try sourceList(entry.child("sources", in: object))
            overrides.append(VersionOverride(systemVersions: range, statusBarHeight: statusBar, safeAreaPortrait: portrait, safeAreaLandscape: landscape, note: note, sources: sources))
        }
        return overrides
    }

    /// An override's insets: within the screen, symmetric in landscape on sensor-housing
    /// phones; on devices without one the top stays the status bar.
    private func checkOverride(_ insets: Insets, field: Field, landscape: Bool, kind: Kind, statusBar: Double?) throws(DeviceFileError) {
        if kind.sensorHousing == .none {
            try check(insets, field: field, landscape: landscape, kind: kind, statusBarHeight: statusBar ?? insets.top)
        } else {
            try check(insets, field: field, landscape: landscape, kind: kind, statusBarHeight: statusBar)
        }
    }

    private func alternativeValues(_ field: Field) throws(DeviceFileError) -> [Alternative] {
        let items = try array(field, "an array")
        var alternatives: [Alternative] = []
        for (index, item) in items.enumerated() {
            let entry = field.element(index, item)
            let object = try self.object(entry, keys: ["figure", "value", "context", "sources"])
            let figure = try string(entry.child("figure", in: object))
            guard let shape = Alternative.figures.first(where: { $0.file == figure })?.shape else {
                throw fail(entry.child("figure", in: object), "must be one of " + Alternative.figures.map { "\"\($0.file)\"" }.joined(separator: ", "))
            }
            let field = entry.child("value", in: object)
            let value: FigureValue = switch shape {
            case .insets: .insets(try insets(field))
            case .number: .number(try nonNegative(field))
            case .size: .size(try size(field))
            }
            alternatives.append(Alternative(
                figure: figure,
                value: value,
                context: try string(entry.child("context", in: object)),
                sources: try sourceList(entry.child("sources", in: object))
            ))
        }
        return alternatives
    }

    /// Every figure present has a non-empty source list; no list names an absent or unknown figure.
    private func figureSources(_ field: Field, present: Set<String>) throws(DeviceFileError) -> [FigureSources] {
        let object = try self.object(field, keys: Set(DeviceProfile.figureNames))
        var result: [FigureSources] = []
        for figure in DeviceProfile.figureNames {
            let entry = field.child(figure, in: object)
            if present.contains(figure) {
                guard entry.value != nil else { throw fail(entry, "is required: every figure needs its sources (or \"derived\")") }
                result.append(FigureSources(figure: figure, sources: try sourceList(entry)))
            } else if entry.value != nil {
                throw fail(entry, "must be absent: the figure is null or not modelled for this device")
            }
        }
        return result
    }

    private func sourceList(_ field: Field) throws(DeviceFileError) -> [String] {
        let sources = try strings(field)
        guard !sources.isEmpty else { throw fail(field, "must name at least one source (URL, repository + path, or \"derived\")") }
        // Blank: nothing but horizontal whitespace (spaces, tabs).
        if let index = sources.firstIndex(where: { $0.allSatisfy { $0.isWhitespace && !$0.isNewline } }) {
            throw fail(field.element(index), "must not be empty")
        }
        return sources
    }
}
