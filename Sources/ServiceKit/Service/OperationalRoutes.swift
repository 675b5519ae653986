import HTTPTypes
import JSONCore
import MicroHTTP

/// The routes every insetd answers, whatever product routes are added: liveness,
/// readiness, metrics and the OpenAPI document.
struct OperationalRoutes {
    /// Their patterns, in the order ``routes`` lists them.
    static let patterns = ["/healthz", "/readyz", "/metrics", "/openapi.yaml"]

    /// The patterns the admin listener serves: the first ones of ``patterns``, so that a
    /// router entry's index tells whether it is one of them.
    static let adminPatterns = Array(patterns.prefix(3))

    let drain: DrainState
    let metrics: ServiceMetrics
    let openAPIDocument: [UInt8]
    let version: String
    let startTime: Double
    /// The public server, whose connection figures `/metrics` exports while it runs.
    let publicServer: RunningServer

    /// The routes, in the order of ``patterns``.
    var routes: [Route] {
        let healthy = RouteResponse.json(Self.status("ok"))
        let ready = RouteResponse.json(Self.status("ready"))
        let drain = drain
        let metrics = metrics
        let version = version
        let startTime = startTime
        let publicServer = publicServer
        let document = RouteResponse(headerFields: [.contentType: "application/yaml"], body: openAPIDocument)
        return [
            Route(.get, "/healthz") { _ in healthy },
            Route(.get, "/readyz") { _ throws(Problem) in
                guard !drain.isDraining else { throw Problem(status: 503, detail: "the server is shutting down") }
                return ready
            },
            Route(.get, "/metrics") { _ in
                let body = MetricsExposition.render(
                    metrics, version: version, startTime: startTime, process: .current(), connections: publicServer.server?.connectionFigures
                )
                return RouteResponse(headerFields: [.contentType: MetricsExposition.contentType], body: body)
            },
            Route(.get, "/openapi.yaml") { _ in document },
        ]
    }

    /// `{"status": word}`.
    private static func status(_ word: String) -> JSONWriter {
        var writer = JSONWriter(capacity: 32)
        writer.beginObject()
        writer.field("status", word)
        writer.endObject()
        return writer
    }
}
