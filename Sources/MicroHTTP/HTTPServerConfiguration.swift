import Foundation

/// How an ``HTTPServer`` listens and what it allows each client.
public struct HTTPServerConfiguration: Sendable, Equatable {
    /// The numeric address or host name to bind, e.g. `127.0.0.1`, `0.0.0.0`, `::`.
    public var host: String
    /// The TCP port; 0 binds an ephemeral port (read it from ``HTTPServer/port``).
    public var port: Int
    /// The number of threads in the server's pool (each runs its own epoll loop and owns
    /// the connections handed to it).
    public var threads: Int
    /// The largest request body buffered; a larger one is reported as
    /// ``RawRequest/bodyTooLarge`` and not kept.
    public var maxBodyBytes: Int
    /// The most connections open at once; more are refused.
    public var connectionLimit: Int
    /// The most connections open at once from one IP address; 0 for no limit.
    public var perIPConnectionLimit: Int
    /// Seconds a connection may stay idle (or stall mid-request) before it is closed; also
    /// the time a request body has to arrive in full after its header.
    public var connectionTimeoutSeconds: Int
    /// Seconds a connection has to send a complete request header, counted from its accept
    /// and again from each answer sent on it; then it is closed (idle keep-alive included).
    public var headerTimeoutSeconds: Int
    /// The memory each connection may use for its request line, headers and read
    /// buffer; requests whose header block does not fit are answered by libmicrohttpd
    /// itself (431). libmicrohttpd clears the whole pool between requests, so a larger
    /// value costs time on every request.
    ///
    /// The default, 16 KiB, takes header blocks of up to 15 KiB less a record of about 64
    /// bytes per field (Node.js's default limit is 16 KiB, nginx's 8 KiB per field). A block
    /// that fills the pool to within about 500 bytes leaves libmicrohttpd no room to build its
    /// 431, so it would close the connection without an answer: the server answers 431
    /// itself to every block within 768 bytes of it.
    ///
    /// libmicrohttpd also zeroes the half of the pool it lent the read buffer when it
    /// shrinks that buffer for the answer, so a smaller pool is cheaper on every request
    /// (bench/PERF.md). Up to 32 KiB libmicrohttpd takes pools from `malloc`, so a closed
    /// connection's pool stays in the allocator's arenas for the next one.
    public var connectionMemoryLimit: Int
    /// The kernel send and receive buffers each connection asks for (`SO_SNDBUF`,
    /// `SO_RCVBUF`; Linux doubles them for its bookkeeping); 0 leaves the system's defaults,
    /// which grow to megabytes. Capped, clients that do not read their answers, or send far
    /// ahead of them, hold a bounded amount of kernel memory.
    public var socketBufferBytes: Int
    /// The bytes held for clients (``HTTPServer/bytesInFlight``) beyond which a new request is
    /// marked ``RawRequest/overBudget``: one with a body is then answered before its body is
    /// read, so that request bodies count in the budget as answers do.
    public var inFlightBudgetBytes: Int
    /// Whether a new connection that finds the table full, with no connection idle or still
    /// sending its header, evicts the oldest connection whatever it is doing (reading a body,
    /// being answered) rather than being refused. For a listener of probes and scrapes
    /// (answered in microseconds), so that clients that send slowly or do not read cannot
    /// keep a fresh probe out; a public listener refuses instead, keeping slow downloads.
    public var evictsBusyConnections: Bool

