import InsetEngine
import JSONCore
import ServiceKit

/// The device a `/layout` body names, or the custom screen it gives instead.
extension LayoutDecoding {
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
