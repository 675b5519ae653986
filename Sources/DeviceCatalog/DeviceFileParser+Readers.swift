import InsetEngine
import JSONCore

/// The typed readers of ``DeviceFileParser``: each reads one field as its JSON type and
/// names the file and field when it is not.
extension DeviceFileParser {
    func fail(_ field: Field, _ rule: String) -> DeviceFileError {
        DeviceFileError(file: file, field: field.path, reason: .invalid(rule))
    }

    func typeError(_ field: Field, _ expected: String) -> DeviceFileError {
        DeviceFileError(file: file, field: field.path, reason: field.value == nil ? .missing : .wrongType(expected: expected))
    }

    /// An object's members by key; a key given twice is an error (it would hide one value).
    func object(_ field: Field, keys: Set<String>) throws(DeviceFileError) -> [String: JSONValue] {
        guard let value = field.value, document.kind(of: value) == .object else { throw typeError(field, "an object") }
        var object: [String: JSONValue] = [:]
        for member in document.members(of: value) {
            let key = document.string(member.key) ?? ""
            if object.updateValue(member.value, forKey: key) != nil { throw fail(field.child(key, in: object), "is given twice") }
        }
        if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
            throw DeviceFileError(file: file, field: field.child(unknown, in: object).path, reason: .unknownField)
        }
        return object
    }

    func array(_ field: Field, _ expected: String) throws(DeviceFileError) -> [JSONValue] {
        guard let value = field.value, document.kind(of: value) == .array else { throw typeError(field, expected) }
        return Array(document.elements(of: value))
    }

    func isNull(_ field: Field) -> Bool {
        field.value.map { document.kind(of: $0) == .null } ?? false
    }

    func string(_ field: Field) throws(DeviceFileError) -> String {
        guard let value = field.value.flatMap(document.string) else { throw typeError(field, "a string") }
        return value
    }

    func strings(_ field: Field) throws(DeviceFileError) -> [String] {
        var values: [String] = []
        for (index, item) in try array(field, "an array of strings").enumerated() { values.append(try string(field.element(index, item))) }
        return values
    }

    func bool(_ field: Field) throws(DeviceFileError) -> Bool {
        guard let value = field.value.flatMap(document.bool) else { throw typeError(field, "true or false") }
        return value
    }

    /// A number in 0...1e6 (JSONDocument reads an overlong number as infinity, which fails here).
    func nonNegative(_ field: Field) throws(DeviceFileError) -> Double {
        guard let value = field.value.flatMap(document.number) else { throw typeError(field, "a number") }
        guard value >= 0, value <= 1e6 else { throw fail(field, "must be a number >= 0") }
        return value
    }

    func positive(_ field: Field) throws(DeviceFileError) -> Double {
        let value = try nonNegative(field)
        guard value > 0 else { throw fail(field, "must be a number > 0") }
        return value
    }

    func atLeastSeven(_ field: Field) throws(DeviceFileError) -> Double {
        let value = try nonNegative(field)
        guard value >= SystemVersion.minimum else { throw fail(field, "must be a systemVersion >= 7") }
        return value
    }

    func word<Word: RawRepresentable & CaseIterable>(_ field: Field) throws(DeviceFileError) -> Word where Word.RawValue == String {
        let text = try string(field)
        guard let value = Word(rawValue: text) else {
            throw fail(field, "must be one of \(Word.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
        }
        return value
    }

    func nullable<Value>(_ field: Field, _ read: (Field) throws(DeviceFileError) -> Value) throws(DeviceFileError) -> Value? {
        guard field.value != nil else { throw DeviceFileError(file: file, field: field.path, reason: .missing) }
        return isNull(field) ? nil : try read(field)
    }

    /// A portrait figure: null exactly on Apple TV.
    func perOrientation<Value>(_ field: Field, family: DeviceFamily, _ read: (Field) throws(DeviceFileError) -> Value) throws(DeviceFileError) -> Value? {
        let value = try nullable(field, read)
        if family == .tv, value != nil { throw fail(field, "must be null on Apple TV (landscape only)") }
        if family != .tv, value == nil { throw fail(field, "must not be null on an iPhone or iPad") }
        return value
    }

    func size(_ field: Field) throws(DeviceFileError) -> Size {
        let object = try self.object(field, keys: ["width", "height"])
        return Size(width: try positive(field.child("width", in: object)), height: try positive(field.child("height", in: object)))
    }

    func insets(_ field: Field) throws(DeviceFileError) -> Insets {
        let object = try self.object(field, keys: Set(Self.insetKeys))
        var values: [Double] = []
        for key in Self.insetKeys { values.append(try nonNegative(field.child(key, in: object))) }
        return Insets(top: values[0], left: values[1], bottom: values[2], right: values[3])
    }

    func sizeClassPair(_ field: Field) throws(DeviceFileError) -> SizeClasses {
        let object = try self.object(field, keys: ["horizontal", "vertical"])
        return SizeClasses(horizontal: try sizeClass(field.child("horizontal", in: object)), vertical: try sizeClass(field.child("vertical", in: object)))
    }

    func sizeClass(_ field: Field) throws(DeviceFileError) -> SizeClass {
        switch try string(field) {
        case "compact": .compact
        case "regular": .regular
        default: throw fail(field, "must be \"compact\" or \"regular\"")
        }
    }

    static func text(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
