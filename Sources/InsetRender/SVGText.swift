/// The bytes of an SVG document under construction: XML-escaped strings and numbers
/// written the same way every time, so that the same scene gives the same bytes. Written
/// straight into UTF-8 bytes: a picture is a few hundred small pieces, and a `String` per
/// number would cost more than the drawing.
struct SVGText {
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// The document so far, as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends markup written by the renderer itself (never request text).
    mutating func raw(_ markup: StaticString) {
        markup.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends a word the renderer chose (an enumeration's raw value, a colour; never
    /// request text).
    mutating func word(_ word: String) {
        var word = word
        word.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` escaped for both character data and a double-quoted attribute:
    /// `&`, `<`, `>`, `"` and `'` become references; the characters XML 1.0 cannot carry or
    /// that attributes normalise (every C0 control, tab, LF and CR included; U+FFFE;
    /// U+FFFF) are written `\uXXXX` and the backslash `\\`, so that distinct ids stay
    /// distinct and read back (API.md "POST /render").
    mutating func escaped(_ value: String) {
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": raw("&amp;")
            case "<": raw("&lt;")
            case ">": raw("&gt;")
            case "\"": raw("&quot;")
            case "'": raw("&#39;")
            case "\\": raw("\\\\")
            default:
                if Self.isWrittenAsEscape(scalar) {
                    raw("\\u")
                    let hex = Array("0123456789ABCDEF".utf8)
                    for shift in stride(from: 12, through: 0, by: -4) { bytes.append(hex[Int(scalar.value >> UInt32(shift)) & 0xF]) }
                } else {
                    UTF8.encode(scalar) { bytes.append($0) }
                }
            }
        }
    }

    /// The scalars ``escaped(_:)`` writes as `\uXXXX`.
    static func isWrittenAsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }

    /// How many characters `value` shows as once escaped (for the label width estimate):
    /// six per `\uXXXX`, two per `\\`, one per other scalar.
    static func shownLength(_ value: Substring.UnicodeScalarView) -> Int {
        value.reduce(0) { $0 + (isWrittenAsEscape($1) ? 6 : $1 == "\\" ? 2 : 1) }
    }

    /// Appends a number: rounded to thousandths, no exponent, no trailing zeros, `-0` as `0`.
    mutating func number(_ value: Double) {
        guard value.isFinite else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        let thousandths = (value * 1000).rounded()
        guard abs(thousandths) < 9e15 else {
            word(String(Int64(value.rounded())))
            return
        }
        let scaled = Int64(thousandths)
        if scaled < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = scaled.magnitude
        appendDigits(magnitude / 1000)
        var fraction = magnitude % 1000
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        var divisor: UInt64 = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    private mutating func appendDigits(_ value: UInt64) {
        guard value >= 10 else {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        // At most 16 digits (the caller keeps values under 9e15 / 1000).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var rest = value
            var start = 20
            while rest > 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<20]))
        }
    }

    /// `value` as ``number(_:)`` writes it.
    static func format(_ value: Double) -> String {
        var text = SVGText(reservingCapacity: 24)
        text.number(value)
        return text.text
    }

    /// Appends ` name="value"` for a number.
    mutating func attribute(_ name: StaticString, _ value: Double) {
        bytes.append(UInt8(ascii: " "))
        raw(name)
        raw("=\"")
        number(value)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `x`, `y`, `width` and `height` attributes for `rect`.
    mutating func rectAttributes(_ rect: (x: Double, y: Double, width: Double, height: Double)) {
        attribute("x", rect.x)
        attribute("y", rect.y)
        attribute("width", max(rect.width, 0))
        attribute("height", max(rect.height, 0))
    }
}
