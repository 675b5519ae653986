import MicroHTTP
import Prometheus

/// Writes the Prometheus text exposition format (version 0.0.4).
struct MetricsExposition {
    private var text = ""

    /// The media type of the exposition.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// Renders every metric of the service: the request figures of its registry, then
    /// what is read at the scrape (bytes in flight, connections, build and process
    /// figures); `connections` are the public server's (`nil` while it does not run).
    static func render(
        _ metrics: ServiceMetrics, version: String, startTime: Double, process: ProcessFigures,
        connections: (open: Int, evicted: Int, refused: Int, timedOut: Int, acceptFailures: Int)?
    ) -> [UInt8] {
        var out = MetricsExposition()
        out.text = String(decoding: metrics.registry.emitToBuffer(), as: UTF8.self)

        out.header("insetd_bytes_in_flight", "gauge", "Bytes of answers not yet delivered: bodies over 4 KiB, streamed answers' pieces and state. Over the budget, new requests answer 503.")
        out.sample("insetd_bytes_in_flight", [], Double(HTTPServer.bytesInFlight))

        if let connections {
            out.header("insetd_connections_open", "gauge", "Connections open on the public port.")
            out.sample("insetd_connections_open", [], Double(connections.open))
            out.header("insetd_connections_evicted_total", "counter", "Connections without a request in progress closed to make room for a new one (the table or the client address's share full).")
            out.sample("insetd_connections_evicted_total", [], Double(connections.evicted))
            out.header("insetd_connections_refused_total", "counter", "New connections closed at once: every connection had a request in progress.")
            out.sample("insetd_connections_refused_total", [], Double(connections.refused))
            out.header("insetd_connections_timed_out_total", "counter", "Connections closed past the header or the body deadline.")
            out.sample("insetd_connections_timed_out_total", [], Double(connections.timedOut))
            out.header("insetd_accept_failures_total", "counter", "Accepts that failed (out of descriptors or memory); the connection waits in the backlog.")
            out.sample("insetd_accept_failures_total", [], Double(connections.acceptFailures))
        }

        out.header("insetd_build_info", "gauge", "Always 1; the version is a label.")
        out.sample("insetd_build_info", [("version", version)], 1)

        out.header("insetd_process_start_time_seconds", "gauge", "When the process started, in seconds since the Unix epoch.")
        out.sample("insetd_process_start_time_seconds", [], startTime)
        if let cpu = process.cpuSeconds {
            out.header("insetd_process_cpu_seconds_total", "counter", "User and system CPU time spent, in seconds.")
            out.sample("insetd_process_cpu_seconds_total", [], cpu)
        }
        if let resident = process.residentBytes {
            out.header("insetd_process_resident_memory_bytes", "gauge", "Resident memory size in bytes.")
            out.sample("insetd_process_resident_memory_bytes", [], Double(resident))
        }
        if let descriptors = process.openDescriptors {
            out.header("insetd_process_open_fds", "gauge", "Open file descriptors.")
            out.sample("insetd_process_open_fds", [], Double(descriptors))
        }
        return Array(out.text.utf8)
    }

    private mutating func header(_ name: String, _ type: String, _ help: String) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    private mutating func sample(_ name: String, _ labels: [(String, String)], _ value: Double) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.0)=\"\(Self.escaped($0.1))\"" }.joined(separator: ",") + "}"
        }
        text += " " + Self.formatted(value) + "\n"
    }

    /// Integers without a fraction, other numbers in Swift's shortest form.
    static func formatted(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// A label value with `\`, `"` and newlines escaped.
    static func escaped(_ value: String) -> String {
        var result = ""
        for character in value {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }
}
