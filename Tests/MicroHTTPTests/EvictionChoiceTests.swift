import Foundation
@testable import MicroHTTP
import Testing

/// Which connection a full table closes for a new one: of its oldest idle connections, one
/// that has sent nothing (a burst of silent connections must not cost a probe whose request
/// is already on its way, just because the pool has not read it yet).
@Suite struct EvictionChoiceTests {
    /// A connected pair of sockets: the table holds `server`, the test plays the client.
    private struct Pair {
        let server: Int32
        let client: Int32

        init() {
            var fds: [Int32] = [0, 0]
            #if canImport(Glibc)
            let type = Int32(SOCK_STREAM.rawValue)
            #else
            let type = SOCK_STREAM
            #endif
            precondition(socketpair(AF_UNIX, type, 0, &fds) == 0)
            server = fds[0]
            client = fds[1]
        }

        /// Whether the table shut the server's end down (the client reads the end of the stream).
        var shutDown: Bool {
            var byte: UInt8 = 0
            return recv(client, &byte, 1, Int32(MSG_DONTWAIT)) == 0
        }

        func send(_ text: String) {
            _ = text.utf8CString.withUnsafeBufferPointer { Foundation.send(client, $0.baseAddress, text.utf8.count, 0) }
        }

        func close() {
            Foundation.close(server)
            Foundation.close(client)
        }
    }

    private static let peer: ConnectionTable.PeerKey = {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x0100_007F)
        return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { .init($0) } }
    }()

    /// A table of `limit` holding one pair per clock tick, oldest first.
    private func filled(_ limit: Int) -> (ConnectionTable, [Pair]) {
        let table = ConnectionTable(limit: limit, perPeerLimit: 0, headerTimeoutSeconds: 10, bodyTimeoutSeconds: 30)
        let pairs = (0..<limit).map { _ in Pair() }
        for (tick, pair) in pairs.enumerated() {
            guard case .admitted = table.admit(socket: pair.server, peer: Self.peer, now: 1000 + tick, handOver: { true }) else {
                Issue.record("pair \(tick) not admitted")
                continue
            }
        }
        return (table, pairs)
    }

    @Test func theOldestSilentConnectionGoesBeforeAnOlderOneWithARequestWaiting() {
        let (table, pairs) = filled(3)
        defer { pairs.forEach { $0.close() } }
        pairs[0].send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        let newcomer = Pair()
        defer { newcomer.close() }
        guard case .admitted = table.admit(socket: newcomer.server, peer: Self.peer, now: 2000, handOver: { true }) else {
            Issue.record("the newcomer was not admitted")
            return
        }
        #expect(!pairs[0].shutDown, "the connection with a request waiting stays")
        #expect(pairs[1].shutDown, "the oldest silent one is evicted")
        #expect(!pairs[2].shutDown)
        #expect(table.figures.evicted == 1)
    }

    @Test func whenEveryCandidateHasSentBytesTheOldestGoes() {
        let (table, pairs) = filled(3)
        defer { pairs.forEach { $0.close() } }
        for pair in pairs { pair.send("GET / HTTP/1.1\r\n") }
        let newcomer = Pair()
        defer { newcomer.close() }
        guard case .admitted = table.admit(socket: newcomer.server, peer: Self.peer, now: 2000, handOver: { true }) else {
            Issue.record("the newcomer was not admitted")
            return
        }
        #expect(pairs[0].shutDown, "bytes sent do not make a table that cannot evict")
        #expect(!pairs[1].shutDown)
    }

    @Test func aSilentConnectionBeyondTheOldestFewIsNotLookedFor() {
        // Only the oldest four are peeked at: a flood of trickled bytes still evicts.
        let (table, pairs) = filled(6)
        defer { pairs.forEach { $0.close() } }
        for pair in pairs[0..<4] { pair.send("G") }
        let newcomer = Pair()
        defer { newcomer.close() }
        _ = table.admit(socket: newcomer.server, peer: Self.peer, now: 2000, handOver: { true })
        #expect(pairs[0].shutDown)
        #expect(!pairs[4].shutDown)
    }
}
