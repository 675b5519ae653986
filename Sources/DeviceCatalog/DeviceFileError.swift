/// A device file that cannot be loaded: names the file, the field (a dotted path such as
/// `safeArea.landscape.left` or `overrides[0].sources`; empty for the whole document) and
/// what is wrong with it.
public struct DeviceFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the field.
    public enum Reason: Hashable, Sendable {
        /// The text is not JSON (the parser's message).
        case malformedJSON(String)
        /// A required field is absent.
        case missing
        /// The field holds another JSON type than the one named.
        case wrongType(expected: String)
        /// The field is not part of the schema (a typo would otherwise go unnoticed).
        case unknownField
        /// The value breaks a rule of the schema, which the text states.
        case invalid(String)
    }

    /// The file's name, e.g. `iphone-x.json`.
    public var file: String
    /// The dotted path of the field; empty for the whole document.
    public var field: String
    /// What is wrong.
    public var reason: Reason

    /// Creates the error.
    public init(file: String, field: String, reason: Reason) {
        self.file = file
        self.field = field
        self.reason = reason
    }

    /// `Devices/<file>: <field>: <what is wrong>`.
    public var description: String {
        let what = switch reason {
        case .malformedJSON(let message): "not valid JSON: \(message)"
        case .missing: "is required"
        case .wrongType(let expected): "must be \(expected)"
        case .unknownField: "is not a field of the device schema"
        case .invalid(let rule): rule
        }
        return field.isEmpty ? "Devices/\(file): \(what)" : "Devices/\(file): \(field): \(what)"
    }
}
