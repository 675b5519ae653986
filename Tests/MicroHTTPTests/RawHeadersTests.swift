import MicroHTTP
import Testing

@Test func headerLookupIgnoresCase() {
    var headers: RawHeaders = ["Content-Type": "application/json", "X-Multi": "1"]
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
    let request = RawRequest(method: .get, path: "/", query: [QueryItem(name: "a", value: "1"), QueryItem(name: "a", value: "2")])
    #expect(request.queryValue("a") == "1")
    #expect(request.queryValue("b") == nil)
}

/// Names match when their bytes differ only in the case of ASCII letters: bytes 0x20 apart
/// that are not letters (`@` and `` ` ``, `[` and `{`), other lengths and non-ASCII names do not.
@Test func namesMatchOnlyInTheCaseOfLetters() {
    let headers: RawHeaders = ["X-Ab@[": "1", "Ünïcode": "2"]
    #expect(headers["x-aB@["] == "1")
    #expect(headers["X-Ab`["] == nil)
    #expect(headers["X-Ab@{"] == nil)
    #expect(headers["X-Ab@"] == nil)
    #expect(headers["X-Ab@[ "] == nil)
    #expect(headers["Ünïcode"] == "2")
    #expect(headers["üNïcode"] == nil, "only ASCII letters fold")
    #expect(headers[""] == nil)
}
