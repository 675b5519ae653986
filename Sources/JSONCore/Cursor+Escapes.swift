// Strings as JSON: what must be escaped, and the escapes.
extension Cursor {
    /// Whether `text` is ASCII with nothing to escape in a JSON string.
    @usableFromInline static func isPlain(_ text: StaticString) -> Bool {
        text.hasPointerRepresentation
            && !UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount).contains { $0 >= 0x80 || needsEscape($0) }
    }

    /// Whether `byte` must be escaped inside a JSON string.
    @usableFromInline @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
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
