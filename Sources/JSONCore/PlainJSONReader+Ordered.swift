/// A short key as the bytes it is written with, quotes included, for the reading of objects
/// whose keys come in a known order (`PlainJSONReader.numbers(_:_:_:_:)`).
public struct QuotedKey: Sendable {
    /// The quoted key's bytes, little-endian, and the bits they fill.
    @usableFromInline let word: UInt64
    @usableFromInline let mask: UInt64
    @usableFromInline let count: Int

    /// The key `key`: printable ASCII without `"` or `\`, at most six bytes (eight quoted,
    /// one word).
    @inlinable
    public init(_ key: StaticString) {
        let count = key.utf8CodeUnitCount
        precondition(count <= 6, "a QuotedKey is at most six bytes")
        var word = UInt64(UInt8(ascii: "\""))
        for offset in 0..<count { word |= UInt64(key.utf8Start[offset]) << UInt64(8 * (offset + 1)) }
        word |= UInt64(UInt8(ascii: "\"")) << UInt64(8 * (count + 1))
        self.word = word
        self.count = count + 2
        mask = count + 2 == 8 ? ~0 : (1 << UInt64(8 * (count + 2))) - 1
    }
}

extension PlainJSONReader {
    /// The object `{a: number, b: number, c: number, d: number}` when its keys are exactly
    /// `a`, `b`, `c`, `d` in this order: the numbers, as `number()` reads them. For anything
    /// else (another order, another key, an escape, a value that is not a number, a missing
    /// or extra member) `nil`, with nothing consumed, so that the caller reads the object
    /// its general way. Each key is compared as one word, without a lookup.
    @inlinable @inline(__always)
    public mutating func numbers(_ a: QuotedKey, _ b: QuotedKey, _ c: QuotedKey, _ d: QuotedKey) -> (Double, Double, Double, Double)? {
        let start = position
        guard open(), let first = member(a, then: UInt8(ascii: ",")), let second = member(b, then: UInt8(ascii: ",")),
              let third = member(c, then: UInt8(ascii: ",")), let fourth = member(d, then: UInt8(ascii: "}"))
        else {
            position = start
            return nil
        }
        return (first, second, third, fourth)
    }

    /// `numbers(_:_:_:_:)` for an object of two members.
    @inlinable @inline(__always)
    public mutating func numbers(_ a: QuotedKey, _ b: QuotedKey) -> (Double, Double)? {
        let start = position
        guard open(), let first = member(a, then: UInt8(ascii: ",")), let second = member(b, then: UInt8(ascii: "}")) else {
            position = start
            return nil
        }
        return (first, second)
    }

    /// Consumes the `{` of such an object. Its bytes are read without bounds checks: it
    /// lies before the input's last byte, `}` or `]` (`closing`), at which every scan of
    /// blanks or digits stops, and only a closing brace is ever consumed last.
    @inlinable @inline(__always)
    mutating func open() -> Bool {
        guard position < closing else { return false }
        var at = position
        skipBlanks(&at)
        guard input[at] == UInt8(ascii: "{") else { return false }
        position = at &+ 1
        return true
    }

    /// `key`, a colon, a number and `delimiter`, when they come next: the number. An
    /// integer of up to 15 digits is read in place; any other number through `number()`.
    /// (Transparent: as `@inline(__always)` it stayed a call for all members but the first.)
    @usableFromInline @_transparent
    mutating func member(_ key: QuotedKey, then delimiter: UInt8) -> Double? {
        let base = input.baseAddress!
        var at = position
        skipBlanks(&at)
        // One word read where eight bytes are left (an object's key never ends its input).
        guard at &+ 8 <= input.count, UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)) & key.mask == key.word else { return nil }
        at &+= key.count
        skipBlanks(&at)
        guard base[at] == UInt8(ascii: ":") else { return nil }
        at &+= 1
        skipBlanks(&at)
        let negative = base[at] == UInt8(ascii: "-")
        let digits = negative ? at &+ 1 : at
        var end = digits, magnitude = 0
        while true {
            let digit = base[end] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            magnitude = magnitude &* 10 &+ Int(digit)
            end &+= 1
        }
        var value: Double
        // Up to 15 digits without a leading zero, ended by a delimiter: exact as a Double.
        if end > digits, end &- digits <= 15, base[digits] != UInt8(ascii: "0") || end == digits &+ 1,
           base[end] != UInt8(ascii: "."), base[end] | 0x20 != UInt8(ascii: "e") {
            value = Double(magnitude)
            if negative { value = -value }
            at = end
        } else {
            position = at
            guard let number = number() else { return nil }
            value = number
            at = position
        }
        skipBlanks(&at)
        guard base[at] == delimiter else { return nil }
        position = at &+ 1
        return value
    }

    /// Skips the blanks from `at`, which lies before `closing`, where the scan stops.
    @inlinable @inline(__always)
    func skipBlanks(_ at: inout Int) {
        while true {
            let byte = input[at]
            guard byte <= 0x20, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            at &+= 1
        }
    }
}
