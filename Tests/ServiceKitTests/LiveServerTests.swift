import Foundation
@testable import ServiceKit
import HTTPTypes
import ServiceTestSupport
import MicroHTTP
import Testing

@Suite(.serialized) struct LiveServerTests {
    @Test func answersEveryErrorStatusOverTheWire() throws {
        let live = try LiveServer(routes: TestRoutes.all, server: HTTPServerConfiguration(threads: 2, maxBodyBytes: 4096))
        defer { live.stop() }
        let json: RawHeaders = ["Content-Type": "application/json"]

        #expect(try live.request(.get, "/healthz").text == #"{"status":"ok"}"#)
        #expect(try live.request(.post, "/test/echo", headers: json, body: Array(#"{"a":1,"b":2}"#.utf8)).text == #"{"keys":2}"#)
        let expectations: [(RawResponse, Int, String)] = [
            (try live.request(.post, "/test/echo", headers: json, body: Array("{nope".utf8)), 400, "/problems/malformed-json"),
            (try live.request(.get, "/nope"), 404, "/problems/not-found"),
            (try live.request(.delete, "/healthz"), 405, "/problems/method-not-allowed"),
            (try live.request(.post, "/test/echo", headers: json, body: Array(repeating: 0x20, count: 5000)), 413, "/problems/payload-too-large"),
            (try live.request(.post, "/test/echo", headers: ["Content-Type": "text/plain"], body: Array("{}".utf8)), 415, "/problems/unsupported-media-type"),
        ]
        for (response, status, type) in expectations {
            #expect(response.status == status)
            #expect(response.headers["Content-Type"] == "application/problem+json")
            #expect(response.jsonObject?["type"] as? String == type)
            #expect(response.headers["X-Request-Id"] != nil)
            #expect(response.headers["Access-Control-Allow-Origin"] == "*")
        }
        #expect(expectations[2].0.headers["Allow"] == "GET, HEAD, OPTIONS")

        live.service.beginDraining()
        let draining = try live.request(.get, "/readyz")
        #expect(draining.status == 503)
        #expect(draining.jsonObject?["type"] as? String == "/problems/draining")
    }

    @Test func anyMethodReachesTheService() throws {
        let live = try LiveServer()
        defer { live.stop() }
        let connection = try live.connect()
        for method: RawMethod in ["TRACE", "PATCH", "PURGE", "CONNECT"] {
            try connection.send(method, "/healthz")
            let response = try connection.readResponse()
            #expect(response.status == 405, "\(method)")
            #expect(response.headers["Allow"] == "GET, HEAD, OPTIONS")
        }
        try connection.send(.head, "/healthz")
        let head = try connection.readResponse(bodyless: true)
        #expect(head.status == 200)
        #expect(head.headers["Content-Length"] == "15")
        try connection.send(.options, "/healthz")
        #expect(try connection.readResponse().status == 204)
    }

    @Test func readsABodyWrittenInSmallPiecesWithPauses() throws {
        let live = try LiveServer(routes: TestRoutes.all)
        defer { live.stop() }
        let connection = try live.connect()
        let body = Array(#"{"a": 1, "b": [1, 2, 3], "c": "a longer string value to split"}"#.utf8)
        try connection.write("POST /test/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n")
        for start in stride(from: 0, to: body.count, by: 3) {
            try connection.write(body[start..<min(start + 3, body.count)])
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(try connection.readResponse().text == #"{"keys":3}"#)
    }

    @Test func refusesAnOversizedBodyWithoutBufferingIt() throws {
        let live = try LiveServer(routes: TestRoutes.all, server: HTTPServerConfiguration(threads: 1, maxBodyBytes: 1024))
        defer { live.stop() }
        let connection = try live.connect()
        // Announces 512 MiB but sends none of it: the answer must come at once.
        try connection.write("POST /test/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 536870912\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 413)
        #expect(connection.waitForPeerClose(within: .seconds(2)))
        // A wrong path still wins over the size.
        let other = try live.connect()
        try other.write("POST /nope HTTP/1.1\r\nHost: x\r\nContent-Length: 536870912\r\n\r\n")
        #expect(try other.readResponse().status == 404)
    }

    @Test func idleConnectionsAreClosedAfterTheTimeout() throws {
        let live = try LiveServer(server: HTTPServerConfiguration(threads: 1, connectionTimeoutSeconds: 1))
        defer { live.stop() }
        let silent = try live.connect()
        #expect(silent.waitForPeerClose(within: .seconds(4)))
        #expect(try live.request(.get, "/healthz").status == 200)
    }

    @Test func answersTwoHundredConcurrentConnections() throws {
        let live = try LiveServer(routes: TestRoutes.all)
        defer { live.stop() }
        let connections = try (0..<200).map { _ in try live.connect() }
        for (index, connection) in connections.enumerated() {
            try connection.send(.get, "/test/items/\(index)")
        }
        for (index, connection) in connections.enumerated() {
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.jsonObject?["id"] as? String == String(index))
        }
    }

    @Test func shutdownLetsRequestsInFlightFinish() throws {
        let live = try LiveServer(routes: TestRoutes.all)
        let connections = try (0..<6).map { _ in try live.connect() }
        for connection in connections { try connection.send(.get, "/test/slow") }
        Thread.sleep(forTimeInterval: 0.1)
        let stopped = Flag()
        Thread { stopped.set(live.stop()) }.start()
        for connection in connections {
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "done")
        }
        #expect(stopped.wait() == true)
        #expect(throws: HTTPClientError.self) { try live.request(.get, "/healthz") }
    }
}

/// A boolean handed over from another thread.
private final class Flag: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Bool?

    func set(_ newValue: Bool) {
        condition.lock()
        value = newValue
        condition.broadcast()
        condition.unlock()
    }

    func wait() -> Bool? {
        condition.lock()
        defer { condition.unlock() }
        while value == nil {
            if !condition.wait(until: Date().addingTimeInterval(10)) { break }
        }
        return value
    }
}
