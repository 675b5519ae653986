import Foundation
import Synchronization

/// The server's own record of the connections it hands to libmicrohttpd: it enforces the
/// connection limits (evicting the oldest connection without a request in progress when the
/// table is full) and closes connections past their header or body deadline (API.md
/// "Connections and framing").
///
/// libmicrohttpd 0.9.75 is given a connection limit it can never reach: when one of its pool
/// threads hits its share of the limit, `new_connection_process_` returns with its cleanup
/// mutex still locked and that thread deadlocks for good. So the accepting thread admits
/// connections here first, and libmicrohttpd's connection-notify callback reports each close.
///
/// A connection is closed by `shutdown(2)` under the table's lock: libmicrohttpd then sees the
/// end of the stream and closes it, reporting the close (under the same lock) before it
/// closes the descriptor, so a descriptor shut down here is never one reused by then.
final class ConnectionTable: @unchecked Sendable {
    /// What a connection is doing, as far as the deadlines and eviction care.
    enum Phase: Int {
        /// Accepted, or idle after an answer: waiting for a complete request header.
        case awaitingHeader = 0
        /// The header is complete; the body is arriving.
        case readingBody = 1
        /// The request is complete and being answered.
        case answering = 2
    }

    /// One connection. Its phase changes on the pool thread that owns the connection, so it is
    /// an atomic read by the accepting thread and the reaper; the rest is guarded by the table.
    final class Entry {
        let socket: Int32
        let peer: PeerKey
        /// The phase in the low two bits, the millisecond its clock started above them.
        private let word: Atomic<Int>
        /// Shut down by the table; its close is still to be reported. Guarded by the table.
        var closing = false

        init(socket: Int32, peer: PeerKey, now: Int) {
            self.socket = socket
            self.peer = peer
            word = Atomic(now << 2 | Phase.awaitingHeader.rawValue)
        }

        /// Enters `phase`, its clock starting at `now` (milliseconds of ``ConnectionTable/now()``).
        func enter(_ phase: Phase, now: Int) {
            word.store(now << 2 | phase.rawValue, ordering: .relaxed)
        }

        /// The phase and when its clock started.
        var state: (phase: Phase, since: Int) {
            let value = word.load(ordering: .relaxed)
            return (Phase(rawValue: value & 3) ?? .answering, value >> 2)
        }
    }

    /// A peer's address bytes, the key of the per-address limit.
    struct PeerKey: Hashable {
        var family: Int32
        var high: UInt64
        var low: UInt64

