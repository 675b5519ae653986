internal import CMicroHTTPD

/// Every call MicroHTTP makes into libmicrohttpd, in one place (the C shim's `cmhd_`
/// wrappers of its variadic functions included), so that the library's surface is read in
/// one file and a test can make the daemon start fail (``FaultPlan``).
///
/// Callbacks libmicrohttpd makes into MicroHTTP are defined where their work is
/// (``ServerContext``, ``HTTPBodyStream``); their C types come from here.
enum LibMicroHTTPD {
    typealias AccessHandler = MHD_AccessHandlerCallback
    typealias RequestCompleted = MHD_RequestCompletedCallback
    typealias ConnectionNotify = MHD_NotifyConnectionCallback
    typealias ContentReader = MHD_ContentReaderCallback
    typealias ContentReaderFree = MHD_ContentReaderFreeCallback
    typealias KeyValueIterator = MHD_KeyValueIteratorN
    typealias Result = MHD_Result
    /// `MHD_OPTION_URI_LOG_CALLBACK`'s function: the raw request target in, the request's
    /// first `*con_cls` out.
    typealias URILog = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer?

    /// The daemon's settings that MicroHTTP uses.
    struct DaemonOptions {
        var threads: Int
        var connectionLimit: Int
        var connectionTimeoutSeconds: Int
        var connectionMemoryLimit: Int
    }

    /// Starts a daemon with a pool of `options.threads` threads, each running its own epoll
    /// loop (poll elsewhere), that listens on no socket of its own: connections are handed
    /// to it (``addConnection(_:socket:address:length:)``). `context` is passed to every
    /// callback. Nil when it does not start (or `faults` plans that).
    static func startDaemon(
        options: DaemonOptions, context: UnsafeMutableRawPointer, accessHandler: AccessHandler,
        requestCompleted: RequestCompleted, connectionNotify: ConnectionNotify, uriLog: URILog, faults: FaultPlan
    ) -> OpaquePointer? {
        guard !faults.daemonStartFailsNow else { return nil }
        // The `Date` header comes from the pool thread's own clock (see ``HTTPDate``).
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_ITC.rawValue | MHD_USE_NO_LISTEN_SOCKET.rawValue
            | MHD_USE_SUPPRESS_DATE_NO_CLOCK.rawValue
        #if os(Linux)
        flags |= MHD_USE_EPOLL.rawValue
        #else
        flags |= MHD_USE_POLL.rawValue
        #endif
        // Two-argument options in an array: the function pointer goes in `value`.
        var items: [MHD_OptionItem] = [
            MHD_OptionItem(option: .THREAD_POOL_SIZE, value: options.threads, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: options.connectionLimit, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: options.connectionTimeoutSeconds, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: options.connectionMemoryLimit, ptr_value: nil),
            MHD_OptionItem(
                option: .NOTIFY_COMPLETED, value: Int(bitPattern: unsafeBitCast(requestCompleted, to: UnsafeRawPointer.self)), ptr_value: context
            ),
            MHD_OptionItem(
                option: .NOTIFY_CONNECTION, value: Int(bitPattern: unsafeBitCast(connectionNotify, to: UnsafeRawPointer.self)), ptr_value: context
            ),
            MHD_OptionItem(option: .URI_LOG_CALLBACK, value: Int(bitPattern: unsafeBitCast(uriLog, to: UnsafeRawPointer.self)), ptr_value: context),
            MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
        ]
        return items.withUnsafeMutableBufferPointer { buffer in
            cmhd_start_daemon(flags, 0, accessHandler, context, buffer.baseAddress)
        }
    }

    /// Stops `daemon`: closes every connection (each reported closed) and joins its threads.
    static func stopDaemon(_ daemon: OpaquePointer) {
        MHD_stop_daemon(daemon)
    }

