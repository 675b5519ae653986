import Foundation

/// An HTTP/1.1 server on libmicrohttpd: a pool of threads, each with its own epoll loop,
/// calling one ``HTTPHandler`` per request, and one thread accepting connections and
/// spreading them over the pool (``Acceptor``).
///
/// ```swift
/// let server = HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { request in
///     RawResponse(status: 200, body: Array("hello".utf8))
/// }
/// try server.start()
/// print(server.port)
/// server.shutdown(timeout: .seconds(5))
/// ```
///
/// Any method reaches the handler. Request bodies are buffered up to
/// ``HTTPServerConfiguration/maxBodyBytes``; beyond that the handler is told
/// (``RawRequest/bodyTooLarge``) and nothing more is kept. Connections are kept alive
/// between requests; idle or stalled ones are closed after the configured timeout.
public final class HTTPServer: @unchecked Sendable {
    /// The configuration the server was created with.
    public let configuration: HTTPServerConfiguration

    private let context: ServerContext
    private let lock = NSLock()
    // Guarded by `lock`.
    private var daemon: OpaquePointer?
    private var acceptor: Acceptor?
    private var reaper: Reaper?
    /// Failures a test plans for this server's system calls (none otherwise).
    let faults = FaultPlan()
    private var boundPort = 0
    private var started = false

    /// Creates a server; it listens only once ``start()`` is called.
    public init(configuration: HTTPServerConfiguration, handler: @escaping HTTPHandler) {
        self.configuration = configuration
        let connections = ConnectionTable(
            limit: configuration.connectionLimit, perPeerLimit: configuration.perIPConnectionLimit,
            headerTimeoutSeconds: configuration.headerTimeoutSeconds, bodyTimeoutSeconds: configuration.connectionTimeoutSeconds,
            evictsBusy: configuration.evictsBusyConnections
        )
        self.context = ServerContext(
            handler: handler, maxBodyBytes: configuration.maxBodyBytes, inFlightBudget: configuration.inFlightBudgetBytes,
            connectionMemory: configuration.connectionMemoryLimit, connections: connections
        )
    }

    deinit {
        stop()
    }

    /// The port the server listens on (the ephemeral one when configured with port 0);
    /// 0 before ``start()``.
    public var port: Int {
        lock.withLock { boundPort }
    }

    /// The connections open now (not counting those being closed), how many connections
    /// were evicted, refused and closed past a deadline since the start, and how many
    /// accepts failed (out of descriptors or memory: the connection waits in the backlog).
    public var connectionFigures: (open: Int, evicted: Int, refused: Int, timedOut: Int, acceptFailures: Int) {
        let figures = context.connections.figures
        return (figures.open, figures.evicted, figures.refused, figures.reaped, figures.acceptFailures)
    }

    /// The number of requests received and not yet completed.
    public var requestsInFlight: Int {
        context.stripes.reduce(0) { $0 += $1.inFlight }
    }

    /// The bytes held for clients across every server in the process: request bodies being
    /// received (their buffers' capacity) until their answer is made, bodies of answers over
    /// 4 KiB until they are sent, and streams (``HTTPBodyStream``) with the piece they hold
    /// and the bytes they keep, until they end or their connection goes. Smaller answers are
    /// copied and not counted.
    public static var bytesInFlight: Int { BytesInFlight.current }

