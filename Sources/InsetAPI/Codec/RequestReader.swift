import InsetEngine
import JSONCore
import ServiceKit

/// An object schema's keys: the cases of `Field`, whose raw values are the JSON keys, in a
/// table that looks a member's key up by its bytes.
struct FieldTable<Field: CaseIterable & RawRepresentable<String> & Equatable>: Sendable where Field: Sendable {
    let fields: [Field]
    let table: JSONStringTable

    init() {
        fields = Array(Field.allCases)
        table = JSONStringTable(fields.map(\.rawValue))
        precondition(table.strings.allSatisfy(RequestReader.isComparableByBytes), "keys are compared by their bytes")
    }

    /// The position of `field` among the fields.
    func index(of field: Field) -> Int { fields.firstIndex(of: field)! }

    /// The keys, in order: the fields known at this place (API.md "Suggestions").
    var names: [String] { table.strings }

    /// The field `key` (a key of `document`) names, if any.
    func field(_ key: JSONValue, in document: JSONDocument) -> Field? {
        document.index(of: key, in: table).map { fields[$0] }
    }
}

/// The words a string field takes (an enumeration's raw values, in the order API.md lists
/// them, which suggestions follow), looked up by their bytes.
struct WordTable<Word: RawRepresentable<String>>: Sendable where Word: Sendable {
    let words: [Word]
    let table: JSONStringTable

    init(_ words: [Word]) {
        self.words = words
        table = JSONStringTable(words.map(\.rawValue))
        precondition(table.strings.allSatisfy(RequestReader.isComparableByBytes), "words are compared by their bytes")
    }

    /// The words, in order.
    var names: [String] { table.strings }
}

/// The schema-driven reading both request decoders share: it walks a parsed document and
/// collects every problem with the value it concerns, so that they can be reported in
/// document order with their JSON Pointers (worked out only when there are problems).
///
/// Every problem is a 422, a value of the wrong JSON type included (API.md "Errors"). A
/// value with a problem reads as `nil`, so the caller falls back to the default and goes on
/// checking the rest of the document.
///
/// Keys and words are looked up by their bytes in tables (`JSONStringTable`); the schema's
/// strings are checked to be ASCII without `K`, `;` or `` ` `` (`isComparableByBytes`), so
/// this matches exactly what comparing `String`s would.
struct RequestReader {
    /// A problem, the byte offset it is sorted by (where its pointer begins; problems at one
    /// pointer keep the order found), and where it points: at `value`, or at `value`'s
    /// member `key`.
    private struct Located {
        var offset: Int
        var value: JSONValue
        var key: String?
        var detail: String
        var suggestion: String?
        /// Whether the problem depends on the device, orientation or systemVersion (see
        /// ``invalid(_:at:in:key:varies:)``).
        var varies = false
    }

    /// Which numbers a field takes.
    enum NumberRule {
        /// Any finite number within ±`RequestReader.magnitudeLimit` (positions, insets).
        case signed
        /// A finite number from 0 to `RequestReader.magnitudeLimit` (widths, heights).
        case nonNegative

        /// Whether `number` keeps the rule (NaN and the infinities never do).
        @inline(__always)
        func keeps(_ number: Double) -> Bool {
            switch self {
            case .signed: abs(number) <= RequestReader.magnitudeLimit
            case .nonNegative: number >= 0 && number <= RequestReader.magnitudeLimit
            }
        }

        /// What is wrong with `number` under the rule, or `nil` when it keeps it.
        func problem(with number: Double) -> String? {
            if keeps(number) { return nil }
            switch self {
            case .signed: return number.isFinite ? "must be between -1e9 and 1e9" : "must be a finite number"
            case .nonNegative: return number.isFinite && number >= 0 ? "must be at most 1e9" : "must be a finite number >= 0"
            }
        }
    }

    /// The largest magnitude of any number in a request.
    static let magnitudeLimit: Double = 1e9

