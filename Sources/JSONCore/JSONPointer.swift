/// A JSON Pointer (RFC 6901): the reference tokens from the document's root to one value.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
    /// The unescaped reference tokens, outermost first (array indices as decimal text).
    public private(set) var tokens: [String]

    /// Creates a pointer from unescaped tokens; no tokens is the whole document (`""`).
    public init(tokens: [String] = []) {
        self.tokens = tokens
    }

    /// Parses the text form (`/a/b~1c`); `nil` if it does not start with `/` (and is not
    /// empty) or holds a `~` not followed by `0` or `1`.
    public init?(_ text: String) {
        if text.isEmpty {
            self.init()
            return
        }
        guard text.utf8.first == UInt8(ascii: "/") else { return nil }
        var tokens: [String] = []
        for raw in text.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            guard let token = Self.unescape(raw) else { return nil }
            tokens.append(token)
        }
        self.init(tokens: tokens)
    }

    /// The whole document.
    public static let root = JSONPointer()

    /// This pointer extended by an object key.
    public func appending(_ key: String) -> JSONPointer {
        var copy = self
        copy.tokens.append(key)
        return copy
    }

    /// This pointer extended by an array index.
    public func appending(_ index: Int) -> JSONPointer {
        appending(String(index))
    }

    /// The text form: each token escaped and preceded by `/`.
    public var description: String {
        var text = ""
        for token in tokens {
            text += "/"
            text += Self.escape(token)
        }
        return text
    }

    /// Escapes one reference token: `~` becomes `~0`, `/` becomes `~1`.
    public static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(token.utf8.count + 2)
        for byte in token.utf8 {
            switch byte {
            case UInt8(ascii: "~"): bytes += [UInt8(ascii: "~"), UInt8(ascii: "0")]
            case UInt8(ascii: "/"): bytes += [UInt8(ascii: "~"), UInt8(ascii: "1")]
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func unescape(_ raw: some Collection<UInt8>) -> String? {
        var bytes: [UInt8] = []
        var iterator = raw.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "~") else {
                bytes.append(byte)
                continue
            }
            switch iterator.next() {
            case UInt8(ascii: "0"): bytes.append(UInt8(ascii: "~"))
            case UInt8(ascii: "1"): bytes.append(UInt8(ascii: "/"))
            default: return nil
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