    /// Binds the address and starts the thread pool and the accepting thread.
    public func start() throws(HTTPServerError) {
        lock.lock()
        defer { lock.unlock() }
        guard !started else { throw .alreadyStarted }
        let options = configuration
        guard (0...65535).contains(options.port) else { throw .invalidConfiguration("port \(options.port) is not in 0...65535") }
        guard options.threads >= 1 else { throw .invalidConfiguration("threads must be at least 1") }
        guard options.maxBodyBytes >= 0 else { throw .invalidConfiguration("the body limit must not be negative") }
        guard options.connectionLimit >= 1 else { throw .invalidConfiguration("the connection limit must be at least 1") }
        guard options.perIPConnectionLimit >= 0 else { throw .invalidConfiguration("the per-IP connection limit must not be negative") }
        guard options.connectionTimeoutSeconds >= 1 else { throw .invalidConfiguration("the connection timeout must be at least 1 second") }
        guard options.headerTimeoutSeconds >= 1 else { throw .invalidConfiguration("the header timeout must be at least 1 second") }
        guard options.connectionMemoryLimit >= 4096 else { throw .invalidConfiguration("the connection memory limit must be at least 4096 bytes") }

        var address = try SocketAddress(host: options.host, port: options.port)
        guard let acceptor = Acceptor(address: &address, socketBufferBytes: options.socketBufferBytes) else { throw .startFailed(host: options.host, port: options.port) }
        // The acceptor listens and hands connections over (see ``Acceptor``); the limits are
        // the table's (per address too), libmicrohttpd's own out of reach.
        let contextPointer = Unmanaged.passRetained(context).toOpaque()
        let newDaemon = LibMicroHTTPD.startDaemon(
            options: LibMicroHTTPD.DaemonOptions(
                threads: options.threads, connectionLimit: context.connections.libmicrohttpdLimit(threads: options.threads),
                connectionTimeoutSeconds: options.connectionTimeoutSeconds, connectionMemoryLimit: options.connectionMemoryLimit
            ),
            context: contextPointer, accessHandler: ServerContext.accessHandler,
            requestCompleted: ServerContext.requestCompleted, connectionNotify: ServerContext.connectionNotify,
            uriLog: ServerContext.uriLog, faults: faults
        )
        guard let newDaemon else {
            acceptor.stop()
            Unmanaged<ServerContext>.fromOpaque(contextPointer).release()
            throw .daemonStartFailed(threads: options.threads)
        }
        daemon = newDaemon
        self.acceptor = acceptor
        boundPort = acceptor.port
        reaper = Reaper(connections: context.connections)
        acceptor.start(handingTo: newDaemon, table: context.connections, faults: faults)
        self.started = true
    }

    /// Stops accepting connections and closes the listening socket (new connections are
    /// refused); requests already received, and further requests on open connections, are
    /// still served, each answer asking the client to close.
    public func quiesce() {
        context.stripes.updateAll { $0.closing = true }
        lock.withLock { acceptor?.stop() }
    }

    /// Waits until no request has been in flight for a short settling time (so that a
    /// request a busy pool thread has not yet picked up is not cut off), or until
    /// `timeout` has passed; returns whether the server went idle.
    public func waitUntilIdle(timeout: Duration) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var idleSince: ContinuousClock.Instant?
        while true {
            let now = clock.now
            if requestsInFlight > 0 {
                idleSince = nil
            } else if let since = idleSince {
                if since.duration(to: now) >= Self.settlingTime { return true }
            } else {
                idleSince = now
            }
            if now >= deadline { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// How long the server must stay without requests in flight to count as idle.
    private static let settlingTime = Duration.milliseconds(100)

    /// Stops at once: closes every connection and joins the pool threads. Idempotent.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard let daemon else { return }
        // No connection is handed to the daemon while or after it stops.
        acceptor?.stop()
        acceptor = nil
        reaper?.stop()
        reaper = nil
        LibMicroHTTPD.stopDaemon(daemon)
        self.daemon = nil
        Unmanaged.passUnretained(context).release()
    }

    /// Graceful stop: ``quiesce()``, wait up to `timeout` for requests in flight to
    /// finish, then ``stop()``. Returns whether every request finished in time.
    @discardableResult
    public func shutdown(timeout: Duration) -> Bool {
        quiesce()
        let idle = waitUntilIdle(timeout: timeout)
        stop()
        return idle
    }
}

/// The thread that closes connections past their deadlines (``ConnectionTable/reap(now:)``)
/// a few times a second, from the server's start to its stop (draining included).
private final class Reaper: Sendable {
    /// How often the table is swept: deadlines are whole seconds.
    private static let interval = 0.2

    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let stopping = StopFlag()

    init(connections: ConnectionTable) {
        let (wake, finished, stopping) = (wake, finished, stopping)
        let thread = Thread {
            while !stopping.isSet {
                _ = wake.wait(timeout: .now() + Self.interval)
                connections.reap(now: ConnectionTable.now())
            }
            finished.signal()
        }
        thread.name = "http-reaper"
        thread.start()
    }

    /// Stops the thread and waits until it has returned.
    func stop() {
        stopping.set()
        wake.signal()
        finished.wait()
    }
}
