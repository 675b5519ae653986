public import HTTPTypes

/// Whether a route reads a request body.
public enum RouteBody: Sendable, Equatable {
    /// No body is read (one sent is ignored, but still limited in size).
    case none
    /// A JSON body: a `Content-Type` other than `application/json` or
    /// `application/*+json` (optionally `; charset=utf-8`) is answered with 415 before
    /// the handler runs; a body without `Content-Type` is read as JSON.
    case json
}

/// A route handler: answers a request or throws the ``Problem`` to answer with.
/// Called on the server's pool threads, so it must not block for long.
public typealias RouteHandler = @Sendable (RouteRequest) throws(Problem) -> RouteResponse

/// One method on one path pattern, and the handler answering it.
///
/// ```swift
/// Route(.get, "/devices/{id}") { request throws(Problem) in
///     guard let id = request.parameter("id"), let device = registry[id] else {
///         throw Problem(status: 404, detail: "no device with that id")
///     }
///     return .json(encode(device))
/// }
/// ```
public struct Route: Sendable {
    /// The method answered; a `GET` route answers `HEAD` too, and `OPTIONS` is answered
    /// for every route by the service.
    public var method: HTTPRequest.Method
    /// The path pattern: `/`-separated literal segments and `{name}` parameters, e.g.
    /// `/devices/{id}/emulation`. It is also the `route` label in the metrics.
    public var pattern: String
    /// Whether the route reads a JSON body.
    public var body: RouteBody
    /// The handler.
    public var handler: RouteHandler

    /// Creates a route.
    /// - Parameters:
    ///   - method: the method answered.
    ///   - pattern: the path pattern, starting with `/`.
    ///   - body: `.json` for routes that read a JSON body.
    ///   - handler: answers the request or throws a ``Problem``.
    public init(_ method: HTTPRequest.Method, _ pattern: String, body: RouteBody = .none, handler: @escaping RouteHandler) {
        self.method = method
        self.pattern = pattern
        self.body = body
        self.handler = handler
    }
}
