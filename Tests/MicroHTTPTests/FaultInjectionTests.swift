import Foundation
@testable import MicroHTTP
import Testing

/// Failures of the system and of libmicrohttpd, made to happen through a server's
/// ``FaultPlan``: each gives a clear error or a wait, never a crash.
@Suite struct FaultInjectionTests {
    private func makeServer() -> HTTPServer {
        HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 1)) { request in
            RawResponse(status: 200, body: Array(request.path.utf8))
        }
    }

    @Test func aDaemonThatDoesNotStartIsAClearErrorAndLeavesNothingRunning() throws {
        let server = makeServer()
        server.faults.failDaemonStart()
        #expect(throws: HTTPServerError.daemonStartFailed(threads: 1)) { try server.start() }
        #expect(HTTPServerError.daemonStartFailed(threads: 1).description == "libmicrohttpd did not start its 1 server threads (out of memory or threads)")
        #expect(server.port == 0, "no port is reported for a server that did not start")
        server.stop()
        // Nothing of the failed start is left in the way of the next server.
        let next = makeServer()
        try next.start()
        defer { next.stop() }
        let client = try HTTPClientConnection(host: "127.0.0.1", port: next.port)
        try client.send(.get, "/after")
        #expect(try client.readResponse().status == 200)
    }

    /// Out of descriptors, the accepting thread leaves the connection in the listening
    /// socket's backlog and tries again: the client waits, then is served.
    @Test func acceptsFailingWithEMFILELeaveTheConnectionWaitingNotLost() throws {
        let server = makeServer()
        server.faults.failAccepts(with: EMFILE, count: 20)
        try server.start()
        defer { server.stop() }
        let started = ContinuousClock.now
        let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
        try client.send(.get, "/waited")
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "/waited")
        #expect(server.connectionFigures.acceptFailures == 20)
        #expect(started.duration(to: .now) < .seconds(2))
    }
}
