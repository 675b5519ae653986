import InsetEngine
import JSONCore
import ServiceKit

/// What the environment stage makes of a body: the device's id (or "custom" for a custom
/// screen), the orientation as given or defaulted, the environment and the window's frame;
/// `nil` where a problem was reported.
struct EnvironmentReading {
    var label: String?
    var orientation: Orientation
    var environment: DisplayEnvironment?
    var window: Rect?
}

/// The environment stage: the device a `/layout` body names (or the custom screen it gives
/// instead), its orientation and window.
extension LayoutDecoding {
    /// Reads the body's device or screen, orientation and window (the members given) at
    /// `systemVersion` with the status bar as given, into one environment: the device's
    /// looked up once, the window's geometry worked out once. Makes the rules for the
    /// hierarchy stage: the device's family, whether the window is horizontally compact.
    mutating func environment(device: JSONMember?, screen: JSONMember?, orientation: JSONMember?, window: JSONMember?,
                              systemVersion version: Double, statusBarHidden: Bool) -> EnvironmentReading {
        let body = document.root
        let deviceID = fixed?.device.map { id in family = devices.family(of: id); return id } ?? device.flatMap { self.device($0.value) }
        let customScreen = screen.flatMap { self.screen($0.value) }
        switch (device, screen) {
        case (nil, nil) where fixed?.device != nil:
            break
        case (let device?, let screen?):
            let later = document.startOffset(of: device.key) < document.startOffset(of: screen.key) ? ("screen", screen) : ("device", device)
            reader.invalid("give device or screen, not both", at: document.startOffset(of: later.1.key), in: body, key: later.0)
        case (nil, nil):
            reader.missing("device", in: body, detail: "required (or screen)")
        default:
            break
        }
        let givenOrientation = fixed?.orientation ?? orientation.flatMap { self.orientation($0.value, device: deviceID) }
        let resolvedOrientation = givenOrientation ?? family?.defaultOrientation ?? .portrait
        // A refused orientation (reported) leaves unjudged what needs the screen: a window's
        // preset and frame, the size class a split view controller is judged against.
        let screenKnown = orientation == nil || givenOrientation != nil
        let environment = !screenKnown ? nil
            : customScreen.map { $0.environment(systemVersion: version, statusBarHidden: statusBarHidden) }
            ?? deviceID.flatMap { devices.environment(id: $0, orientation: resolvedOrientation, systemVersion: version, statusBarHidden: statusBarHidden) }

        rules = LayoutRules(family: family)
        // A custom screen takes no window: judged without a screen, it is refused as off an iPad.
        let judged = window.map { self.window($0.value, deviceKnown: deviceID != nil, screenGiven: screen != nil, screen: screen == nil ? environment?.screen : nil) }
        // Where a split view controller is not modelled (W3): the window's width as given, else the screen's.
        if let width = judged?.judgedWidth {
            rules.windowIsCompact = WindowRules.sizeClass(ofWidth: width).horizontal == .compact
        } else {
            rules.windowIsCompact = environment.map { $0.sizeClass.horizontal == .compact }
        }
        return EnvironmentReading(label: customScreen != nil ? "custom" : deviceID, orientation: resolvedOrientation,
                                  environment: environment, window: judged?.frame)
    }

    /// The registry id of the device `value` names by id or model identifier (its family
    /// noted), or `nil` (reported).
    mutating func device(_ value: JSONValue) -> String? {
        guard let id = reader.device(value, in: devices), let family = devices.family(of: id) else { return nil }
        self.family = family
        return id
    }

    /// The orientation `value` gives, when `device` (if known) supports it.
    mutating func orientation(_ value: JSONValue, device: String?) -> Orientation? {
        guard let orientation = reader.word(value, schema.orientations) else { return nil }
        if let device, let supported = devices.orientations(of: device), !supported.contains(orientation) {
            reader.invalid("\(device) does not support \(orientation.rawValue); it supports " + supported.map(\.rawValue).joined(separator: ", "), value: value)
            return nil
        }
        return orientation
    }

    /// The custom screen `value`, or `nil` when any of it was reported.
    mutating func screen(_ value: JSONValue) -> CustomScreen? {
        guard reader.expectObject(value) else { return nil }
        var width: Double?, height: Double?
        var widthGiven = false, heightGiven = false
        var screen = CustomScreen(size: .zero)
        var valid = true
        for member in document.members(of: value) {
            guard !reader.isSuperseded(member) else { continue }
            switch schema.screen.field(member.key, in: document) {
            case .width?:
                widthGiven = true
                width = reader.requiredNumber(member.value, .nonNegative)
            case .height?:
                heightGiven = true
                height = reader.requiredNumber(member.value, .nonNegative)
            case .safeAreaInsets?: screen.safeAreaInsets = reader.insets(member.value, .nonNegative) ?? .zero
            case .statusBarHeight?: screen.statusBarHeight = reader.number(member.value, .nonNegative)
            case .sizeClass?:
                if !reader.isNull(member.value), reader.expectObject(member.value) { sizeClasses(member.value, into: &screen) }
            case nil:
                reader.unknownField(member, allowed: schema.screen.names)
                valid = false
            }
        }
        for (name, given) in [("width", widthGiven), ("height", heightGiven)] where !given {
            reader.missing(name, in: value)
            valid = false
        }
        guard valid, let width, let height else { return nil }
        screen.size = Size(width: width, height: height)
        return screen
    }

    private mutating func sizeClasses(_ value: JSONValue, into screen: inout CustomScreen) {
        for member in document.members(of: value) {
            switch reader.field(of: member, in: schema.sizeClass) {
            case .horizontal: screen.horizontalSizeClass = reader.word(member.value, schema.sizeClasses)
            case .vertical: screen.verticalSizeClass = reader.word(member.value, schema.sizeClasses)
            case nil: break
            }
        }
    }
}

extension RequestReader {
    /// The registry id of the device the string `value` names, by id or model identifier
    /// (API.md "GET /devices/{id}"); `nil` when null or reported (an unknown device with
    /// API.md's text: the nearest ids, and a suggestion where one is close).
    mutating func device(_ value: JSONValue, in devices: any DeviceDirectory) -> String? {
        guard let name = string(value) else { return nil }
        guard let id = devices.resolve(name) else {
            let (detail, suggestion) = Suggestion.unknownDevice(name, ids: devices.ids)
            invalid(detail, value: value, suggestion: suggestion)
            return nil
        }
        return id
    }
}
