#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How an ``HTTPServer`` listens and what it allows each client.
public struct HTTPServerConfiguration: Sendable, Equatable {
    /// The numeric address or host name to bind, e.g. `127.0.0.1`, `0.0.0.0`, `::`.
    public var host: String
    /// The TCP port; 0 binds an ephemeral port (read it from ``HTTPServer/port``).
    public var port: Int
    /// The number of threads in the server's pool (each runs its own epoll loop).
    public var threads: Int
    /// The largest request body buffered; a larger one is reported as
    /// ``HTTPRequest/bodyTooLarge`` and not kept.
    public var maxBodyBytes: Int
    /// The most connections open at once; more are refused.
    public var connectionLimit: Int
    /// The most connections open at once from one IP address; 0 for no limit.
    public var perIPConnectionLimit: Int
    /// Seconds a connection may stay idle (or stall mid-request) before it is closed.
    public var connectionTimeoutSeconds: Int
    /// The memory each connection may use for its request line, headers and read
    /// buffer; requests whose header block does not fit are answered by libmicrohttpd
    /// itself (431). The default, 32 KiB (libmicrohttpd's own), takes header blocks of
    /// well over 16 KiB; libmicrohttpd clears the whole pool between requests, so a
    /// larger value costs time on every request.
    public var connectionMemoryLimit: Int

    /// Creates a configuration; every parameter has the service's default.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        threads: Int = HTTPServerConfiguration.processorCount,
        maxBodyBytes: Int = 1 << 20,
        connectionLimit: Int = 1024,
        perIPConnectionLimit: Int = 0,
        connectionTimeoutSeconds: Int = 30,
        connectionMemoryLimit: Int = 32 << 10
    ) {
        self.host = host
        self.port = port
        self.threads = threads
        self.maxBodyBytes = maxBodyBytes
        self.connectionLimit = connectionLimit
        self.perIPConnectionLimit = perIPConnectionLimit
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.connectionMemoryLimit = connectionMemoryLimit
    }

    /// The number of processors online (at least 1): the default pool size.
    public static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}

/// Why an ``HTTPServer`` could not start.
public enum HTTPServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The host is neither a numeric address nor a name that resolves.
    case invalidHost(String)
    /// A setting is out of range; the associated text names it.
    case invalidConfiguration(String)
    /// libmicrohttpd refused to start (typically: the address is in use).
    case startFailed(host: String, port: Int)
    /// ``HTTPServer/start()`` was called on a server that had already been started.
    case alreadyStarted

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .invalidHost(let host): "cannot resolve host '\(host)'"
        case .invalidConfiguration(let what): "invalid server configuration: \(what)"
        case .startFailed(let host, let port): "cannot listen on \(host) port \(port) (address in use or not permitted)"
        case .alreadyStarted: "the server was already started"
        }
    }
}
