/// Reads `Content-Type` values.
enum MediaType {
    /// Whether `contentType` is `application/json` or `application/*+json`, with at most
    /// a `charset=utf-8` parameter (names and values compared without regard to case).
    static func isJSON(_ contentType: String) -> Bool {
        // What nearly every client sends, compared whole before any splitting; every
        // other spelling (case, spaces, parameters) takes the general path below.
        if contentType == "application/json" { return true }
        let parts = contentType.split(separator: ";", omittingEmptySubsequences: false)
        let essence = parts[0].trimmingASCIISpaces().lowercased()
        let subtypeOK: Bool
        if essence == "application/json" {
            subtypeOK = true
        } else if essence.hasPrefix("application/"), essence.hasSuffix("+json"), essence.count > "application/+json".count {
            subtypeOK = true
        } else {
            subtypeOK = false
        }
        guard subtypeOK else { return false }
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingASCIISpaces().lowercased() == "charset" else { return false }
            var value = pair[1].trimmingASCIISpaces()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = value.dropFirst().dropLast() }
            guard value.lowercased() == "utf-8" else { return false }
        }
        return true
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    public func trimmingASCIISpaces() -> SubSequence {
        var text = self[...]
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
