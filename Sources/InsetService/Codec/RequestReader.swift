import InsetEngine
import JSONCore

/// The schema-driven reading both request decoders share: it walks a parsed document,
/// keeps the JSON Pointer of the value being read, and collects every problem with its
/// position so that they can be reported in document order.
///
/// Problems are of two kinds: a value of the wrong JSON type (400) and a content problem
/// (422). A value that fails either way reads as `nil`, so the caller falls back to the
/// default and goes on checking the rest of the document.
struct RequestReader {
    /// One step of the path from the document's root.
    private enum PathToken {
        case key(String)
        case index(Int)
    }

    /// A problem and the byte offset it is sorted by.
    private struct Located {
        var offset: Int
        var problem: FieldProblem
    }

    /// Which numbers a field takes.
    enum NumberRule {
        /// Any finite number within ±`RequestReader.magnitudeLimit` (positions, insets).
        case signed
        /// A finite number from 0 to `RequestReader.magnitudeLimit` (widths, heights).
        case nonNegative
    }

    /// The largest magnitude of any number in a request.
    static let magnitudeLimit: Double = 1e9

    let document: JSONDocument
    private var path: [PathToken] = []
    private var typeErrors: [Located] = []
    private var problems: [Located] = []

    init(document: JSONDocument) {
        self.document = document
        path.reserveCapacity(32)
    }

    /// Parses `body`; a syntax error becomes the 400 problem, located by line and column.
    static func parse(_ body: [UInt8], maxNesting: Int) throws(Problem) -> JSONDocument {
        do {
            return try JSONDocument(parsing: body, maxDepth: maxNesting)
        } catch {
            let errors = error.pointer.map { [FieldProblem(pointer: $0.description, detail: error.reason.description)] } ?? []
            throw Problem.malformed("The body is not JSON: \(error)", errors: errors)
        }
    }

    /// Throws the collected problems: the wrong-type ones as 400 if there are any, else
    /// the content ones as 422, each list in document order.
    func finish() throws(Problem) {
        if !typeErrors.isEmpty {
            let sorted = Self.inDocumentOrder(typeErrors)
            let first = sorted[0]
            let more = sorted.count > 1 ? " (and \(sorted.count - 1) more)" : ""
            let place = first.pointer.isEmpty ? "the body" : first.pointer
            throw Problem.malformed("Wrong JSON type at \(place): \(first.detail)\(more)", errors: sorted)
        }
        if !problems.isEmpty { throw Problem.invalid(Self.inDocumentOrder(problems)) }
    }

    /// Whether no problem of either kind has been found so far.
    var isClean: Bool { typeErrors.isEmpty && problems.isEmpty }

    private static func inDocumentOrder(_ located: [Located]) -> [FieldProblem] {
        located.enumerated()
            .sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
            .map(\.element.problem)
    }

    // MARK: - Path

    /// Descends into an object member.
    mutating func enter(_ key: String) { path.append(.key(key)) }

    /// Descends into an array element.
    mutating func enter(_ index: Int) { path.append(.index(index)) }

    /// Returns to the enclosing value.
    mutating func leave() { path.removeLast() }

    /// The pointer of the value being read, extended by `key` when given.
    func pointer(appending key: String? = nil) -> String {
        var text = ""
        for token in path {
            text += "/"
            switch token {
            case .key(let name): text += JSONPointer.escape(name)
            case .index(let index): text += String(index)
            }
        }
        if let key { text += "/" + JSONPointer.escape(key) }
        return text
    }

    // MARK: - Reporting

    /// A 422 problem with the value being read (or its member `key`), sorted at `offset`.
    mutating func invalid(_ detail: String, at offset: Int, key: String? = nil) {
        problems.append(Located(offset: offset, problem: FieldProblem(pointer: pointer(appending: key), detail: detail)))
    }

    /// A 422 problem with `value`, the value being read.
    mutating func invalid(_ detail: String, value: JSONValue) {
        invalid(detail, at: document.startOffset(of: value))
    }

