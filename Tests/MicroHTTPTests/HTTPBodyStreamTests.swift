import Foundation
import MicroHTTP
import ServiceTestSupport
import Synchronization
import Testing

/// Pieces from a list, counting how many were made.
private struct CountedPieces: IteratorProtocol {
    let pieces: [[UInt8]]
    let made: Counter
    var position = 0

    mutating func next() -> [UInt8]? {
        guard position < pieces.count else { return nil }
        defer { position += 1 }
        made.increment()
        return pieces[position]
    }
}

/// A count shared between a test and the pool thread making pieces.
private final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func increment() { value.add(1, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
}

/// A server whose every answer is `body` followed by a stream of `pieces`, keeping `keptBytes`.
private func withStreamingServer(
    pieces: [[UInt8]], body: [UInt8] = [], keptBytes: Int = 0, pieceBytes: Int = 0, made: Counter = Counter(),
    _ run: (HTTPServer) throws -> Void
) throws {
    let server = HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 2)) { _ in
        let stream = HTTPBodyStream(keptBytes: keptBytes, pieceBytes: pieceBytes, pieces: CountedPieces(pieces: pieces, made: made))
        return RawResponse(status: 200, headers: ["Content-Type": "text/plain"], body: body, stream: stream)
    }
    try server.start()
    defer { server.stop() }
    try run(server)
}

/// Waits up to `limit` for `condition`.
private func eventually(within limit: Duration = .seconds(5), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now.advanced(by: limit)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return condition()
}

@Suite(.serialized) struct HTTPBodyStreamTests {
    static let pieces: [[UInt8]] = [Array("hello ".utf8), [], Array("world".utf8), [UInt8](repeating: UInt8(ascii: "z"), count: 50_000)]

    @Test func anHTTP11ClientGetsTheBodyThenThePiecesChunked() throws {
        try withStreamingServer(pieces: Self.pieces, body: Array("head:".utf8)) { server in
            let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
            try client.send(.get, "/", headers: ["Connection": "close"])
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.headers["Transfer-Encoding"] == "chunked")
            #expect(response.headers["Content-Length"] == nil)
            #expect(dechunked(response.body) == Array("head:".utf8) + Self.pieces.joined())
        }
    }

    @Test func keepsTheConnectionAliveAfterAChunkedAnswer() throws {
        try withStreamingServer(pieces: [Array("one".utf8), Array("two".utf8)]) { server in
            let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
            try client.write("GET /first HTTP/1.1\r\nHost: x\r\n\r\nGET /second HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            // Read up to the close: the first answer's chunks, then the second answer whole.
            let response = try client.readResponse()
            #expect(response.headers["Transfer-Encoding"] == "chunked")
            let rest = String(decoding: response.body, as: UTF8.self)
            let end = try #require(rest.range(of: "0\r\n\r\n"))
            #expect(dechunked(Array(rest[..<end.upperBound].utf8)) == Array("onetwo".utf8))
            #expect(rest[end.upperBound...].hasPrefix("HTTP/1.1 200 OK\r\n"))
        }
    }

    @Test func anHTTP10ClientGetsThePiecesUntilTheConnectionCloses() throws {
        try withStreamingServer(pieces: Self.pieces) { server in
            let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
            try client.write("GET / HTTP/1.0\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.headers["Transfer-Encoding"] == nil)
            #expect(response.headers["Content-Length"] == nil)
            #expect(response.body == Array(Self.pieces.joined()))
        }
    }

    /// No length, no chunk (not even the last), and the connection closed after the head.
    @Test func headGetsTheHeadAloneAndMakesNoPiece() throws {
        let made = Counter()
        try withStreamingServer(pieces: Self.pieces, made: made) { server in
            let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
            try client.send(.head, "/")
            // Read as a GET answer would be: everything up to the close.
            let head = try client.readResponse()
            #expect(head.status == 200)
            #expect(head.headers["Transfer-Encoding"] == nil)
            #expect(head.headers["Content-Length"] == nil)
            #expect(head.headers["Connection"] == "close")
            #expect(head.body.isEmpty)
            #expect(made.count == 0)
        }
    }

    /// A client that never reads holds what the socket buffers take and one piece, not the
    /// body; the stream counts in the in-flight figure (its kept bytes, and the expected
    /// piece size when larger than the piece held) until the client goes.
    @Test func aClientThatNeverReadsHoldsOnePieceNotTheBody() throws {
        let made = Counter()
        let piece = [UInt8](repeating: UInt8(ascii: "p"), count: 64 << 10)
        let kept = 8_000_000
        let expected = 1_000_000
        try withStreamingServer(pieces: Array(repeating: piece, count: 1000), keptBytes: kept, pieceBytes: expected, made: made) { server in
            let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
            try client.send(.get, "/")
            // The socket buffers fill (the server's send buffer is capped at 64 KiB, the
            // client's receive buffer takes a few pieces), then no more pieces are made.
            #expect(eventually { made.count >= 2 })
            var settled = made.count
            #expect(eventually(within: .seconds(10)) {
                Thread.sleep(forTimeInterval: 0.2)
                defer { settled = made.count }
                return made.count == settled
            })
            #expect(made.count < 100, "\(made.count) of 1000 pieces made for a client that reads nothing")
            #expect(HTTPServer.bytesInFlight >= kept + expected)
            client.close()
            #expect(eventually { HTTPServer.bytesInFlight < kept })
            #expect(made.count < 100)
        }
    }

    @Test func aLentBodyCountsUntilItIsSentOrItsClientGoes() throws {
        let body = [UInt8](repeating: UInt8(ascii: "b"), count: 16 << 20)
        let server = HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 1)) { _ in
            RawResponse(status: 200, body: body)
        }
        try server.start()
        defer { server.stop() }
        let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
        try client.send(.get, "/")
        #expect(eventually { HTTPServer.bytesInFlight >= body.count })
        client.close()
        #expect(eventually { HTTPServer.bytesInFlight < body.count })
    }
}
