import Foundation

/// An IPv4 or IPv6 socket address resolved from a host string and a port.
struct SocketAddress {
    private var storage = sockaddr_storage()

    /// Whether the address is IPv6 (libmicrohttpd needs a flag for that).
    let isIPv6: Bool

    /// Resolves `host` (numeric first, then by name) for binding on `port`.
    init(host: String, port: Int) throws(HTTPServerError) {
        var storage = sockaddr_storage()
        let family = Syscalls.resolve(host: host, port: port, passive: true) { family, address, length in
            withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(length))) }
            return family
        }
        guard let family else { throw .invalidHost(host) }
        self.storage = storage
        isIPv6 = family == AF_INET6
    }

    /// The port of an IPv4 or IPv6 address, in host byte order (0 for another family).
    static func port(of address: UnsafePointer<sockaddr>) -> UInt16 {
        switch Int32(address.pointee.sa_family) {
        case AF_INET: address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        case AF_INET6: address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
        default: 0
        }
    }

    /// Calls `body` with a pointer to the address (valid only during the call).
    mutating func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>) -> T) -> T {
        withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0) }
        }
    }
}

/// A peer's address: the bytes of an IPv4 or IPv6 address as libmicrohttpd reports it, or a
/// text given as is.
enum PeerAddress: Sendable {
    case ipv4(in_addr_t)
    case ipv6(UInt64, UInt64)
    case text(String)

    /// The address `address` points to, when it is IPv4 or IPv6.
    init?(_ address: UnsafePointer<sockaddr>) {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            self = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { .ipv4($0.pointee.sin_addr.s_addr) }
        case AF_INET6:
            self = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet in
                withUnsafeBytes(of: inet.pointee.sin6_addr) { .ipv6($0.load(as: UInt64.self), $0.load(fromByteOffset: 8, as: UInt64.self)) }
            }
        default:
            return nil
        }
    }

    /// The numeric form (`127.0.0.1`, `::1`).
    var numericHost: String? {
        switch self {
        case .text(let given): given
        case .ipv4(let bytes): Self.format(AF_INET, bytes)
        case .ipv6(let high, let low): Self.format(AF_INET6, (high, low))
        }
    }

    private static func format<Bytes>(_ family: Int32, _ bytes: Bytes) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let text = buffer.withUnsafeMutableBufferPointer { out in
            withUnsafeBytes(of: bytes) { inet_ntop(family, $0.baseAddress, out.baseAddress, socklen_t(out.count)) }
        }
        guard text != nil else { return nil }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
