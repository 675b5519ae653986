import Foundation
import MicroHTTP
import Testing

/// Starts a server on an ephemeral loopback port whose handler describes the request it got.
private func withEchoServer(
    _ configuration: HTTPServerConfiguration = HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 2),
    delay: Duration = .zero,
    _ body: (HTTPServer) throws -> Void
) throws {
    let server = HTTPServer(configuration: configuration) { request in
        if delay > .zero { Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18) }
        var text = "\(request.method) \(request.path)"
        for item in request.query { text += " \(item.name)=\(item.value ?? "<nil>")" }
        text += " body=\(request.body.count) tooLarge=\(request.bodyTooLarge) x=\(request.headers["x-test"] ?? "-")"
        text += " remote=\(request.remoteAddress ?? "-")"
        return RawResponse(status: request.bodyTooLarge ? 413 : 200, headers: ["Content-Type": "text/plain"], body: Array(text.utf8))
    }
    try server.start()
    defer { server.stop() }
    try body(server)
}

private func text(_ response: RawResponse) -> String {
    String(decoding: response.body, as: UTF8.self)
}

@Test func bindsAnEphemeralPortAndAnswers() throws {
    try withEchoServer { server in
        #expect(server.port > 0)
        let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
        try client.send(.get, "/a%20b?x=1&y=a+b%26c&flag", headers: ["X-Test": "yes"])
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(text(response) == "GET /a b x=1 y=a b&c flag=<nil> body=0 tooLarge=false x=yes remote=127.0.0.1")
    }
}

/// The server writes `Date` itself (libmicrohttpd's, formatted under glibc's time-zone
/// lock, is switched off): one per answer, the current second in IMF-fixdate.
@Test func answersCarryOneCurrentDateHeader() throws {
    try withEchoServer { server in
        let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        for method in [RawMethod.get, .head] {
            let before = Date().timeIntervalSince1970.rounded(.down)
            try client.send(method, "/now")
            let response = try client.readResponse(bodyless: method == .head)
            let after = Date().timeIntervalSince1970.rounded(.up)
            let dates = response.headers.values(for: "Date")
            #expect(dates.count == 1, "\(method): \(dates)")
            let parsed = dates.first.flatMap { formatter.date(from: $0) }?.timeIntervalSince1970
            #expect(parsed.map { (before...after).contains($0) } == true, "\(method): \(dates) not within [\(before), \(after)]")
        }
    }
}

@Test func keepsConnectionsAliveAndPassesAnyMethod() throws {
    try withEchoServer { server in
        let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
        for method in ["TRACE", "PATCH", "BREW", "DELETE"] {
            try client.send(RawMethod(rawValue: method), "/pot")
            #expect(text(try client.readResponse()).hasPrefix("\(method) /pot "))
        }
    }
}

@Test func headAnswersHeadersWithoutBody() throws {
    try withEchoServer { server in
        let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
        try client.send(.head, "/x")
        let head = try client.readResponse(bodyless: true)
        #expect(head.status == 200)
        #expect(head.headers["Content-Length"] == String("HEAD /x body=0 tooLarge=false x=- remote=127.0.0.1".utf8.count))
        try client.send(.get, "/y")   // the connection is still in sync: no body was sent for HEAD
        #expect(text(try client.readResponse()).hasPrefix("GET /y "))
    }
}

@Test func assemblesABodySentInSmallPiecesWithPauses() throws {
    try withEchoServer { server in
        let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
        let body = Array(repeating: UInt8(ascii: "a"), count: 3000)
        try client.write("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n")
        for start in stride(from: 0, to: body.count, by: 250) {
            try client.write(body[start..<min(start + 250, body.count)])
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(text(try client.readResponse()).hasPrefix("POST /upload body=3000 tooLarge=false"))
    }
}

@Test func refusesAnAnnouncedOversizedBodyWithoutReadingIt() throws {
    try withEchoServer(HTTPServerConfiguration(port: 0, threads: 1, maxBodyBytes: 1000)) { server in
        let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
        try client.write("POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 413)
        #expect(text(response).hasPrefix("POST /big body=0 tooLarge=true"))
        #expect(client.waitForPeerClose(within: .seconds(2)))
    }
}

@Test func closesIdleConnectionsAfterTheTimeout() throws {
    try withEchoServer(HTTPServerConfiguration(port: 0, threads: 1, connectionTimeoutSeconds: 1)) { server in
        let idle = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
        #expect(idle.waitForPeerClose(within: .seconds(4)))
    }
}

@Test func answersManyConcurrentConnections() throws {
    try withEchoServer { server in
        let clients = try (0..<200).map { _ in try HTTPClientConnection(host: "127.0.0.1", port: server.port) }
        for (index, client) in clients.enumerated() { try client.send(.get, "/c/\(index)") }
        for (index, client) in clients.enumerated() {
            #expect(text(try client.readResponse()).hasPrefix("GET /c/\(index) "))
        }
    }
}

@Test func spreadsABurstOfConnectionsOverThePoolThreads() throws {
    // Accepting by itself, libmicrohttpd let the first pool thread to wake take a whole
    // burst of connections (up to ten at a time): 6 runs of this test gave splits such as
    // 4/59, 1/19/43 and 5/8/50. Handed over one by one, they are dealt out by descriptor
    // number modulo the pool size: 14/20/29 to 21/21/21. Not exactly 21 each, because in
    // this process the client's descriptors come between the server's (three threads, so
    // that a stride of two still deals to each in turn), and other tests open some too.
    let server = HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 3)) { _ in
        RawResponse(status: 200, body: Array(String(UInt(pthread_self())).utf8))
    }
    try server.start()
    defer { server.stop() }
    let clients = try (0..<63).map { _ in try HTTPClientConnection(host: "127.0.0.1", port: server.port) }
    var connections: [String: Int] = [:]
    for client in clients {
        try client.send(.get, "/thread")
        connections[text(try client.readResponse()), default: 0] += 1
    }
    #expect(connections.count == 3)
    #expect(connections.values.allSatisfy { (10...32).contains($0) }, "connections per thread: \(connections.values.sorted())")
}

