/// The text of an SVG document under construction: XML-escaped strings and numbers written
/// the same way every time, so that the same scene gives the same bytes.
struct SVGText {
    private(set) var text = ""

    init(reservingCapacity capacity: Int) {
        text.reserveCapacity(capacity)
    }

    /// Appends markup written by the renderer itself (never request text).
    mutating func raw(_ markup: String) {
        text += markup
    }

    /// Appends `value` escaped for both character data and a double-quoted attribute:
    /// `&`, `<`, `>`, `"` and `'` become references, and characters XML 1.0 forbids
    /// (controls other than tab, line feed and carriage return, lone surrogates cannot
    /// occur in a Swift string, U+FFFE and U+FFFF) become U+FFFD, so that any id stays text.
    mutating func escaped(_ value: String) {
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": text += "&amp;"
            case "<": text += "&lt;"
            case ">": text += "&gt;"
            case "\"": text += "&quot;"
            case "'": text += "&#39;"
            case "\t", "\n", "\r": text += "&#\(scalar.value);"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    text.unicodeScalars.append("\u{FFFD}")
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
    }

    /// Appends a number: rounded to thousandths, no exponent, no trailing zeros, `-0` as `0`.
    mutating func number(_ value: Double) {
        text += Self.format(value)
    }

    /// `value` as ``number(_:)`` writes it.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let thousandths = (value * 1000).rounded()
        guard abs(thousandths) < 9e15 else { return String(Int64(value.rounded())) }
        let whole = Int64(thousandths)
        if whole == 0 { return "0" }
        let magnitude = whole.magnitude
        var result = whole < 0 ? "-" : ""
        result += String(magnitude / 1000)
        var fraction = magnitude % 1000
        if fraction != 0 {
            var digits = 3
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let text = String(fraction)
            result += "." + String(repeating: "0", count: digits - text.count) + text
        }
        return result
    }

    /// Appends ` name="value"` for a number.
    mutating func attribute(_ name: String, _ value: Double) {
        text += " " + name + "=\""
        number(value)
        text += "\""
    }

    /// Appends `x`, `y`, `width` and `height` attributes for `rect`.
    mutating func rectAttributes(_ rect: (x: Double, y: Double, width: Double, height: Double)) {
        attribute("x", rect.x)
        attribute("y", rect.y)
        attribute("width", max(rect.width, 0))
        attribute("height", max(rect.height, 0))
    }
}
