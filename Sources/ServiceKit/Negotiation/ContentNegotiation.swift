import HTTPTypes

/// A media type an endpoint can answer with, as content negotiation compares it.
public struct AnswerType: Hashable, Sendable {
    /// The top-level type, lowercase (`text`).
    public let type: String
    /// The subtype, lowercase (`csv`).
    public let subtype: String
    /// The parameters the answer satisfies (names and values lowercase): a media range
    /// naming another parameter, or another value, does not match the answer.
    let satisfies: [String: String]

    /// `application/json`, the answer every negotiating endpoint offers first.
    public static let json = AnswerType(type: "application", subtype: "json", satisfies: ["charset": "utf-8"])
    /// `text/css`: `/devices/{id}/emulation`'s CSS alone.
    public static let css = AnswerType(type: "text", subtype: "css", satisfies: ["charset": "utf-8"])
    /// `text/csv`: `/layout/matrix` as lines; its header line is there (RFC 4180's `header=present`).
    public static let csv = AnswerType(type: "text", subtype: "csv", satisfies: ["charset": "utf-8", "header": "present"])

    /// `type/subtype`.
    public var name: String { "\(type)/\(subtype)" }
}

/// The content negotiation of API.md "Endpoints", for every endpoint that offers an answer
/// type besides JSON: no `Accept`, `*/*`, `application/*` or `application/json` gives JSON;
/// the other type, or its major type with `/*`, gives that type. Each type takes the q of
/// the most specific media range that matches it (RFC 9110 §12.5.1: `type/subtype` with
/// parameters over `type/subtype` over `type/*` over `*/*`), none matching counting as
/// q=0; the higher q wins, a tie goes to JSON, and q=0 excludes. When both are excluded
/// the answer is 406 `/problems/not-acceptable`.
///
/// ```swift
/// let type = try ContentNegotiation.choose(accept: request.header("Accept"), alternative: .csv)
/// ```
public enum ContentNegotiation {
    /// JSON or `alternative`, whichever `accept` (the `Accept` field values, joined with
    /// commas; nil when absent) prefers.
    /// - Throws: 406 when neither is acceptable.
    public static func choose(accept: String?, alternative: AnswerType) throws(Problem) -> AnswerType {
        let ranges = MediaRange.list(accept ?? "")
        // An absent field, an empty one, or one with no media range to read says nothing
        // about what the client takes: RFC 9110 §12.5.1 lets the server disregard it.
        guard !ranges.isEmpty else { return .json }
        let json = quality(of: .json, in: ranges)
        let other = quality(of: alternative, in: ranges)
        if json > 0, json >= other { return .json }
        if other > 0 { return alternative }
        throw Problem(
            status: 406,
            detail: "neither \(AnswerType.json.name) nor \(alternative.name), the answer types offered here, is acceptable as the request's Accept says"
        )
    }

    /// The q `ranges` give `type`: that of the most specific range matching it (the first
    /// of equally specific ones), 0 when none does.
    static func quality(of type: AnswerType, in ranges: [MediaRange]) -> Double {
        var best: (specificity: Int, q: Double)?
        for range in ranges {
            guard let specificity = range.specificity(matching: type) else { continue }
            if best == nil || specificity > best!.specificity { best = (specificity, range.q) }
        }
        return best?.q ?? 0
    }
}

/// One media range of an `Accept` field (RFC 9110 §12.5.1), lowercased.
struct MediaRange: Hashable, Sendable {
    /// The type, or `*`.
    var type: String
    /// The subtype, or `*`.
    var subtype: String
    /// The media-type parameters before the weight, names and values lowercased.
    var parameters: [String: String]
    /// The weight, 0 to 1 (1 when not given).
    var q: Double

    /// How specifically this range names `answer` (higher is more specific), or nil when
    /// it does not match it.
    func specificity(matching answer: AnswerType) -> Int? {
        if type == "*" { return parameters.isEmpty ? 0 : nil }
        guard type == answer.type else { return nil }
        if subtype == "*" { return parameters.isEmpty ? 1 : nil }
        guard subtype == answer.subtype else { return nil }
        for (name, value) in parameters where answer.satisfies[name] != value { return nil }
        return 2 + parameters.count
    }

    /// The media ranges of an `Accept` value; elements that are not media ranges (no
    /// `type/subtype`, `*/subtype`, a malformed parameter or weight) are left out.
    static func list(_ field: String) -> [MediaRange] {
        split(Substring(field), at: ",").compactMap { parse($0) }
    }

    /// One element: `type/subtype *( OWS ";" OWS name=value )`, the weight `q` among the
    /// parameters (what follows it, RFC 2616's accept-extensions, is ignored).
    static func parse(_ element: Substring) -> MediaRange? {
        let parts = split(element, at: ";")
        guard let essence = parts.first?.trimmingASCIISpaces(), !essence.isEmpty else { return nil }
        let names = essence.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard names.count == 2, isToken(names[0]), isToken(names[1]) else { return nil }
        var range = MediaRange(type: names[0].lowercased(), subtype: names[1].lowercased(), parameters: [:], q: 1)
        guard range.type != "*" || range.subtype == "*" else { return nil }
        for parameter in parts.dropFirst() {
            let pair = parameter.trimmingASCIISpaces().split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, isToken(pair[0]), let value = parameterValue(pair[1]) else { return nil }
            let name = pair[0].lowercased()
            if name == "q" {
                guard let q = weight(value) else { return nil }
                range.q = q
                break
            }
            range.parameters[name] = value.lowercased()
        }
        return range
    }

    /// A qvalue: `0` to `1` with at most three decimals (RFC 9110 §12.4.2).
    static func weight(_ text: String) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts[0] == "0" || parts[0] == "1" else { return nil }
        var thousandths = parts[0] == "1" ? 1000 : 0
        if parts.count == 2 {
            guard parts[1].count <= 3 else { return nil }
            var scale = 100
            for digit in parts[1].utf8 {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
                thousandths += Int(digit - UInt8(ascii: "0")) * scale
                scale /= 10
            }
        }
        return thousandths <= 1000 ? Double(thousandths) / 1000 : nil
    }

    /// A parameter value: a token, or a quoted string with its escapes taken out.
    private static func parameterValue(_ text: Substring) -> String? {
        if isToken(text) { return String(text) }
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return nil }
        var value = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                value.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return nil
            } else {
                value.append(character)
            }
        }
        return escaped ? nil : value
    }

    /// `text` cut at each `separator` outside quoted strings.
    private static func split(_ text: Substring, at separator: Character) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        var quoted = false, escaped = false
        for index in text.indices {
            let character = text[index]
            if escaped {
                escaped = false
            } else if quoted, character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if !quoted, character == separator {
                parts.append(text[start..<index])
                start = text.index(after: index)
            }
        }
        parts.append(text[start...])
        return parts
    }

    /// Whether `text` is an RFC 9110 token (`tchar`s, at least one).
    private static func isToken(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }
}
