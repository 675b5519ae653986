@testable import ServiceKit
import ServiceTestSupport
import HTTPTypes
import MicroHTTP
import Testing

private let service = HTTPService(configuration: ServiceConfiguration(accessLog: false, openAPIDocument: Array("openapi: 3.0.3\n".utf8)), routes: TestRoutes.all + [
    Route(.get, "/test/items/special") { _ in RouteResponse(body: Array("special".utf8)) },
])

private func respond(_ method: RawMethod, _ path: String, headers: RawHeaders = RawHeaders(), body: [UInt8] = [], tooLarge: Bool = false) -> RawResponse {
    service.respond(to: RawRequest(method: method, path: path, headers: headers, body: body, bodyTooLarge: tooLarge))
}

@Test func operationalRoutesAnswer() {
    #expect(respond(.get, "/healthz").text == #"{"status":"ok"}"#)
    #expect(respond(.get, "/healthz").headers["Content-Type"] == "application/json")
    #expect(respond(.get, "/readyz").text == #"{"status":"ready"}"#)
    #expect(respond(.get, "/openapi.yaml").text == "openapi: 3.0.3\n")
    #expect(respond(.get, "/openapi.yaml").headers["Content-Type"] == "application/yaml")
    #expect(respond(.get, "/metrics").headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8")
}

@Test(arguments: ["/nope", "/healthz/", "/HEALTHZ", "//healthz", "/test/items/", "/test/items/a/b", "", "*"])
func unknownPathsAre404(path: String) {
    let response = respond(.get, path)
    #expect(response.status == 404)
    #expect(response.headers["Content-Type"] == "application/problem+json")
    #expect(response.jsonObject?["type"] as? String == "/problems/not-found")
    #expect(respond(.options, path).status == 404)
}

@Test func wrongMethodIs405WithAllow() {
    for method in [RawMethod.post, .delete, .trace, .patch, "BREW"] {
        let response = respond(method, "/healthz")
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == "GET, HEAD, OPTIONS")
        #expect(response.jsonObject?["type"] as? String == "/problems/method-not-allowed")
    }
    #expect(respond(.get, "/test/echo").headers["Allow"] == "POST, OPTIONS")
}

@Test func headIsAnsweredWhereGetIs() {
    let response = respond(.head, "/healthz")
    #expect(response.status == 200)
    #expect(respond(.head, "/test/echo").status == 405)
}

@Test func eachMethodReachesItsOwnHandler() {
    // Common methods go through the router's method table, others through the entry; an
    // explicit HEAD route wins over GET's, and a handler's Problem becomes the answer.
    func answering(_ text: String) -> RouteHandler { { _ in RouteResponse(body: Array(text.utf8)) } }
    let methods = HTTPService(configuration: ServiceConfiguration(accessLog: false), routes: [
        Route(.get, "/m", handler: answering("get")), Route(.head, "/m", handler: answering("head")),
        Route(.delete, "/m", handler: answering("delete")), Route(HTTPRequest.Method("REPORT")!, "/m", handler: answering("report")),
        Route(.get, "/n", handler: answering("n")),
        Route(.put, "/n") { _ throws(Problem) in throw Problem(status: 409, detail: "taken") },
    ])
    func text(_ method: RawMethod, _ path: String) -> String? {
        let response = methods.respond(to: RawRequest(method: method, path: path))
        return response.status == 200 ? String(decoding: response.body, as: UTF8.self) : "\(response.status)"
    }
    #expect(text(.get, "/m") == "get")
    #expect(text(.head, "/m") == "head")
    #expect(text(.delete, "/m") == "delete")
    #expect(text("REPORT", "/m") == "report")
    #expect(text(.post, "/m") == "405")
    #expect(text("BREW", "/m") == "405")
    #expect(text(.head, "/n") == "n")
    #expect(text(.put, "/n") == "409")
    #expect(methods.respond(to: RawRequest(method: .post, path: "/m")).headers["Allow"] == "GET, HEAD, DELETE, REPORT, OPTIONS")
}

@Test func optionsIsAPreflight() {
    let response = respond(.options, "/test/echo", headers: ["Origin": "https://tool.example", "Access-Control-Request-Method": "POST"])
    #expect(response.status == 204)
    #expect(response.body.isEmpty)
    #expect(response.headers["Access-Control-Allow-Methods"] == "POST, OPTIONS")
    #expect(response.headers["Access-Control-Allow-Headers"]?.contains("Content-Type") == true)
    #expect(response.headers["Access-Control-Max-Age"] == "600")
    #expect(response.headers["Access-Control-Allow-Origin"] == "*")
}

