/// An HTTP request method as libmicrohttpd read it: any token a client sends, not only the
/// well-known ones.
public struct RawMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method token as sent, e.g. `GET` (methods are case-sensitive).
    public let rawValue: String

    /// Creates a method from its token.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a method from a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The method token.
    public var description: String { rawValue }

    /// `GET`.
    public static let get: RawMethod = "GET"
    /// `HEAD`: a `GET` whose answer carries no body.
    public static let head: RawMethod = "HEAD"
    /// `POST`.
    public static let post: RawMethod = "POST"
    /// `PUT`.
    public static let put: RawMethod = "PUT"
    /// `DELETE`.
    public static let delete: RawMethod = "DELETE"
    /// `PATCH`.
    public static let patch: RawMethod = "PATCH"
    /// `OPTIONS`: CORS preflights.
    public static let options: RawMethod = "OPTIONS"
    /// `TRACE`.
    public static let trace: RawMethod = "TRACE"
    /// `CONNECT`.
    public static let connect: RawMethod = "CONNECT"
}
