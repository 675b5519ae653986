import HTTPTypes
import MicroHTTP
@testable import ServiceKit
import ServiceTestSupport
import Testing

/// The border between MicroHTTP's raw request and answer and the swift-http-types forms the
/// routes see.
private func routeRequest(_ raw: RawRequest) -> RouteRequest {
    RouteRequest(raw: raw, method: HTTPRequest.Method(raw.method.rawValue)!, pathParameters: [:], requestID: "t")
}

@Test func headerFieldsAreTheRawFieldsButHostAndPseudoNames() {
    let request = routeRequest(RawRequest(method: .get, path: "/x", headers: RawHeaders([
        RawField(name: "Host", value: "example.test:8080"), RawField(name: "Accept", value: "text/css"),
        RawField(name: "bad name", value: "dropped"), RawField(name: "X-Two", value: "a\u{1}b"), RawField(name: "accept", value: "*/*"),
        RawField(name: ":path", value: "/pseudo"), RawField(name: "HOST", value: "again"),
    ])))
    let fields = request.headerFields
    #expect(fields.map(\.name.rawName) == ["Accept", "X-Two", "accept"])
    #expect(fields[values: .accept] == ["text/css", "*/*"])
    // An invalid byte in a value becomes a space (swift-http-types' legalisation).
    #expect(fields[HTTPField.Name("x-two")!] == "a b")
}

@Test func headCarriesTheTargetEncodedAgainAndTheHostAsAuthority() {
    let request = routeRequest(RawRequest(
        method: .post, path: "/devices/a b%", query: [QueryItem(name: "q", value: "x&y=+z"), QueryItem(name: "flag", value: nil)],
        headers: RawHeaders([RawField(name: "Host", value: "example.test"), RawField(name: "Content-Type", value: "application/json")])
    ))
    let head = request.head
    #expect(head.method == .post)
    #expect(head.scheme == "http")
    #expect(head.authority == "example.test")
    #expect(head.path == "/devices/a%20b%25?q=x%26y%3D%2Bz&flag")
    #expect(head.headerFields[.contentType] == "application/json")
    #expect(head.headerFields.count == 1)
}

@Test func aRouteReadsFieldsAndAnswersInHTTPTypes() {
    let route = Route(.get, "/echo-accept") { request in
        RouteResponse(status: .accepted, headerFields: [.contentType: "text/plain", .vary: "Accept"], body: Array((request.headerFields[.accept] ?? "none").utf8))
    }
    let service = HTTPService(configuration: ServiceConfiguration(accessLog: false), routes: [route])
    let response = service.respond(to: RawRequest(method: .get, path: "/echo-accept", headers: ["accept": "text/csv"]))
    #expect(response.status == 202)
    #expect(response.text == "text/csv")
    // The route's fields first, as given, then the service's.
    #expect(response.headers.fields.prefix(3).map(\.name) == ["Content-Type", "Vary", "X-Request-Id"])
    #expect(response.headers["X-Content-Type-Options"] == "nosniff")
}

@Test func aMethodThatIsNotATokenIsAWrongMethod() {
    // swift-http-types has no method for it; the path decides, as for any other method.
    let service = HTTPService(configuration: ServiceConfiguration(accessLog: false))
    let response = service.respond(to: RawRequest(method: "G(T", path: "/healthz"))
    #expect(response.status == 405)
    #expect(response.headers["Allow"] == "GET, HEAD, OPTIONS")
    #expect(response.jsonObject?["detail"] as? String == "G(T is not allowed on /healthz; allowed: GET, HEAD, OPTIONS")
    #expect(service.respond(to: RawRequest(method: "G(T", path: "/nope")).status == 404)
}

@Test func aProblemsStatusIsTheAnswersStatus() {
    let response = Problem.overloaded("busy").response
    #expect(response.status == .serviceUnavailable)
    #expect(response.headerFields[.retryAfter] == "1")
    #expect(response.head.status.code == 503)
}

@Test func namedFieldsAreBuiltForTheirNamesAlone() {
    let request = routeRequest(RawRequest(method: .get, path: "/x", headers: RawHeaders([
        RawField(name: "if-none-match", value: "\"a\""), RawField(name: "Accept", value: "text/css"), RawField(name: "If-None-Match", value: "\"b\""),
    ])))
    let fields = request.headerFields(named: .ifNoneMatch)
    #expect(fields.count == 2)
    #expect(fields[values: .ifNoneMatch] == ["\"a\"", "\"b\""])
    #expect(request.headerFields(named: .accept, .ifNoneMatch).map(\.name) == [.accept, .ifNoneMatch, .ifNoneMatch])
    #expect(request.headerFields(named: .origin).isEmpty)
}
