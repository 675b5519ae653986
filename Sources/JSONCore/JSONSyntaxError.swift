/// Why a document is not JSON (RFC 8259), located by byte offset, line and column.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong at `offset`.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The document holds nothing but whitespace.
        case emptyDocument
        /// The input ends inside a value.
        case unexpectedEnd
        /// A value was expected (e.g. `[1, ]` or `{"a": }`).
        case expectedValue
        /// An object key (a string) was expected.
        case expectedKey
        /// `:` was expected after an object key.
        case expectedColon
        /// `,` or `}` was expected after an object member.
        case expectedCommaOrObjectEnd
        /// `,` or `]` was expected after an array element.
        case expectedCommaOrArrayEnd
        /// A comma directly before `}` or `]`.
        case trailingComma
        /// A word that is not `true`, `false` or `null`.
        case invalidLiteral
        /// A number with a superfluous leading zero (`01`).
        case leadingZero
        /// A number missing a digit (`-`, `1.`, `1e`).
        case invalidNumber
        /// An unescaped control character (U+0000–U+001F) in a string.
        case controlCharacter
        /// A backslash not followed by one of `"\/bfnrtu`.
        case invalidEscape
        /// `\u` not followed by four hexadecimal digits.
        case invalidUnicodeEscape
        /// A `\u` escape of a surrogate that is not part of a high–low pair.
        case loneSurrogate
        /// Bytes that are not well-formed UTF-8.
        case invalidUTF8
        /// Something other than whitespace after the document's value.
        case trailingData
        /// Arrays and objects nested deeper than the limit.
        case nestingTooDeep(limit: Int)
        /// A document too large for the reader's 32-bit offsets.
        case documentTooLarge

        /// A short human-readable reason.
        public var description: String {
            switch self {
            case .emptyDocument: "empty document"
            case .unexpectedEnd: "unexpected end of input"
            case .expectedValue: "expected a value"
            case .expectedKey: "expected '\"' to begin an object key"
            case .expectedColon: "expected ':' after object key"
            case .expectedCommaOrObjectEnd: "expected ',' or '}' after object member"
            case .expectedCommaOrArrayEnd: "expected ',' or ']' after array element"
            case .trailingComma: "trailing comma"
            case .invalidLiteral: "invalid literal (expected true, false or null)"
            case .leadingZero: "leading zero in a number"
            case .invalidNumber: "invalid number (expected a digit)"
            case .controlCharacter: "unescaped control character in a string"
            case .invalidEscape: "invalid escape sequence in a string"
            case .invalidUnicodeEscape: "invalid \\u escape (expected four hexadecimal digits)"
            case .loneSurrogate: "unpaired surrogate in a \\u escape"
            case .invalidUTF8: "invalid UTF-8"
            case .trailingData: "unexpected data after the JSON value"
            case .nestingTooDeep(let limit): "arrays and objects nested deeper than \(limit) levels"
            case .documentTooLarge: "document too large"
            }
        }
    }

    /// What is wrong.
    public var reason: Reason
    /// The byte offset of the offending byte (the input's length when it ends early).
    public var offset: Int
    /// The 1-based line of `offset`.
    public var line: Int
    /// The 1-based column of `offset`, counted in Unicode scalars.
    public var column: Int
    /// The innermost value being read when the error was found; `nil` outside any array or object.
    public var pointer: JSONPointer?

    /// Creates an error.
    public init(reason: Reason, offset: Int, line: Int, column: Int, pointer: JSONPointer? = nil) {
        self.reason = reason
        self.offset = offset
        self.line = line
        self.column = column
        self.pointer = pointer
    }

    /// E.g. `expected ',' or '}' after object member at line 3, column 7`.
    public var description: String { "\(reason) at line \(line), column \(column)" }
}
