@testable import ServiceKit
import HTTPTypes
import ServiceTestSupport
import MicroHTTP
import Testing

private func get(_ service: HTTPService, headers: RawHeaders) -> RawResponse {
    service.respond(to: RawRequest(method: .get, path: "/healthz", headers: headers))
}

@Test func anyOriginByDefault() {
    let service = HTTPService(configuration: ServiceConfiguration(accessLog: false))
    for headers: RawHeaders in [[:], ["Origin": "https://a.example"]] {
        let response = get(service, headers: headers)
        #expect(response.headers["Access-Control-Allow-Origin"] == "*")
        #expect(response.headers["Access-Control-Expose-Headers"] == "X-Request-Id")
        #expect(response.headers["Vary"] == nil)
    }
    // Error answers carry CORS headers too.
    #expect(service.respond(to: RawRequest(method: .get, path: "/nope")).headers["Access-Control-Allow-Origin"] == "*")
}

@Test func listedOriginsAreEchoed() {
    let service = HTTPService(configuration: ServiceConfiguration(cors: .origins(["https://a.example", "https://b.example"]), accessLog: false))
    let matching = get(service, headers: ["Origin": "https://b.example"])
    #expect(matching.headers["Access-Control-Allow-Origin"] == "https://b.example")
    #expect(matching.headers["Vary"] == "Origin")
    #expect(matching.headers["Access-Control-Expose-Headers"] == "X-Request-Id")

    for headers: RawHeaders in [["Origin": "https://evil.example"], [:]] {
        let other = get(service, headers: headers)
        #expect(other.headers["Access-Control-Allow-Origin"] == nil)
        #expect(other.headers["Access-Control-Expose-Headers"] == nil)
    }
    let preflight = service.respond(to: RawRequest(method: .options, path: "/healthz", headers: ["Origin": "https://evil.example"]))
    #expect(preflight.status == 204)
    #expect(preflight.headers["Access-Control-Allow-Methods"] == nil)
}

@Test func saneRequestIDsAreEchoed() {
    let service = HTTPService(configuration: ServiceConfiguration(accessLog: false))
    #expect(get(service, headers: ["X-Request-Id": "abc-123_XYZ"]).headers["X-Request-Id"] == "abc-123_XYZ")
    for insane in ["", "has space", String(repeating: "a", count: 129), "tab\there", "é"] {
        let echoed = get(service, headers: ["X-Request-Id": insane]).headers["X-Request-Id"]
        #expect(echoed != insane)
        #expect(echoed?.isEmpty == false)
    }
}

@Test func generatedRequestIDsAreUnique() async {
    let service = HTTPService(configuration: ServiceConfiguration(accessLog: false))
    let ids = await withTaskGroup(of: [String].self) { group in
        for _ in 0..<4 {
            group.addTask { (0..<500).compactMap { _ in get(service, headers: [:]).headers["X-Request-Id"] } }
        }
        return await group.reduce(into: [String]()) { $0 += $1 }
    }
    #expect(ids.count == 2000)
    #expect(Set(ids).count == 2000)
    #expect(ids.allSatisfy { $0.utf8.count <= 40 })
}
