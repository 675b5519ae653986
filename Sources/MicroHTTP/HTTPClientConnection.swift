// For `SOCK_STREAM`: since `Acceptor` uses <sys/socket.h>'s constants, the compiler finds
// them in this file only with the shim module (which includes that header) imported.
internal import CMicroHTTPD
import Foundation

/// Why an ``HTTPClientConnection`` failed.
public enum HTTPClientError: Error, Equatable, Sendable {
    /// The host did not resolve or the connection was refused.
    case connectFailed(host: String, port: Int)
    /// Sending failed (the peer closed the connection).
    case writeFailed
    /// No complete answer arrived within the timeout.
    case timedOut
    /// The peer closed the connection before a complete answer.
    case closedByPeer
    /// The answer is not HTTP/1.x as expected.
    case malformedResponse
}

/// A minimal blocking HTTP/1.1 client over one TCP connection: the container health
/// probe and the tests use it where no HTTP client is installed or where requests must
/// be written byte by byte.
public final class HTTPClientConnection {
    private var socket: Int32
    private var buffered: [UInt8] = []
    private let timeout: Duration

    /// Connects to `host` (a numeric address or name) on `port`, from the local numeric address
    /// `source` when given (e.g. `127.0.0.2`, to test per-address limits); every later read
    /// waits at most `timeout`.
    public init(host: String, port: Int, source: String? = nil, timeout: Duration = .seconds(5)) throws(HTTPClientError) {
        self.timeout = timeout
        let connected = Syscalls.resolve(host: host, port: port, passive: false) { family, address, length -> Int32? in
            let descriptor = Syscalls.tcpSocket(family: family)
            guard descriptor >= 0 else { return nil }
            guard source.map({ Syscalls.bind(descriptor, toIPv4: $0) }) ?? true, Syscalls.connect(descriptor, to: address, length: length) else {
                Syscalls.close(descriptor)
                return nil
            }
            return descriptor
        }
        guard let descriptor = connected ?? nil else { throw .connectFailed(host: host, port: port) }
        Syscalls.setOption(descriptor, level: Int32(IPPROTO_TCP), name: TCP_NODELAY, to: 1)
        socket = descriptor
    }

    deinit {
        close()
    }

    /// Closes the connection (idempotent).
    public func close() {
        if socket >= 0 {
            Syscalls.close(socket)
            socket = -1
        }
    }

    /// Sends `bytes` as they are.
    public func write(_ bytes: some Collection<UInt8>) throws(HTTPClientError) {
        let array = Array(bytes)
        var sent = 0
        while sent < array.count {
            let result = array[sent...].withUnsafeBytes { Syscalls.send(socket, $0) }
            guard result > 0 else { throw .writeFailed }
            sent += result
        }
    }

    /// Sends `text` as UTF-8.
    public func write(_ text: String) throws(HTTPClientError) {
        try write(Array(text.utf8))
    }

    /// Sends one request: the request line, `Host`, the given headers, `Content-Length`
    /// when there is a body, then the body.
    public func send(_ method: RawMethod, _ target: String, headers: RawHeaders = RawHeaders(), body: [UInt8] = []) throws(HTTPClientError) {
        var head = "\(method.rawValue) \(target) HTTP/1.1\r\nHost: localhost\r\n"
        for field in headers { head += "\(field.name): \(field.value)\r\n" }
        if !body.isEmpty || method == .post { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        try write(Array(head.utf8) + body)
    }

    /// Reads one response; `bodyless` for the answer to a `HEAD` (headers only).
    public func readResponse(bodyless: Bool = false) throws(HTTPClientError) -> RawResponse {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var headEnd: Int?
        while headEnd == nil {
            headEnd = Self.find([13, 10, 13, 10], in: buffered).map { $0 + 4 }
            if headEnd == nil { try fill(until: deadline) }
        }
        let headBytes = buffered[..<headEnd!]
        buffered.removeFirst(headEnd!)
        let lines = String(decoding: headBytes, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let statusParts = lines.first?.split(separator: " ", maxSplits: 2) ?? []
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
            throw .malformedResponse
        }
        var headers = RawHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { throw .malformedResponse }
            headers.add(String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        if bodyless || status == 204 || status == 304 {
            return RawResponse(status: status, headers: headers)
        }
        if let length = headers["Content-Length"].flatMap(Int.init) {
            while buffered.count < length { try fill(until: deadline) }
            let body = Array(buffered[..<length])
            buffered.removeFirst(length)
            return RawResponse(status: status, headers: headers, body: body)
        }
        while true {
            do {
                try fill(until: deadline)
            } catch .closedByPeer {
                break
            }
        }
        defer { buffered = [] }
        return RawResponse(status: status, headers: headers, body: buffered)
    }

    /// Whether the peer closes the connection (or resets it) within `wait`, reading and
    /// dropping anything it sends meanwhile.
    public func waitForPeerClose(within wait: Duration) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: wait)
        while true {
            do {
                try fill(until: deadline)
            } catch .closedByPeer {
                return true
            } catch {
                return false
            }
        }
    }

    /// Reads what is available into the buffer, waiting until `deadline`.
    private func fill(until deadline: ContinuousClock.Instant) throws(HTTPClientError) {
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { throw .timedOut }
        let milliseconds = max(1, Int32(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000))
        guard Syscalls.waitReadable(socket, milliseconds: milliseconds) else { throw .timedOut }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { Syscalls.receive(socket, into: $0) }
        guard count > 0 else { throw .closedByPeer }
        buffered.append(contentsOf: chunk[..<count])
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
