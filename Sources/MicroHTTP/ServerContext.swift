internal import CMicroHTTPD
import Foundation

/// What libmicrohttpd's callbacks reach through their `cls` pointer: the handler, the
/// body limit and the per-thread bookkeeping. Retained by ``HTTPServer`` while the
/// daemon runs.
final class ServerContext: @unchecked Sendable {
    /// Per-thread bookkeeping: requests between their first callback and completion,
    /// whether answers should ask clients to close (set while quiescing), and the thread's
    /// `Date` header.
    struct Counters {
        var inFlight = 0
        var closing = false
        var date = HTTPDate()
    }

    let handler: HTTPHandler
    let maxBodyBytes: Int
    let inFlightBudget: Int
    /// The most header memory a request may take (see ``headerBlockLimit(memory:)``).
    let headerBlockLimit: Int
    let connections: ConnectionTable
    let stripes = ThreadStripes(initial: Counters())

    init(handler: @escaping HTTPHandler, maxBodyBytes: Int, inFlightBudget: Int, connectionMemory: Int, connections: ConnectionTable) {
        self.handler = handler
        headerBlockLimit = Self.headerBlockLimit(memory: connectionMemory)
        self.maxBodyBytes = maxBodyBytes
        self.inFlightBudget = inFlightBudget
        self.connections = connections
    }

    /// The state of one request, kept in `*con_cls` from its first callback until the
    /// request-completed callback releases it.
    final class RequestState {
        var request: RawRequest
        var responded = false
        /// The connection's entry in the table, whose phase the request moves on.
        let connection: ConnectionTable.Entry?

        /// What the body's buffer adds to ``BytesInFlight`` (buffers past the lending
        /// threshold only, as for answers: small ones are many and cheap).
        private var countedBodyBytes = 0
        /// The body's declared length (0 when chunked or absent): the buffer grows towards it
        /// as bytes arrive, never ahead of them.
        var declaredBodyBytes = 0
        /// The body's bytes received so far, kept or (over the budget) dropped.
        var receivedBodyBytes = 0

        init(request: RawRequest, connection: ConnectionTable.Entry?) {
            self.request = request
            self.connection = connection
        }

        /// Appends a piece of the body, growing its buffer with what has arrived (doubling,
        /// capped at the declared length): a client that declares a length and stalls makes
        /// the server hold nothing it has not sent. When growing it would take the bytes held
        /// for clients past `budget`, the body is dropped instead and the request marked
        /// ``RawRequest/overBudget`` (answered 503 once its body has arrived, which is then
        /// read and discarded: libmicrohttpd 0.9.75 cannot answer during an upload).
        func appendBody(_ bytes: UnsafeBufferPointer<UInt8>, budget: Int) {
            guard !request.overBudget else { return }
            let needed = request.body.count + bytes.count
            if needed > request.body.capacity {
                let doubled = max(needed, 2 * request.body.capacity, ServerContext.lendingThreshold)
                let capacity = declaredBodyBytes >= needed ? min(doubled, declaredBodyBytes) : doubled
                if capacity > ServerContext.lendingThreshold, BytesInFlight.current + capacity - countedBodyBytes > budget {
                    releaseBody()
                    request.overBudget = true
                    return
                }
                request.body.reserveCapacity(capacity)
            }
            request.body.append(contentsOf: bytes)
            recountBody()
        }

        /// Brings the body's share of the in-flight figure up to its buffer's capacity.
        func recountBody() {
            let now = request.body.capacity > ServerContext.lendingThreshold ? request.body.capacity : 0
            BytesInFlight.add(now - countedBodyBytes)
            countedBodyBytes = now
        }

        /// Drops the body and its share of the in-flight figure (idempotent).
        func releaseBody() {
            request.body = []
            BytesInFlight.add(-countedBodyBytes)
            countedBodyBytes = 0
        }
    }

