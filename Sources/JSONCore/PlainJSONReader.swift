#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A forward-only reader of the plain subset of JSON, straight from the input bytes: the
/// reading behind a decoder's fast path.
///
/// It reads what well-formed requests are made of (objects, arrays, numbers, booleans and
/// strings of printable ASCII without escapes) and answers `nil` at anything else: a
/// syntax error, an escape, a non-ASCII or control byte in a string, `null`. A caller
/// treats `nil` as "not plain" and hands the whole input to `JSONDocument`, whose parse
/// reports whatever is wrong; so this reader never has to explain a problem, only to
/// accept nothing that `JSONDocument` would read differently. Numbers go through the
/// parser's own scanner and come out bit for bit as `JSONDocument.number(_:)` gives them
/// (±infinity when out of range).
///
/// An object is read as `beginObject()`, then while it answers `true`: `key(in:)`, the
/// value, `nextMember()`; arrays alike. Whitespace before every token is skipped.
public struct PlainJSONReader {
    /// The input read.
    public let input: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    @usableFromInline var position = 0
    /// `SmallASCII.isLaidOutAsExpected`, read once per reader rather than per string.
    @usableFromInline let makesSmallStrings = SmallASCII.isLaidOutAsExpected
    /// The offset of the input's last byte when it is `}` or `]` (whitespace after it
    /// aside), else -1: scans of blanks and digits before it need no bounds checks.
    @usableFromInline let closing: Int

    /// A reader at the start of `input`, which must stay valid while it is used.
    public init(_ input: UnsafeBufferPointer<UInt8>) {
        self.input = input
        var last = input.count - 1
        while last >= 0, input[last] == 0x20 || input[last] == 0x0A || input[last] == 0x0D || input[last] == 0x09 { last -= 1 }
        closing = last >= 0 && (input[last] == UInt8(ascii: "}") || input[last] == UInt8(ascii: "]")) ? last : -1
    }

