/// An object key encoded once — quoted, escaped and followed by its colon — for writers
/// that repeat the same keys many times.
public struct JSONKey: Hashable, Sendable {
    /// The encoded bytes, e.g. `"frame":`.
    public let encoded: [UInt8]

    /// Encodes `name`.
    public init(_ name: String) {
        var writer = JSONWriter(capacity: name.utf8.count + 3)
        writer.key(name)
        encoded = writer.bytes
    }
}

extension JSONWriter {
    /// Writes a pre-encoded object key; the next call writes its value.
    public mutating func key(_ key: JSONKey) {
        key.encoded.withUnsafeBufferPointer { appendVerbatim($0) }
        needsComma = false
    }

    /// Writes `"name": number` in one append when the number is an integer.
    public mutating func field(_ key: JSONKey, _ value: Double) {
        guard let integer = Self.integer(value) else {
            self.key(key)
            number(value)
            return
        }
        key.encoded.withUnsafeBufferPointer { appendInteger(integer, after: $0) }
        needsComma = true
    }

    /// Writes `"name": "value"`.
    public mutating func field(_ key: JSONKey, _ value: String) {
        self.key(key)
        string(value)
    }

    /// Writes `"name": true|false`.
    public mutating func field(_ key: JSONKey, _ value: Bool) {
        self.key(key)
        bool(value)
    }
}
