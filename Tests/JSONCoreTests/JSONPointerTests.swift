import JSONCore
import Testing

@Suite struct JSONPointerTests {
    @Test func escapesTokens() {
        #expect(JSONPointer.escape("plain") == "plain")
        #expect(JSONPointer.escape("a/b") == "a~1b")
        #expect(JSONPointer.escape("m~n") == "m~0n")
        #expect(JSONPointer.escape("~/") == "~0~1")
        #expect(JSONPointer.escape("~1") == "~01")
    }

    @Test func buildsText() {
        #expect(JSONPointer.root.description == "")
        let pointer = JSONPointer.root.appending("root").appending("subviews").appending(3).appending("a/b~")
        #expect(pointer.description == "/root/subviews/3/a~1b~0")
        #expect(pointer.tokens == ["root", "subviews", "3", "a/b~"])
        #expect(JSONPointer.root.appending("").description == "/")
    }

    @Test func parsesText() {
        #expect(JSONPointer("")?.tokens == [])
        #expect(JSONPointer("/")?.tokens == [""])
        #expect(JSONPointer("/a~1b/~01/0")?.tokens == ["a/b", "~1", "0"])
        #expect(JSONPointer("a") == nil)
        #expect(JSONPointer("/a~2") == nil)
        #expect(JSONPointer("/a~") == nil)
    }

    @Test func roundTrips() {
        let pointer = JSONPointer(tokens: ["x", "~/~", "", "7"])
        #expect(JSONPointer(pointer.description) == pointer)
    }
}