    /// Whether comparing `text` with `String`'s `==` comes to comparing bytes: ASCII without
    /// `K`, `;` or `` ` ``, which KELVIN SIGN, GREEK QUESTION MARK and GREEK VARIA are
    /// canonically equivalent to.
    static func isComparableByBytes(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "K") && $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: "`") }
    }

    /// The key tables of the shapes both decoders read. (The fast path reads the four-number
    /// shapes by position: each case order is the order of the value's own fields.)
    struct Shapes: Sendable {
        enum InsetsField: String, CaseIterable, Sendable { case top, left, bottom, right }
        enum DirectionalInsetsField: String, CaseIterable, Sendable { case top, leading, bottom, trailing }
        /// A Rect's; a Size has the last two.
        enum RectField: String, CaseIterable, Sendable { case x, y, width, height }
        /// A navigation bar's; other bars have the first two.
        enum BarField: String, CaseIterable, Sendable { case hidden, translucent, prefersLargeTitles }

        let insets = FieldTable<InsetsField>()
        let directionalInsets = FieldTable<DirectionalInsetsField>()
        let rect = FieldTable<RectField>()
        let bar = FieldTable<BarField>()
    }

    /// Built once, handed to every reader.
    static let shapes = Shapes()

    let document: JSONDocument
    private var shapes: Shapes { Self.shapes }
    private var problems: [Located] = []

    init(document: JSONDocument) {
        self.document = document
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

    /// Throws the collected problems as 422, in document order.
    /// With `ignoringVarying`, the problems that depend on the device, orientation or
    /// systemVersion are left out.
    func finish(ignoringVarying: Bool = false) throws(Problem) {
        let problems = ignoringVarying ? problems.filter { !$0.varies } : problems
        if !problems.isEmpty { throw Problem.invalid(inDocumentOrder(problems)) }
    }

    /// The problems found so far, in document order, when every one depends on the device,
    /// orientation or systemVersion (a matrix skips such a combination), else `nil`.
    var varyingProblemsOnly: [FieldProblem]? {
        guard !problems.isEmpty, problems.allSatisfy(\.varies) else { return nil }
        return inDocumentOrder(problems)
    }

    private func inDocumentOrder(_ located: [Located]) -> [FieldProblem] {
        let sorted = located.enumerated()
            .sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
            .map(\.element)
        let pointers = document.pointers(to: sorted.map(\.value))
        return zip(sorted, pointers).map { located, pointer in
            FieldProblem(pointer: (located.key.map { pointer.appending($0) } ?? pointer).description, detail: located.detail, suggestion: located.suggestion)
        }
    }

    // MARK: - Reporting

    /// A 422 problem with `value`, or with its member `key`, sorted at `offset`; `varies`
    /// when it depends on the device, orientation or systemVersion (a field the version
    /// lacks, a window off an iPad, a container on tvOS…), which a matrix skips.
    mutating func invalid(_ detail: String, at offset: Int, in value: JSONValue, key: String? = nil, varies: Bool = false, suggestion: String? = nil) {
        problems.append(Located(offset: offset, value: value, key: key, detail: detail, suggestion: suggestion, varies: varies))
    }

    /// A 422 problem with `value`, sorted where its pointer begins.
    mutating func invalid(_ detail: String, value: JSONValue, varies: Bool = false, suggestion: String? = nil) {
        invalid(detail, at: document.pointerOffset(of: value), in: value, varies: varies, suggestion: suggestion)
    }

    /// `value` has the wrong JSON type: `expected` names the type (or both types) the
    /// place takes, `an object`, `a boolean or an object`.
    mutating func wrongType(_ value: JSONValue, expected: String) {
        invalid("expected \(expected), got \(document.kind(of: value))", value: value)
    }

    /// `member` is not part of the schema, whose fields at this place are `allowed`.
    mutating func unknownField(_ member: JSONMember, allowed: [String]) {
        let name = document.string(member.key) ?? ""
        let (detail, suggestion) = Suggestion.unknownField(name, allowed: allowed)
        invalid(detail, at: document.startOffset(of: member.key), in: member.value, suggestion: suggestion)
    }

    /// The string `value` is none of `allowed` (an enumeration's words, in their order).
    mutating func unknownWord(_ value: JSONValue, allowed: [String]) {
        let (detail, suggestion) = Suggestion.unknownWord(document.string(value) ?? "", allowed: allowed)
        invalid(detail, value: value, suggestion: suggestion)
    }

    /// A required member `key` of `object` is absent: listed at the end of the object, after
    /// its other problems (`null` is a wrong type, not an absence).
    mutating func missing(_ key: String, in object: JSONValue, detail: String = "required") {
        invalid(detail, at: document.endOffset(of: object) - 1, in: object, key: key)
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

    /// The field of `fields` that `member` (of the object being read) gives, or `nil` when
    /// a later member repeats its key (the last counts: API.md "Errors") or when it is not
    /// in the schema ("unknown field", reported with a suggestion from `allowed`, by
    /// default the table's fields).
    mutating func field<Field>(of member: JSONMember, in fields: FieldTable<Field>, allowed: [String]? = nil) -> Field? {
        guard !isSuperseded(member) else { return nil }
        guard let field = fields.field(member.key, in: document) else {
            unknownField(member, allowed: allowed ?? fields.names)
            return nil
        }
        return field
    }

    /// The key of `member` (of the object being read), or `nil` when a later member repeats it.
    func key(of member: JSONMember) -> String? {
        guard !isSuperseded(member) else { return nil }
        return document.string(member.key) ?? ""
    }

    /// Whether a later member of the object being read repeats `member`'s key: the last
    /// occurrence counts, and this one is not read.
    func isSuperseded(_ member: JSONMember) -> Bool {
        document.isSupersededKey(member.key)
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
        if let problem = rule.problem(with: number) {
            invalid(problem, value: value)
            return nil
        }
        return number
    }

    /// A number following `rule` where one is required (`null` too is a wrong type), or `nil` when reported.
    mutating func requiredNumber(_ value: JSONValue, _ rule: NumberRule) -> Double? {
        if isNull(value) {
            wrongType(value, expected: "a number")
            return nil
        }
        return number(value, rule)
    }

    /// A `systemVersion` (RULES.md V1), or `nil` when null or reported: a number of any
    /// size, refused below 7, from 19 to 25 and from 28 with the fixed details.
    mutating func systemVersion(_ value: JSONValue) -> Double? {
        guard let number = document.number(value) else {
            if !isNull(value) { wrongType(value, expected: "a number") }
            return nil
        }
        if let refusal = SystemVersion.refusal(of: number) {
            invalid(refusal.detail, value: value)
            return nil
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

    /// One of `words`, or `nil` when null or reported.
    mutating func word<Word>(_ value: JSONValue, _ words: WordTable<Word>) -> Word? {
        guard document.kind(of: value) == .string else {
            if !isNull(value) { wrongType(value, expected: "a string") }
            return nil
        }
        guard let index = document.index(of: value, in: words.table) else {
            unknownWord(value, allowed: words.names)
            return nil
        }
        return words.words[index]
    }

    // MARK: - Geometry

    /// Insets (every edge optional, default 0), or `nil` when null or reported.
    mutating func insets(_ value: JSONValue, _ rule: NumberRule = .signed) -> Insets? {
        guard !isNull(value), expectObject(value) else { return nil }
        var insets = Insets()
        for member in document.members(of: value) {
            switch field(of: member, in: shapes.insets) {
            case .top: insets.top = number(member.value, rule) ?? 0
            case .left: insets.left = number(member.value, rule) ?? 0
            case .bottom: insets.bottom = number(member.value, rule) ?? 0
            case .right: insets.right = number(member.value, rule) ?? 0
            case nil: break
            }
        }
        return insets
    }

    /// Directional insets (every edge optional, default 0), or `nil` when null or reported.
    mutating func directionalInsets(_ value: JSONValue) -> DirectionalInsets? {
        guard !isNull(value), expectObject(value) else { return nil }
        var insets = DirectionalInsets()
        for member in document.members(of: value) {
            switch field(of: member, in: shapes.directionalInsets) {
            case .top: insets.top = number(member.value) ?? 0
            case .leading: insets.leading = number(member.value) ?? 0
            case .bottom: insets.bottom = number(member.value) ?? 0
            case .trailing: insets.trailing = number(member.value) ?? 0
            case nil: break
            }
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
            guard !isSuperseded(member) else { continue }
            switch shapes.rect.field(member.key, in: document) {
            case .x? where withOrigin: fields.x = read(member.value, .signed, bit: 1, into: &fields)
            case .y? where withOrigin: fields.y = read(member.value, .signed, bit: 2, into: &fields)
            case .width?: fields.width = read(member.value, .nonNegative, bit: 4, into: &fields)
            case .height?: fields.height = read(member.value, .nonNegative, bit: 8, into: &fields)
            default:
                unknownField(member, allowed: withOrigin ? shapes.rect.names : Array(shapes.rect.names.suffix(2)))
                fields.failed = true
            }
        }
        let all: UInt8 = withOrigin ? 0xF : 0xC
        if fields.seen & all != all {
            let required: [(UInt8, String)] = withOrigin ? [(1, "x"), (2, "y"), (4, "width"), (8, "height")] : [(4, "width"), (8, "height")]
            for (bit, name) in required where fields.seen & bit == 0 {
                missing(name, in: value)
                fields.failed = true
            }
        }
        return fields.failed ? nil : fields
    }

    /// The fields of a Rect or Size being read, which of them were given, and whether any failed.
    private struct RequiredNumbers {
        var x = 0.0, y = 0.0, width = 0.0, height = 0.0
        var seen: UInt8 = 0
        var failed = false
    }

    /// Reads one required number (`null` is a wrong type); a reported value marks `fields` failed.
    private mutating func read(_ value: JSONValue, _ rule: NumberRule, bit: UInt8, into fields: inout RequiredNumbers) -> Double {
        fields.seen |= bit
        guard let number = requiredNumber(value, rule) else {
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
            switch field(of: member, in: shapes.bar, allowed: largeTitles ? nil : Array(shapes.bar.names.prefix(2))) {
            case .hidden: bar.hidden = bool(member.value) ?? hiddenByDefault
            case .translucent: bar.translucent = bool(member.value) ?? true
            case .prefersLargeTitles:
                if largeTitles { bar.prefersLargeTitles = bool(member.value) ?? false } else { unknownField(member, allowed: Array(shapes.bar.names.prefix(2))) }
            case nil: break
            }
        }
        return bar
    }
}
