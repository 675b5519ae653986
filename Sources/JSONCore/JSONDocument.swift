/// The JSON type of a value.
public enum JSONKind: Hashable, Sendable, CustomStringConvertible {
    case object, array, string, number, bool, null

    /// The type's name with its article, for messages (`an object`, `a string`).
    public var description: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// A handle to one value of a `JSONDocument` (its position on the document's tape).
public struct JSONValue: Hashable, Sendable {
    /// The value's index on the tape.
    @usableFromInline let index: Int

    @inlinable init(index: Int) { self.index = index }
}

/// One member of a JSON object: its key (a string value) and its value.
public struct JSONMember: Hashable, Sendable {
    /// The key, a string value of the document.
    public let key: JSONValue
    /// The member's value.
    public let value: JSONValue

    @inlinable init(key: JSONValue, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A parsed JSON document (RFC 8259, strict).
///
/// Values live on a flat tape in document order, each container followed by its
/// descendants; strings stay in the input bytes and are decoded on demand. Numbers too
/// large for a `Double` read as ±infinity rather than failing, so that validation can say
/// "must be a finite number". Duplicate object keys are kept; each but the last of a name
/// is flagged (`isSupersededKey`).
public struct JSONDocument: Sendable {
    /// The default limit on nested arrays and objects.
    public static let defaultMaxDepth = 512

    /// The document's bytes.
    public let bytes: [UInt8]
    @usableFromInline let tape: [TapeEntry]

    /// Parses UTF-8 bytes.
    public init(parsing bytes: [UInt8], maxDepth: Int = JSONDocument.defaultMaxDepth) throws(JSONSyntaxError) {
        self.bytes = bytes
        tape = try bytes.withUnsafeBufferPointer { Parser.parse($0, maxDepth: maxDepth) }.get()
    }

    /// Parses UTF-8 bytes (copied into the document).
    public init(parsing buffer: UnsafeRawBufferPointer, maxDepth: Int = JSONDocument.defaultMaxDepth) throws(JSONSyntaxError) {
        try self.init(parsing: [UInt8](buffer), maxDepth: maxDepth)
    }

    /// The document's top-level value.
    public var root: JSONValue { JSONValue(index: 0) }

    /// The value's JSON type.
    @inlinable public func kind(of value: JSONValue) -> JSONKind {
        switch tape[value.index].tag {
        case .object: .object
        case .array: .array
        case .string: .string
        case .number: .number
        case .true, .false: .bool
        case .null: .null
        }
    }

    /// The byte offset where the value begins (for a string, its opening quote).
    @inlinable public func startOffset(of value: JSONValue) -> Int {
        Int(tape[value.index].start)
    }

    /// The byte offset just past the value's last byte (for an array or object, past its
    /// closing bracket).
    @inlinable public func endOffset(of value: JSONValue) -> Int {
        Int(tape[value.index].end)
    }

    /// The number's value (±infinity when its magnitude is too large for a `Double`), or
    /// `nil` for a value of another type.
    @inlinable public func number(_ value: JSONValue) -> Double? {
        let entry = tape[value.index]
        return entry.tag == .number ? Double(bitPattern: entry.payload) : nil
    }

    /// The boolean's value, or `nil` for a value of another type.
    @inlinable public func bool(_ value: JSONValue) -> Bool? {
        switch tape[value.index].tag {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// The string's value with its escapes decoded, or `nil` for a value of another type.
    public func string(_ value: JSONValue) -> String? {
        let entry = tape[value.index]
        guard entry.tag == .string else { return nil }
        let start = Int(entry.start) + 1, end = Int(entry.end) - 1
        if entry.flags & TapeEntry.escaped == 0 {
            return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
        }
        return String(decoding: Self.unescape(bytes[start..<end]), as: UTF8.self)
    }

    /// The number of elements of an array or members of an object; 0 for other values.
    @inlinable public func count(of value: JSONValue) -> Int {
        let entry = tape[value.index]
        return entry.tag == .object || entry.tag == .array ? Int(entry.payload >> 32) : 0
    }

    /// An array's elements in order (none for other values).
    @inlinable public func elements(of value: JSONValue) -> JSONElements {
        let entry = tape[value.index]
        guard entry.tag == .array else { return JSONElements(tape: tape, cursor: 0, end: 0) }
        return JSONElements(tape: tape, cursor: value.index + 1, end: Int(entry.payload & 0xFFFF_FFFF))
    }

    /// An object's members in document order, duplicates included (none for other values).
    @inlinable public func members(of value: JSONValue) -> JSONMembers {
        let entry = tape[value.index]
        guard entry.tag == .object else { return JSONMembers(tape: tape, cursor: 0, end: 0) }
        return JSONMembers(tape: tape, cursor: value.index + 1, end: Int(entry.payload & 0xFFFF_FFFF))
    }

    /// Whether a later member of the same object has the same key as `key` (a member's key):
    /// the last occurrence of a name counts, as in most JSON readers.
    @inlinable public func isSupersededKey(_ key: JSONValue) -> Bool {
        tape[key.index].flags & TapeEntry.superseded != 0
    }

    /// Where the pointer to `value` begins in the document: its member's key for an object
    /// member's value, else the value itself. Problems at one pointer sort here together.
    @inlinable public func pointerOffset(of value: JSONValue) -> Int {
        let index = value.index
        if index > 0, tape[index - 1].flags & TapeEntry.key != 0 { return Int(tape[index - 1].start) }
        return Int(tape[index].start)
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset.
    public func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        bytes.withUnsafeBufferPointer { Self.location(of: offset, in: $0) }
    }

    static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// Decodes the escapes of an already validated string body.
    static func unescape(_ raw: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                index += 1
                continue
            }
            let escape = raw[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hexValue(raw, at: index)
                index += 4
                if scalar & 0xFC00 == 0xD800 {   // a high surrogate; validation guaranteed its low half
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hexValue(raw, at: index + 2) - 0xDC00)
                    index += 6
                }
                appendUTF8(scalar, to: &out)
            default: out.append(escape)   // `"`, `\`, `/`
            }
        }
        return out
    }

    private static func hexValue(_ raw: ArraySlice<UInt8>, at index: Int) -> UInt32 {
        var value: UInt32 = 0
        for byte in raw[index..<index + 4] { value = value << 4 | UInt32(hexDigit(byte)) }
        return value
    }

    private static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}

/// The value of one hexadecimal digit, or 0xFF.
@inline(__always) func hexDigit(_ byte: UInt8) -> UInt8 {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: 0xFF
    }
}

/// An array's elements.
public struct JSONElements: Sequence, IteratorProtocol, Sendable {
    @usableFromInline let tape: [TapeEntry]
    @usableFromInline var cursor: Int
    @usableFromInline let end: Int