    /// Hands the accepted `socket` to `daemon`; false when it could not take it (it has
    /// closed the socket then).
    static func addConnection(_ daemon: OpaquePointer, socket: Int32, address: UnsafePointer<sockaddr>, length: socklen_t) -> Bool {
        MHD_add_connection(daemon, socket, address, length) == .YES
    }

    /// Whether a connection notification reports a start (or else a close).
    static func isStart(_ code: MHD_ConnectionNotificationCode) -> Bool {
        code == .CONNECTION_NOTIFY_STARTED
    }

    /// The socket of `connection`, or -1.
    static func socket(of connection: OpaquePointer) -> Int32 {
        cmhd_connection_socket(connection)
    }

    /// What the connection-notify callback stored for `connection`, or nil.
    static func socketContext(of connection: OpaquePointer) -> UnsafeMutableRawPointer? {
        cmhd_socket_context(connection)
    }

    /// The peer's address of `connection`, or nil.
    static func clientAddress(of connection: OpaquePointer) -> UnsafePointer<sockaddr>? {
        cmhd_client_address(connection)
    }

    /// Which of a request's key-value lists to read.
    enum ValueKind {
        case headers, queryItems

        fileprivate var mhd: MHD_ValueKind {
            switch self {
            case .headers: .HEADER_KIND
            case .queryItems: .GET_ARGUMENT_KIND
            }
        }
    }

    /// How many items the request on `connection` has of `kind`.
    static func valueCount(_ connection: OpaquePointer, _ kind: ValueKind) -> Int {
        Int(MHD_get_connection_values_n(connection, kind.mhd, nil, nil))
    }

    /// Calls `iterator` with `context` for each item of `kind`.
    static func forEachValue(_ connection: OpaquePointer, _ kind: ValueKind, _ iterator: KeyValueIterator, _ context: UnsafeMutableRawPointer) {
        _ = MHD_get_connection_values_n(connection, kind.mhd, iterator, context)
    }

    /// A response with a copy of `bytes`.
    static func copiedResponse(_ bytes: UnsafeRawBufferPointer) -> OpaquePointer? {
        MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
    }

    /// A response sending `bytes` in place; `free` is called with `context` when it is done.
    static func lentResponse(_ bytes: UnsafeRawBufferPointer, free: ContentReaderFree, context: UnsafeMutableRawPointer) -> OpaquePointer? {
        MHD_create_response_from_buffer_with_free_callback_cls(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), free, context)
    }

    /// A response of unknown length whose body `reader` writes as the connection has room
    /// (chunked for HTTP/1.1), with a buffer of `blockSize` for HTTP/1.0; `free` is called
    /// with `context` when it is done.
    static func streamedResponse(blockSize: Int, reader: ContentReader, free: ContentReaderFree, context: UnsafeMutableRawPointer) -> OpaquePointer? {
        MHD_create_response_from_callback(UInt64.max, blockSize, reader, context, free)
    }

    /// What a content reader returns when the body has ended.
    static let endOfStream = -1
    /// What a content reader returns to abort the connection.
    static let endWithError = -2

    /// Sends `response` as HTTP/1.0 allows: never chunked, the connection closed after it.
    static func sendUnframed(_ response: OpaquePointer) {
        _ = cmhd_send_unframed(response)
    }

    /// Adds a header field to `response` (both C strings).
    static func addHeader(_ response: OpaquePointer, _ name: UnsafePointer<CChar>, _ value: UnsafePointer<CChar>) {
        _ = MHD_add_response_header(response, name, value)
    }

    /// Queues `response` with `status` on `connection`.
    static func queue(_ connection: OpaquePointer, status: Int, _ response: OpaquePointer) -> Result {
        MHD_queue_response(connection, UInt32(clamping: status), response)
    }

    /// Drops MicroHTTP's reference to `response` (libmicrohttpd keeps its own while sending).
    static func destroy(_ response: OpaquePointer) {
        MHD_destroy_response(response)
    }
}
