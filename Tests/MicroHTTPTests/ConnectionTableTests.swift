import Foundation
import MicroHTTP
import Testing

/// The connection table (API.md "Connections and framing"): limits enforced by eviction,
/// header and body deadlines, and no deadlock however many connections arrive at once.
@Suite(.serialized) struct ConnectionTableTests {
    private func withServer(_ configuration: HTTPServerConfiguration, _ body: (HTTPServer) throws -> Void) throws {
        let server = HTTPServer(configuration: configuration) { request in
            let framing = request.framingError.map { "\($0)" } ?? "-"
            let text = "\(request.method) \(request.path) body=\(request.body.count) framing=\(framing)"
            let status = request.framingError != nil ? 400 : request.bodyTooLarge ? 413 : 200
            return RawResponse(status: status, headers: ["Content-Type": "text/plain"], body: Array(text.utf8))
        }
        try server.start()
        defer { server.stop() }
        try body(server)
    }

    private func configuration(
        limit: Int = 1024, perAddress: Int = 0, headerTimeout: Int = 10, connectionTimeout: Int = 30
    ) -> HTTPServerConfiguration {
        HTTPServerConfiguration(
            host: "127.0.0.1", port: 0, threads: 2, connectionLimit: limit, perIPConnectionLimit: perAddress,
            connectionTimeoutSeconds: connectionTimeout, headerTimeoutSeconds: headerTimeout
        )
    }

