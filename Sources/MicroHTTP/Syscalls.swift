#if os(Linux)
internal import CSockets
#endif
import Foundation

/// Every socket call MicroHTTP makes, in one place, so that a test can make them fail
/// (``FaultPlan``) and the rest of the module reads as what it does, not how C spells it.
enum Syscalls {
    /// A new TCP socket of `family`, close-on-exec; -1 and `errno` on failure.
    static func tcpSocket(family: Int32) -> Int32 {
        #if canImport(Glibc)
        socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        socket(family, SOCK_STREAM, 0)
        #endif
    }

    /// Sets an integer socket option; whether it took.
    @discardableResult
    static func setOption(_ socket: Int32, level: Int32, name: Int32, to value: Int32) -> Bool {
        var value = value
        return setsockopt(socket, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) == 0
    }

    /// Binds `socket` to `address` of `length` bytes and listens; whether both took.
    static func bindAndListen(_ socket: Int32, to address: UnsafePointer<sockaddr>, length: socklen_t, backlog: Int32) -> Bool {
        Foundation.bind(socket, address, length) == 0 && Foundation.listen(socket, backlog) == 0
    }

    /// The port `socket` is bound to, or nil.
    static func boundPort(of socket: Int32) -> Int? {
        var bound = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &bound) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard named == 0 else { return nil }
        return withUnsafePointer(to: &bound) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Int(SocketAddress.port(of: $0)) }
        }
    }

    /// Accepts a connection on `socket`, non-blocking and close-on-exec, its peer's address
    /// written to `peer`; -1 and `errno` on failure (or the failure `faults` plans).
    static func accept(_ socket: Int32, peer: inout sockaddr_storage, length: inout socklen_t, faults: FaultPlan) -> Int32 {
        if let planned = faults.nextAcceptError() {
            errno = planned
            return -1
        }
        return withUnsafeMutablePointer(to: &peer) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if os(Linux)
                csockets_accept4(socket, $0, &length, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
                #else
                Darwin.accept(socket, $0, &length)   // libmicrohttpd makes it non-blocking
                #endif
            }
        }
    }

    /// Shuts both directions of `socket` down (a thread blocked on it wakes; its peer sees
    /// the end of the stream).
    static func shutdownBoth(_ socket: Int32) {
        _ = shutdown(socket, Int32(SHUT_RDWR))
    }

    /// Whether bytes wait unread on `socket` (not at the end of its stream); a peek, so
    /// nothing is taken from whoever reads it.
    static func hasBytesWaiting(on socket: Int32) -> Bool {
        var byte: UInt8 = 0
        #if canImport(Glibc)
        let flags = Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)
        #else
        let flags = MSG_PEEK | MSG_DONTWAIT
        #endif
        return recv(socket, &byte, 1, flags) > 0
    }

    /// Closes `socket`.
    static func close(_ socket: Int32) {
        _ = Foundation.close(socket)
    }

    /// The first address `host` resolves to for a TCP socket (numeric hosts without a
    /// lookup), with `port` (`passive`: for binding), passed to `body`; nil when it does
    /// not resolve.
    static func resolve<T>(
        host: String, port: Int, passive: Bool, _ body: (_ family: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> T
    ) -> T? {
        var hints = addrinfo()
        hints.ai_flags = passive ? AI_PASSIVE : 0
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list, let address = first.pointee.ai_addr else {
            return nil
        }
        defer { freeaddrinfo(list) }
        return body(first.pointee.ai_family, address, first.pointee.ai_addrlen)
    }

    /// Binds `socket` to the IPv4 address `source` (any port); whether it took.
    static func bind(_ socket: Int32, toIPv4 source: String) -> Bool {
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        guard inet_pton(AF_INET, source, &local.sin_addr) == 1 else { return false }
        return withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    /// Connects `socket` to `address`; whether it did.
    static func connect(_ socket: Int32, to address: UnsafePointer<sockaddr>, length: socklen_t) -> Bool {
        Foundation.connect(socket, address, length) == 0
    }

    /// Sends `bytes` on `socket` without raising SIGPIPE; the count sent, or -1.
    static func send(_ socket: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        Foundation.send(socket, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
    }

    /// Waits up to `milliseconds` for `socket` to be readable; whether it is.
    static func waitReadable(_ socket: Int32, milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }

    /// Reads into `buffer`; the count read, 0 at the end of the stream, -1 on error.
    static func receive(_ socket: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        recv(socket, buffer.baseAddress, buffer.count, 0)
    }
}

/// Failures a test plans for one server's calls into the system and libmicrohttpd (nothing
/// is planned outside tests): the next accepts fail with given `errno`s, the daemon start
/// fails.
final class FaultPlan: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var acceptErrors: [Int32] = []
    private var daemonStartFails = false

    /// The next `count` accepts fail with `error` (e.g. `EMFILE`).
    func failAccepts(with error: Int32, count: Int) {
        lock.withLock {
            acceptErrors += Array(repeating: error, count: count)
        }
    }

    /// The daemon does not start.
    func failDaemonStart() {
        lock.withLock {
            daemonStartFails = true
        }
    }

    /// The `errno` the next accept fails with, or nil when none is planned.
    func nextAcceptError() -> Int32? {
        lock.withLock { acceptErrors.isEmpty ? nil : acceptErrors.removeFirst() }
    }

    /// Whether the daemon start is to fail.
    var daemonStartFailsNow: Bool {
        lock.withLock { daemonStartFails }
    }
}
