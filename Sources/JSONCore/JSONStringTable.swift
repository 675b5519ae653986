#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fixed set of strings that a document's string values (object keys, enumeration words)
/// are looked up in by their bytes, without making a `String` of them.
///
/// A value matches a string when its decoded UTF-8 bytes equal the string's. (`String`'s
/// `==` also takes canonical equivalents as equal; for strings of ASCII without `K`, `;` or
/// `` ` `` — the only ASCII characters another character is canonically equivalent to — the
/// two come to the same.)
public struct JSONStringTable: Sendable {
    /// One slot of the open-addressed table.
    @usableFromInline struct Slot: Sendable {
        /// The string's position in `strings`, or -1 for an empty slot.
        @usableFromInline var index: Int
        /// Its UTF-8 byte count, fingerprint and offset in `utf8`.
        @usableFromInline var count: Int
        @usableFromInline var fingerprint: UInt64
        @usableFromInline var offset: Int
    }

    /// The strings, in the order given.
    public let strings: [String]
    /// Every string's UTF-8, one after the other.
    @usableFromInline let utf8: [UInt8]
    /// A power of two of them, at least twice as many as strings.
    @usableFromInline let slots: [Slot]
    /// Each string's UTF-8 as words, by position, for the guesses (`Guesses`).
    @usableFromInline let words: [Words]

    /// A string of up to 16 bytes as two words: its first eight bytes (zero-padded) and,
    /// beyond eight, its last eight; `count` is -1 for a longer string. Likewise the string
    /// as a key, quoted and followed by its colon, up to 16 bytes in all.
    @usableFromInline struct Words: Sendable {
        @usableFromInline var count: Int
        @usableFromInline var first: UInt64
        @usableFromInline var last: UInt64
        /// The bits of `first` the string fills.
        @usableFromInline var mask: UInt64
        /// `"string":` as `count`, `first`, `last` and `mask` are the string.
        @usableFromInline var keyCount: Int
        @usableFromInline var keyFirst: UInt64
        @usableFromInline var keyLast: UInt64
        @usableFromInline var keyMask: UInt64
    }

    /// Creates a table of distinct strings.
    public init(_ strings: [String]) {
        precondition(Set(strings).count == strings.count, "a JSONStringTable's strings must be distinct")
        self.strings = strings
        utf8 = strings.flatMap(\.utf8)
        var size = 4
        while size < 2 * strings.count { size *= 2 }
        var slots = [Slot](repeating: Slot(index: -1, count: 0, fingerprint: 0, offset: 0), count: size)
        var words: [Words] = []
        var offset = 0
        for (index, string) in strings.enumerated() {
            let count = string.utf8.count
            let fingerprint = utf8.withUnsafeBytes { TapeEntry.fingerprint(UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count])) }
            var slot = Self.slot(count: count, fingerprint: fingerprint, size: size)
            while slots[slot].index >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Slot(index: index, count: count, fingerprint: fingerprint, offset: offset)
            let last = count > 8 ? utf8.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + count - 8, as: UInt64.self) } : 0
            let key = [UInt8(ascii: "\"")] + Array(string.utf8) + [UInt8(ascii: "\""), UInt8(ascii: ":")] + Array(repeating: 0, count: 8)
            let keyFirst = key.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            let keyLast = key.count - 8 > 8 ? key.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: count + 3 - 8, as: UInt64.self) } : 0
            words.append(Words(count: count <= 16 ? count : -1, first: fingerprint, last: last, mask: Self.mask(count),
                               keyCount: count + 3 <= 16 ? count + 3 : -1, keyFirst: keyFirst & Self.mask(count + 3), keyLast: keyLast, keyMask: Self.mask(count + 3)))
            offset += count
        }
        self.slots = slots
        self.words = words
    }

    /// The bits of a word that its first `count` bytes fill.
    static func mask(_ count: Int) -> UInt64 { count >= 8 ? ~0 : (1 &<< UInt64(count &* 8)) &- 1 }

    @inlinable static func slot(count: Int, fingerprint: UInt64, size: Int) -> Int {
        Int(truncatingIfNeeded: (fingerprint &+ UInt64(truncatingIfNeeded: count)) &* 0x9E37_79B9_7F4A_7C15 >> 40) & (size - 1)
    }

    /// The position of the string whose UTF-8 is the `count` bytes at `bytes`, whose
    /// fingerprint is `fingerprint`; `nil` when there is none.
    @inlinable func index(of bytes: UnsafePointer<UInt8>, count: Int, fingerprint: UInt64) -> Int? {
        var slot = Self.slot(count: count, fingerprint: fingerprint, size: slots.count)
        while true {
            let candidate = slots[slot]
            guard candidate.index >= 0 else { return nil }
            if candidate.count == count, candidate.fingerprint == fingerprint {
                // Up to eight bytes, the fingerprint is the string (its first eight); up to 16,
                // the last eight compared as one word (a call of `memcmp` costs more).
                if count <= 8 || utf8.withUnsafeBufferPointer({ table in
                    let mine = UnsafeRawPointer(table.baseAddress! + candidate.offset)
                    return count <= 16
                        ? mine.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) == UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                        : memcmp(mine, bytes, count) == 0
                }) {
                    return candidate.index
                }
            }
            slot = (slot + 1) & (slots.count - 1)
        }
    }
}