    /// Creates a configuration; every parameter has the service's default.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        threads: Int = HTTPServerConfiguration.defaultThreads,
        maxBodyBytes: Int = 1 << 20,
        connectionLimit: Int = 1024,
        perIPConnectionLimit: Int = 0,
        connectionTimeoutSeconds: Int = 30,
        headerTimeoutSeconds: Int = 10,
        connectionMemoryLimit: Int = 16 << 10,
        socketBufferBytes: Int = 64 << 10,
        inFlightBudgetBytes: Int = 64 << 20,
        evictsBusyConnections: Bool = false
    ) {
        self.host = host
        self.port = port
        self.threads = threads
        self.maxBodyBytes = maxBodyBytes
        self.connectionLimit = connectionLimit
        self.perIPConnectionLimit = perIPConnectionLimit
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.headerTimeoutSeconds = headerTimeoutSeconds
        self.connectionMemoryLimit = connectionMemoryLimit
        self.socketBufferBytes = socketBufferBytes
        self.inFlightBudgetBytes = inFlightBudgetBytes
        self.evictsBusyConnections = evictsBusyConnections
    }

    /// The default pool size: two threads per processor this process may use
    /// (``availableProcessors``).
    ///
    /// Each pool thread owns the connections handed to it, so a thread that another process
    /// on its core preempts in the middle of a batch (a co-located client, a sidecar, a
    /// neighbour on a shared node) stalls all of them while the other threads may have
    /// nothing to do. Two threads per processor halve what one preemption stalls (measured:
    /// bench/PERF.md).
    public static var defaultThreads: Int {
        2 * availableProcessors
    }

    /// The processors this process may use, at least 1: the CPUs of its affinity mask
    /// (a container's cpuset), capped by the cgroup's CPU quota (a container's CPU limit)
    /// rounded up. Without either, the processors online.
    public static var availableProcessors: Int {
        var processors = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        if let status = readFile("/proc/self/status"), let allowed = allowedProcessors(status: status) {
            processors = min(processors, allowed)
        }
        if let quota = cgroupQuotaProcessors() { processors = min(processors, quota) }
        return processors
    }

    /// How many processors the `Cpus_allowed` mask of Linux's `/proc/<pid>/status` holds
    /// (hexadecimal, in comma-separated groups), or `nil` when `status` has no such line.
    static func allowedProcessors(status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }) else { return nil }
        var count = 0
        for character in line.dropFirst("Cpus_allowed:".count) where character != "," && character != " " && character != "\t" {
            guard let digit = character.hexDigitValue else { return nil }
            count += digit.nonzeroBitCount
        }
        return count > 0 ? count : nil
    }

    /// The cgroup CPU quota as whole processors (rounded up), or `nil` when there is none:
    /// cgroup v2's `cpu.max`, else v1's `cpu.cfs_quota_us` and `cpu.cfs_period_us`, as a
    /// container sees its own cgroup at `/sys/fs/cgroup`.
    static func cgroupQuotaProcessors() -> Int? {
        if let max = readFile("/sys/fs/cgroup/cpu.max") {
            return quotaProcessors(cpuMax: max)
        }
        for directory in ["/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct"] {
            if let quota = readFile(directory + "/cpu.cfs_quota_us"), let period = readFile(directory + "/cpu.cfs_period_us") {
                return quotaProcessors(quota: quota, period: period)
            }
        }
        return nil
    }

    /// Whole processors (rounded up) of cgroup v2's `cpu.max` (`"max 100000"`: none;
    /// `"150000 100000"`: 2), or `nil` for no quota or text that is not one.
    static func quotaProcessors(cpuMax: String) -> Int? {
        let fields = cpuMax.split(whereSeparator: \.isWhitespace)
        guard fields.count == 2 else { return nil }
        return quotaProcessors(quota: String(fields[0]), period: String(fields[1]))
    }

    /// Whole processors (rounded up) of a quota and a period in microseconds; `nil` when the
    /// quota is `max` or negative (none) or either is not a positive number.
    static func quotaProcessors(quota: String, period: String) -> Int? {
        guard let quota = Int(quota.filter { !$0.isWhitespace }), quota > 0,
              let period = Int(period.filter { !$0.isWhitespace }), period > 0
        else { return nil }
        return (quota + period - 1) / period
    }

    /// A file's text (procfs and cgroup files report no size, so read to its end), or `nil`
    /// when it cannot be read; as `ProcessFigures` reads `/proc/self`.
    private static func readFile(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Why an ``HTTPServer`` could not start.
public enum HTTPServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The host is neither a numeric address nor a name that resolves.
    case invalidHost(String)
    /// A setting is out of range; the associated text names it.
    case invalidConfiguration(String)
    /// The address could not be bound (typically: it is in use).
    case startFailed(host: String, port: Int)
    /// libmicrohttpd did not start its pool of threads (out of memory or threads).
    case daemonStartFailed(threads: Int)
    /// ``HTTPServer/start()`` was called on a server that had already been started.
    case alreadyStarted

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .invalidHost(let host): "cannot resolve host '\(host)'"
        case .invalidConfiguration(let what): "invalid server configuration: \(what)"
        case .startFailed(let host, let port): "cannot listen on \(host) port \(port) (address in use or not permitted)"
        case .daemonStartFailed(let threads): "libmicrohttpd did not start its \(threads) server threads (out of memory or threads)"
        case .alreadyStarted: "the server was already started"
        }
    }
}
