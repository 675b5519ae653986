import InsetEngine
import JSONCore
import ServiceKit

/// The device a `/layout` body names, or the custom screen it gives instead.
extension LayoutDecoding {
    /// The registry device `value` names (its family noted), or `nil` (reported).
    mutating func device(_ value: JSONValue) -> String? {
        guard let id = reader.string(value) else { return nil }
        guard let family = devices.family(of: id) else {
            reader.invalid("unknown device \"\(id)\"", value: value)
            return nil
        }
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
            guard !reader.isDuplicate(member) else { continue }
            let given = !reader.isNull(member.value)
            switch schema.screen.field(member.key, in: document) {
            case .width?:
                widthGiven = given
                width = reader.number(member.value, .nonNegative)
            case .height?:
                heightGiven = given
                height = reader.number(member.value, .nonNegative)
            case .safeAreaInsets?: screen.safeAreaInsets = reader.insets(member.value, .nonNegative) ?? .zero
            case .statusBarHeight?: screen.statusBarHeight = reader.number(member.value, .nonNegative)
            case .sizeClass?:
                if given, reader.expectObject(member.value) { sizeClasses(member.value, into: &screen) }
            case nil:
                reader.unknownField(member)
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
