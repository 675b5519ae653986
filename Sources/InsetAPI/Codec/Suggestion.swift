import JSONCore

/// API.md "Errors": the texts of unknown fields, words and devices, and the nearest allowed
/// word each names ("Suggestions").
enum Suggestion {
    /// Words longer than this (in Unicode code points), and empty ones, get no suggestion.
    static let maxLength = 64

    /// The word of `allowed` to suggest for `word`: equal to it ignoring ASCII case, `-`,
    /// `_` and spaces (distance 0), or within an optimal-string-alignment distance of 2
    /// that is at most a third of the longer word's length, rounded up; the nearest, the
    /// earlier in `allowed` on a tie. `nil` when none is close.
    static func nearest(to word: String, in allowed: [String]) -> String? {
        let scalars = Array(word.unicodeScalars)
        guard !scalars.isEmpty, scalars.count <= maxLength else { return nil }
        let loose = loosened(word)
        var best: (distance: Int, word: String)?
        for candidate in allowed {
            let distance: Int
            if loosened(candidate) == loose {
                distance = 0
            } else {
                let other = Array(candidate.unicodeScalars)
                let limit = min(2, (max(scalars.count, other.count) + 2) / 3)
                distance = Self.distance(scalars, other)
                guard distance <= limit else { continue }
            }
            if best.map({ distance < $0.distance }) ?? true { best = (distance, candidate) }
        }
        return best?.word
    }

    /// The three of `ids` nearest to `word` by distance (0 when equal ignoring case and
    /// separators), with no limit; ties in the order of `ids`.
    static func nearestThree(to word: String, in ids: [String]) -> [String] {
        let scalars = Array(word.unicodeScalars)
        let loose = loosened(word)
        let ranked = ids.enumerated().map { position, id in
            (distance: loosened(id) == loose ? 0 : distance(scalars, Array(id.unicodeScalars)), position: position, id: id)
        }
        return ranked.sorted { ($0.distance, $0.position) < ($1.distance, $1.position) }.prefix(3).map(\.id)
    }

    /// The optimal string alignment distance (restricted Damerau–Levenshtein): insertions,
    /// deletions, substitutions and swaps of two adjacent code points cost 1 each, no part
    /// edited twice; case-sensitive.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        var previous2 = [Int](repeating: 0, count: width)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: width)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }

    /// `word` without ASCII case, `-`, `_` and spaces.
    private static func loosened(_ word: String) -> [UInt8] {
        word.utf8.compactMap { byte in
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: " "): nil
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
            default: byte
            }
        }
    }

    /// `word` as a JSON string: RFC 8259's escapes for `"`, `\` and control characters,
    /// every other character as it is.
    static func quoted(_ word: String) -> String {
        var writer = JSONWriter(capacity: word.utf8.count + 8)
        writer.string(word)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// `; did you mean "word"?` for a suggestion, else nothing.
    private static func question(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean \(quoted($0))?" } ?? ""
    }

    /// An unknown field name at a place whose known fields are `allowed`.
    static func unknownField(_ name: String, allowed: [String]) -> (detail: String, suggestion: String?) {
        let suggestion = nearest(to: name, in: allowed)
        return ("unknown field \(quoted(name))" + question(suggestion), suggestion)
    }

    /// A word that is none of `allowed` (an enumeration's words, in their order).
    static func unknownWord(_ word: String, allowed: [String]) -> (detail: String, suggestion: String?) {
        let suggestion = nearest(to: word, in: allowed)
        return ("\(quoted(word)) is not one of " + allowed.joined(separator: ", ") + question(suggestion), suggestion)
    }

    /// A device name that is neither a registry id nor a listed model identifier; `ids` in
    /// registry order. Model identifiers are never suggested.
    static func unknownDevice(_ word: String, ids: [String]) -> (detail: String, suggestion: String?) {
        let head = "unknown device \(quoted(word))"
        let tail = "GET /devices lists every id"
        let length = word.unicodeScalars.count
        guard length > 0, length <= maxLength else { return ("\(head); \(tail)", nil) }
        let suggestion = nearest(to: word, in: ids)
        let nearest = nearestThree(to: word, in: ids).map(quoted).joined(separator: ", ")
        return ("\(head)\(suggestion == nil ? ";" : question(suggestion)) nearest ids: \(nearest); \(tail)", suggestion)
    }
}
