import Foundation

/// Gathers whole lines and writes them from a thread of its own, in batches: the access
/// log's way to stdout, off the request path and one `write(2)` per batch instead of one
/// per request (as nginx's `access_log … buffer= flush=` and Envoy's flushed file log do).
///
/// Appending a line copies it into a pending buffer. A flusher thread (started with the
/// first line, asleep while nothing is pending) writes what is pending ``lingering`` after
/// the first line of it, or as soon as ``wakeThreshold`` bytes are pending, in batches of
/// whole lines of up to ``batchLimit`` bytes, in the order the lines were appended. So a
/// slow sink (a full pipe, a disk throttling writeback) delays no request, until
/// ``backlogLimit`` bytes are pending: appenders then wait for the flusher rather than drop
/// lines. ``flush()`` writes what is pending at once (the service calls it when it stops).
///
/// What it costs: a line is written up to ``lingering`` late, and a process that dies
/// without ``flush()`` loses at most that long's lines. The flusher, once started, lives as
/// long as the process (a service has one access log).
final class LineBatcher: @unchecked Sendable {
    /// Receives one batch: whole lines, each ending with a newline.
    typealias Sink = @Sendable (UnsafeRawBufferPointer) -> Void

    /// The most bytes of one batch (unless a single line is longer; it is then a batch of
    /// its own). A write of up to `PIPE_BUF` (4096 bytes on Linux) to a pipe is atomic, so
    /// on a container's stdout a batch never interleaves with another writer's lines.
    static let batchLimit = 4096
    /// Pending bytes that wake the flusher before its lingering is over.
    static let wakeThreshold = 64 * 1024
    /// Pending bytes beyond which appenders wait for the flusher.
    static let backlogLimit = 1024 * 1024

    /// The longest a line waits before the flusher writes it.
    let lingering: Duration

    private let sink: Sink
    /// Guards everything below; the flusher and appenders held back by the backlog wait
    /// on it.
    private let condition = NSCondition()
    /// Taken (while `condition` is held) before lines leave `pending` and held until they
    /// are written, so that they are written in the order they were taken.
    private let writing = NSLock()
    private var pending: [UInt8] = []
    /// The flusher's own buffer, swapped with `pending` to take the lines out.
    private var spare: [UInt8] = []
    private var flusherStarted = false
    /// Whether the flusher waits: for a first line, or for its lingering to end.
    private var flusherWaits = false
    private var appendersWaiting = 0

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
                // A closed or broken descriptor: the batch is dropped, as an unbuffered
                // write would drop its line; answering requests matters more than their log.
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Appends `line` (which ends with a newline).
    func append(_ line: UnsafeRawBufferPointer) {
        condition.lock()
        while !pending.isEmpty, pending.count + line.count > Self.backlogLimit {
            appendersWaiting += 1
            condition.broadcast()
            condition.wait()
            appendersWaiting -= 1
        }
        let wasEmpty = pending.isEmpty
        pending.append(contentsOf: line)
        if !flusherStarted {
            flusherStarted = true
            startFlusher()
        } else if flusherWaits, wasEmpty || (pending.count >= Self.wakeThreshold && pending.count - line.count < Self.wakeThreshold) {
            condition.broadcast()
        }
        condition.unlock()
    }

    /// Writes every line appended so far, and returns once they are written.
    func flush() {
        condition.lock()
        writePending()
    }

    /// Takes the pending lines out and writes them. Called with `condition` held; releases
    /// it once `writing` is taken, so that lines taken later cannot overtake these.
    private func writePending() {
        var lines: [UInt8] = []
        swap(&lines, &spare)
        swap(&lines, &pending)
        if appendersWaiting > 0 { condition.broadcast() }
        writing.lock()
        condition.unlock()
        lines.withUnsafeBytes { bytes in
            var start = 0
            while start < bytes.count {
                let end = Self.batchEnd(in: bytes, from: start)
                sink(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                start = end
            }
        }
        lines.removeAll(keepingCapacity: true)
        writing.unlock()
        condition.lock()
        // Kept for the next swap unless a burst grew it far past the usual.
        if lines.capacity <= Self.wakeThreshold * 2 { spare = lines }
        condition.unlock()
    }

    /// Where the batch starting at `start` ends: after the last newline within
    /// `batchLimit` bytes, or after the first line when that line alone is longer.
    static func batchEnd(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard bytes.count - start > batchLimit else { return bytes.count }
        var end = start + batchLimit
        while end > start, bytes[end - 1] != UInt8(ascii: "\n") { end -= 1 }
        if end > start { return end }
        end = start + batchLimit
        while end < bytes.count, bytes[end - 1] != UInt8(ascii: "\n") { end += 1 }
        return end
    }

    private func startFlusher() {
        Thread.detachNewThread { [self] in
            // Named from the thread itself (Foundation names only the current thread on
            // Linux); else it would show as the pool thread that started it.
            Thread.current.name = "insetd-log"
            flushLoop()
        }
    }

    /// The flusher: sleeps until a line is pending, lets lines gather for `lingering` (or
    /// until `wakeThreshold` bytes are pending), writes them, and sleeps again.
    private func flushLoop() {
        condition.lock()
        while true {
            flusherWaits = true
            while pending.isEmpty { condition.wait() }
            let deadline = Date(timeIntervalSinceNow: lingering.inSeconds)
            while pending.count < Self.wakeThreshold, appendersWaiting == 0, condition.wait(until: deadline) {}
            flusherWaits = false
            writePending()
            condition.lock()
        }
    }
}
