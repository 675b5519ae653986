import Foundation
public import Logging
import JSONCore

/// A swift-log handler writing one JSON object per line: `time` (seconds since the Unix
/// epoch), `level`, `logger`, `message`, then the metadata by key. Integer and `Double`
/// metadata are written as JSON numbers, `Bool` as `true`/`false`.
public struct JSONLogHandler: LogHandler {
    /// Where finished lines go (each ends with a newline).
    public typealias Sink = @Sendable ([UInt8]) -> Void

    /// The logger's label.
    public let label: String
    /// The handler's metadata, merged under each event's own.
    public var metadata: Logger.Metadata = [:]
    /// The lowest level written.
    public var logLevel: Logger.Level = .info
    private let sink: Sink

    /// Creates a handler writing to `sink` (standard output by default).
    public init(label: String, sink: @escaping Sink = JSONLogHandler.standardOutput) {
        self.label = label
        self.sink = sink
    }

    /// Reads or writes one metadata item.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes one line for `event`.
    public func log(event: LogEvent) {
        var merged = event.metadata ?? [:]
        if !metadata.isEmpty { merged.merge(metadata) { own, _ in own } }
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.field("time", AccessLog.wallClockMilliseconds(), fractionDigits: 3)
        writer.field("level", event.level.rawValue)
        writer.field("logger", label)
        writer.field("message", event.message.description)
        for key in merged.keys.sorted() {
            writer.key(dynamic: key)
            Self.write(merged[key]!, to: &writer)
        }
        writer.endObject()
        writer.lineBreak()
        sink(writer.finish())
    }

    private static func write(_ value: Logger.Metadata.Value, to writer: inout JSONWriter) {
        switch value {
        case .string(let text):
            writer.string(text)
        case .stringConvertible(let convertible):
            // Concrete casts first: they are much cheaper than a cast to a protocol.
            if let integer = convertible as? Int {
                writer.number(integer)
            } else if let number = convertible as? Double {
                writer.number(number)
            } else if let integer = convertible as? any BinaryInteger {
                writer.number(Int(truncatingIfNeeded: integer))
            } else if let flag = convertible as? Bool {
                writer.bool(flag)
            } else {
                writer.string(convertible.description)
            }
        case .array(let values):
            writer.beginArray()
            for item in values { write(item, to: &writer) }
            writer.endArray()
        case .dictionary(let values):
            writer.beginObject()
            for key in values.keys.sorted() {
                writer.key(dynamic: key)
                write(values[key]!, to: &writer)
            }
            writer.endObject()
        }
    }

    /// Writes a line to standard output with one `write(2)` (lines from different
    /// threads never interleave).
    public static let standardOutput: Sink = { line in
        line.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