    /// Polls `condition` for up to `wait`.
    private func eventually(within wait: Duration, _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: wait)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return condition()
    }

    private func get(_ port: Int, _ path: String, from source: String? = nil) throws -> RawResponse {
        let client = try HTTPClientConnection(host: "127.0.0.1", port: port, source: source, timeout: .seconds(2))
        try client.send(.get, path)
        return try client.readResponse()
    }

    @Test func aFullTableEvictsItsOldestIdleConnection() throws {
        try withServer(configuration(limit: 4)) { server in
            var idle: [HTTPClientConnection] = []
            for _ in 0..<4 {
                idle.append(try HTTPClientConnection(host: "127.0.0.1", port: server.port))
                // Each a few clock ticks older than the next.
                Thread.sleep(forTimeInterval: 0.03)
            }
            #expect(eventually(within: .seconds(2)) { server.connectionFigures.open == 4 })
            let started = ContinuousClock.now
            #expect(try get(server.port, "/in").status == 200)
            #expect(started.duration(to: .now) < .seconds(1))
            #expect(idle[0].waitForPeerClose(within: .seconds(1)), "the oldest idle connection is evicted")
            for younger in idle[1...] { #expect(!younger.waitForPeerClose(within: .milliseconds(100))) }
            #expect(server.connectionFigures.evicted == 1)
        }
    }

    @Test func aTableFullOfRequestsInProgressRefusesNewConnections() throws {
        try withServer(configuration(limit: 2)) { server in
            let busy = try (0..<2).map { _ in try HTTPClientConnection(host: "127.0.0.1", port: server.port) }
            for client in busy { try client.write("POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nab") }
            #expect(eventually(within: .seconds(2)) { server.requestsInFlight == 2 })
            let late = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
            try late.send(.get, "/late")
            #expect(late.waitForPeerClose(within: .seconds(1)), "closed at once, unanswered")
            #expect(server.connectionFigures.refused == 1)
            try busy[0].write("cd")
            let response = try busy[0].readResponse()
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "POST /slow body=4 framing=-")
        }
    }

    /// The admin listener's policy: a full table of busy connections (a body trickled, an
    /// answer not read) makes room for a fresh probe by evicting the oldest of them.
    @Test func aTableThatEvictsBusyConnectionsLetsAFreshRequestIn() throws {
        var settings = configuration(limit: 2)
        settings.evictsBusyConnections = true
        try withServer(settings) { server in
            let busy = try (0..<2).map { _ in try HTTPClientConnection(host: "127.0.0.1", port: server.port) }
            for client in busy {
                try client.write("POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nab")
                Thread.sleep(forTimeInterval: 0.03)
            }
            #expect(eventually(within: .seconds(2)) { server.requestsInFlight == 2 })
            #expect(try get(server.port, "/probe").status == 200)
            #expect(busy[0].waitForPeerClose(within: .seconds(1)), "the oldest busy connection is evicted")
            #expect(server.connectionFigures.evicted == 1)
            #expect(server.connectionFigures.refused == 0)
        }
    }

    @Test func thePerAddressLimitEvictsThatAddressOnly() throws {
        try withServer(configuration(perAddress: 2)) { server in
            let first = try HTTPClientConnection(host: "127.0.0.1", port: server.port, source: "127.0.0.1")
            Thread.sleep(forTimeInterval: 0.03)
            let other = try HTTPClientConnection(host: "127.0.0.1", port: server.port, source: "127.0.0.2")
            Thread.sleep(forTimeInterval: 0.03)
            let second = try HTTPClientConnection(host: "127.0.0.1", port: server.port, source: "127.0.0.1")
            #expect(eventually(within: .seconds(2)) { server.connectionFigures.open == 3 })
            #expect(try get(server.port, "/third", from: "127.0.0.1").status == 200)
            #expect(first.waitForPeerClose(within: .seconds(1)))
            #expect(!other.waitForPeerClose(within: .milliseconds(100)), "another address keeps its connection")
            #expect(!second.waitForPeerClose(within: .milliseconds(100)))
        }
    }

    /// libmicrohttpd 0.9.75 deadlocks a pool thread that reaches its share of the connection
    /// limit; the table keeps every connection within a limit libmicrohttpd never reaches.
    @Test func aBurstFarBeyondTheLimitLeavesTheServerServing() throws {
        try withServer(configuration(limit: 16)) { server in
            for _ in 0..<3 {
                let burst = try (0..<120).map { _ in try HTTPClientConnection(host: "127.0.0.1", port: server.port) }
                let started = ContinuousClock.now
                #expect(try get(server.port, "/during").status == 200)
                #expect(started.duration(to: .now) < .seconds(1))
                for client in burst { client.close() }
            }
            #expect(eventually(within: .seconds(3)) { server.connectionFigures.open == 0 }, "every close reported")
            #expect(try get(server.port, "/after").status == 200)
        }
    }

    @Test func aConnectionWithoutACompleteHeaderIsClosedAtTheHeaderTimeout() throws {
        try withServer(configuration(headerTimeout: 1)) { server in
            let silent = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
            let partial = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
            try partial.write("GET /slow HTTP/1.1\r\nHost: x\r\n")
            let started = ContinuousClock.now
            #expect(silent.waitForPeerClose(within: .seconds(3)))
            #expect(partial.waitForPeerClose(within: .seconds(1)))
            #expect(started.duration(to: .now) > .milliseconds(700))
            #expect(server.connectionFigures.timedOut == 2)
        }
    }

    @Test func anIdleKeepAliveConnectionIsClosedAtTheHeaderTimeoutAfterItsAnswer() throws {
        try withServer(configuration(headerTimeout: 1)) { server in
            let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
            for index in 0..<3 {
                // Each request within the deadline of the answer before it.
                Thread.sleep(forTimeInterval: 0.6)
                try client.send(.get, "/\(index)")
                #expect(try client.readResponse().status == 200)
            }
            let answered = ContinuousClock.now
            #expect(client.waitForPeerClose(within: .seconds(3)))
            #expect(answered.duration(to: .now) > .milliseconds(700))
        }
    }

    @Test func aBodyTrickledPastTheConnectionTimeoutIsCut() throws {
        try withServer(configuration(connectionTimeout: 1)) { server in
            let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
            try client.write("POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n")
            let started = ContinuousClock.now
            var cut = false
            // A byte every 300 ms keeps libmicrohttpd's idle timer from firing.
            for _ in 0..<20 where !cut {
                do { try client.write("x") } catch { cut = true }
                cut = cut || client.waitForPeerClose(within: .milliseconds(300))
            }
            #expect(cut)
            #expect(started.duration(to: .now) < .seconds(3))
            #expect(server.connectionFigures.timedOut == 1)
        }
    }

    @Test func aChunkedBodyOverTheLimitIsCut() throws {
        var configuration = configuration()
        configuration.maxBodyBytes = 1000
        try withServer(configuration) { server in
            let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
            try client.write("POST /big HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = String(repeating: "b", count: 600)
            var written = 0
            do {
                for _ in 0..<2000 {
                    try client.write("258\r\n\(chunk)\r\n")
                    written += 600
                }
            } catch {}
            #expect(client.waitForPeerClose(within: .seconds(2)))
            #expect(written < 10_000_000, "the server stopped reading long before the end")
            #expect(try get(server.port, "/after").status == 200)
        }
    }

    @Test func anAmbiguousFramingIsAnsweredAndItsConnectionClosed() throws {
        try withServer(configuration()) { server in
            let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
            // The bytes after the chunked body would be a second request to a server that
            // read the body by its Content-Length.
            try client.write("POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 400)
            #expect(String(decoding: response.body, as: UTF8.self) == "POST /a body=0 framing=ambiguous(\"Transfer-Encoding together with Content-Length\")")
            #expect(client.waitForPeerClose(within: .seconds(1)), "closed: the smuggled request is never read")
        }
    }
}