@Test func pathParametersAndLiteralPreference() {
    #expect(respond(.get, "/test/items/abc").jsonObject?["id"] as? String == "abc")
    #expect(respond(.get, "/test/items/special").text == "special")
    // A literal pattern is found by its whole path; the same path in another case or with
    // a trailing slash is not it.
    #expect(respond(.get, "/test/items/Special").jsonObject?["id"] as? String == "Special")
    #expect(respond(.get, "/test/items/special/").status == 404)
}

@Test func checksRunInTheContractsOrder() {
    // path before size, method before size, size before media type, media type before JSON.
    #expect(respond(.post, "/nope", tooLarge: true).status == 404)
    #expect(respond(.put, "/test/echo", tooLarge: true).status == 405)
    #expect(respond(.post, "/test/echo", headers: ["Content-Type": "text/plain"], tooLarge: true).status == 413)
    #expect(respond(.post, "/test/echo", headers: ["Content-Type": "text/plain"], body: Array("{".utf8)).status == 415)
    #expect(respond(.post, "/test/echo", headers: ["Content-Type": "application/json"], body: Array("{".utf8)).status == 400)
    #expect(respond(.post, "/test/echo", body: Array(#"{"a":1}"#.utf8)).text == #"{"keys":1}"#)
}

@Test(arguments: [
    ("application/json", true), ("APPLICATION/Json", true), ("application/jsoN", true), ("application/json ", true),
    ("application/jsom", false), ("application/js0n", false), ("application/json; charset=utf-8", true), ("Application/JSON;Charset=\"UTF-8\"", true),
    ("application/problem+json", true), ("application/vnd.api+json ; charset=utf-8", true),
    ("application/json; charset=latin1", false), ("text/json", false), ("application/+json", false),
    ("text/plain", false), ("application/jsonx", false), ("application/json; boundary=x", false),
])
func jsonMediaTypes(contentType: String, accepted: Bool) {
    let response = respond(.post, "/test/echo", headers: ["Content-Type": contentType], body: Array("{}".utf8))
    #expect((response.status != 415) == accepted)
}

@Test func drainingTurnsReadinessTo503() {
    let draining = HTTPService(configuration: ServiceConfiguration(accessLog: false))
    #expect(!draining.isDraining)
    draining.beginDraining()
    let response = draining.respond(to: RawRequest(method: .get, path: "/readyz"))
    #expect(response.status == 503)
    #expect(response.jsonObject?["type"] as? String == "/problems/draining")
    #expect(draining.respond(to: RawRequest(method: .get, path: "/healthz")).status == 200)
}

@Test func metricsUseRoutePatternsAndBoundedMethods() {
    let counted = HTTPService(configuration: ServiceConfiguration(accessLog: false), routes: [TestRoutes.item])
    for id in ["a", "b", "c"] { _ = counted.respond(to: RawRequest(method: .get, path: "/test/items/\(id)")) }
    _ = counted.respond(to: RawRequest(method: "INVENTED", path: "/test/items/x"))
    _ = counted.respond(to: RawRequest(method: .get, path: "/random/\(Int.random(in: 0...1000))"))
    let text = counted.respond(to: RawRequest(method: .get, path: "/metrics")).text
    #expect(text.contains(#"insetd_http_requests_total{route="/test/items/{id}",method="GET",status="200"} 3"#))
    #expect(text.contains(#"insetd_http_requests_total{route="/test/items/{id}",method="other",status="405"} 1"#))
    #expect(text.contains(#"insetd_http_requests_total{route="unmatched",method="GET",status="404"} 1"#))
    #expect(text.contains(#"insetd_http_request_duration_seconds_count{route="/test/items/{id}"} 4"#))
    #expect(text.contains(#"insetd_http_request_duration_seconds_bucket{route="/test/items/{id}",le="+Inf"} 4"#))
    #expect(text.contains("insetd_http_requests_in_flight 1.0\n"))
    #expect(text.contains(#"insetd_build_info{version="dev"} 1"#))
    for name in ["insetd_process_resident_memory_bytes", "insetd_process_open_fds", "insetd_process_cpu_seconds_total", "insetd_process_start_time_seconds"] {
        #expect(text.contains("\n\(name) "), "missing \(name)")
    }
    #expect(!text.contains("/random/"))
}
