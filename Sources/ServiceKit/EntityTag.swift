import JSONCore

/// Entity tags and `If-None-Match` (RFC 9110 §8.8.3, §13.1.2), for the answers that carry
/// an `ETag`.
public enum EntityTag {
    /// The strong tag `"<opaque>"` (quoted, as the field carries it).
    public static func strong(_ opaque: String) -> String {
        "\"" + opaque + "\""
    }

    /// The strong tag of an answer's bytes: their ``ContentDigest``.
    public static func strong(over bytes: [UInt8]) -> String {
        strong(ContentDigest.hex(bytes))
    }

    /// Whether a GET whose `If-None-Match` fields are `ifNoneMatch` answers 304 Not
    /// Modified for the current tag `etag`: the fields (one list, as RFC 9110 §5.3 joins
    /// repeated fields) hold `*` or a tag that matches `etag` by the weak comparison
    /// (`W/"x"` matches `"x"`). A field that is neither `*` nor a list of entity tags
    /// matches nothing: the precondition is ignored and the answer is the 200.
    public static func notModified(ifNoneMatch: [String], etag: String) -> Bool {
        guard !ifNoneMatch.isEmpty else { return false }
        let bytes = Array(ifNoneMatch.joined(separator: ",").utf8)
        let current = Array(opaqueTag(etag).utf8)
        var index = 0
        func skipSpace() {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        }
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "*") {
            index += 1
            skipSpace()
            return index == bytes.count
        }
        var matched = false
        while true {
            // Empty list elements (`, ,`) are allowed (RFC 9110 §5.6.1).
            while index < bytes.count, bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                index += 1
            }
            guard index < bytes.count else { return matched }
            if bytes[index] == UInt8(ascii: "W"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") { index += 2 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
            let start = index
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                guard isTagCharacter(bytes[index]) else { return false }
                index += 1
            }
            guard index < bytes.count else { return false }
            index += 1
            if bytes[start..<index].elementsEqual(current) { matched = true }
            skipSpace()
            guard index == bytes.count || bytes[index] == UInt8(ascii: ",") else { return false }
        }
    }

    /// The tag without a weak `W/` prefix.
    private static func opaqueTag(_ tag: String) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : Substring(tag)
    }

    /// `etagc`: `!`, `#`–`~` and obs-text (any byte from 0x80).
    private static func isTagCharacter(_ byte: UInt8) -> Bool {
        byte == 0x21 || (0x23...0x7e).contains(byte) || byte >= 0x80
    }
}
