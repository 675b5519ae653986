import Foundation

/// Gathers whole lines into batches and hands each batch to a sink in one call: the access
/// log's way to stdout, one `write(2)` per batch instead of one per request (as nginx's
/// `access_log … buffer= flush=` and Envoy's flushed file log do).
///
/// A batch is written when the next line would take it past ``batchLimit`` bytes, or at
/// the latest ``lingering`` after its first line (by a flusher thread, started with the
/// first line and asleep while nothing is pending), or by ``flush()``. Batches reach the
/// sink in the order their lines were appended, each one or more whole lines.
///
/// What it costs: a line waits up to ``lingering`` before it is written, and a process
/// that dies without ``flush()`` loses at most that long's lines.
final class LineBatcher: @unchecked Sendable {
    /// Receives one batch: whole lines, each ending with a newline.
    typealias Sink = @Sendable (UnsafeRawBufferPointer) -> Void

    /// The most bytes of one batch (unless a single line is longer; it is then a batch of
    /// its own). A write of up to `PIPE_BUF` (4096 bytes on Linux) to a pipe is atomic, so
    /// on a container's stdout a batch never interleaves with another writer's lines.
    static let batchLimit = 4096

    /// The longest a line waits for its batch to be written.
    let lingering: Duration

    private let sink: Sink
    /// Guards `pending`, `flusherStarted` and `flusherIdle`; the flusher waits on it.
    private let condition = NSCondition()
    /// Taken (while `condition` is held) before a batch leaves `pending` and held until the
    /// sink returns, so that batches are written one at a time, in the order taken.
    private let writing = NSLock()
    private var pending: [UInt8] = []
    private var flusherStarted = false
    /// Whether the flusher waits for a first line (and must be signalled for it).
    private var flusherIdle = false

    /// A batcher handing batches to `sink`, each line written at most `lingering` late.
    init(lingering: Duration = .milliseconds(100), sink: @escaping Sink) {
        self.lingering = lingering
        self.sink = sink
    }

    /// A batcher writing to the file descriptor `descriptor`.
    convenience init(descriptor: Int32, lingering: Duration = .milliseconds(100)) {
        self.init(lingering: lingering) { batch in
            var offset = 0
            while offset < batch.count {
                let written = Foundation.write(descriptor, batch.baseAddress! + offset, batch.count - offset)
                if written < 0, errno == EINTR { continue }
                // A closed or full descriptor: the batch is dropped, as an unbuffered write
                // would drop its line; answering requests matters more than their log.
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Appends `line` (which ends with a newline); writes the pending batch first when the
    /// line would not fit in it.
    func append(_ line: UnsafeRawBufferPointer) {
        condition.lock()
        let full = !pending.isEmpty && pending.count + line.count > Self.batchLimit ? takePending() : nil
        let first = pending.isEmpty
        pending.append(contentsOf: line)
        if first {
            if !flusherStarted {
                flusherStarted = true
                startFlusher()
            } else if flusherIdle {
                condition.signal()
            }
        }
        guard let full else {
            condition.unlock()
            return
        }
        write(full)
    }

    /// Writes whatever is pending now, and returns once it is written.
    func flush() {
        condition.lock()
        guard !pending.isEmpty else {
            condition.unlock()
            return
        }
        write(takePending())
    }

    /// Takes the pending lines out (`condition` held).
    private func takePending() -> [UInt8] {
        var batch: [UInt8] = []
        batch.reserveCapacity(Self.batchLimit)
        swap(&batch, &pending)
        return batch
    }

    /// Hands `batch` to the sink. Called with `condition` held; releases it once `writing`
    /// is taken, so that a later batch cannot overtake this one.
    private func write(_ batch: [UInt8]) {
        writing.lock()
        condition.unlock()
        batch.withUnsafeBytes(sink)
        writing.unlock()
    }

    private func startFlusher() {
        Thread.detachNewThread { [self] in
            // Named from the thread itself (Foundation names only the current thread on
            // Linux); else it would show as the pool thread that started it.
            Thread.current.name = "insetd-log"
            flushLoop()
        }
    }

    /// The flusher: sleeps until a line is pending, lets the batch gather for `lingering`,
    /// writes what is pending then (an appender may have written part of it already), and
    /// sleeps again.
    private func flushLoop() {
        let seconds = Double(lingering.components.seconds) + Double(lingering.components.attoseconds) / 1e18
        condition.lock()
        while true {
            while pending.isEmpty {
                flusherIdle = true
                condition.wait()
                flusherIdle = false
            }
            // Not signalled while lingering: only a timeout (or a spurious wake-up) ends it.
            _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
            guard !pending.isEmpty else { continue }
            write(takePending())
            condition.lock()
        }
    }
}
