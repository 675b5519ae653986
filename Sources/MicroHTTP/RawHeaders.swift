/// One header field: its name as given and its value.
///
/// A struct rather than a `(name:, value:)` tuple: an array of tuples is destroyed through
/// the runtime's generic tuple code, field by field, where a struct's own destroy runs.
public struct RawField: Sendable {
    /// The name as given (compared case-insensitively by ``RawHeaders``).
    public var name: String
    /// The value.
    public var value: String

    /// A field named `name` with `value`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// An ordered list of header fields whose names compare case-insensitively (ASCII), as
/// libmicrohttpd reads and writes them: names and values as given, nothing validated again.
public struct RawHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields in the order they were added, names as given.
    public private(set) var fields: [RawField]

    /// Creates an empty header list.
    public init() {
        fields = []
    }

    /// Creates a header list from fields, kept in order.
    public init(_ fields: [RawField]) {
        self.fields = fields
    }

    /// Creates a header list from a literal, kept in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { RawField(name: $0.0, value: $0.1) }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// The value of the first field named `name` (any case), or nil.
    public subscript(name: String) -> String? {
        for field in fields where Self.namesEqual(field.name, name) {
            return field.value
        }
        return nil
    }

    /// Every value of the fields named `name` (any case), in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesEqual($0.name, name) }.map(\.value)
    }

    /// Whether a field named `name` (any case) is present.
    public func contains(_ name: String) -> Bool {
        self[name] != nil
    }

    /// Makes room for `count` fields in all, so that adding up to that many allocates no
    /// more than once.
    public mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    /// Appends a field, keeping any others of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(RawField(name: name, value: value))
    }

    /// Replaces every field named `name` (any case) with one field holding `value`.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append(RawField(name: name, value: value))
    }

    /// Removes every field named `name` (any case).
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.namesEqual($0.name, name) }
    }

    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[RawField]> {
        fields.makeIterator()
    }

    /// Equal when the same fields appear in the same order (names compared case-insensitively).
    public static func == (lhs: RawHeaders, rhs: RawHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { namesEqual($0.name, $1.name) && $0.value == $1.value }
    }

    /// ASCII case-insensitive comparison of two field names, without allocating: their
    /// bytes side by side, where two that differ must be one letter in two cases.
    public static func namesEqual(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        var (lhs, rhs) = (lhs, rhs)
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                for index in left.indices where left[index] != right[index] {
                    guard lowercased(left[index]) == lowercased(right[index]) else { return false }
                }
                return true
            }
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
