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
        if let spaced = tightOpen(a), let first = tightInteger(), tightNext(b, spaced: spaced), let second = tightInteger(),
           tightNext(c, spaced: spaced), let third = tightInteger(), tightNext(d, spaced: spaced),
           let fourth = tightInteger(), tightClose() {
            return (first, second, third, fourth)
        }
        position = start
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
        if let spaced = tightOpen(a), let first = tightInteger(), tightNext(b, spaced: spaced),
           let second = tightInteger(), tightClose() {
            return (first, second)
        }
        position = start
        guard open(), let first = member(a, then: UInt8(ascii: ",")), let second = member(b, then: UInt8(ascii: "}")) else {
            position = start
            return nil
        }
        return (first, second)
    }

    // The object as most clients write it, read first: integers, and no blank but one space
    // after each colon and comma (Python's `json.dumps`) or none at all (JavaScript's
    // `JSON.stringify`). Each separator is then a byte compared, not a scan of blanks; any
    // other byte leaves the object to the reading below, from its start. The bytes are read
    // where the input holds 16 more (a key's word and what follows it), digits up to the
    // input's closing brace (`open()`).

    /// Consumes `{` and `a`'s key and colon: whether a space follows the colon (and so each
    /// comma), consumed too; `nil` when the object does not start so.
    @usableFromInline @_transparent
    mutating func tightOpen(_ a: QuotedKey) -> Bool? {
        guard position < closing else { return nil }
        var at = position
        skipBlanks(&at)
        guard input[at] == UInt8(ascii: "{") else { return nil }
        position = at &+ 1
        guard tightKey(a) else { return nil }
        let spaced = input[position] == UInt8(ascii: " ")
        if spaced { position &+= 1 }
        return spaced
    }

    /// Consumes the comma before `key` (and the space after it when `spaced`), the key, its
    /// colon (and space); `false` when they are not next.
    @usableFromInline @_transparent
    mutating func tightNext(_ key: QuotedKey, spaced: Bool) -> Bool {
        guard input[position] == UInt8(ascii: ",") else { return false }
        if spaced {
            guard input[position &+ 1] == UInt8(ascii: " ") else { return false }
            position &+= 2
        } else {
            position &+= 1
        }
        guard tightKey(key) else { return false }
        if spaced {
            guard input[position] == UInt8(ascii: " ") else { return false }
            position &+= 1
        }
        return true
    }

    /// Consumes `key` and the colon after it, where the input holds 16 more bytes.
    @usableFromInline @_transparent
    mutating func tightKey(_ key: QuotedKey) -> Bool {
        let at = position
        guard at &+ 16 <= input.count,
              UInt64(littleEndian: UnsafeRawPointer(input.baseAddress! + at).loadUnaligned(as: UInt64.self)) & key.mask == key.word,
              input[at &+ key.count] == UInt8(ascii: ":") else { return false }
        position = at &+ key.count &+ 1
        return true
    }

    /// An integer of up to 15 digits without a leading zero, consumed: exact as a Double.
    /// (The byte after it is checked by the separator read next, which is no `.` or `e`.)
    @usableFromInline @_transparent
    mutating func tightInteger() -> Double? {
        guard let (end, value) = integer(at: position) else { return nil }
        position = end
        return value
    }

    /// The integer at `at`, which lies before `closing`: up to 15 digits without a leading
    /// zero, maybe after a `-`, exact as a Double; where it ends and its value. `nil` for no
    /// digits, a leading zero or a 16th digit. Whether a fraction or an exponent follows is
    /// the caller's to check.
    @usableFromInline @_transparent
    func integer(at: Int) -> (end: Int, value: Double)? {
        let negative = input[at] == UInt8(ascii: "-")
        let digits = negative ? at &+ 1 : at
        var end = digits, magnitude = 0
        while true {
            let digit = input[end] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            magnitude = magnitude &* 10 &+ Int(digit)
            end &+= 1
        }
        guard end > digits, end &- digits <= 15, input[digits] != UInt8(ascii: "0") || end == digits &+ 1 else { return nil }
        let value = Double(magnitude)
        return (end, negative ? -value : value)
    }

    /// Consumes the object's closing brace.
    @usableFromInline @_transparent
    mutating func tightClose() -> Bool {
        guard input[position] == UInt8(ascii: "}") else { return false }
        position &+= 1
        return true
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
        var value: Double
        if let (end, integer) = integer(at: at), base[end] != UInt8(ascii: "."), base[end] | 0x20 != UInt8(ascii: "e") {
            value = integer
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
