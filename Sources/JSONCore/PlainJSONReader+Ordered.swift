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
        guard consume(UInt8(ascii: "{")), let first = member(a, then: UInt8(ascii: ",")), let second = member(b, then: UInt8(ascii: ",")),
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
        guard consume(UInt8(ascii: "{")), let first = member(a, then: UInt8(ascii: ",")), let second = member(b, then: UInt8(ascii: "}")) else {
            position = start
            return nil
        }
        return (first, second)
    }

    /// `key`, a colon, a number and `delimiter`, when they come next: the number.
    /// (Transparent: as `@inline(__always)` it stayed a call for all members but the first.)
    @usableFromInline @_transparent
    mutating func member(_ key: QuotedKey, then delimiter: UInt8) -> Double? {
        skipWhitespace()
        // One word read where eight bytes are left (an object's key never ends its input).
        guard position &+ 8 <= input.count,
              UInt64(littleEndian: UnsafeRawPointer(input.baseAddress! + position).loadUnaligned(as: UInt64.self)) & key.mask == key.word
        else { return nil }
        position &+= key.count
        guard consume(UInt8(ascii: ":")), let value = number(), consume(delimiter) else { return nil }
        return value
    }
}
