import Foundation
import HTTPTypes
public import MicroHTTP

/// The insetd HTTP service: routes requests to handlers, answers errors as
/// problem+json, adds CORS headers, request ids and `X-Content-Type-Options: nosniff`,
/// counts metrics, writes the access log, and runs the HTTP server with a graceful
/// shutdown.
///
/// The operational routes (`/healthz`, `/readyz`, `/metrics`, `/openapi.yaml`) are always
/// present; the product routes are the `routes` passed in. With
/// ``ServiceConfiguration/adminAddress``, a second server (the admin listener) answers
/// `/healthz`, `/readyz` and `/metrics` only, and `/metrics` leaves the public port:
///
/// ```swift
/// let service = HTTPService(configuration: configuration, routes: [
///     Route(.get, "/devices") { request throws(Problem) in ... },
///     Route(.post, "/layout", body: .json) { request throws(Problem) in ... },
/// ])
/// let port = try service.start()
/// ...
/// service.shutdown(drainDelay: .seconds(5), drainTimeout: .seconds(20))
/// ```
///
/// For every request, in this order: a framing that cannot be trusted → 400 or 501;
/// unknown path → 404; `OPTIONS` → 204 preflight; a method the path does not allow → 405
/// with `Allow`; answers in flight over the budget → 503 (not for health, readiness and
/// metrics); a body over the limit → 413; a
/// JSON route given a non-JSON `Content-Type` → 415; then the handler, which answers or
/// throws a ``Problem`` (400, 422, …).
public final class HTTPService: Sendable {
    /// The configuration the service was created with.
    public let configuration: ServiceConfiguration

    private let router: Router
    private let metrics: ServiceMetrics
    private let accessLog: AccessLog?
    private let state = DrainState()
    private let running = RunningServer()
    private let runningAdmin = RunningServer()
    /// The router entry the public listener does not serve (`/metrics` when the admin
    /// listener serves it), or -1.
    private let hiddenPublicEntry: Int
    private let startTime: Double

    /// Creates the service.
    /// - Parameters:
    ///   - configuration: listening address, limits, CORS, access log, OpenAPI bytes.
    ///   - routes: the product routes; the operational routes are added to them.
    ///   - accessLog: where one line per request goes when
    ///     ``ServiceConfiguration/accessLog`` is on.
    public init(configuration: ServiceConfiguration, routes: [Route] = [], accessLog: AccessLog = AccessLog()) {
        self.configuration = configuration
        self.accessLog = configuration.accessLog ? accessLog : nil
        startTime = Date().timeIntervalSince1970
        let patterns = (OperationalRoutes.patterns + routes.map(\.pattern)).reduce(into: [String]()) { unique, pattern in
            if !unique.contains(pattern) { unique.append(pattern) }
        }
        let metrics = ServiceMetrics(routePatterns: patterns, also: configuration.metricsFactory)
        self.metrics = metrics
        let operational = OperationalRoutes(
            drain: state, metrics: metrics, openAPIDocument: configuration.openAPIDocument,
            version: configuration.version, startTime: startTime, publicServer: running
        )
        router = Router(routes: operational.routes + routes)
        precondition(router.entries.map(\.pattern) == patterns, "route labels out of step with the router")
        hiddenPublicEntry = configuration.adminAddress == nil ? -1 : patterns.firstIndex(of: "/metrics")!
    }

    /// Whether the service is draining (``beginDraining()`` was called): `/readyz` answers 503.
    public var isDraining: Bool { state.isDraining }

    /// Marks the service as draining: `/readyz` answers 503 from now on, everything else
    /// is still served.
    public func beginDraining() {
        state.beginDraining()
    }

    /// Starts the HTTP server, and the admin listener when there is an admin address, and
    /// returns the port the public server listens on (the ephemeral one when the
    /// configured port is 0; ``adminPort`` tells the admin listener's).
    @discardableResult
    public func start() throws(HTTPServerError) -> Int {
        let server = HTTPServer(configuration: configuration.server) { [self] request in
            respond(to: request)
        }
        try server.start()
        if let adminConfiguration = configuration.adminServer {
            let admin = HTTPServer(configuration: adminConfiguration) { [self] request in
                respond(to: request, onAdminListener: true)
            }
            do {
                try admin.start()
            } catch {
                server.stop()
                throw error
            }
            runningAdmin.set(admin)
        }
        running.set(server)
        return server.port
    }