    /// A 400 problem: the value being read has the wrong JSON type.
    mutating func wrongType(_ value: JSONValue, expected: String) {
        let detail = "must be \(expected), not \(document.kind(of: value))"
        typeErrors.append(Located(offset: document.startOffset(of: value), problem: FieldProblem(pointer: pointer(), detail: detail)))
    }

    /// The member currently entered is not part of the schema.
    mutating func unknownField(_ member: JSONMember) {
        invalid("unknown field", at: document.startOffset(of: member.key))
    }

    /// A required member of `object` (the value being read) is absent or null.
    mutating func missing(_ key: String, in object: JSONValue, detail: String = "missing required field") {
        invalid(detail, at: document.endOffset(of: object) - 1, key: key)
    }

    // MARK: - Objects

    /// Whether `value` is an object; reports a wrong type otherwise (`null` is reported too:
    /// callers check for absence first).
    mutating func expectObject(_ value: JSONValue) -> Bool {
        guard document.kind(of: value) == .object else {
            wrongType(value, expected: "an object")
            return false
        }
        return true
    }

    /// The key of a member of the object being read, or `nil` (reported) for a repeated key.
    mutating func key(of member: JSONMember) -> String? {
        let key = document.string(member.key) ?? ""
        if document.isDuplicateKey(member.key) {
            invalid("duplicate key", at: document.startOffset(of: member.key), key: key)
            return nil
        }
        return key
    }

    /// Whether `value` is JSON `null` (an optional field given as null is absent).
    func isNull(_ value: JSONValue) -> Bool { document.kind(of: value) == .null }

    // MARK: - Scalars

    /// A number following `rule`, or `nil` when null or reported.
    mutating func number(_ value: JSONValue, _ rule: NumberRule = .signed) -> Double? {
        guard let number = document.number(value) else {
            if !isNull(value) { wrongType(value, expected: "a number") }
            return nil
        }
        switch rule {
        case .signed:
            guard number.isFinite else {
                invalid("must be a finite number", value: value)
                return nil
            }
            guard abs(number) <= Self.magnitudeLimit else {
                invalid("must be between -1e9 and 1e9", value: value)
                return nil
            }
        case .nonNegative:
            guard number.isFinite, number >= 0 else {
                invalid("must be a finite number >= 0", value: value)
                return nil
            }
            guard number <= Self.magnitudeLimit else {
                invalid("must be at most 1e9", value: value)
                return nil
            }
        }
        return number
    }

    /// A boolean, or `nil` when null or reported.
    mutating func bool(_ value: JSONValue) -> Bool? {
        guard let bool = document.bool(value) else {
            if !isNull(value) { wrongType(value, expected: "a boolean") }
            return nil
        }
        return bool
    }

    /// A string, or `nil` when null or reported.
    mutating func string(_ value: JSONValue) -> String? {
        guard let string = document.string(value) else {
            if !isNull(value) { wrongType(value, expected: "a string") }
            return nil
        }
        return string
    }

    /// One of `choices` by its raw value, or `nil` when null or reported.
    mutating func word<Word: RawRepresentable<String>>(_ value: JSONValue, _ choices: [Word]) -> Word? {
        guard let text = string(value) else { return nil }
        guard let word = Word(rawValue: text), choices.contains(where: { $0.rawValue == text }) else {
            invalid("must be one of " + choices.map { "\"\($0.rawValue)\"" }.joined(separator: ", "), value: value)
            return nil
        }
        return word
    }

    // MARK: - Geometry

    /// Insets (every edge optional, default 0), or `nil` when null or reported.
    mutating func insets(_ value: JSONValue, _ rule: NumberRule = .signed) -> Insets? {
        guard !isNull(value), expectObject(value) else { return nil }
        var insets = Insets()
        for member in document.members(of: value) {
            guard let key = key(of: member) else { continue }
            enter(key)
            switch key {
            case "top": insets.top = number(member.value, rule) ?? 0
            case "left": insets.left = number(member.value, rule) ?? 0
            case "bottom": insets.bottom = number(member.value, rule) ?? 0
            case "right": insets.right = number(member.value, rule) ?? 0
            default: unknownField(member)
            }
            leave()
        }
        return insets
    }

