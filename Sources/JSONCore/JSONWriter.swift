/// Writes JSON straight into a byte buffer, keys in the order they are written.
///
/// The writer does not check structure: callers write well-formed sequences
/// (`beginObject`, then `key` + value pairs, then `endObject`). Commas are inserted
/// automatically. Numbers are written in their shortest round-tripping form, integers
/// without a fraction (`44`, not `44.0`); non-finite numbers are written as `null`
/// (callers validate inputs so that no result is ever non-finite).
///
/// The writer owns its buffer (it is not copyable), so that a response of thousands of
/// small values is written without reference counting or uniqueness checks: each write
/// checks the room left once and stores its bytes. Keys known at compile time are
/// `StaticString`s; keys known only at run time go through ``key(dynamic:)``.
public struct JSONWriter: ~Copyable {
    /// The buffer: `count` bytes written, `capacity` bytes allocated.
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var count = 0
    /// Whether the next value or key at the current level needs a leading comma.
    @usableFromInline var needsComma = false

    /// Creates a writer, reserving `capacity` bytes.
    public init(capacity: Int = 1024) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes written (the writer is used up).
    public consuming func finish() -> [UInt8] { bytes }

    /// The text written so far (for tests and small documents).
    public var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    // MARK: - Structure

    /// Opens an object.
    @inlinable public mutating func beginObject() {
        reserve(2)
        putComma()
        put(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes the current object.
    @inlinable public mutating func endObject() {
        reserve(1)
        put(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array.
    @inlinable public mutating func beginArray() {
        reserve(2)
        putComma()
        put(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes the current array.
    @inlinable public mutating func endArray() {
        reserve(1)
        put(UInt8(ascii: "]"))
        needsComma = true
    }

    // MARK: - Keys

    /// Writes an object key known at compile time; the next call writes its value.
    @inlinable public mutating func key(_ name: StaticString) {
        putKey(name)
        needsComma = false
    }

    /// Writes an object key known only at run time (escaped as needed); the next call
    /// writes its value.
    public mutating func key(dynamic name: String) {
        appendQuoted(name, colon: true)
        needsComma = false
    }

    // MARK: - Values

    /// Writes a string value.
    public mutating func string(_ value: String) {
        appendQuoted(value, colon: false)
        needsComma = true
    }

    /// Writes a number value.
    @inlinable public mutating func number(_ value: Double) {
        reserve(Self.maxNumberLength + 1)
        putComma()
        putNumber(value)
        needsComma = true
    }

    /// Writes an integer value.
    @inlinable public mutating func number(_ value: Int) {
        reserve(Self.maxNumberLength + 1)
        putComma()
        putInteger(value)
        needsComma = true
    }

    /// Writes `true` or `false`.
    @inlinable public mutating func bool(_ value: Bool) {
        reserve(6)
        putComma()
        put(value ? "true" : "false")
        needsComma = true
    }

    /// Writes `null`.
    @inlinable public mutating func null() {
        reserve(5)
        putComma()
        put("null")
        needsComma = true
    }

    /// Writes already-encoded JSON as one value (it must be well-formed).
    public mutating func raw(_ json: some Sequence<UInt8>) {
        let bytes = Array(json)
        reserve(bytes.count + 1)
        putComma()
        bytes.withUnsafeBufferPointer { putBytes($0) }
        needsComma = true
    }

    // MARK: - Members

    /// Writes `"name": "value"`.
    public mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    /// Writes `"name": "value"` for a value known at compile time (plain ASCII, nothing to
    /// escape: checked in debug builds).
    @inlinable public mutating func field(_ name: StaticString, _ value: StaticString) {
        assert(Self.isPlain(value), "a StaticString value must need no escaping: \(value)")
        reserve(name.utf8CodeUnitCount + value.utf8CodeUnitCount + 6)
        putKey(name)
        put(UInt8(ascii: "\""))
        put(value)
        put(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Writes `"name": number`.
    @inlinable public mutating func field(_ name: StaticString, _ value: Double) {
        reserve(name.utf8CodeUnitCount + 4 + Self.maxNumberLength)
        putKey(name)
        putNumber(value)
        needsComma = true
    }

    /// Writes `"name": integer`.
    @inlinable public mutating func field(_ name: StaticString, _ value: Int) {
        reserve(name.utf8CodeUnitCount + 4 + Self.maxNumberLength)
        putKey(name)
        putInteger(value)
        needsComma = true
    }

    /// Writes `"name": true|false`.
    @inlinable public mutating func field(_ name: StaticString, _ value: Bool) {
        reserve(name.utf8CodeUnitCount + 10)
        putKey(name)
        put(value ? "true" : "false")
        needsComma = true
    }

    /// Writes `"name":{"k0":v0,"k1":v1}` (a size, a point) with one check of the room left.
    @inlinable public mutating func object(_ name: StaticString, _ k0: StaticString, _ v0: Double, _ k1: StaticString, _ v1: Double) {
        reserve(name.utf8CodeUnitCount + k0.utf8CodeUnitCount + k1.utf8CodeUnitCount + 12 + 2 * Self.maxNumberLength)
        putKey(name)
        put(UInt8(ascii: "{"))
        needsComma = false
        putMember(k0, v0)
        putMember(k1, v1)
        put(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes `"name":{"k0":v0,"k1":v1,"k2":v2,"k3":v3}` (a rect, insets) with one check of
    /// the room left.
    @inlinable public mutating func object(
        _ name: StaticString,
        _ k0: StaticString, _ v0: Double, _ k1: StaticString, _ v1: Double,
        _ k2: StaticString, _ v2: Double, _ k3: StaticString, _ v3: Double
    ) {
        let keys = name.utf8CodeUnitCount + k0.utf8CodeUnitCount + k1.utf8CodeUnitCount + k2.utf8CodeUnitCount + k3.utf8CodeUnitCount
        reserve(keys + 22 + 4 * Self.maxNumberLength)
        putKey(name)
        put(UInt8(ascii: "{"))
        needsComma = false
        putMember(k0, v0)
        putMember(k1, v1)
        putMember(k2, v2)
        putMember(k3, v3)
        put(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Stores `,"name":number` (room reserved by the caller).
    @inlinable @inline(__always)
    mutating func putMember(_ name: StaticString, _ value: Double) {
        putKey(name)
        putNumber(value)
        needsComma = true
    }

    // MARK: - Buffer

    /// The most bytes a number takes: `-9223372036854775808` or Swift's longest `Double`
    /// description (`-2.2250738585072014e-308`, 24 bytes).
    @usableFromInline static var maxNumberLength: Int { 24 }

    /// Makes room for `extra` more bytes.
    @inlinable @inline(__always)
    mutating func reserve(_ extra: Int) {
        if capacity &- count < extra { grow(extra) }
    }

    /// Reallocates the buffer to hold at least `extra` more bytes, doubling it at least.
    @usableFromInline mutating func grow(_ extra: Int) {
        let newCapacity = Swift.max(capacity * 2, count + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Stores one byte (room reserved by the caller).
    @inlinable @inline(__always)
    mutating func put(_ byte: UInt8) {
        base[count] = byte
        count &+= 1
    }

    /// Stores a comma when one is due (room reserved by the caller).
    @inlinable @inline(__always)
    mutating func putComma() {
        if needsComma { put(UInt8(ascii: ",")) }
    }

    /// Stores the bytes of `text` (room reserved by the caller).
    @inlinable @inline(__always)
    mutating func put(_ text: StaticString) {
        putBytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Stores `bytes` (room reserved by the caller). Keys and literals are a few bytes long,
    /// where a `memmove` call costs more than the copy: up to 32 bytes are moved as
    /// overlapping words (every load within the source).
    @inlinable @inline(__always)
    mutating func putBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let length = bytes.count
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(base + count)
        if length >= 8 {
            if length <= 16 {
                let head = from.loadUnaligned(as: UInt64.self), tail = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
                to.storeBytes(of: head, as: UInt64.self)
                to.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
            } else if length <= 32 {
                let a = from.loadUnaligned(as: UInt64.self), b = from.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                let c = from.loadUnaligned(fromByteOffset: length - 16, as: UInt64.self)
                let d = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
                to.storeBytes(of: a, as: UInt64.self)
                to.storeBytes(of: b, toByteOffset: 8, as: UInt64.self)
                to.storeBytes(of: c, toByteOffset: length - 16, as: UInt64.self)
                to.storeBytes(of: d, toByteOffset: length - 8, as: UInt64.self)
            } else {
                to.copyMemory(from: from, byteCount: length)
            }
        } else if length >= 4 {
            let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
        } else if length > 0 {
            // 1–3 bytes: first, middle and last (the same byte more than once is harmless).
            to.storeBytes(of: source[0], as: UInt8.self)
            to.storeBytes(of: source[length >> 1], toByteOffset: length >> 1, as: UInt8.self)
            to.storeBytes(of: source[length - 1], toByteOffset: length - 1, as: UInt8.self)
        }
        count &+= length
    }

    /// Stores `,"name":` (room for the name plus four bytes reserved by the caller). Names
    /// known at compile time are plain ASCII, nothing to escape (checked in debug builds).
    @inlinable @inline(__always)
    mutating func putKey(_ name: StaticString) {
        assert(Self.isPlain(name), "a StaticString key must need no escaping: \(name)")
        putComma()
        put(UInt8(ascii: "\""))
        put(name)
        put(UInt8(ascii: "\""))
        put(UInt8(ascii: ":"))
    }

    /// Whether `name` is ASCII text with nothing to escape in a JSON string.
    @usableFromInline static func isPlain(_ name: StaticString) -> Bool {
        name.hasPointerRepresentation
            && !UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount).contains { $0 >= 0x80 || needsEscape($0) }
    }

    /// Stores a number (room for `maxNumberLength` bytes reserved by the caller).
    @inlinable @inline(__always)
    mutating func putNumber(_ value: Double) {
        if let integer = Self.integer(value) {
            putInteger(integer)
        } else {
            putNonInteger(value)
        }
    }

    /// Stores a number that is not an integer: its shortest round-tripping text, or `null`
    /// when it is not finite.
    @usableFromInline mutating func putNonInteger(_ value: Double) {
        guard value.isFinite else {
            put("null")
            return
        }
        var text = value.description
        text.withUTF8 { putBytes($0) }
    }

    /// `value` as an integer when it is one that a `Double` holds exactly (-0 becomes 0).
    @inlinable @inline(__always)
    static func integer(_ value: Double) -> Int? {
        // The magnitude test first, so that the conversion cannot trap (it also rejects NaN).
        guard abs(value) < 0x1p53 else { return nil }
        let integer = Int(value)
        return Double(integer) == value ? integer : nil
    }

    /// Stores the decimal digits of `value` (room for 20 bytes reserved by the caller).
    @inlinable @inline(__always)
    mutating func putInteger(_ value: Int) {
        if value < 0 { put(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        if magnitude < 10_000 {   // most geometry: up to four digits, written in place
            let small = Int(truncatingIfNeeded: magnitude)
            if small >= 1000 { put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: small / 1000)) }
            if small >= 100 { put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: small / 100 % 10)) }
            if small >= 10 { put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: small / 10 % 10)) }
            put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: small % 10))
        } else {
            putLargeMagnitude(magnitude)
        }
    }

    /// Stores the digits of a magnitude of five digits or more (room for 20 bytes reserved
    /// by the caller).
    @usableFromInline mutating func putLargeMagnitude(_ magnitude: UInt) {
        // Digits backwards from the end of the reserved room, then moved to its start
        // (forwards: the regions may overlap).
        let target = base + count
        var rest = magnitude, digitCount = 0
        repeat {
            target[19 - digitCount] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            digitCount += 1
            rest /= 10
        } while rest > 0
        for index in 0..<digitCount { target[index] = target[20 - digitCount + index] }
        count &+= digitCount
    }

    // MARK: - Strings

    /// Appends `value` quoted (and a colon for a key), after a comma when one is due.
    @usableFromInline mutating func appendQuoted(_ value: String, colon: Bool) {
        var value = value
        value.withUTF8 { utf8 in
            // Every byte escapes to at most six.
            reserve(6 * utf8.count + 4)
            putComma()
            put(UInt8(ascii: "\""))
            // Ids and keys rarely need escaping: such a string is copied as it is.
            if utf8.contains(where: Self.needsEscape) {
                putEscaped(utf8)
            } else {
                putBytes(utf8)
            }
            put(UInt8(ascii: "\""))
            if colon { put(UInt8(ascii: ":")) }
        }
    }

    /// Whether `byte` must be escaped inside a JSON string.
    @usableFromInline @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static let hex: StaticString = "0123456789abcdef"

    /// Stores `utf8` escaped (JSON string contents; room reserved by the caller).
    private mutating func putEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                put(UInt8(ascii: "\\"))
                put(byte)
            case 0x0A: put("\\n")
            case 0x0D: put("\\r")
            case 0x09: put("\\t")
            case 0..<0x20:
                put("\\u00")
                put(Self.hex.utf8Start[Int(byte >> 4)])
                put(Self.hex.utf8Start[Int(byte & 0xF)])
            default:
                put(byte)
            }
        }
    }
}
