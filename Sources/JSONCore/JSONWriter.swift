/// Writes JSON straight into a byte buffer, keys in the order they are written.
///
/// The writer does not check structure: callers write well-formed sequences
/// (`beginObject`, then `key` + value pairs, then `endObject`). Commas are inserted
/// automatically. Numbers are written in their shortest round-tripping form, integers
/// without a fraction (`44`, not `44.0`); non-finite numbers are written as `null`
/// (callers validate inputs so that no result is ever non-finite).
public struct JSONWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]
    /// Whether the next value or key at the current level needs a leading comma.
    private var needsComma = false

    /// Creates a writer, reserving `capacity` bytes.
    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far (for tests and small documents).
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// Opens an object.
    public mutating func beginObject() {
        appendPunctuation(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes the current object.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array.
    public mutating func beginArray() {
        appendPunctuation(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes the current array.
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
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
        if value.isFinite, value == value.rounded(.towardZero), abs(value) < 0x1p53 {
            appendInteger(Int(value))   // also turns -0 into 0
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
        separate()
        bytes.append(contentsOf: json)
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

    /// Appends at most `maxCount` bytes through `body` in one append, growing the buffer
    /// geometrically when needed.
    @inline(__always)
    private mutating func write(upTo maxCount: Int, _ body: (inout OutputSpan<UInt8>) -> Void) {
        if bytes.capacity - bytes.count < maxCount {
            bytes.reserveCapacity(Swift.max(bytes.count + maxCount, 2 * bytes.capacity))
        }
        bytes.append(addingCapacity: maxCount, initializingWith: body)
    }

    /// Appends `byte`, after a comma when one is due.
    private mutating func appendPunctuation(_ byte: UInt8) {
        let comma = needsComma
        write(upTo: 2) { span in
            if comma { span.append(UInt8(ascii: ",")) }
            span.append(byte)
        }
    }

    /// Appends `utf8` unchanged, after a comma when one is due.
    private mutating func appendVerbatim(_ utf8: UnsafeBufferPointer<UInt8>) {
        let comma = needsComma
        write(upTo: utf8.count + 1) { span in
            if comma { span.append(UInt8(ascii: ",")) }
            for byte in utf8 { span.append(byte) }
        }
    }

    /// Appends `value` quoted (and a colon for a key), after a comma when one is due.
    private mutating func appendQuoted(_ value: String, colon: Bool) {
        var value = value
        value.withUTF8 { utf8 in
            let comma = needsComma
            guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                write(upTo: utf8.count + 4) { span in
                    if comma { span.append(UInt8(ascii: ",")) }
                    span.append(UInt8(ascii: "\""))
                    for byte in utf8 { span.append(byte) }
                    span.append(UInt8(ascii: "\""))
                    if colon { span.append(UInt8(ascii: ":")) }
                }
                return
            }
            // Every byte escapes to at most six.
            write(upTo: 6 * utf8.count + 4) { span in
                if comma { span.append(UInt8(ascii: ",")) }
                span.append(UInt8(ascii: "\""))
                for byte in utf8 {
                    switch byte {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                        span.append(UInt8(ascii: "\\"))
                        span.append(byte)
                    case 0x0A:
                        span.append(UInt8(ascii: "\\"))
                        span.append(UInt8(ascii: "n"))
                    case 0x0D:
                        span.append(UInt8(ascii: "\\"))
                        span.append(UInt8(ascii: "r"))
                    case 0x09:
                        span.append(UInt8(ascii: "\\"))
                        span.append(UInt8(ascii: "t"))
                    case 0..<0x20:
                        for escaped in [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0xF)]] {
                            span.append(escaped)
                        }
                    default:
                        span.append(byte)
                    }
                }
                span.append(UInt8(ascii: "\""))
                if colon { span.append(UInt8(ascii: ":")) }
            }
        }
    }

    /// Appends the decimal digits of `value`, after a comma when one is due.
    private mutating func appendInteger(_ value: Int) {
        let comma = needsComma
        let magnitude = value.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        write(upTo: 22) { span in
            if comma { span.append(UInt8(ascii: ",")) }
            if value < 0 { span.append(UInt8(ascii: "-")) }
            var rest = magnitude
            while divisor > 0 {
                let digit = rest / divisor
                span.append(UInt8(ascii: "0") + UInt8(digit))
                rest -= digit * divisor
                divisor /= 10
            }
        }
    }
}
