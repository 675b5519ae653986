internal import CMicroHTTPD
import Foundation

/// The server's listening socket and the one thread that accepts from it, handing each
/// new connection to libmicrohttpd's pool (`MHD_add_connection`).
///
/// With its own accepting, every libmicrohttpd pool thread polls the listening socket and
/// the first to wake takes all the connections waiting (up to ten at a time). Connections
/// opened in a burst, as a load balancer's or a client's keep-alive pool opens them, then
/// land on a few threads while the others idle, and the requests of connections that share
/// a thread wait for each other although a core is free. Measured on 2 cores with 4 pool
/// threads (`wrk -t2`, each thread's CPU time per round): 64 connections kept two threads
/// busy and two idle in one round and loaded the four unevenly (52 to 127 ticks) in
/// others; 4 connections kept one, two or three threads busy (on one, that round answered
/// a third fewer requests).
///
/// Handed over by this thread instead, libmicrohttpd places each connection on the pool
/// thread its descriptor number selects (descriptor modulo pool size; the next thread with
/// room when that one is at its share of the connection limit). A burst of new
/// connections gets consecutive descriptors, so it is spread over every thread: both
/// splits above came out even. Interleaved with the same server accepting through
/// libmicrohttpd (`POST /layout`, 8 rounds of 3 s): 43–52k against 37–49k requests per
/// second at 64 connections, p99 0.17–0.29 ms against 0.15–1.53 ms at 4 (median 0.20
/// against 0.29).
final class Acceptor: @unchecked Sendable {
    /// The port the socket is bound to (the ephemeral one when asked for port 0).
    let port: Int

    /// The listening socket.
    private let listener: Int32
    /// Signalled when the accepting thread has returned.
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    // Guarded by `lock`.
    private var state = State.bound

    private enum State {
        case bound, accepting, stopped
    }

    /// Binds and listens on `address` (an IPv6 address takes IPv6 only, as libmicrohttpd's
    /// own socket would); `nil` when the address cannot be bound (in use, not permitted).
    init?(address: inout SocketAddress, backlog: Int32 = SOMAXCONN) {
        let family = address.isIPv6 ? AF_INET6 : AF_INET
        #if canImport(Glibc)
        let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
        let kind = SOCK_STREAM
        #endif
        let descriptor = socket(family, kind, 0)
        guard descriptor >= 0 else { return nil }
        var on: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if address.isIPv6 {
            _ = setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        let length = socklen_t(address.isIPv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        guard address.withSockaddr({ bind(descriptor, $0, length) }) == 0, listen(descriptor, backlog) == 0 else {
            close(descriptor)
            return nil
        }
        var bound = sockaddr_storage()
        var boundLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &bound) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &boundLength) }
        }
        guard named == 0 else {
            close(descriptor)
            return nil
        }
        listener = descriptor
        self.port = withUnsafePointer(to: &bound) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Int(SocketAddress.port(of: $0)) }
        }
    }

    deinit {
        stop()
    }

    /// Starts the accepting thread, which hands every connection to `daemon` until
    /// ``stop()``. `daemon` must outlive that call.
    func start(handingTo daemon: OpaquePointer) {
        lock.withLock {
            guard state == .bound else { return }
            state = .accepting
            let listener = self.listener
            let finished = self.finished
            // The daemon's calls are thread-safe; it is only read here.
            nonisolated(unsafe) let daemon = daemon
            let thread = Thread {
                Self.accept(from: listener, into: daemon)
                finished.signal()
            }
            thread.name = "http-accept"
            thread.start()
        }
    }

    /// Stops accepting and closes the socket (connections still waiting in its backlog are
    /// reset); returns once the accepting thread has returned. Idempotent.
    func stop() {
        lock.withLock {
            switch state {
            case .stopped:
                return
            case .bound:
                close(listener)
            case .accepting:
                // Shutting a listening socket down wakes a thread blocked in `accept` with
                // an error; it then returns.
                _ = shutdown(listener, Int32(SHUT_RDWR))
                finished.wait()
                close(listener)
            }
            state = .stopped
        }
    }

    /// Accepts until the socket is shut down.
    private static func accept(from socket: Int32, into daemon: OpaquePointer) {
        var peer = sockaddr_storage()
        while true {
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let connection = withUnsafeMutablePointer(to: &peer) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    #if os(Linux)
                    cmhd_accept4(socket, $0, &length, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
                    #else
                    Darwin.accept(socket, $0, &length)   // libmicrohttpd makes it non-blocking
                    #endif
                }
            }
            if connection < 0 {
                switch errno {
                case EINTR, ECONNABORTED, EAGAIN, EPROTO:
                    continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors or memory: leave the connection in the backlog
                    // for a moment rather than spin.
                    usleep(10_000)
                    continue
                default:
                    // EINVAL after `shutdown`: stopped.
                    return
                }
            }
            // libmicrohttpd closes the socket itself when it cannot take it (every pool
            // thread at its connection limit, the per-address limit reached).
            _ = withUnsafePointer(to: &peer) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { MHD_add_connection(daemon, connection, $0, length) }
            }
        }
    }
}