    /// Whether only whitespace is left.
    public mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return position == input.count
    }

    /// Consumes `byte` (after whitespace) if it is next; whether it was.
    @inlinable @inline(__always)
    mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard position < input.count, input[position] == byte else { return false }
        position += 1
        return true
    }

    /// Opens an object: `true` when a member follows, `false` for `{}` (read whole), `nil`
    /// when the next value is not an object.
    @inlinable @inline(__always)
    public mutating func beginObject() -> Bool? {
        open(UInt8(ascii: "{"), UInt8(ascii: "}"))
    }

    /// Opens an array: `true` when an element follows, `false` for `[]` (read whole), `nil`
    /// when the next value is not an array.
    @inlinable @inline(__always)
    public mutating func beginArray() -> Bool? {
        open(UInt8(ascii: "["), UInt8(ascii: "]"))
    }

    /// After a member: `true` when another follows, `false` at the object's end (read),
    /// `nil` for anything else.
    @inlinable @inline(__always)
    public mutating func nextMember() -> Bool? {
        next(orEnd: UInt8(ascii: "}"))
    }

    /// After an element: `true` when another follows, `false` at the array's end (read),
    /// `nil` for anything else.
    @inlinable @inline(__always)
    public mutating func nextElement() -> Bool? {
        next(orEnd: UInt8(ascii: "]"))
    }

    /// The next key, with its colon, as a position in `table`: `nil` when it is not plain
    /// or not in the table.
    @inlinable
    public mutating func key(in table: JSONStringTable) -> Int? {
        guard let index = string(in: table) else { return nil }
        guard consume(UInt8(ascii: ":")) else { return nil }
        return index
    }

    /// `key(in: table)`, trying `expected` and then `alternate` (positions in the table, or
    /// -1 for none) first, compared with `guesses` (the table's): when the key is one of
    /// those strings it is recognised by a direct comparison, without the scan and lookup,
    /// and the table is not read. A decoder that expects each object's keys in the orders it
    /// last saw them (`JSONKeyOrder`) saves most lookups. (Transparent: as
    /// `@inline(__always)` it stayed a call from a large caller.)
    @_transparent
    public mutating func key(guessing guesses: JSONStringTable.Guesses, expecting expected: Int, orElse alternate: Int = -1,
                             in table: @autoclosure () -> JSONStringTable) -> Int? {
        skipWhitespace()
        if consumeKey(expected, in: guesses) { return expected }
        if consumeKey(alternate, in: guesses) { return alternate }
        return key(in: table())
    }

    /// The next value as a string's position in `table`: `nil` when it is not a plain
    /// string or not in the table.
    @inlinable @inline(__always)
    public mutating func string(in table: JSONStringTable) -> Int? {
        guard let (start, count) = plainString() else { return nil }
        return table.index(of: input.baseAddress! + start, count: count, fingerprint: fingerprint(at: start, count: count))
    }

    /// `string(in: table)`, trying `expected` (a position in the table, or -1 for none) first,
    /// compared with `guesses` (the table's): when the value is that string it is recognised
    /// by a direct comparison, without the scan and lookup, and the table is not read. A
    /// decoder that expects a field to repeat its last word saves most lookups. In a table
    /// of up to eight strings (an enumeration's words) the others are compared the same way
    /// before the lookup, which then finds only strings longer than 16 bytes.
    @inlinable @inline(__always)
    public mutating func string(guessing guesses: JSONStringTable.Guesses, expecting expected: Int,
                                in table: @autoclosure () -> JSONStringTable) -> Int? {
        skipWhitespace()
        if consumeQuoted(expected, in: guesses) { return expected }
        if guesses.count <= 8 {
            for index in 0..<guesses.count where index != expected && consumeQuoted(index, in: guesses) { return index }
        }
        return string(in: table())
    }

    /// The next value as a plain string: where its bytes start and how many there are (the
    /// quotes excluded), or `nil` when it is not a plain string.
    @inlinable @inline(__always)
    public mutating func plainString() -> (start: Int, count: Int)? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = position
        // Eight bytes at a time while eight are left, then one at a time.
        var end = Scanner(input: input).plainBytesEnd(from: start)
        while end < input.count, input[end] >= 0x20, input[end] < 0x80, input[end] != UInt8(ascii: "\""), input[end] != UInt8(ascii: "\\") {
            end += 1
        }
        // A plain string ends at its quote; a backslash, control or non-ASCII byte (or the
        // end of the input) stops it.
        guard end < input.count, input[end] == UInt8(ascii: "\"") else { return nil }
        position = end + 1
        return (start, end - start)
    }

    /// The next value as a number, or `nil` when it is not one (or not valid JSON).
    @inlinable @inline(__always)
    public mutating func number() -> Double? {
        skipWhitespace()
        guard position < input.count else { return nil }
        let byte = input[position]
        guard byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 else { return nil }
        if let (end, value) = shortInteger() {
            position = end
            return value
        }
        return otherNumber()
    }

    /// A number `shortInteger()` does not read, through the parser's scanner.
    @usableFromInline
    mutating func otherNumber() -> Double? {
        guard let (end, value) = try? Scanner(input: input).scanNumber(at: position) else { return nil }
        // `scanNumber` stops at the first byte that cannot continue a number; JSON wants a
        // delimiter there, which the caller's next read checks.
        position = end
        return value
    }

    /// The number at `position` when it is an integer of up to 15 digits without a
    /// fraction or exponent (what most numbers in requests are), where it ends and its
    /// exact value; `nil` for anything else, which the parser's scanner then reads.
    @inlinable @inline(__always)
    func shortInteger() -> (end: Int, value: Double)? {
        var end = position
        let negative = input[end] == UInt8(ascii: "-")
        if negative { end &+= 1 }
        let start = end
        // An `Int`, not a `UInt64`: x86-64 converts a signed integer to a Double in one
        // instruction, an unsigned one in five.
        var magnitude = 0
        while end < input.count, end - start < 15 {
            let digit = input[end] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            magnitude = magnitude &* 10 &+ Int(digit)
            end &+= 1
        }
        // No digits, a leading zero, a 16th digit, a fraction or an exponent: not short.
        guard end > start, input[start] != UInt8(ascii: "0") || end == start + 1 else { return nil }
        if end < input.count {
            let next = input[end]
            guard next &- UInt8(ascii: "0") >= 10, next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e") else { return nil }
        }
        // Up to 15 digits, the integer is exact as a Double.
        let value = Double(magnitude)
        return (end, negative ? -value : value)
    }

    /// The next value as a boolean, or `nil` when it is not one.
    @inlinable
    public mutating func bool() -> Bool? {
        skipWhitespace()
        if matches("true") { return true }
        if matches("false") { return false }
        return nil
    }

    /// The string `plainString()` returned at `start`, `count` bytes, as a `String`. One of
    /// up to 15 bytes (most ids) is made in place in the small form `String` keeps such
    /// strings in: plain strings are ASCII, so no storage and no validation are needed
    /// (`String(unsafeUninitializedCapacity:)` costs ten times as much). Any other is copied.
    @inlinable @inline(__always)
    public func string(start: Int, count: Int) -> String {
        if count <= 15, start &+ 16 <= input.count, makesSmallStrings {
            let raw = UnsafeRawPointer(input.baseAddress! + start)
            return SmallASCII.string(raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self), count: count)
        }
        let bytes = bytes(start: start, count: count)
        return String(unsafeUninitializedCapacity: count) { storage in
            _ = storage.initialize(fromContentsOf: bytes)
            return count
        }
    }

    /// The two words of `String`'s small form of the string `plainString()` returned at
    /// `start`, `count` (at most 15) bytes, made without a `String` (one near the input's end
    /// too, from a copy of its bytes): its bytes in order (little-endian), zeros after them
    /// and `0xE0 | count` in the last byte. A caller stores them as an id (`NodeIDList`'s
    /// inline slot) and hashes them without reading the bytes again.
    @inlinable @inline(__always)
    public func smallStringWords(start: Int, count: Int) -> (low: UInt64, high: UInt64) {
        if start &+ 16 <= input.count {
            let raw = UnsafeRawPointer(input.baseAddress! + start)
            return SmallASCII.words(raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self), count: count)
        }
        var padded: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &padded) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes(start: start, count: count))) }
        return SmallASCII.words(padded.0, padded.1, count: count)
    }

    /// The bytes of a string `plainString()` returned.
    @inlinable
    public func bytes(start: Int, count: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: input[start..<start + count])
    }

    // MARK: - Internals

    @inlinable @inline(__always)
    mutating func open(_ opening: UInt8, _ closing: UInt8) -> Bool? {
        guard consume(opening) else { return nil }
        return !consume(closing)
    }

    /// `true` after a comma, `false` after `closing`, `nil` for anything else.
    @inlinable @inline(__always)
    mutating func next(orEnd closing: UInt8) -> Bool? {
        skipWhitespace()
        guard position < input.count else { return nil }
        switch input[position] {
        case UInt8(ascii: ","):
            position += 1
            return true
        case closing:
            position += 1
            return false
        default:
            return nil
        }
    }

    /// Consumes the string at `index` in `guesses` (-1: none), quoted, if it comes next
    /// (whitespace already skipped); whether it did. The guess behind the `expecting:`
    /// readings: a direct comparison (`JSONStringTable.Words.quotedLength(at:in:)`).
    @inlinable @inline(__always)
    mutating func consumeQuoted(_ index: Int, in guesses: JSONStringTable.Guesses) -> Bool {
        guard index >= 0, let length = guesses.words[index].quotedLength(at: position, in: input) else { return false }
        position += length
        return true
    }

    /// Consumes the key at `index` in `guesses` (-1: none), quoted and with its colon, if it
    /// comes next (whitespace already skipped); whether it did. The guesses of
    /// `key(guessing:expecting:orElse:in:)`: a direct comparison
    /// (`JSONStringTable.Words.keyLength(at:in:)`).
    @inlinable @inline(__always)
    mutating func consumeKey(_ index: Int, in guesses: JSONStringTable.Guesses) -> Bool {
        guard index >= 0, let length = guesses.words[index].keyLength(at: position, in: input) else { return false }
        position &+= length
        return true
    }

    /// Consumes `word` if it comes next.
    @inlinable
    mutating func matches(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard input.count - position >= count, memcmp(input.baseAddress! + position, word.utf8Start, count) == 0 else { return false }
        position += count
        return true
    }

    /// `TapeEntry.fingerprint` of the `count` bytes at `start` (one load when eight bytes
    /// can be read there).
    @inlinable @inline(__always)
    func fingerprint(at start: Int, count: Int) -> UInt64 {
        Scanner(input: input).fingerprint(bodyAt: start, count: count)
    }

    @inlinable @inline(__always)
    mutating func skipWhitespace() {
        // Counted in a local, stored once: `position` lives in the caller's memory.
        var at = position
        while at < input.count {
            let byte = input[at]
            guard byte <= 0x20, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
            at &+= 1
            if byte == 0x0A { at = indentationEnd(from: at) }
        }
        position = at
    }

    /// Where the spaces from `start` (a line's indentation) end, read a word at a time while
    /// eight bytes are left: a pretty-printed body is mostly indentation.
    @usableFromInline
    func indentationEnd(from start: Int) -> Int {
        var at = start
        while at &+ 8 <= input.count {
            let others = UInt64(littleEndian: UnsafeRawPointer(input.baseAddress! + at).loadUnaligned(as: UInt64.self)) ^ 0x2020_2020_2020_2020
            guard others == 0 else { return at &+ others.trailingZeroBitCount >> 3 }
            at &+= 8
        }
        return at
    }
}

