import MicroHTTP
import Testing

@Test func headerLookupIgnoresCase() {
    var headers: HTTPHeaders = ["Content-Type": "application/json", "X-Multi": "1"]
    headers.add("x-multi", "2")
    #expect(headers["content-type"] == "application/json")
    #expect(headers["CONTENT-TYPE"] == "application/json")
    #expect(headers.values(for: "X-MULTI") == ["1", "2"])
    headers.set("X-Multi", "3")
    #expect(headers.values(for: "x-multi") == ["3"])
    headers.remove("CONTENT-type")
    #expect(!headers.contains("Content-Type"))
    #expect(headers == ["x-multi": "3"])
}

@Test func queryValueReturnsTheFirstValue() {
    let request = HTTPRequest(method: .get, path: "/", query: [QueryItem(name: "a", value: "1"), QueryItem(name: "a", value: "2")])
    #expect(request.queryValue("a") == "1")
    #expect(request.queryValue("b") == nil)
}
