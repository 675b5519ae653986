/// The hardware model identifiers a profile lists (`iPhone16,1`, `iPad7,5`, `AppleTV5,3`):
/// what `uname`'s machine field and `sysctl hw.machine` report on the device.
public enum ModelIdentifier {
    /// Whether `text` has the form of a model identifier: ASCII letters, digits, a comma,
    /// digits. The registry's files list only such identifiers, and `?model=` takes only
    /// such values.
    public static func isWellFormed(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        var letters = 0
        var byte = bytes.next()
        while let current = byte, isLetter(current) {
            letters += 1
            byte = bytes.next()
        }
        var major = 0
        while let current = byte, isDigit(current) {
            major += 1
            byte = bytes.next()
        }
        guard letters > 0, major > 0, byte == UInt8(ascii: ",") else { return false }
        var minor = 0
        while let current = bytes.next() {
            guard isDigit(current) else { return false }
            minor += 1
        }
        return minor > 0
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
