import Foundation
@testable import ServiceKit
import HTTPTypes
import ServiceTestSupport
import MicroHTTP
import Testing

/// Every answer insetd makes carries `X-Content-Type-Options: nosniff` (API.md
/// "Endpoints"), whatever its status, method or route.
@Suite(.serialized) struct NosniffTests {
    @Test func everyStatusOverTheWireCarriesNosniff() throws {
        let live = try LiveServer(
            routes: TestRoutes.all, server: HTTPServerConfiguration(threads: 2, maxBodyBytes: 1024), openAPIDocument: Array("openapi: 3.1.0\n".utf8)
        )
        defer { live.stop() }
        let json: RawHeaders = ["Content-Type": "application/json"]
        let answers: [(String, RawResponse, Int)] = [
            ("GET /healthz", try live.request(.get, "/healthz"), 200),
            ("HEAD /healthz", try live.request(.head, "/healthz"), 200),
            ("GET /metrics", try live.request(.get, "/metrics"), 200),
            ("GET /openapi.yaml", try live.request(.get, "/openapi.yaml"), 200),
            ("GET /test/items/x", try live.request(.get, "/test/items/x"), 200),
            ("OPTIONS /test/echo", try live.request(.options, "/test/echo"), 204),
            ("POST malformed", try live.request(.post, "/test/echo", headers: json, body: Array("{".utf8)), 400),
            ("GET /nope", try live.request(.get, "/nope"), 404),
            ("OPTIONS /nope", try live.request(.options, "/nope"), 404),
            ("DELETE /healthz", try live.request(.delete, "/healthz"), 405),
            ("POST too large", try live.request(.post, "/test/echo", headers: json, body: Array(repeating: 0x20, count: 2048)), 413),
            ("POST text/plain", try live.request(.post, "/test/echo", headers: ["Content-Type": "text/plain"], body: Array("{}".utf8)), 415),
        ]
        for (what, response, status) in answers {
            #expect(response.status == status, "\(what)")
            #expect(response.headers.values(for: "X-Content-Type-Options") == ["nosniff"], "\(what)")
        }
        live.service.beginDraining()
        let draining = try live.request(.get, "/readyz")
        #expect(draining.status == 503)
        #expect(draining.headers["X-Content-Type-Options"] == "nosniff")
    }

    @Test func answersWithoutCORSHeadersStillCarryNosniff() throws {
        let live = try LiveServer(cors: .origins(["https://a.example"]))
        defer { live.stop() }
        let response = try live.request(.get, "/healthz", headers: ["Origin": "https://other.example"])
        #expect(response.headers["Access-Control-Allow-Origin"] == nil)
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
    }

    @Test func answersCalledDirectlyCarryNosniff() {
        let service = HTTPService(configuration: ServiceConfiguration(accessLog: false))
        let response = service.respond(to: RawRequest(method: .get, path: "/nope"))
        #expect(response.status == 404)
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
    }
}
