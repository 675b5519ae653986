// Strings as JSON: what must be escaped, and the escapes.
extension Cursor {
    /// Whether `text` is ASCII with nothing to escape in a JSON string.
    @usableFromInline static func isPlain(_ text: StaticString) -> Bool {
        text.hasPointerRepresentation
            && !UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount).contains { $0 >= 0x80 || needsEscape($0) }
    }

    /// Whether `byte` must be escaped inside a JSON string.
    @inlinable @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Whether any byte of `utf8` must be escaped, tested eight bytes at a time (ids and
    /// keys are a few bytes long, and a test per byte costs more than writing them).
    @inlinable @inline(__always)
    static func needsEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = utf8.baseAddress else { return false }
        let bytes = UnsafeRawPointer(start), count = utf8.count
        if count >= 8 {
            var offset = 0
            while offset &+ 8 < count {
                if needsEscape(word: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
                offset &+= 8
            }
            // The last eight, maybe again some of the eight before.
            return needsEscape(word: bytes.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        } else if count >= 4 {
            // The first four and the last four, maybe overlapping.
            let first = UInt64(bytes.loadUnaligned(as: UInt32.self))
            let last = UInt64(bytes.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            return needsEscape(word: first | last &<< 32)
        }
        return utf8.contains(where: needsEscape)
    }

    /// Whether any of the eight bytes of `word` must be escaped: one below 0x20, a quote or a
    /// backslash (a byte below n is found by borrowing, exactly for n ≤ 128; a byte equal to
    /// c is a zero byte of `word ^ c…c`, which is below 1).
    @inlinable @inline(__always) static func needsEscape(word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func below(_ limit: UInt64, _ word: UInt64) -> UInt64 { (word &- ones &* limit) & ~word & highs }
        return below(0x20, word) | below(1, word ^ ones &* 0x22) | below(1, word ^ ones &* 0x5C) != 0
    }

    private static let hex: StaticString = "0123456789abcdef"

    /// Stores `utf8` escaped (JSON string contents).
    @usableFromInline mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                self.byte(UInt8(ascii: "\\"))
                self.byte(byte)
            case 0x0A: text("\\n")
            case 0x0D: text("\\r")
            case 0x09: text("\\t")
            case 0..<0x20:
                text("\\u00")
                self.byte(Self.hex.utf8Start[Int(byte >> 4)])
                self.byte(Self.hex.utf8Start[Int(byte & 0xF)])
            default:
                self.byte(byte)
            }
        }
    }
}
