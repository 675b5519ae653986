/// Writes JSON straight into a byte buffer, keys in the order they are written.
///
/// The writer does not check structure: callers write well-formed sequences
/// (`beginObject`, then `key` + value pairs, then `endObject`). Commas are inserted
/// automatically. Numbers are written in their shortest round-tripping form, integers
/// without a fraction (`44`, not `44.0`); non-finite numbers are written as `null`
/// (callers validate inputs so that no result is ever non-finite).
public struct JSONWriter: Sendable {
    /// The bytes written so far.
    public var bytes: [UInt8] { Array(storage[..<length]) }
    /// The buffer: `length` bytes written, the rest room to write into.
    private var storage: [UInt8]
    /// How many bytes of `storage` are written.
    private var length = 0
    /// Whether the next value or key at the current level needs a leading comma.
    var needsComma = false

    /// Creates a writer, reserving `capacity` bytes.
    public init(capacity: Int = 1024) {
        // Room only: every byte is written before it is read, so it is not zeroed first.
        let count = Swift.max(capacity, 16)
        storage = Array(unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// The bytes written, handed over without copying them (the writer is used up).
    public consuming func finish() -> [UInt8] {
        storage.removeLast(storage.count - length)
        return storage
    }

    /// The text written so far (for tests and small documents).
    public var string: String { String(decoding: storage[..<length], as: UTF8.self) }

    private mutating func separate() {
        if needsComma { appendByte(UInt8(ascii: ",")) }
    }

    /// Opens an object.
    public mutating func beginObject() {
        appendPunctuation(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes the current object.
    public mutating func endObject() {
        appendByte(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array.
    public mutating func beginArray() {
        appendPunctuation(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes the current array.
    public mutating func endArray() {
        appendByte(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes an object key; the next call writes its value.
    public mutating func key(_ name: String) {
        appendQuoted(name, colon: true)
        needsComma = false
    }

    /// Writes a string value.
    public mutating func string(_ value: String) {
        appendQuoted(value, colon: false)
        needsComma = true
    }

    /// Writes a number value.
    public mutating func number(_ value: Double) {
        if let integer = Self.integer(value) {
            appendInteger(integer)
        } else if value.isFinite {
            var text = value.description
            text.withUTF8 { utf8 in appendVerbatim(utf8) }
        } else {
            Self.nullBytes.withUnsafeBufferPointer { appendVerbatim($0) }
        }
        needsComma = true
    }

    /// Writes an integer value.
    public mutating func number(_ value: Int) {
        appendInteger(value)
        needsComma = true
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        (value ? Self.trueBytes : Self.falseBytes).withUnsafeBufferPointer { appendVerbatim($0) }
        needsComma = true
    }

    /// Writes `null`.
    public mutating func null() {
        Self.nullBytes.withUnsafeBufferPointer { appendVerbatim($0) }
        needsComma = true
    }

    /// Writes already-encoded JSON as one value (it must be well-formed).
    public mutating func raw(_ json: some Sequence<UInt8>) {
        Array(json).withUnsafeBufferPointer { appendVerbatim($0) }
        needsComma = true
    }

    // Convenience for `"name": value` pairs.

    /// Writes `"name": "value"`.
    public mutating func field(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    /// Writes `"name": number`.
    public mutating func field(_ name: String, _ value: Double) {
        key(name)
        number(value)
    }

    /// Writes `"name": integer`.
    public mutating func field(_ name: String, _ value: Int) {
        key(name)
        number(value)
    }

    /// Writes `"name": true|false`.
    public mutating func field(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
    private static let nullBytes = Array("null".utf8)
    private static let hex = Array("0123456789abcdef".utf8)

    /// Writes at most `maxCount` bytes through `body`, which returns how many it wrote;
    /// the buffer grows geometrically when needed.
    @inline(__always)
    private mutating func write(upTo maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if storage.count - length < maxCount {
            storage.append(contentsOf: repeatElement(0, count: Swift.max(maxCount, storage.count)))
        }
        let start = length
        length += storage.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
    }

    /// `value` as an integer when it is one that a `Double` holds exactly (-0 becomes 0).
    @inline(__always)
    static func integer(_ value: Double) -> Int? {
        // The magnitude test first, so that the conversion cannot trap (it also rejects NaN).
        guard abs(value) < 0x1p53 else { return nil }
        let integer = Int(value)
        return Double(integer) == value ? integer : nil
    }

    /// Copies `count` bytes; a byte loop, as the copies here are a few bytes long and a
    /// `memmove` call costs more than them.
    @inline(__always)
    private static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        if count > 32 {
            target.update(from: source, count: count)
        } else {
            for index in 0..<count { target[index] = source[index] }
        }
    }

    /// Appends one byte.
    private mutating func appendByte(_ byte: UInt8) {
        write(upTo: 1) { out in
            out[0] = byte
            return 1
        }
    }

    /// Appends `byte`, after a comma when one is due.
    private mutating func appendPunctuation(_ byte: UInt8) {
        let comma = needsComma
        write(upTo: 2) { out in
            var count = 0
            if comma {
                out[0] = UInt8(ascii: ",")
                count = 1
            }
            out[count] = byte
            return count + 1
        }
    }

    /// Appends `utf8` unchanged, after a comma when one is due.
    mutating func appendVerbatim(_ utf8: UnsafeBufferPointer<UInt8>) {
        let comma = needsComma
        write(upTo: utf8.count + 1) { out in
            var count = 0
            if comma {
                out[0] = UInt8(ascii: ",")
                count = 1
            }
            if let base = utf8.baseAddress { Self.copy(base, to: out + count, count: utf8.count) }
            return count + utf8.count
        }
    }

    /// Appends `value` quoted (and a colon for a key), after a comma when one is due.
    private mutating func appendQuoted(_ value: String, colon: Bool) {
        var value = value
        value.withUTF8 { utf8 in
            let comma = needsComma
            // Every byte escapes to at most six.
            write(upTo: 6 * utf8.count + 4) { out in
                var count = 0
                @inline(__always) func put(_ byte: UInt8) {
                    out[count] = byte
                    count += 1
                }
                if comma { put(UInt8(ascii: ",")) }
                put(UInt8(ascii: "\""))
                // Ids and keys rarely need escaping: such a string is copied as it is.
                let plain = !utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
                if plain, let base = utf8.baseAddress {
                    Self.copy(base, to: out + count, count: utf8.count)
                    count += utf8.count
                } else {
                    Self.escape(utf8, into: out, at: &count)
                }
                put(UInt8(ascii: "\""))
                if colon { put(UInt8(ascii: ":")) }
                return count
            }
        }
    }

    /// Writes `utf8` escaped (JSON string contents) at `out + count`, advancing `count`.
    private static func escape(_ utf8: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, at count: inout Int) {
        @inline(__always) func put(_ byte: UInt8) {
            out[count] = byte
            count += 1
        }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                put(UInt8(ascii: "\\"))
                put(byte)
            case 0x0A:
                put(UInt8(ascii: "\\"))
                put(UInt8(ascii: "n"))
            case 0x0D:
                put(UInt8(ascii: "\\"))
                put(UInt8(ascii: "r"))
            case 0x09:
                put(UInt8(ascii: "\\"))
                put(UInt8(ascii: "t"))
            case 0..<0x20:
                put(UInt8(ascii: "\\"))
                put(UInt8(ascii: "u"))
                put(UInt8(ascii: "0"))
                put(UInt8(ascii: "0"))
                put(Self.hex[Int(byte >> 4)])
                put(Self.hex[Int(byte & 0xF)])
            default:
                put(byte)
            }
        }
    }

    /// Appends the decimal digits of `value`, after a comma when one is due.
    private mutating func appendInteger(_ value: Int) {
        appendInteger(value, after: UnsafeBufferPointer(start: nil, count: 0))
    }

    /// Appends `prefix` (e.g. an encoded key) and the decimal digits of `value`, after a
    /// comma when one is due, in one write.
    mutating func appendInteger(_ value: Int, after prefix: UnsafeBufferPointer<UInt8>) {
        let comma = needsComma
        write(upTo: 22 + prefix.count) { out in
            var count = 0
            if comma {
                out[0] = UInt8(ascii: ",")
                count = 1
            }
            if let base = prefix.baseAddress {
                Self.copy(base, to: out + count, count: prefix.count)
                count += prefix.count
            }
            if value < 0 {
                out[count] = UInt8(ascii: "-")
                count += 1
            }
            var magnitude = value.magnitude
            if magnitude < 1000 {   // most geometry: up to three digits, written in place
                let small = Int(magnitude)
                if small >= 100 {
                    out[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: small / 100)
                    count += 1
                }
                if small >= 10 {
                    out[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: small / 10 % 10)
                    count += 1
                }
                out[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: small % 10)
                return count + 1
            }
            // Digits backwards from the end, dividing by the constant 10, then moved into place.
            var digitCount = 0
            repeat {
                out[count + 20 - digitCount] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                digitCount += 1
                magnitude /= 10
            } while magnitude > 0
            let first = count + 21 - digitCount
            for index in 0..<digitCount { out[count + index] = out[first + index] }   // forwards: the regions overlap
            return count + digitCount
        }
    }
}