/// `String`'s small form of ASCII text up to 15 bytes on 64-bit little-endian platforms:
/// the bytes in order over two words, the last byte holding the flags (immortal, ASCII,
/// small: 0xE0) and the count. `String`'s layout is part of Swift's stable ABI; it is
/// checked once against strings the standard library made, and not used if it differs.
@usableFromInline
enum SmallASCII {
    /// Whether strings made by `string(_:_:count:)` equal those the library makes.
    @usableFromInline static let isLaidOutAsExpected: Bool = {
        guard MemoryLayout<String>.size == 16, UInt64(littleEndian: 1) == 1 else { return false }
        return ["", "a", "cell10", "abcdefgh", "abcdefghijklmno"].allSatisfy { sample in
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { $0.copyBytes(from: sample.utf8) }
            let made = string(words.0, words.1, count: sample.utf8.count)
            return unsafeBitCast(made, to: (UInt64, UInt64).self) == unsafeBitCast(sample, to: (UInt64, UInt64).self)
        }
    }()

    /// The string of the `count` (at most 15) bytes that begin `first` and `second`
    /// (little-endian; bytes past `count` are ignored), which must be ASCII.
    @inlinable @inline(__always)
    static func string(_ first: UInt64, _ second: UInt64, count: Int) -> String {
        let words = words(first, second, count: count)
        return unsafeBitCast((words.low, words.high), to: String.self)
    }

    /// The two words of `string(_:_:count:)`'s string.
    @inlinable @inline(__always)
    static func words(_ first: UInt64, _ second: UInt64, count: Int) -> (low: UInt64, high: UInt64) {
        var low = UInt64(littleEndian: first), high = UInt64(littleEndian: second)
        if count < 8 {
            low &= (1 &<< UInt64(truncatingIfNeeded: count &* 8)) &- 1
            high = 0
        } else {
            high &= (1 &<< UInt64(truncatingIfNeeded: (count &- 8) &* 8)) &- 1
        }
        return (low, high | UInt64(truncatingIfNeeded: 0xE0 | count) &<< 56)
    }
}
