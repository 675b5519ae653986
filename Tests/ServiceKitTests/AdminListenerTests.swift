import Foundation
@testable import ServiceKit
import HTTPTypes
import ServiceTestSupport
import MicroHTTP
import Testing

/// The admin listener (`--admin-address`) over real sockets: what it serves, what the
/// public port then stops serving, and its part in a graceful shutdown.
@Suite(.serialized) struct AdminListenerTests {
    /// A started service with an admin listener on an ephemeral loopback port.
    private static func start(routes: [Route] = TestRoutes.all, connectionLimit: Int = 1024) throws -> (service: HTTPService, port: Int, adminPort: Int) {
        let service = HTTPService(
            configuration: ServiceConfiguration(
                server: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 2, connectionLimit: connectionLimit), accessLog: false,
                openAPIDocument: Array("openapi: 3.1.0\n".utf8), adminAddress: ListenAddress(host: "127.0.0.1", port: 0)
            ),
            routes: routes
        )
        let port = try service.start()
        let adminPort = try #require(service.adminPort)
        return (service, port, adminPort)
    }

    private static func request(
        _ port: Int, _ method: RawMethod, _ target: String, headers: RawHeaders = RawHeaders()
    ) throws -> RawResponse {
        let connection = try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5))
        try connection.send(method, target, headers: headers)
        return try connection.readResponse(bodyless: method == .head)
    }

    /// The public port's connection table, exported where it is scraped: a third connection
    /// to a table of two evicts the oldest idle one.
    @Test func exportsThePublicPortsConnectionFigures() throws {
        let (service, port, adminPort) = try Self.start(connectionLimit: 2)
        defer { service.shutdown(drainDelay: .zero, drainTimeout: .seconds(5)) }
        func metric(_ name: String) throws -> String? {
            let text = try Self.request(adminPort, .get, "/metrics").text
            return text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.map { String($0.dropFirst(name.count + 1)) }
        }
        let idle = try (0..<2).map { _ in try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5)) }
        #expect(try eventually { try metric("insetd_connections_open") == "2" })
        #expect(try metric("insetd_connections_evicted_total") == "0")
        #expect(try Self.request(port, .get, "/healthz").status == 200)
        #expect(try metric("insetd_connections_evicted_total") == "1")
        #expect(try metric("insetd_connections_refused_total") == "0")
        #expect(try metric("insetd_connections_timed_out_total") == "0")
        #expect(try metric("insetd_accept_failures_total") == "0")
        withExtendedLifetime(idle) {}
    }

    @Test func servesHealthReadinessAndMetricsOnly() throws {
        let (service, port, adminPort) = try Self.start()
        defer { service.shutdown(drainDelay: .zero, drainTimeout: .seconds(5)) }
        #expect(adminPort != port)

        let healthy = try Self.request(adminPort, .get, "/healthz")
        #expect(healthy.status == 200)
        #expect(healthy.text == #"{"status":"ok"}"#)
        #expect(try Self.request(adminPort, .get, "/readyz").text == #"{"status":"ready"}"#)
        let metrics = try Self.request(adminPort, .get, "/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.headers["Content-Type"]?.hasPrefix("text/plain") == true)
        // The admin requests above are counted like any other.
        #expect(metrics.text.contains(#"route="/healthz""#))

        for target in ["/openapi.yaml", "/test/items/1", "/test/slow", "/devices", "/", "/metrics/"] {
            let response = try Self.request(adminPort, .get, target)
            #expect(response.status == 404, "\(target)")
            #expect(response.headers["Content-Type"] == "application/problem+json")
            #expect(response.jsonObject?["type"] as? String == "/problems/not-found")
            #expect(response.headers["X-Request-Id"] != nil)
            #expect(response.headers["Access-Control-Allow-Origin"] == "*")
            #expect(response.headers["X-Content-Type-Options"] == "nosniff")
        }
        #expect(try Self.request(adminPort, .options, "/openapi.yaml").status == 404)

        let wrongMethod = try Self.request(adminPort, .post, "/metrics")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["Allow"] == "GET, HEAD, OPTIONS")
        #expect(try Self.request(adminPort, .options, "/readyz").status == 204)
        #expect(try Self.request(adminPort, .head, "/healthz").headers["Content-Length"] == "15")
        let echoed = try Self.request(adminPort, .get, "/healthz", headers: ["X-Request-Id": "probe-1"])
        #expect(echoed.headers["X-Request-Id"] == "probe-1")
    }

    @Test func publicPortLeavesMetricsToTheAdminListener() throws {
        let (service, port, _) = try Self.start()
        defer { service.shutdown(drainDelay: .zero, drainTimeout: .seconds(5)) }
        let metrics = try Self.request(port, .get, "/metrics")
        #expect(metrics.status == 404)
        #expect(metrics.jsonObject?["type"] as? String == "/problems/not-found")
        #expect(try Self.request(port, .options, "/metrics").status == 404)
        #expect(try Self.request(port, .head, "/metrics").status == 404)
        #expect(try Self.request(port, .get, "/healthz").status == 200)
        #expect(try Self.request(port, .get, "/readyz").status == 200)
        #expect(try Self.request(port, .get, "/openapi.yaml").text == "openapi: 3.1.0\n")
        #expect(try Self.request(port, .get, "/test/items/7").jsonObject?["id"] as? String == "7")
    }

    @Test func withoutAnAdminAddressThePublicPortServesMetrics() throws {
        let live = try LiveServer()
        defer { live.stop() }
        #expect(live.service.adminPort == nil)
        let metrics = try live.request(.get, "/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.text.contains("insetd_build_info"))
    }

    @Test func answersWhileThePublicPortDrainsAndStopsLast() throws {
        let release = DispatchSemaphore(value: 0)
        let held = Route(.get, "/test/held") { _ in
            _ = release.wait(timeout: .now() + 5)
            return RouteResponse(body: Array("released".utf8))
        }
        let (service, port, adminPort) = try Self.start(routes: [held])
        let inFlight = try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .seconds(5))
        try inFlight.send(.get, "/test/held")
        // Let the pool thread pick the request up before the drain begins.
        Thread.sleep(forTimeInterval: 0.1)

        let finished = ShutdownResult()
        let shutdown = Thread { finished.set(service.shutdown(drainDelay: .zero, drainTimeout: .seconds(5))) }
        shutdown.start()
        #expect(Self.waitUntilRefused(port: port, within: .seconds(2)), "the public port stops accepting")

        // The public port is draining its request in flight: the admin listener still answers.
        let readiness = try Self.request(adminPort, .get, "/readyz")
        #expect(readiness.status == 503)
        #expect(readiness.jsonObject?["type"] as? String == "/problems/draining")
        #expect(readiness.headers["X-Content-Type-Options"] == "nosniff")
        #expect(try Self.request(adminPort, .get, "/healthz").status == 200)
        #expect(finished.value == nil)

        release.signal()
        #expect(try inFlight.readResponse().text == "released")
        #expect(finished.wait(within: .seconds(5)) == true)
        #expect(Self.waitUntilRefused(port: adminPort, within: .seconds(1)), "the admin listener stops with the service")
        #expect(service.adminPort == nil)
    }

    @Test func aBusyAdminAddressStopsThePublicServerToo() throws {
        let (first, _, adminPort) = try Self.start()
        defer { first.shutdown(drainDelay: .zero, drainTimeout: .seconds(5)) }
        let second = HTTPService(configuration: ServiceConfiguration(
            server: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 1), accessLog: false,
            adminAddress: ListenAddress(host: "127.0.0.1", port: adminPort)
        ))
        #expect(throws: HTTPServerError.startFailed(host: "127.0.0.1", port: adminPort)) { try second.start() }
        #expect(second.port == nil)
        #expect(second.adminPort == nil)
    }

    @Test func adminServerHasItsOwnSmallBudget() throws {
        var configuration = ServiceConfiguration(
            server: HTTPServerConfiguration(threads: 8, connectionLimit: 4096, perIPConnectionLimit: 8, connectionTimeoutSeconds: 12, headerTimeoutSeconds: 3)
        )
        #expect(configuration.adminServer == nil)
        configuration.adminAddress = ListenAddress(host: "::1", port: 9090)
        let admin = try #require(configuration.adminServer)
        #expect(admin.host == "::1")
        #expect(admin.port == 9090)
        #expect(admin.threads == 1)
        #expect(admin.connectionLimit == 16)
        #expect(admin.perIPConnectionLimit == 0)
        #expect(admin.maxBodyBytes == 4096)
        #expect(admin.connectionTimeoutSeconds == 12)
        #expect(admin.headerTimeoutSeconds == 3)
        #expect(configuration.adminAddress?.description == "[::1]:9090")
        #expect(ListenAddress(host: "0.0.0.0", port: 9090).description == "0.0.0.0:9090")
    }

    /// Whether connecting to `port` is refused within `wait`.
    private static func waitUntilRefused(port: Int, within wait: Duration) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: wait)
        while ContinuousClock.now < deadline {
            do {
                let probe = try HTTPClientConnection(host: "127.0.0.1", port: port, timeout: .milliseconds(200))
                probe.close()
            } catch {
                return true
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }
}

/// What `shutdown` returned on another thread, once it has.
private final class ShutdownResult: @unchecked Sendable {
    private let lock = NSCondition()
    private var result: Bool?

    var value: Bool? { lock.withLock { result } }

    func set(_ value: Bool) {
        lock.withLock {
            result = value
            lock.broadcast()
        }
    }

    /// The result, waiting up to `wait` for it.
    func wait(within wait: Duration) -> Bool? {
        let deadline = Date().addingTimeInterval(Double(wait.components.seconds))
        return lock.withLock {
            while result == nil, lock.wait(until: deadline) {}
            return result
        }
    }
}
