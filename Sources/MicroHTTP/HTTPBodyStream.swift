internal import CMicroHTTPD
import Synchronization

/// A response body made piece by piece while it is sent (``RawResponse/stream``).
///
/// libmicrohttpd asks for more only when the connection has sent what it had, so a client
/// that reads slowly, or not at all, holds one piece (plus what the pieces are made from)
/// and never the whole body. Pieces are made on the pool thread that owns the connection,
/// between its other connections' work: each should take no longer than a handler would.
///
/// The answer has no length: HTTP/1.1 clients get it `Transfer-Encoding: chunked`, HTTP/1.0
/// clients until the server closes the connection. A `HEAD` request gets the head alone,
/// without `Transfer-Encoding` and with `Connection: close` (libmicrohttpd 0.9.75 would
/// end a chunked head with a last chunk, a body HEAD must not have), and no piece is made.
/// A stream is sent once: answering with it twice is a programming error.
///
/// ```swift
/// let stream = HTTPBodyStream(keptBytes: 4096, pieces: states.lazy.map(encode).makeIterator())
/// return RawResponse(status: 200, headers: ["Content-Type": "application/json"], stream: stream)
/// ```
public final class HTTPBodyStream: @unchecked Sendable {
    // Unchecked: its state is used by one thread at a time, the handler that makes it, then
    // libmicrohttpd's callbacks for its connection, which all run on the pool thread that
    // owns the connection. `claimed` turns a second answer with it into a trap, not a race.

    /// The bytes the pieces are made from, kept until the last piece is made.
    private let keptBytes: Int
    /// About how large a piece is: counted for the piece until one is held, so that a
    /// stream counts its first piece from the start, not only once it is made.
    private let pieceBytes: Int
    private var pieces: any IteratorProtocol<[UInt8]>
    /// The piece being sent, and how much of it libmicrohttpd has taken.
    private var piece: [UInt8] = []
    private var offset = 0
    private var finished = false
    /// What this stream adds to ``HTTPServer/bytesInFlight`` now.
    private var counted = 0
    private let claimed = Atomic<Bool>(false)

    /// A stream of `pieces`, which keep about `keptBytes` bytes (the state they are made
    /// from) until the last one is made or the connection goes, and are about `pieceBytes`
    /// bytes each.
    public init(keptBytes: Int, pieceBytes: Int = 0, pieces: some IteratorProtocol<[UInt8]>) {
        self.keptBytes = max(keptBytes, 0)
        self.pieceBytes = max(pieceBytes, 0)
        self.pieces = pieces
    }

    /// The size libmicrohttpd allocates with a callback response: its buffer for HTTP/1.0
    /// answers (chunked ones are written into the connection's own buffer instead).
    static let blockSize = 4096

    /// The libmicrohttpd response sending `body`, then the pieces (`head`: the head alone).
    /// The stream is retained until libmicrohttpd is done with the response and calls back
    /// to release it; until then it counts as answer bytes in flight (``recount()``).
    func makeResponse(after body: [UInt8], head: Bool) -> OpaquePointer? {
        precondition(!claimed.exchange(true, ordering: .relaxed), "an HTTPBodyStream answers one request only")
        piece = body
        recount()
        let box = Unmanaged.passRetained(self)
        let response = LibMicroHTTPD.streamedResponse(blockSize: Self.blockSize, reader: Self.read, free: Self.release, context: box.toOpaque())
        if response == nil {
            finish()
            box.release()
        } else if head, let response {
            LibMicroHTTPD.sendUnframed(response)
        }
        return response
    }

    /// Copies up to `capacity` bytes into `buffer`, making pieces as they are needed; the
    /// byte count, or -1 at the end.
    private func read(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        var written = 0
        while written < capacity {
            if offset == piece.count {
                guard advance() else { break }
                continue
            }
            let count = min(capacity - written, piece.count - offset)
            piece.withUnsafeBytes { bytes in
                (buffer + written).copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
            }
            offset += count
            written += count
        }
        // MHD_CONTENT_READER_END_OF_STREAM: a chunked answer ends, an HTTP/1.0 one closes.
        return written > 0 ? written : -1
    }

    /// Lets the sent piece go, then makes the next one; false when there is none.
    private func advance() -> Bool {
        guard !finished else { return false }
        // Let go before making the next piece: the stream holds one piece, never two.
        piece = []
        offset = 0
        guard let next = pieces.next() else {
            finish()
            return false
        }
        piece = next
        recount()
        return true
    }

    /// Lets go of everything the stream holds and takes it out of the in-flight figure.
    private func finish() {
        finished = true
        pieces = EmptyCollection<[UInt8]>.Iterator()
        piece = []
        offset = 0
        recount()
    }

    /// Brings the stream's share of the in-flight figure up to date: until it finishes, the
    /// kept bytes, libmicrohttpd's block, and the piece's allocation (its capacity: what it
    /// holds, written or not) or, when larger, the expected size of a piece.
    private func recount() {
        let now = finished ? 0 : keptBytes + Self.blockSize + max(pieceBytes, piece.capacity)
        BytesInFlight.add(now - counted)
        counted = now
    }

    /// libmicrohttpd's content reader for a stream.
    private static let read: MHD_ContentReaderCallback = { cls, _, buffer, capacity in
        guard let cls, let buffer else { return -2 }
        return Unmanaged<HTTPBodyStream>.fromOpaque(cls)._withUnsafeGuaranteedRef { $0.read(into: buffer, capacity: capacity) }
    }

    /// libmicrohttpd's free callback for a stream: it is done with the response (sent,
    /// cut short, or never sent for `HEAD`).
    private static let release: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        let stream = Unmanaged<HTTPBodyStream>.fromOpaque(cls)
        stream.takeUnretainedValue().finish()
        stream.release()
    }
}
