import Foundation
import JSONCore

/// The access log: one JSON line per request, in the shape of ``JSONLogHandler``'s lines
/// (`time`, `level`, `logger`, `message`, then the fields in key order), formatted
/// straight into bytes and written in batches: one `write(2)` per up to 4 KiB of lines,
/// each line at most 100 ms after its request (see `LineBatcher`). ``flush()`` writes
/// what is pending; the service calls it when it stops.
///
/// It bypasses swift-log on purpose: building a `Logger.Metadata` dictionary and sorting
/// its keys cost more per request than the rest of the line.
public struct AccessLog: Sendable {
    /// The file descriptor lines go to.
    public let descriptor: Int32
    private let batcher: LineBatcher

    /// Writes to `descriptor` (standard output by default).
    public init(descriptor: Int32 = STDOUT_FILENO) {
        self.descriptor = descriptor
        batcher = LineBatcher(descriptor: descriptor)
    }

    /// The line for one request, newline included, as ``record(method:path:status:seconds:bytes:requestID:)``
    /// writes it.
    static func line(
        time: Double, method: String, path: String, status: Int, seconds: Double, bytes: Int, requestID: String
    ) -> [UInt8] {
        withLine(time: time, method: method, path: path, status: status, seconds: seconds, bytes: bytes, requestID: requestID) { Array($0) }
    }

    /// Writes the line for one request on the stack (on the heap if it outgrows 512 bytes)
    /// and lends its bytes, newline included, to `use`.
    private static func withLine<Result>(
        time: Double, method: String, path: String, status: Int, seconds: Double, bytes: Int, requestID: String,
        _ use: (UnsafeRawBufferPointer) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { storage in
            JSONWriter.withDocument(in: storage, { writer in
                writer.beginObject()
                writer.field("time", time, fractionDigits: 3)
                writer.field("level", "info" as StaticString)
                writer.field("logger", "insetd.access" as StaticString)
                writer.field("message", "request" as StaticString)
                writer.field("bytes", bytes)
                writer.field("durationSeconds", seconds, fractionDigits: 9)
                writer.field("method", method)
                writer.field("path", path)
                writer.field("requestId", requestID)
                writer.field("status", status)
                writer.endObject()
                writer.lineBreak()
            }, lending: use)
        }
    }

    /// The wall clock in seconds since 1970, truncated to milliseconds: the `time` of
    /// every log line (this one's and ``JSONLogHandler``'s).
    static func wallClockMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec / 1_000_000) / 1000
    }

    /// Queues the line for one request. (Written on the stack and copied into the batcher's
    /// buffer: no allocation per line.)
    public func record(method: String, path: String, status: Int, seconds: Double, bytes: Int, requestID: String) {
        Self.withLine(
            time: Self.wallClockMilliseconds(), method: method, path: path, status: status, seconds: seconds, bytes: bytes, requestID: requestID,
            batcher.append
        )
    }

    /// Writes every line queued so far, and returns once they are written.
    public func flush() {
        batcher.flush()
    }
}
