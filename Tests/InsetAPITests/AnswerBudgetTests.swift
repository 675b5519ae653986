import DeviceCatalog
import Foundation
import InsetEngine
@testable import InsetAPI
import ServiceKit
import HTTPTypes
import ServiceTestSupport
import MicroHTTP
import Testing

/// A `/layout` body: a controller over `views` - 1 plain views, `steps` steps each moving one.
private func layoutBody(views: Int, steps: Int) -> [UInt8] {
    let subviews = (1..<views).map { #"{"id": "v\#($0)", "frame": {"x": 0, "y": \#($0 * 8), "width": 375, "height": 44}}"# }
    let moves = (0..<steps).map { #"{"frames": {"v\#($0 % (views - 1) + 1)": {"x": 1, "y": \#($0), "width": 300, "height": 44}}}"# }
    return Array(#"{"device": "iphone-x", "root": {"id": "root", "viewController": {}, "subviews": [\#(subviews.joined(separator: ","))]}, "steps": [\#(moves.joined(separator: ","))]}"#.utf8)
}

private let json: RawHeaders = ["Content-Type": "application/json"]

@Suite(.serialized) struct AnswerBudgetTests {
    static let catalog: DeviceCatalog = {
        do { return try DeviceCatalog.embedded() } catch { fatalError("\(error)") }
    }()

    /// A service whose budget is below any figure: every request the budget applies to is over it.
    static let overloaded = HTTPService(
        configuration: ServiceConfiguration(
            server: HTTPServerConfiguration(inFlightBudgetBytes: -1), accessLog: false, openAPIDocument: Array("openapi: 3.0.3\n".utf8)
        ),
        routes: TestRoutes.all
    )

    private func respond(_ method: RawMethod, _ path: String, headers: RawHeaders = RawHeaders(), body: [UInt8] = [], tooLarge: Bool = false) -> RawResponse {
        Self.overloaded.respond(to: RawRequest(method: method, path: path, headers: headers, body: body, bodyTooLarge: tooLarge))
    }

    @Test func overloadIsAnsweredAfter404And405AndBefore413And415And400() {
        #expect(respond(.get, "/nope").status == 404)
        #expect(respond(.delete, "/test/echo").status == 405)
        for response in [
            respond(.post, "/test/echo", headers: json, body: Array("{}".utf8)),
            respond(.post, "/test/echo", headers: json, tooLarge: true),
            respond(.post, "/test/echo", headers: ["Content-Type": "text/plain"], body: Array("{}".utf8)),
            respond(.post, "/test/echo", headers: json, body: Array("{nope".utf8)),
            respond(.get, "/openapi.yaml"),
        ] {
            #expect(response.status == 503)
            #expect(response.jsonObject?["type"] as? String == "/problems/overloaded")
            #expect(response.headers["Retry-After"] == "1")
            #expect(response.headers["Content-Type"] == "application/problem+json")
        }
    }

    @Test func healthReadinessMetricsAndPreflightsAreNeverOverloaded() {
        #expect(respond(.get, "/healthz").status == 200)
        #expect(respond(.head, "/healthz").status == 200)
        #expect(respond(.get, "/readyz").status == 200)
        #expect(respond(.get, "/metrics").status == 200)
        #expect(respond(.options, "/test/echo").status == 204)
    }

    @Test func metricsExportTheFigure() {
        let text = respond(.get, "/metrics").text
        #expect(text.contains("# TYPE insetd_bytes_in_flight gauge\n"))
        let sample = text.split(separator: "\n").first { $0.hasPrefix("insetd_bytes_in_flight ") }
        #expect(sample.flatMap { Int($0.split(separator: " ")[1]) }.map { $0 >= 0 } == true)
    }

    @Test func aSmallLayoutGoesWholeALargeOneStreamsTheSameBytes() throws {
        let service = HTTPService(configuration: ServiceConfiguration(
            server: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 2), accessLog: false
        ), routes: ProductRoutes.all(catalog: Self.catalog))
        let port = try service.start()
        defer { service.shutdown(drainDelay: .zero, drainTimeout: .seconds(5)) }
        let decoder = LayoutRequestDecoder(devices: Self.catalog)
        // 31 node states: whole; 99 × 21 = 2,079: streamed.
        for (views, steps, streamed) in [(31, 0, false), (99, 20, true)] {
            let body = layoutBody(views: views, steps: steps)
            let decoded = try decoder.decode(body)
            let expected = LayoutResponseEncoder.encode(InsetEngine.layout(decoded.request), for: decoded)
            let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
            try client.send(.post, "/layout", headers: ["Content-Type": "application/json", "Connection": "close"], body: body)
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"] == "application/json")
            if streamed {
                #expect(response.headers["Transfer-Encoding"] == "chunked")
                #expect(response.headers["Content-Length"] == nil)
                #expect(dechunked(response.body) == expected)
            } else {
                #expect(response.headers["Content-Length"] == String(expected.count))
                #expect(response.body == expected)
            }
        }
    }

    /// A client that never reads a large streamed answer holds the server over a 1 MiB
    /// budget: new product requests answer 503 until it goes, probes and metrics do not.
    @Test func aClientThatNeverReadsOverloadsASmallBudgetUntilItGoes() throws {
        let budget = 1 << 20
        let service = HTTPService(configuration: ServiceConfiguration(
            server: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 2, inFlightBudgetBytes: budget), accessLog: false
        ), routes: ProductRoutes.all(catalog: Self.catalog))
        let port = try service.start()
        defer { service.shutdown(drainDelay: .zero, drainTimeout: .seconds(5)) }
        func request(_ method: RawMethod, _ path: String, body: [UInt8] = []) throws -> RawResponse {
            let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
            try client.send(method, path, headers: body.isEmpty ? [:] : json, body: body)
            return try client.readResponse()
        }
        let small = layoutBody(views: 3, steps: 0)
        #expect(try eventually { try request(.post, "/layout", body: small).status == 200 })

        // 2,000 views × 21 states, ~1 MB a state, ~23 MB in all: more than the socket buffers take.
        let reader = try HTTPClientConnection(host: "127.0.0.1", port: port)
        try reader.send(.post, "/layout", headers: json, body: layoutBody(views: 2000, steps: 20))
        #expect(eventually { HTTPServer.bytesInFlight > budget })

        let refused = try request(.post, "/layout", body: small)
        #expect(refused.status == 503)
        #expect(refused.jsonObject?["type"] as? String == "/problems/overloaded")
        #expect(refused.headers["Retry-After"] == "1")
        #expect(try request(.get, "/devices").status == 503)
        #expect(try request(.get, "/nope").status == 404)
        #expect(try request(.get, "/healthz").status == 200)
        #expect(try request(.get, "/readyz").status == 200)
        let metrics = try request(.get, "/metrics")
        #expect(metrics.status == 200)
        let figure = metrics.text.split(separator: "\n").first { $0.hasPrefix("insetd_bytes_in_flight ") }
        #expect(figure.flatMap { Int($0.split(separator: " ")[1]) }.map { $0 > budget } == true)

        reader.close()
        #expect(try eventually { try request(.post, "/layout", body: small).status == 200 })
    }
}