@Test func refusesNewConnectionsOnceQuiescedAndServesOpenOnes() throws {
    try withEchoServer { server in
        let open = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
        try open.send(.get, "/before")   // answered: the connection was accepted
        #expect(text(try open.readResponse()).hasPrefix("GET /before "))
        server.quiesce()
        // The listening socket is closed: a new connection is refused at once rather than
        // left waiting in a backlog nobody accepts from.
        #expect(throws: HTTPClientError.connectFailed(host: "127.0.0.1", port: server.port)) {
            try HTTPClientConnection(host: "127.0.0.1", port: server.port, timeout: .milliseconds(200))
        }
        try open.send(.get, "/after")
        let response = try open.readResponse()
        #expect(text(response).hasPrefix("GET /after "))
        #expect(response.headers["Connection"]?.lowercased() == "close")
    }
}

@Test func shutdownLetsRequestsInFlightFinish() throws {
    try withEchoServer(delay: .milliseconds(300)) { server in
        let clients = try (0..<8).map { _ in try HTTPClientConnection(host: "127.0.0.1", port: server.port) }
        for client in clients { try client.send(.get, "/slow") }
        Thread.sleep(forTimeInterval: 0.1)
        #expect(server.requestsInFlight > 0)
        let stopped = Results()
        Thread { stopped.add(server.shutdown(timeout: .seconds(5)) ? 1 : 0) }.start()
        for client in clients {
            #expect(try client.readResponse().status == 200)
        }
        #expect(stopped.wait(count: 1) == [1])
        #expect(throws: HTTPClientError.self) { try HTTPClientConnection(host: "127.0.0.1", port: server.port, timeout: .milliseconds(200)).send(.get, "/late") }
    }
}

@Test func reportsStartFailures() throws {
    try withEchoServer { server in
        let second = HTTPServer(configuration: HTTPServerConfiguration(port: server.port)) { _ in RawResponse(status: 200) }
        #expect(throws: HTTPServerError.startFailed(host: "127.0.0.1", port: server.port)) { try second.start() }
        #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }
    }
    let invalid = HTTPServer(configuration: HTTPServerConfiguration(host: "no such host.invalid", port: 0)) { _ in RawResponse(status: 200) }
    #expect(throws: HTTPServerError.invalidHost("no such host.invalid")) { try invalid.start() }
}

/// Values handed over from other threads.
private final class Results: @unchecked Sendable {
    private let condition = NSCondition()
    private var values: [Int] = []

    func add(_ value: Int) {
        condition.lock()
        values.append(value)
        condition.broadcast()
        condition.unlock()
    }

    func wait(count: Int) -> [Int] {
        condition.lock()
        defer { condition.unlock() }
        while values.count < count { _ = condition.wait(until: Date().addingTimeInterval(5)) }
        return values
    }
}

@Test func sendsLargeBodiesLentWithoutCopyingIntact() throws {
    // Bodies above the lending threshold go to libmicrohttpd without a copy; each must
    // arrive whole and unchanged, also when many follow one another on one connection.
    let sizes = [4096, 4097, 22_302, 100_000]
    let server = HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 2)) { request in
        let size = Int(request.path.dropFirst()) ?? 0
        return RawResponse(status: 200, body: (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ size) })
    }
    try server.start()
    defer { server.stop() }
    let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
    for round in 0..<24 {
        let size = sizes[round % sizes.count]
        try client.send(.get, "/\(size)")
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.body == (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ size) })
    }
}

@Test func takesHeaderBlocksUpToTheConnectionPoolAndAnswers431Beyond() throws {
    // The default pool (16 KiB) holds a 15,000-byte header field; a 17,000-byte one gets
    // libmicrohttpd's 431. On several connections in turn: each takes a pool of its own and
    // gives it back when it closes.
    try withEchoServer { server in
        for (size, status) in [(15_000, 200), (17_000, 431), (15_000, 200), (17_000, 431)] {
            let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
            try client.send(.get, "/big", headers: ["X-Test": String(repeating: "h", count: size)])
            let response = try client.readResponse()
            #expect(response.status == status)
            // The field arrived whole (compared by length: a failure prints both texts).
            if status == 200 { #expect(text(response).utf8.count == "GET /big body=0 tooLarge=false x= remote=127.0.0.1".utf8.count + size) }
        }
    }
}