    /// The port the server listens on, or nil when it is not running.
    public var port: Int? { running.server?.port }

    /// The port the admin listener listens on, or nil when it is not running (or there
    /// is none).
    public var adminPort: Int? { runningAdmin.server?.port }

    /// Graceful shutdown: `/readyz` answers 503 at once while everything else is still
    /// served for `drainDelay` (so load balancers stop sending work), then the server
    /// stops accepting connections, lets requests in flight finish for up to
    /// `drainTimeout`, and stops; the admin listener answers all along (probes see the
    /// 503) and stops last. Then writes the access-log lines still queued. Returns
    /// whether every request finished in time.
    @discardableResult
    public func shutdown(drainDelay: Duration, drainTimeout: Duration) -> Bool {
        beginDraining()
        if drainDelay > .zero {
            Thread.sleep(forTimeInterval: drainDelay.inSeconds)
        }
        var finished = running.take()?.shutdown(timeout: drainTimeout) ?? true
        // Its requests are probes and scrapes, answered in microseconds.
        if let admin = runningAdmin.take(), !admin.shutdown(timeout: .seconds(1)) { finished = false }
        accessLog?.flush()
        return finished
    }

    /// Answers one request that came in on the public port (called on the server's
    /// threads; tests may call it directly).
    ///
    /// This is the service's border: the routes see the request and answer in
    /// apple/swift-http-types' terms (``RouteRequest``, ``RouteResponse``), converted here
    /// once from and to MicroHTTP's raw forms.
    public func respond(to request: RawRequest) -> RawResponse {
        respond(to: request, onAdminListener: false)
    }

    /// Answers one request that came in on the public port or the admin listener: the
    /// admin listener serves the operational routes it is for and nothing else, and the
    /// public port then does not serve `/metrics`.
    private func respond(to request: RawRequest, onAdminListener admin: Bool) -> RawResponse {
        let started = ContinuousClock.now
        let generatedID = metrics.begin()
        let requestID = Self.saneRequestID(request.headers["X-Request-Id"]) ?? generatedID
        let method = Self.method(request.method)
        var routeIndex = metrics.unmatchedRoute
        let answer: RouteResponse
        if let framing = request.framingError {
            answer = Self.problem(for: framing).response
        } else if !request.pathHoldsControlByte, let match = router.match(request.path),
           admin ? match.index < OperationalRoutes.adminPatterns.count : match.index != hiddenPublicEntry {
            routeIndex = match.index
            answer = self.answer(request, method: method, match: match, requestID: requestID)
        } else {
            let shown = request.pathHoldsControlByte ? "a path holding a control byte (%00-%1F or %7F)" : request.path
            answer = Problem(status: .notFound, detail: "no resource at \(shown)").response
        }
        // The service's own fields go straight into the raw answer (their names and values
        // are the service's, or an id and an origin it checked): with room for all five.
        var response = RawResponse(answer, reserving: 5)
        response.headers.add("X-Request-Id", requestID)
        response.headers.add("X-Content-Type-Options", "nosniff")
        addCORSHeaders(to: &response.headers, origin: request.headers["Origin"])
        let seconds = started.duration(to: .now).inSeconds
        metrics.end(route: routeIndex, method: method, status: response.status, seconds: seconds)
        accessLog?.record(
            method: request.method.rawValue, path: request.path, status: response.status,
            seconds: seconds, bytes: response.body.count, requestID: requestID
        )
        return response
    }

