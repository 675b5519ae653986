import Foundation

/// The `Date` header's value (RFC 9110 §5.6.7, IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`),
/// kept per pool thread and rebuilt when the second changes.
///
/// libmicrohttpd would add the header itself, but it formats it with `gmtime_r`, and glibc
/// takes one process-wide lock in every `gmtime_r` call, which the pool threads then contend
/// for in the middle of their answers (bench/PERF.md). The server therefore asks
/// libmicrohttpd to leave the header out and adds this one. The
/// answers libmicrohttpd makes by itself (a 431 for a header block over the connection
/// pool, a 400 for a malformed request) carry no `Date` now; API.md leaves those protocol
/// errors outside its contract.
struct HTTPDate {
    /// The second (since 1970, UTC) that `value` shows; `Int.min` before the first use.
    private var second = Int.min
    /// The header's value, NUL-terminated for libmicrohttpd.
    private(set) var value: [CChar] = []

    /// Brings `value` up to `now` (seconds since 1970, UTC) if the second has changed.
    mutating func refresh(now: Int) {
        guard now != second else { return }
        second = now
        value = Self.imfFixdate(now).map { CChar(bitPattern: $0) } + [0]
    }

    /// The IMF-fixdate for `seconds` since 1970, UTC; days from 1970 to the civil date as in
    /// Howard Hinnant's `civil_from_days` (proleptic Gregorian calendar).
    static func imfFixdate(_ seconds: Int) -> [UInt8] {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // 1970-01-01 was a Thursday.
        let weekday = ((days % 7) + 7 + 4) % 7
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)

        var out: [UInt8] = []
        out.reserveCapacity(29)
        out += weekdays[weekday].utf8
        out += ", ".utf8
        appendDigits(day, width: 2, to: &out)
        out.append(UInt8(ascii: " "))
        out += months[month - 1].utf8
        out.append(UInt8(ascii: " "))
        appendDigits(year, width: 4, to: &out)
        out.append(UInt8(ascii: " "))
        appendDigits(secondOfDay / 3_600, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay / 60 % 60, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, width: 2, to: &out)
        out += " GMT".utf8
        return out
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Appends `value` (not negative) in decimal, zero-padded to `width` digits.
    private static func appendDigits(_ value: Int, width: Int, to out: inout [UInt8]) {
        var digits: [UInt8] = []
        var rest = value
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        if digits.count < width { out += repeatElement(UInt8(ascii: "0"), count: width - digits.count) }
        out += digits.reversed()
    }
}
