import MetricsTestKit
import MicroHTTP
@testable import ServiceKit
import HTTPTypes
import ServiceTestSupport
import Testing

/// The request metrics go through swift-metrics: a factory given in the configuration gets
/// the same figures that `/metrics` renders.
@Test func aGivenFactoryGetsTheRequestMetrics() throws {
    let factory = TestMetrics()
    let service = HTTPService(configuration: ServiceConfiguration(accessLog: false, metricsFactory: factory), routes: TestRoutes.all)
    for _ in 0..<3 { _ = service.respond(to: RawRequest(method: .get, path: "/test/items/7", headers: RawHeaders())) }
    _ = service.respond(to: RawRequest(method: .get, path: "/nowhere", headers: RawHeaders()))
    let served = try factory.expectCounter("insetd_http_requests_total", [("route", "/test/items/{id}"), ("method", "GET"), ("status", "200")])
    #expect(served.totalValue == 3)
    let unmatched = try factory.expectCounter("insetd_http_requests_total", [("route", "unmatched"), ("method", "GET"), ("status", "404")])
    #expect(unmatched.totalValue == 1)
    #expect(try factory.expectTimer("insetd_http_request_duration_seconds", [("route", "/test/items/{id}")]).values.count == 3)
    let text = String(decoding: service.respond(to: RawRequest(method: .get, path: "/metrics", headers: RawHeaders())).body, as: UTF8.self)
    #expect(text.contains(#"insetd_http_requests_total{route="/test/items/{id}",method="GET",status="200"} 3"#))
}