        /// The key of `address` (IPv4 or IPv6; any other family shares one key).
        init(_ address: UnsafePointer<sockaddr>) {
            family = Int32(address.pointee.sa_family)
            high = 0
            low = 0
            switch family {
            case AF_INET:
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { low = UInt64($0.pointee.sin_addr.s_addr) }
            case AF_INET6:
                address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                    withUnsafeBytes(of: pointer.pointee.sin6_addr) { bytes in
                        high = bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
                        low = bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    }
                }
            default:
                break
            }
        }
    }

    /// How the table treats a new connection.
    enum Admission {
        /// Taken, after closing as many older ones as it had to.
        case admitted(Entry)
        /// Refused: the table (or the peer's share) is full of connections with requests in
        /// progress; close the new one at once.
        case refused
        /// libmicrohttpd could not take it and has closed it.
        case lost
    }

    /// The most connections open at once.
    let limit: Int
    /// The most open at once from one address; 0 for no limit.
    let perPeerLimit: Int
    /// Milliseconds a connection has for a complete request header.
    let headerTimeout: Int
    /// Milliseconds a request has for its body after its header.
    let bodyTimeout: Int
    /// Whether a full table with no idle connection evicts its oldest busy one
    /// (``HTTPServerConfiguration/evictsBusyConnections``).
    let evictsBusy: Bool

    /// The most connections open and being closed at once: the accepting thread waits for
    /// closes beyond it. libmicrohttpd's own limit is set so that no pool thread reaches its
    /// share of it even with all of these on one thread (see ``libmicrohttpdLimit(threads:)``).
    var capacity: Int { 2 * limit }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var entries: [Int32: Entry] = [:]
    private var perPeer: [PeerKey: Int] = [:]
    private var open = 0
    private var closingCount = 0
    private var evictions = 0
    private var refusals = 0
    private var reaped = 0
    private var acceptFailures = 0

    init(limit: Int, perPeerLimit: Int, headerTimeoutSeconds: Int, bodyTimeoutSeconds: Int, evictsBusy: Bool = false) {
        self.evictsBusy = evictsBusy
        self.limit = limit
        self.perPeerLimit = perPeerLimit
        headerTimeout = headerTimeoutSeconds * 1000
        bodyTimeout = bodyTimeoutSeconds * 1000
    }

    /// The connection limit to give libmicrohttpd for a pool of `threads`: each pool thread
    /// gets an equal share, and each share holds every connection the table can have.
    func libmicrohttpdLimit(threads: Int) -> Int {
        threads * (capacity + 1)
    }

    /// Milliseconds of a monotonic clock (coarse: a few milliseconds of resolution is plenty
    /// for deadlines of seconds, and it costs no system call).
    static func now() -> Int {
        var spec = timespec()
        #if os(Linux)
        clock_gettime(CLOCK_MONOTONIC_COARSE, &spec)
        #else
        clock_gettime(CLOCK_MONOTONIC, &spec)
        #endif
        return spec.tv_sec * 1000 + spec.tv_nsec / 1_000_000
    }

    /// Whether another connection may be accepted now (the open and closing ones are under
    /// ``capacity``).
    var hasRoom: Bool {
        lock.withLock { open + closingCount < capacity }
    }

    /// Admits a new connection on `socket` from `peer`, evicting the oldest connection
    /// without a request in progress (of that peer, for the per-address limit) where the
    /// table is full. `handOver` runs once the connection is in the table (so that its
    /// start, reported from a pool thread, finds it), outside the table's lock (so that the
    /// pool threads' reports do not wait on libmicrohttpd's work for the new connection); it
    /// returns false when the connection could not be handed over and is already closed.
    func admit(socket: Int32, peer: PeerKey, now: Int, handOver: () -> Bool) -> Admission {
        let entry: Entry
        do {
            lock.lock()
            defer { lock.unlock() }
            // A descriptor still in the table was closed without a report (libmicrohttpd
            // could not take it): the entry is stale.
            if let stale = entries.removeValue(forKey: socket) { forgetLocked(stale) }
            if perPeerLimit > 0, perPeer[peer, default: 0] >= perPeerLimit {
                guard let victim = oldestIdleLocked(of: peer) else { refusals += 1; return .refused }
                evictLocked(victim)
                evictions += 1
            }
            if open >= limit {
                guard let victim = oldestIdleLocked(of: nil) else { refusals += 1; return .refused }
                evictLocked(victim)
                evictions += 1
            }
            entry = Entry(socket: socket, peer: peer, now: now)
            entries[socket] = entry
            open += 1
            if perPeerLimit > 0 { perPeer[peer, default: 0] += 1 }
        }
        guard handOver() else {
            closed(entry)
            return .lost
        }
        return .admitted(entry)
    }

    /// The entry of the connection on `socket`, which libmicrohttpd has just started serving.
    func entry(socket: Int32) -> Entry? {
        lock.withLock { entries[socket] }
    }

    /// Removes `entry`: libmicrohttpd is closing its connection.
    func closed(_ entry: Entry) {
        lock.withLock {
            if entries[entry.socket] === entry { entries[entry.socket] = nil }
            forgetLocked(entry)
        }
    }

    /// Closes every connection past its deadline: no complete header within the header
    /// timeout of its clock, or no complete body within the body timeout of its header.
    func reap(now: Int) {
        lock.withLock {
            for entry in entries.values where !entry.closing {
                let (phase, since) = entry.state
                let expired = switch phase {
                case .awaitingHeader: now - since >= headerTimeout
                case .readingBody: now - since >= bodyTimeout
                case .answering: false
                }
                if expired {
                    reaped += 1
                    evictLocked(entry)
                }
            }
        }
    }

    /// How many connections are open and being closed, and how many were evicted, refused
    /// and closed past a deadline, and how many accepts failed, so far.
    var figures: (open: Int, closing: Int, evicted: Int, refused: Int, reaped: Int, acceptFailures: Int) {
        lock.withLock { (open, closingCount, evictions, refusals, reaped, acceptFailures) }
    }

    /// Counts an accept that failed for want of descriptors or memory.
    func noteAcceptFailure() {
        lock.withLock { acceptFailures += 1 }
    }

    /// The connection to close for a new one, of `peer` or of any peer: of the few without a
    /// request in progress whose clocks started first, the oldest that has sent nothing yet,
    /// or the oldest of them when all have (a client whose request is on its way, such as a
    /// health probe, is not the one to lose to a burst of connections that send nothing);
    /// with ``evictsBusy``, when none is idle, the busy one whose clock started first.
    private func oldestIdleLocked(of peer: PeerKey?) -> Entry? {
        var oldest: [(entry: Entry, since: Int)] = []
        oldest.reserveCapacity(Self.evictionCandidates + 1)
        var oldestBusy: (entry: Entry, since: Int)?
        for entry in entries.values where !entry.closing && (peer == nil || entry.peer == peer) {
            let (phase, since) = entry.state
            if phase == .awaitingHeader {
                if oldest.count == Self.evictionCandidates, since >= oldest[oldest.count - 1].since { continue }
                let at = oldest.firstIndex { since < $0.since } ?? oldest.count
                oldest.insert((entry, since), at: at)
                if oldest.count > Self.evictionCandidates { oldest.removeLast() }
            } else if evictsBusy, oldestBusy == nil || since < oldestBusy!.since {
                oldestBusy = (entry, since)
            }
        }
        let silent = oldest.first { !Syscalls.hasBytesWaiting(on: $0.entry.socket) }
        return (silent ?? oldest.first ?? oldestBusy)?.entry
    }

    /// How many of the oldest idle connections eviction looks at for one that has sent
    /// nothing: a peek each, so few.
    private static let evictionCandidates = 4

    /// Shuts `entry`'s socket down; it stays in the table, counted as closing, until
    /// libmicrohttpd reports the close.
    private func evictLocked(_ entry: Entry) {
        entry.closing = true
        open -= 1
        closingCount += 1
        if perPeerLimit > 0 { decrementPeerLocked(entry.peer) }
        Syscalls.shutdownBoth(entry.socket)
    }

    /// Takes a removed entry out of the counts.
    private func forgetLocked(_ entry: Entry) {
        if entry.closing {
            closingCount -= 1
        } else {
            open -= 1
            if perPeerLimit > 0 { decrementPeerLocked(entry.peer) }
            entry.closing = true
        }
    }

    private func decrementPeerLocked(_ peer: PeerKey) {
        let count = perPeer[peer, default: 0] - 1
        perPeer[peer] = count > 0 ? count : nil
    }
}
