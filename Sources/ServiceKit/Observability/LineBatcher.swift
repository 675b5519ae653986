import Foundation
import MicroHTTP

/// Gathers whole lines and writes them from a thread of its own, in batches: the access
/// log's way to stdout, off the request path and one `write(2)` per batch instead of one
/// per request (as nginx's `access_log … buffer= flush=` and Envoy's flushed file log do).
///
/// Appending a line copies it into the calling thread's pending buffer (one of
/// ``stripeCount``, see `ThreadStripes`: a server's pool threads each have their own, so
/// they never wait for one another's appends). A flusher thread (started with the first
/// line, asleep while nothing is pending) takes every pending line ``lingering`` after it
/// woke for one, or as soon as one buffer holds ``wakeThreshold`` bytes, and writes them in
/// batches of whole lines of up to ``batchLimit`` bytes. Each thread's lines are written
/// in the order it appended them; lines of different threads appended within one lingering
/// are written buffer by buffer, so they may not be in time order (each access log line
/// carries its `time`). A slow sink (a full pipe, a disk throttling writeback) delays no
/// request, until a thread's buffer holds ``backlogLimit`` bytes: that thread then waits
/// for the flusher rather than drop lines. ``flush()`` writes what is pending at once (the
/// service calls it when it stops).
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
    /// Bytes pending in one thread's buffer that wake the flusher before its lingering is over.
    static let wakeThreshold = 64 * 1024
    /// Bytes pending in one thread's buffer beyond which that thread waits for the flusher.
    static let backlogLimit = 1024 * 1024
    /// How many pending buffers appending threads are spread over.
    static let stripeCount = 16

    /// The longest a line waits before the flusher writes it.
    let lingering: Duration

    private let sink: Sink
    /// The pending lines, a buffer per appending thread, each under its own lock.
    private let pending = ThreadStripes(count: LineBatcher.stripeCount, initial: [UInt8]())
    /// Guards everything below. Appenders take it only to wake the flusher or to wait for
    /// it; it is taken before a stripe's lock, never after.
    private let condition = NSCondition()
    /// Taken (while `condition` is held) before lines leave `pending` and held until they
    /// are written, so that they are written in the order they were taken.
    private let writing = NSLock()
    /// Empty buffers (capacity kept) that replace the ones a take swaps out of `pending`.
    private var spareBuffers: [[UInt8]] = []
    private var flusherStarted = false
    /// Whether the flusher sleeps until a line arrives (every buffer was empty).
    private var flusherIdle = false
    /// Whether the flusher waits for its lingering to end.
    private var flusherLingers = false
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

    /// What an append found in the calling thread's buffer.
    private enum Appended {
        case added
        /// The first line since the buffer was last taken: the flusher may be asleep.
        case first
        /// The buffer reached `wakeThreshold`.
        case threshold
        /// No room before `backlogLimit`: nothing was added.
        case full
    }

    /// Appends `line` (which ends with a newline).
    func append(_ line: UnsafeRawBufferPointer) {
        while true {
            let outcome = pending.withCurrent { buffer -> Appended in
                if buffer.isEmpty {
                    buffer.append(contentsOf: line)
                    return .first
                }
                guard buffer.count + line.count <= Self.backlogLimit else { return .full }
                buffer.append(contentsOf: line)
                return buffer.count >= Self.wakeThreshold && buffer.count - line.count < Self.wakeThreshold ? .threshold : .added
            }
            switch outcome {
            case .added:
                return
            case .first:
                condition.lock()
                if !flusherStarted {
                    flusherStarted = true
                    startFlusher()
                } else if flusherIdle {
                    flusherIdle = false
                    condition.broadcast()
                }
                condition.unlock()
                return
            case .threshold:
                condition.lock()
                if flusherLingers { condition.broadcast() }
                condition.unlock()
                return
            case .full:
                // Checked again under `condition`, which every take holds: the flusher may
                // have taken the lines since, and then no take would come to wait for.
                condition.lock()
                appendersWaiting += 1
                while !pending.withCurrent({ $0.isEmpty || $0.count + line.count <= Self.backlogLimit }) {
                    condition.broadcast()
                    condition.wait()
                }
                appendersWaiting -= 1
                condition.unlock()
            }
        }
    }

    /// Writes every line appended so far, and returns once they are written.
    func flush() {
        condition.lock()
        writePending()
    }

    /// Takes the pending lines out and writes them. Called with `condition` held; releases
    /// it once `writing` is taken, so that lines taken later cannot overtake these.
    ///
    /// Each thread's buffer is taken whole, swapped for an empty one from `spareBuffers`
    /// (capacity kept), so a stripe's lock is held for a swap, not for a copy of its lines:
    /// a copy under the lock holds up the threads appending (bench/PERF.md).
    private func writePending() {
        var taken: [[UInt8]] = []
        pending.updateAll { buffer in
            guard !buffer.isEmpty else { return }
            var empty = spareBuffers.popLast() ?? []
            swap(&empty, &buffer)
            taken.append(empty)
        }
        if appendersWaiting > 0 { condition.broadcast() }
        writing.lock()
        condition.unlock()
        for index in taken.indices {
            taken[index].withUnsafeBytes { bytes in
                var start = 0
                while start < bytes.count {
                    let end = Self.batchEnd(in: bytes, from: start)
                    sink(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                    start = end
                }
            }
            taken[index].removeAll(keepingCapacity: true)
        }
        writing.unlock()
        condition.lock()
        // Kept for the next takes unless a burst grew one far past the usual; never more
        // than one per stripe.
        for buffer in taken where buffer.capacity <= Self.wakeThreshold * 2 && spareBuffers.count < Self.stripeCount {
            spareBuffers.append(buffer)
        }
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

    /// Whether any buffer holds a line, or (`atThreshold`) holds `wakeThreshold` bytes.
    private func anyPending(atThreshold: Bool = false) -> Bool {
        pending.reduce(false) { found, buffer in
            found = found || buffer.count >= (atThreshold ? Self.wakeThreshold : 1)
        }
    }

    /// The flusher: sleeps until a line is pending, lets lines gather for `lingering` (or
    /// until a buffer holds `wakeThreshold` bytes, or an appender waits), writes them, and
    /// sleeps again.
    private func flushLoop() {
        condition.lock()
        while true {
            while !anyPending() {
                flusherIdle = true
                condition.wait()
            }
            flusherIdle = false
            let deadline = Date(timeIntervalSinceNow: lingering.inSeconds)
            flusherLingers = true
            while appendersWaiting == 0, !anyPending(atThreshold: true), condition.wait(until: deadline) {}
            flusherLingers = false
            writePending()
            condition.lock()
        }
    }
}
