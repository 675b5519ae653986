import Foundation
public import ServiceKit
public import MicroHTTP

/// A real ``HTTPService`` listening on an ephemeral loopback port, for tests that talk
/// HTTP over sockets. Stop it when done (``stop(drainTimeout:)``); tests in other files
/// and targets may reuse it.
///
/// ```swift
/// let live = try LiveServer(routes: [myTestRoute])
/// defer { live.stop() }
/// let response = try live.request(.get, "/healthz")
/// ```
public final class LiveServer: Sendable {
    /// The running service.
    public let service: HTTPService
    /// The port it listens on.
    public let port: Int

    /// The base URL, e.g. `http://127.0.0.1:41234`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts a service with `routes` added to the operational ones; the server settings
    /// default to two threads and no access log.
    public init(
        routes: [Route] = [],
        server: HTTPServerConfiguration = HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 2),
        cors: CORSPolicy = .anyOrigin,
        openAPIDocument: [UInt8] = []
    ) throws {
        var server = server
        server.port = 0
        service = HTTPService(
            configuration: ServiceConfiguration(server: server, cors: cors, accessLog: false, openAPIDocument: openAPIDocument),
            routes: routes
        )
        port = try service.start()
    }

    /// Drains and stops the server (no drain delay); returns whether every request in
    /// flight finished.
    @discardableResult
    public func stop(drainTimeout: Duration = .seconds(5)) -> Bool {
        service.shutdown(drainDelay: .zero, drainTimeout: drainTimeout)
    }

    /// Opens a new connection to the server; `timeout` is multiplied by
    /// `$INSETD_TEST_TIMEOUT_SCALE` (scripts/test sets 10 for the sanitizer runs, whose code
    /// runs several times slower).
    public func connect(timeout: Duration = .seconds(5)) throws -> HTTPClientConnection {
        try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: timeout * Self.timeoutScale)
    }

    private static let timeoutScale = ProcessInfo.processInfo.environment["INSETD_TEST_TIMEOUT_SCALE"].flatMap(Int.init) ?? 1

    /// Sends one request on a new connection and reads the answer.
    public func request(_ method: RawMethod, _ target: String, headers: RawHeaders = RawHeaders(), body: [UInt8] = []) throws -> RawResponse {
        let connection = try connect()
        try connection.send(method, target, headers: headers, body: body)
        return try connection.readResponse(bodyless: method == .head)
    }
}

/// An answer with body bytes: the server's (``RawResponse``) or a route's (``RouteResponse``).
public protocol AnswerBody {
    /// The body bytes.
    var body: [UInt8] { get }
}

extension AnswerBody {
    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as a JSON object (nil when it is not one).
    public var jsonObject: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
    }
}

extension RawResponse: AnswerBody {}

extension RouteResponse: AnswerBody {}