    /// Directional insets (every edge optional, default 0), or `nil` when null or reported.
    mutating func directionalInsets(_ value: JSONValue) -> DirectionalInsets? {
        guard !isNull(value), expectObject(value) else { return nil }
        var insets = DirectionalInsets()
        for member in document.members(of: value) {
            guard let key = key(of: member) else { continue }
            enter(key)
            switch key {
            case "top": insets.top = number(member.value) ?? 0
            case "leading": insets.leading = number(member.value) ?? 0
            case "bottom": insets.bottom = number(member.value) ?? 0
            case "trailing": insets.trailing = number(member.value) ?? 0
            default: unknownField(member)
            }
            leave()
        }
        return insets
    }

    /// A Rect (all four fields required; width and height not negative), or `nil` when
    /// null or reported.
    mutating func rect(_ value: JSONValue) -> Rect? {
        requiredNumbers(value, withOrigin: true).map { Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
    }

    /// A Size (both fields required, not negative), or `nil` when null or reported.
    mutating func size(_ value: JSONValue) -> Size? {
        requiredNumbers(value, withOrigin: false).map { Size(width: $0.width, height: $0.height) }
    }

    /// The fields of a Rect (`withOrigin`) or a Size: all required, width and height not
    /// negative, no other key; `nil` when null or any problem was reported.
    private mutating func requiredNumbers(_ value: JSONValue, withOrigin: Bool) -> RequiredNumbers? {
        guard !isNull(value), expectObject(value) else { return nil }
        var fields = RequiredNumbers()
        for member in document.members(of: value) {
            guard let key = key(of: member) else { continue }
            enter(key)
            switch key {
            case "x" where withOrigin: fields.x = read(member.value, .signed, bit: 1, into: &fields)
            case "y" where withOrigin: fields.y = read(member.value, .signed, bit: 2, into: &fields)
            case "width": fields.width = read(member.value, .nonNegative, bit: 4, into: &fields)
            case "height": fields.height = read(member.value, .nonNegative, bit: 8, into: &fields)
            default:
                unknownField(member)
                fields.failed = true
            }
            leave()
        }
        let required: [(UInt8, String)] = withOrigin ? [(1, "x"), (2, "y"), (4, "width"), (8, "height")] : [(4, "width"), (8, "height")]
        for (bit, name) in required where fields.seen & bit == 0 {
            missing(name, in: value)
            fields.failed = true
        }
        return fields.failed ? nil : fields
    }

    /// The fields of a Rect or Size being read, which of them were given, and whether any failed.
    private struct RequiredNumbers {
        var x = 0.0, y = 0.0, width = 0.0, height = 0.0
        var seen: UInt8 = 0
        var failed = false
    }

    /// Reads one required number: null counts as absent; a reported value marks `fields` failed.
    private mutating func read(_ value: JSONValue, _ rule: NumberRule, bit: UInt8, into fields: inout RequiredNumbers) -> Double {
        guard !isNull(value) else { return 0 }
        fields.seen |= bit
        guard let number = number(value, rule) else {
            fields.failed = true
            return 0
        }
        return number
    }

    // MARK: - Bars

    /// A bar's configuration (`hidden`, `translucent`, and `prefersLargeTitles` for a
    /// navigation bar), or `nil` when null or reported.
    mutating func bar(_ value: JSONValue, hiddenByDefault: Bool, largeTitles: Bool) -> BarConfiguration? {
        guard !isNull(value), expectObject(value) else { return nil }
        var bar = BarConfiguration(hidden: hiddenByDefault)
        for member in document.members(of: value) {
            guard let key = key(of: member) else { continue }
            enter(key)
            switch key {
            case "hidden": bar.hidden = bool(member.value) ?? hiddenByDefault
            case "translucent": bar.translucent = bool(member.value) ?? true
            case "prefersLargeTitles" where largeTitles: bar.prefersLargeTitles = bool(member.value) ?? false
            default: unknownField(member)
            }
            leave()
        }
        return bar
    }
}