extension JSONStringTable.Words {
    /// The length of this string, quoted, when `input` holds it at `position`: compared word
    /// by word (strings of up to 16 bytes), with no scan or lookup. `nil` for another string,
    /// a longer one, or when fewer than 18 bytes are left (the caller then looks the string up).
    @inlinable @inline(__always)
    func quotedLength(at position: Int, in input: UnsafeBufferPointer<UInt8>) -> Int? {
        guard count >= 0, position &+ 18 <= input.count else { return nil }
        let body = UnsafeRawPointer(input.baseAddress! + (position &+ 1))
        let head = body.loadUnaligned(as: UInt64.self)
        guard input[position] == UInt8(ascii: "\""), head & mask == first, input[position &+ 1 &+ count] == UInt8(ascii: "\""),
              count <= 8 || body.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) == last
        else { return nil }
        return count &+ 2
    }

    /// The length of this string as a key, quoted and with its colon, when `input` holds it
    /// so at `position`: compared word by word (keys of up to 13 bytes), with no scan or
    /// lookup. `nil` for another key, a longer one, one spaced from its colon, or when fewer
    /// than 18 bytes are left (the caller then looks the key up).
    @inlinable @inline(__always)
    func keyLength(at position: Int, in input: UnsafeBufferPointer<UInt8>) -> Int? {
        guard position &+ 18 <= input.count else { return nil }
        guard keyCount >= 0 else {
            // A longer key: the string, then its colon.
            guard let length = quotedLength(at: position, in: input), position &+ length < input.count,
                  input[position &+ length] == UInt8(ascii: ":") else { return nil }
            return length &+ 1
        }
        let start = UnsafeRawPointer(input.baseAddress! + position)
        guard start.loadUnaligned(as: UInt64.self) & keyMask == keyFirst,
              keyCount <= 8 || start.loadUnaligned(fromByteOffset: keyCount &- 8, as: UInt64.self) == keyLast
        else { return nil }
        return keyCount
    }
}

extension JSONStringTable {
    /// A table's strings as the words its guesses are compared with (the `guessing:`
    /// readings of `PlainJSONReader`), in room of their own that is never freed: made once
    /// for a table kept for the process's life (a schema's), they are copied without a
    /// reference to retain, so that a reader can keep them where its hot loop reads them
    /// rather than reach the table through a global checked for initialization at each use.
    public struct Guesses: @unchecked Sendable {
        @usableFromInline let words: UnsafePointer<Words>
        /// How many strings the table has.
        public let count: Int
    }

    /// This table's guesses, in room allocated for good (make them once per table).
    public func makeGuesses() -> Guesses {
        let room = UnsafeMutablePointer<Words>.allocate(capacity: words.count)
        room.initialize(from: words, count: words.count)
        return Guesses(words: room, count: words.count)
    }
}

extension JSONDocument {
    /// The position in `table` of the string `value`, or `nil` when `value` is not a string
    /// or not one of the table's.
    @inlinable public func index(of value: JSONValue, in table: JSONStringTable) -> Int? {
        let entry = tape[value.index]
        guard entry.tag == .string else { return nil }
        guard entry.flags & TapeEntry.escaped == 0 else { return indexOfEscaped(entry, in: table) }
        return bytes.withUnsafeBufferPointer { buffer in
            table.index(of: buffer.baseAddress! + Int(entry.start) + 1, count: Int(entry.end - entry.start) - 2, fingerprint: entry.payload)
        }
    }

    @usableFromInline func indexOfEscaped(_ entry: TapeEntry, in table: JSONStringTable) -> Int? {
        Self.unescape(bytes[Int(entry.start) + 1..<Int(entry.end) - 1]).withUnsafeBufferPointer { table.index(ofUTF8: $0) }
    }
}

extension JSONStringTable {
    /// The position of the string equal to `string` byte for byte, or `nil`: for names
    /// looked up outside a document (a native or small `String` is read in place).
    public func index(of string: String) -> Int? {
        var string = string
        return string.withUTF8 { index(ofUTF8: $0) }
    }

    /// The position of the string whose UTF-8 is `buffer`, or `nil`.
    @usableFromInline func index(ofUTF8 buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        // An empty buffer may have no address: any address will do for no bytes.
        let raw = UnsafeRawBufferPointer(buffer)
        // Eight bytes or more: the fingerprint is their first eight, one load.
        let fingerprint = raw.count >= 8 ? UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) : TapeEntry.fingerprint(raw)
        return withUnsafePointer(to: 0 as UInt8) { empty in
            index(of: buffer.baseAddress ?? empty, count: buffer.count, fingerprint: fingerprint)
        }
    }
}
