internal import CMicroHTTPD
import Foundation

/// An IPv4 or IPv6 socket address resolved from a host string and a port.
struct SocketAddress {
    private var storage = sockaddr_storage()

    /// Whether the address is IPv6 (libmicrohttpd needs a flag for that).
    let isIPv6: Bool

    /// Resolves `host` (numeric first, then by name) for binding on `port`.
    init(host: String, port: Int) throws(HTTPServerError) {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list, let address = first.pointee.ai_addr else {
            throw .invalidHost(host)
        }
        defer { freeaddrinfo(list) }
        let family = Int32(address.pointee.sa_family)
        isIPv6 = family == AF_INET6
        withUnsafeMutableBytes(of: &storage) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(first.pointee.ai_addrlen)))
        }
        let networkPort = UInt16(port).bigEndian
        withUnsafeMutablePointer(to: &storage) { pointer in
            if family == AF_INET6 {
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port = networkPort }
            } else {
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port = networkPort }
            }
        }
    }

    /// Calls `body` with a pointer to the address (valid only during the call).
    mutating func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>) -> T) -> T {
        withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0) }
        }
    }

    /// The numeric form of an address libmicrohttpd reports for a peer.
    static func numericHost(_ address: UnsafePointer<sockaddr>) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = Int32(address.pointee.sa_family)
        let text: UnsafePointer<CChar>? = buffer.withUnsafeMutableBufferPointer { out in
            switch family {
            case AF_INET:
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                    withUnsafePointer(to: inet.pointee.sin_addr) { inet_ntop(AF_INET, $0, out.baseAddress, socklen_t(out.count)) }
                }
            case AF_INET6:
                address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet in
                    withUnsafePointer(to: inet.pointee.sin6_addr) { inet_ntop(AF_INET6, $0, out.baseAddress, socklen_t(out.count)) }
                }
            default:
                nil
            }
        }
        guard text != nil else { return nil }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