    /// What the URI-log callback leaves in `*con_cls` for a request whose path, once
    /// percent-decoded, holds a control byte: never dereferenced, replaced by the request's
    /// state on the access handler's first call.
    static var controlBytePath: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 1)! }

    /// libmicrohttpd's URI-log callback, called with the raw request target before it is
    /// decoded: libmicrohttpd hands the access handler a C string, which a `%00` would cut
    /// short (`/metrics%00.css` read as `/metrics`), so the raw path is checked here.
    static let uriLog: LibMicroHTTPD.URILog = { _, uri, _ in
        guard let uri, RequestTarget.pathHoldsControlByte(uri) else { return nil }
        return controlBytePath
    }

    /// libmicrohttpd's connection-notify callback: binds each connection it starts serving to
    /// its table entry (kept in the connection's socket context), and reports each close.
    static let connectionNotify: MHD_NotifyConnectionCallback = { cls, connection, socketContext, code in
        guard let cls, let connection, let socketContext else { return }
        Unmanaged<ServerContext>.fromOpaque(cls)._withUnsafeGuaranteedRef { context in
            if LibMicroHTTPD.isStart(code) {
                if let entry = context.connections.entry(socket: LibMicroHTTPD.socket(of: connection)) {
                    socketContext.pointee = Unmanaged.passUnretained(entry).toOpaque()
                }
            } else if let pointer = socketContext.pointee {
                socketContext.pointee = nil
                context.connections.closed(Unmanaged<ConnectionTable.Entry>.fromOpaque(pointer).takeUnretainedValue())
            }
        }
    }

    /// libmicrohttpd's access handler: called once with the headers, once per body chunk,
    /// and once more when the body is complete.
    ///
    /// The context is borrowed, never retained: every pool thread calls in with it, and a
    /// retain and release per call would bounce its reference count between cores.
    static let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, version, uploadData, uploadSize, conCls in
        guard let cls, let connection, let conCls, let uploadSize else { return .NO }
        return Unmanaged<ServerContext>.fromOpaque(cls)._withUnsafeGuaranteedRef { context in
            context.access(
                connection, url: url, method: method, version: version, uploadData: uploadData, uploadSize: uploadSize, conCls: conCls
            )
        }
    }

    /// `accessHandler`'s work, on the borrowed context.
    private func access(
        _ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?,
        uploadData: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>, conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let existing = conCls.pointee, existing != Self.controlBytePath else {
            let entry = LibMicroHTTPD.socketContext(of: connection).map { Unmanaged<ConnectionTable.Entry>.fromOpaque($0).takeUnretainedValue() }
            entry?.enter(.readingBody, now: ConnectionTable.now())
            let state = RequestState(request: Self.makeRequest(connection, url: url, method: method), connection: entry)
            state.request.pathHoldsControlByte = conCls.pointee == Self.controlBytePath
            conCls.pointee = Unmanaged.passRetained(state).toOpaque()
            stripes.withCurrent { $0.inFlight += 1 }
            if Self.headerMemoryBytes(state.request) > headerBlockLimit {
                return Self.refuseHeaderBlock(on: connection)
            }
            // Answered now, before any byte of the body (libmicrohttpd then closes the
            // connection after the answer): a framing that cannot be trusted, a Host that is
            // missing, repeated or invalid, or a length known to be too large.
            let body: RequestFraming.Body
            switch RequestFraming.read(state.request.headers, http11: version.map { strcmp($0, "HTTP/1.1") == 0 } ?? false) {
            case .failure(let error):
                state.request.framingError = error
                return respond(state, on: connection)
            case .success(let read):
                body = read
            }
            if let lengthField = body.contentLength, RequestFraming.exceeds(contentLength: lengthField, limit: maxBodyBytes) {
                state.request.bodyTooLarge = true
                return respond(state, on: connection)
            }
            // A declared length that does not fit in what is left of the budget is refused
            // at once; one that fits is not reserved (the budget counts bytes held, API.md
            // "Memory"): its buffer grows as its bytes arrive.
            let declared = body.contentLength.flatMap(Int.init) ?? 0
            state.request.overBudget = BytesInFlight.current + declared > inFlightBudget
            if state.request.overBudget, declared > 0 || body.chunked {
                return respond(state, on: connection)
            }
            state.declaredBodyBytes = declared
            return .YES
        }
        let state = Unmanaged<RequestState>.fromOpaque(existing).takeUnretainedValue()
        let chunkSize = uploadSize.pointee
        if chunkSize > 0 {
            uploadSize.pointee = 0
            guard !state.responded else { return .YES }
            // Only a chunked body can pass the limit here (a longer Content-Length was
            // answered above), and libmicrohttpd 0.9.75 cannot answer during an upload: cut
            // the connection rather than read on.
            guard state.receivedBodyBytes + chunkSize <= maxBodyBytes else { return .NO }
            state.receivedBodyBytes += chunkSize
            if let uploadData {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: chunkSize) { bytes in
                    state.appendBody(UnsafeBufferPointer(start: bytes, count: chunkSize), budget: inFlightBudget)
                }
            }
            return .YES
        }
        guard !state.responded else { return .YES }
        state.connection?.enter(.answering, now: ConnectionTable.now())
        return respond(state, on: connection)
    }

    /// The most header memory (``headerMemoryBytes(_:)``) a request may take and get past the
    /// access handler's first call, for a connection memory of `memory` bytes. libmicrohttpd
    /// answers a block larger than its pool 431 itself, but one that fills the pool to within
    /// about 500 bytes leaves it no room to build any answer, and it closes the connection
    /// without one (measured: one field of 15.9–16.2 KB, 61 fields of 200 bytes near 12.2 KB,
    /// 167 of 40 bytes near 7 KB); so every request within 768 bytes of it is refused here. A
    /// block of one 15 KiB field still gets in.
    static func headerBlockLimit(memory: Int) -> Int {
        memory - 768
    }

    /// What a field takes of libmicrohttpd's pool besides its bytes (its record; measured
    /// about 56, rounded up).
    static let fieldOverhead = 64

    /// The pool memory `request`'s header block takes, near enough: its bytes as sent (the
    /// query as decoded) and a record per field and query item.
    static func headerMemoryBytes(_ request: RawRequest) -> Int {
        var bytes = request.method.rawValue.utf8.count + request.path.utf8.count + " HTTP/1.1\r\n\r\n".utf8.count + 1
        for item in request.query { bytes += item.name.utf8.count + (item.value?.utf8.count ?? 0) + 2 + fieldOverhead }
        for field in request.headers { bytes += field.name.utf8.count + field.value.utf8.count + 4 + fieldOverhead }
        return bytes
    }

    /// The answer libmicrohttpd would give a header block over its memory (API.md exempts its
    /// pages: no body, no Content-Type), written on the socket directly, as libmicrohttpd
    /// would have no room to build it; `.NO` then closes the connection.
    private static func refuseHeaderBlock(on connection: OpaquePointer) -> MHD_Result {
        let page = "HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Length: 0\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
        _ = Array(page.utf8).withUnsafeBytes { Syscalls.send(LibMicroHTTPD.socket(of: connection), $0) }
        return .NO
    }

    /// libmicrohttpd's request-completed callback: releases the request's state.
    static let requestCompleted: MHD_RequestCompletedCallback = { cls, _, conCls, _ in
        guard let cls, let conCls, let pointer = conCls.pointee else { return }
        conCls.pointee = nil
        guard pointer != controlBytePath else { return }
        let state = Unmanaged<RequestState>.fromOpaque(pointer)
        // The answer is sent: the header clock starts again for the next request.
        state._withUnsafeGuaranteedRef { state in
            state.connection?.enter(.awaitingHeader, now: ConnectionTable.now())
            state.releaseBody()
        }
        state.release()
        Unmanaged<ServerContext>.fromOpaque(cls)._withUnsafeGuaranteedRef { $0.stripes.withCurrent { $0.inFlight -= 1 } }
    }

    /// Calls the handler and queues its answer.
    private func respond(_ state: RequestState, on connection: OpaquePointer) -> MHD_Result {
        state.responded = true
        let response = handler(state.request)
        state.releaseBody()
        let made = if let stream = response.stream {
            stream.makeResponse(after: response.body, head: state.request.method == .head)
        } else {
            Self.makeResponse(body: response.body)
        }
        guard let mhdResponse = made else { return .NO }
        defer { LibMicroHTTPD.destroy(mhdResponse) }
        let closing = stripes.withCurrent { counters in
            counters.date.refresh(now: time(nil))
            counters.date.value.withUnsafeBufferPointer { LibMicroHTTPD.addHeader(mhdResponse, "Date", $0.baseAddress!) }
            return counters.closing
        }
        for field in response.headers {
            // withCString lends a native string's own bytes: no C copy allocated per header.
            field.name.withCString { name in field.value.withCString { value in LibMicroHTTPD.addHeader(mhdResponse, name, value) } }
        }
        if closing {
            LibMicroHTTPD.addHeader(mhdResponse, "Connection", "close")
        }
        return LibMicroHTTPD.queue(connection, status: response.status, mhdResponse)
    }

    /// Bodies up to this size are copied into libmicrohttpd's response; larger ones are
    /// lent to it (see ``makeResponse(body:)``).
    static let lendingThreshold = 4096

    /// The libmicrohttpd response for `body`. A large body is not copied: its array is
    /// retained in a ``LentBody`` until libmicrohttpd has sent it and calls back to release
    /// it, and counts as answer bytes in flight meanwhile. The array is immutable from here
    /// on, so its storage (and the pointer handed over) stays valid for as long as the box
    /// holds it.
    private static func makeResponse(body: [UInt8]) -> OpaquePointer? {
        guard body.count > lendingThreshold else {
            return body.withUnsafeBytes { LibMicroHTTPD.copiedResponse($0) }
        }
        let lent = LentBody(body)
        let box = Unmanaged.passRetained(lent)
        let response = lent.bytes.withUnsafeBytes { LibMicroHTTPD.lentResponse($0, free: releaseLentBody, context: box.toOpaque()) }
        if response == nil {
            box.release()
        } else {
            BytesInFlight.add(body.capacity)
        }
        return response
    }

    /// Keeps a response body alive while libmicrohttpd sends it.
    private final class LentBody {
        let bytes: [UInt8]
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    /// libmicrohttpd's free callback for a lent body: takes it out of the in-flight figure
    /// and releases its box.
    private static let releaseLentBody: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        let box = Unmanaged<LentBody>.fromOpaque(cls)
        BytesInFlight.add(-box.takeUnretainedValue().bytes.capacity)
        box.release()
    }

    /// Builds the request from what libmicrohttpd parsed: method, path, headers, query.
    private static func makeRequest(_ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?) -> RawRequest {
        // Counted first (an iterator-less call only counts), so that each list is allocated
        // once at its size, and not at all when empty (most requests have no query).
        let headerCount = LibMicroHTTPD.valueCount(connection, .headers)
        let queryCount = LibMicroHTTPD.valueCount(connection, .queryItems)
        var collected = Collected(headers: headerCount, query: queryCount)
        withUnsafeMutablePointer(to: &collected) { pointer in
            if headerCount > 0 { LibMicroHTTPD.forEachValue(connection, .headers, collectHeader, pointer) }
            if queryCount > 0 { LibMicroHTTPD.forEachValue(connection, .queryItems, collectQueryItem, pointer) }
        }
        var request = RawRequest(
            method: RawMethod(rawValue: method.map { String(cString: $0) } ?? ""),
            path: url.map { String(cString: $0) } ?? "/",
            query: collected.query,
            headers: RawHeaders(collected.headers)
        )
        request.peer = LibMicroHTTPD.clientAddress(of: connection).flatMap(PeerAddress.init)
        return request
    }

    /// What the key-value iterators fill in.
    private struct Collected {
        var headers: [RawField] = []
        var query: [QueryItem] = []

        /// Room for `headers` fields and `query` items.
        init(headers: Int, query: Int) {
            if headers > 0 { self.headers.reserveCapacity(headers) }
            if query > 0 { self.query.reserveCapacity(query) }
        }
    }

    private static let collectHeader: MHD_KeyValueIteratorN = { cls, _, key, keyLength, value, valueLength in
        guard let cls, let key else { return .YES }
        let collected = cls.assumingMemoryBound(to: Collected.self)
        collected.pointee.headers.append(RawField(name: string(key, keyLength), value: value.map { string($0, valueLength) } ?? ""))
        return .YES
    }

    private static let collectQueryItem: MHD_KeyValueIteratorN = { cls, _, key, keyLength, value, valueLength in
        guard let cls, let key else { return .YES }
        let collected = cls.assumingMemoryBound(to: Collected.self)
        collected.pointee.query.append(QueryItem(name: string(key, keyLength), value: value.map { string($0, valueLength) }))
        return .YES
    }

    /// `length` bytes as a string, invalid UTF-8 repaired. (Copied into a new string's
    /// storage, which validates them once: cheaper than `String(decoding:as:)` for the
    /// short strings headers are.)
    private static func string(_ pointer: UnsafePointer<CChar>, _ length: Int) -> String {
        pointer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            String(unsafeUninitializedCapacity: length) { storage in
                _ = storage.initialize(fromContentsOf: UnsafeBufferPointer(start: bytes, count: length))
                return length
            }
        }
    }
}