    @inlinable init(tape: [TapeEntry], cursor: Int, end: Int) {
        self.tape = tape
        self.cursor = cursor
        self.end = end
    }

    /// The next element, or `nil` after the last.
    @inlinable public mutating func next() -> JSONValue? {
        guard cursor < end else { return nil }
        let value = JSONValue(index: cursor)
        cursor = tape[cursor].following(at: cursor)
        return value
    }
}

/// An object's members: its entries walked as values, a key and then its value.
public struct JSONMembers: Sequence, IteratorProtocol, Sendable {
    @usableFromInline var entries: JSONElements

    @inlinable init(tape: [TapeEntry], cursor: Int, end: Int) {
        entries = JSONElements(tape: tape, cursor: cursor, end: end)
    }

    /// The next member, or `nil` after the last.
    @inlinable public mutating func next() -> JSONMember? {
        guard let key = entries.next(), let value = entries.next() else { return nil }
        return JSONMember(key: key, value: value)
    }
}

extension JSONDocument {
    /// The pointer from the root to each of `values`, in order (a member's key has its
    /// member's pointer). The parents of all the document's values are found in one pass,
    /// so ask for many at once.
    public func pointers(to values: [JSONValue]) -> [JSONPointer] {
        guard !values.isEmpty else { return [] }
        // For every value: its container's tape index, and its position there (an array
        // element's index; a member's key is the entry before its value). Keys: -2.
        var parent = [Int](repeating: -1, count: tape.count)
        var position = [Int](repeating: 0, count: tape.count)
        for index in tape.indices where tape[index].tag == .object || tape[index].tag == .array {
            let isObject = tape[index].tag == .object
            var child = index + 1, ordinal = 0
            while child < Int(tape[index].payload & 0xFFFF_FFFF) {
                if isObject {
                    parent[child] = -2
                    child += 1
                }
                parent[child] = index
                position[child] = ordinal
                ordinal += 1
                child = tape[child].following(at: child)
            }
        }
        return values.map { value in
            var tokens: [String] = []
            var index = parent[value.index] == -2 ? value.index + 1 : value.index
            while parent[index] >= 0 {
                tokens.append(tape[parent[index]].tag == .object ? string(JSONValue(index: index - 1)) ?? "" : String(position[index]))
                index = parent[index]
            }
            return JSONPointer(tokens: tokens.reversed())
        }
    }
}

/// One value on the tape.
@usableFromInline struct TapeEntry: Sendable {
    @usableFromInline enum Tag: UInt8, Sendable {
        case object, array, string, number, `true`, `false`, null
    }

    @usableFromInline static let escaped: UInt8 = 1
    @usableFromInline static let superseded: UInt8 = 2
    @usableFromInline static let key: UInt8 = 4

    @usableFromInline var tag: Tag
    /// `escaped` for a string holding escapes; `key` for an object member's key,
    /// `superseded` for one a later key of the same object repeats.
    @usableFromInline var flags: UInt8
    /// The byte offset of the value's first byte.
    @usableFromInline var start: UInt32
    /// The byte offset just past the value's last byte.
    @usableFromInline var end: UInt32
    /// A number's bit pattern; a string's fingerprint (`fingerprint(_:)` of its bytes
    /// between the quotes, escapes and all); for arrays and objects the child count (high 32
    /// bits) and the tape index following the last descendant (low 32 bits).
    @usableFromInline var payload: UInt64

    @inlinable init(tag: Tag, flags: UInt8 = 0, start: UInt32, end: UInt32, payload: UInt64 = 0) {
        self.tag = tag
        self.flags = flags
        self.start = start
        self.end = end
        self.payload = payload
    }

    /// The first eight bytes (fewer when there are fewer, the rest zero) as a little-endian
    /// integer: strings of the same length with different fingerprints differ, and for up
    /// to eight bytes the same fingerprint means the same string.
    @inlinable static func fingerprint(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var value: UInt64 = 0
        for (offset, byte) in bytes.prefix(8).enumerated() { value |= UInt64(byte) << (8 * offset) }
        return value
    }

    /// The tape index after this value and its descendants, given its own index.
    @inlinable func following(at index: Int) -> Int {
        tag == .object || tag == .array ? Int(payload & 0xFFFF_FFFF) : index + 1
    }
}
