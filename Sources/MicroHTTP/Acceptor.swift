import Foundation
import Synchronization

/// The server's listening socket and the one thread that accepts from it, admitting each
/// new connection to the ``ConnectionTable`` and handing it to libmicrohttpd's pool
/// (`MHD_add_connection`).
///
/// Accepting here rather than in libmicrohttpd's pool threads spreads a burst of new
/// connections over every pool thread (libmicrohttpd places a handed-over connection by its
/// descriptor number, and a burst gets consecutive ones; pool threads accepting for
/// themselves take a burst's connections on whichever thread wakes first), and lets the
/// table enforce the limits before libmicrohttpd sees a connection (see ``ConnectionTable``).
final class Acceptor: @unchecked Sendable {
    /// The port the socket is bound to (the ephemeral one when asked for port 0).
    let port: Int

    /// The listening socket.
    private let listener: Int32
    /// Signalled when the accepting thread has returned.
    private let finished = DispatchSemaphore(value: 0)
    /// Set by ``stop()``: the accepting thread returns instead of waiting for room.
    private let stopping = StopFlag()
    private let lock = NSLock()
    // Guarded by `lock`.
    private var state = State.bound

    private enum State {
        case bound, accepting, stopped
    }

    /// Binds and listens on `address` (an IPv6 address takes IPv6 only, as libmicrohttpd's
    /// own socket would); `nil` when the address cannot be bound (in use, not permitted).
    /// `socketBufferBytes`, when positive, caps the kernel buffers of every connection
    /// accepted (set on the listening socket, whose accepted sockets inherit them).
    init?(address: inout SocketAddress, socketBufferBytes: Int = 0, backlog: Int32 = SOMAXCONN) {
        let descriptor = Syscalls.tcpSocket(family: address.isIPv6 ? AF_INET6 : AF_INET)
        guard descriptor >= 0 else { return nil }
        Syscalls.setOption(descriptor, level: SOL_SOCKET, name: SO_REUSEADDR, to: 1)
        if socketBufferBytes > 0 {
            Syscalls.setOption(descriptor, level: SOL_SOCKET, name: SO_SNDBUF, to: Int32(clamping: socketBufferBytes))
            Syscalls.setOption(descriptor, level: SOL_SOCKET, name: SO_RCVBUF, to: Int32(clamping: socketBufferBytes))
        }
        if address.isIPv6 {
            Syscalls.setOption(descriptor, level: Int32(IPPROTO_IPV6), name: IPV6_V6ONLY, to: 1)
        }
        let length = socklen_t(address.isIPv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        guard address.withSockaddr({ Syscalls.bindAndListen(descriptor, to: $0, length: length, backlog: backlog) }),
              let port = Syscalls.boundPort(of: descriptor)
        else {
            Syscalls.close(descriptor)
            return nil
        }
        listener = descriptor
        self.port = port
    }

    deinit {
        stop()
    }

    /// Starts the accepting thread, which admits every connection to `table` and hands it
    /// to `daemon` until ``stop()``. `daemon` must outlive that call.
    func start(handingTo daemon: OpaquePointer, table: ConnectionTable, faults: FaultPlan) {
        lock.withLock {
            guard state == .bound else { return }
            state = .accepting
            let listener = self.listener
            let finished = self.finished
            let stopping = self.stopping
            // The daemon's calls are thread-safe; it is only read here.
            nonisolated(unsafe) let daemon = daemon
            let thread = Thread {
                Self.accept(from: listener, into: daemon, table: table, stopping: stopping, faults: faults)
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
                Syscalls.close(listener)
            case .accepting:
                // Shutting a listening socket down wakes a thread blocked in `accept` with
                // an error; it then returns.
                stopping.set()
                Syscalls.shutdownBoth(listener)
                finished.wait()
                Syscalls.close(listener)
            }
            state = .stopped
        }
    }

    /// Accepts until the socket is shut down.
    private static func accept(
        from socket: Int32, into daemon: OpaquePointer, table: ConnectionTable, stopping: StopFlag, faults: FaultPlan
    ) {
        var peer = sockaddr_storage()
        while true {
            // Connections being closed still hold libmicrohttpd's slots: past the table's
            // capacity, new ones wait in the backlog until the closes are reported.
            while !table.hasRoom {
                if stopping.isSet { return }
                usleep(1000)
            }
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let connection = Syscalls.accept(socket, peer: &peer, length: &length, faults: faults)
            if connection < 0 {
                switch errno {
                case EINTR, ECONNABORTED, EAGAIN, EPROTO:
                    continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors or memory: leave the connection in the backlog
                    // for a moment rather than spin.
                    table.noteAcceptFailure()
                    usleep(10_000)
                    continue
                default:
                    // EINVAL after `shutdown`: stopped.
                    return
                }
            }
            let admission = withUnsafePointer(to: &peer) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    table.admit(socket: connection, peer: ConnectionTable.PeerKey(address), now: ConnectionTable.now()) {
                        // libmicrohttpd closes the socket itself when it cannot take it.
                        LibMicroHTTPD.addConnection(daemon, socket: connection, address: address, length: length)
                    }
                }
            }
            if case .refused = admission { Syscalls.close(connection) }
        }
    }
}

/// A flag set once, read from another thread.
final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    var isSet: Bool { flag.load(ordering: .acquiring) }

    func set() { flag.store(true, ordering: .releasing) }
}