    /// The answer for a request whose path matched.
    /// `method` is nil when the request's is not a token (RFC 9110 section 9.1), which no
    /// route answers: 405 as for any other method the path does not allow.
    private func answer(_ request: RawRequest, method: HTTPRequest.Method?, match: Router.Match, requestID: String) -> RouteResponse {
        if method == .options {
            return preflight(allowing: router.entries[match.index].allowedMethods)
        }
        guard let method, let route = router.route(in: match.index, for: method) else {
            let allowed = router.entries[match.index].allowedMethods.map(\.rawValue).joined(separator: ", ")
            var response = Problem(status: .methodNotAllowed, detail: "\(request.method) is not allowed on \(request.path); allowed: \(allowed)").response
            response.headerFields[.allow] = allowed
            return response
        }
        let budget = configuration.server.inFlightBudgetBytes
        if request.overBudget || HTTPServer.bytesInFlight > budget, !Self.neverOverloaded.contains(router.entries[match.index].pattern) {
            return Problem.overloaded("request bodies and answers in flight exceed the server's budget of \(budget) bytes").response
        }
        if request.bodyTooLarge {
            return Problem(status: .contentTooLarge, detail: "the request body is larger than \(configuration.server.maxBodyBytes) bytes").response
        }
        if router.body(ofRoute: route) == .json, let contentType = request.headers["Content-Type"], !MediaType.isJSON(contentType) {
            return Problem(status: .unsupportedMediaType, detail: "Content-Type \(contentType) is not JSON; send application/json").response
        }
        do {
            return try router.answer(route: route, RouteRequest(raw: request, method: method, pathParameters: match.parameters, requestID: requestID))
        } catch {
            return error.response
        }
    }

    /// The answer to a request whose framing cannot be trusted (checked before anything else;
    /// the server closes the connection after it).
    static func problem(for framing: FramingError) -> Problem {
        switch framing {
        case .ambiguous(let why): .badRequest("the request's framing is ambiguous: \(why)")
        case .unsupportedCoding(let codings): Problem(status: .notImplemented, detail: "transfer coding \"\(codings)\" is not implemented; send the body with Content-Length or chunked")
        case .invalidHost(let why): .badRequest("\(why); send one Host field naming the server (RFC 9112 section 3.2)")
        }
    }

    /// The routes answered even over the in-flight budget: probes and scrapes must see an
    /// overloaded server as alive (their answers are small).
    private static let neverOverloaded: Set<String> = ["/healthz", "/readyz", "/metrics"]

    /// A `204` CORS preflight answer for a known path.
    private func preflight(allowing methods: [HTTPRequest.Method]) -> RouteResponse {
        let allowed = methods.map(\.rawValue).joined(separator: ", ")
        return RouteResponse(status: .noContent, headerFields: [
            .allow: allowed,
            .accessControlAllowMethods: allowed,
            .accessControlAllowHeaders: "Content-Type, Accept, X-Request-Id",
            .accessControlMaxAge: "600",
        ])
    }

    /// Adds the CORS fields to an answer's raw fields.
    private func addCORSHeaders(to headers: inout RawHeaders, origin: String?) {
        switch configuration.cors {
        case .anyOrigin:
            headers.add("Access-Control-Allow-Origin", "*")
        case .origins(let allowed):
            headers.add("Vary", "Origin")
            guard let origin, allowed.contains(origin) else {
                headers.remove("Access-Control-Allow-Methods")
                headers.remove("Access-Control-Allow-Headers")
                headers.remove("Access-Control-Max-Age")
                return
            }
            headers.add("Access-Control-Allow-Origin", origin)
        }
        headers.add("Access-Control-Expose-Headers", "X-Request-Id")
    }

    /// The request's method as swift-http-types has it, nil when it is not a token. The
    /// usual three are matched without checking their bytes again.
    static func method(_ raw: RawMethod) -> HTTPRequest.Method? {
        switch raw {
        case .get: .get
        case .post: .post
        case .head: .head
        default: HTTPRequest.Method(raw.rawValue)
        }
    }

    /// The client's request id when it is 1–128 visible ASCII characters, else nil.
    static func saneRequestID(_ value: String?) -> String? {
        guard let value, (1...128).contains(value.utf8.count),
              value.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        return value
    }
}

/// Whether the service is draining, shared with the `/readyz` handler.
final class DrainState: @unchecked Sendable {
    private let flag = NSLock()
    private var draining = false

    var isDraining: Bool { flag.withLock { draining } }

    func beginDraining() { flag.withLock { draining = true } }
}

/// The running HTTP server, if any.
final class RunningServer: @unchecked Sendable {
    private let lock = NSLock()
    private var current: HTTPServer?

    var server: HTTPServer? { lock.withLock { current } }

    func set(_ server: HTTPServer) { lock.withLock { current = server } }

    /// Removes and returns the server.
    func take() -> HTTPServer? {
        lock.withLock {
            defer { current = nil }
            return current
        }
    }
}
