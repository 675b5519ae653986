import Foundation
@testable import MicroHTTP
import Testing

/// A peer's address is kept as bytes and formatted when read, as `inet_ntop` writes it.
@Suite struct PeerAddressTests {
    /// The address `text` of `family`, read back from a socket address holding it.
    func peer(_ family: Int32, _ text: String) -> PeerAddress? {
        var storage = sockaddr_storage()
        return withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                if family == AF_INET {
                    address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                        inet.pointee.sin_family = sa_family_t(AF_INET)
                        _ = inet_pton(AF_INET, text, &inet.pointee.sin_addr)
                    }
                } else {
                    address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet in
                        inet.pointee.sin6_family = sa_family_t(AF_INET6)
                        _ = inet_pton(AF_INET6, text, &inet.pointee.sin6_addr)
                    }
                }
                return PeerAddress(UnsafePointer(address))
            }
        }
    }

    @Test(arguments: ["127.0.0.1", "10.1.2.3", "255.255.255.255"])
    func formatsIPv4(_ text: String) {
        #expect(peer(AF_INET, text)?.numericHost == text)
    }

    @Test(arguments: ["::1", "fe80::1:2", "2001:db8:85a3::8a2e:370:7334", "::ffff:192.0.2.1"])
    func formatsIPv6(_ text: String) {
        #expect(peer(AF_INET6, text)?.numericHost == text)
    }

    @Test func keepsAGivenTextAndAnswersNothingForOtherFamilies() {
        var request = RawRequest(method: .get, path: "/", remoteAddress: "peer")
        #expect(request.remoteAddress == "peer")
        request.remoteAddress = nil
        #expect(request.remoteAddress == nil)
        var storage = sockaddr_storage()
        storage.ss_family = sa_family_t(AF_UNIX)
        let other = withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { PeerAddress($0) } }
        #expect(other == nil)
    }
}
