import JSONCore
import Testing

@Suite struct JSONWriterTests {
    @Test func writesStructureWithCommas() {
        var writer = JSONWriter(capacity: 4)
        writer.beginObject()
        writer.field("a", 1)
        writer.key("b")
        writer.beginArray()
        writer.bool(true)
        writer.bool(false)
        writer.null()
        writer.beginObject()
        writer.endObject()
        writer.beginArray()
        writer.endArray()
        writer.raw(Array(#"{"r":1}"#.utf8))
        writer.endArray()
        writer.field("c", "text")
        writer.field("d", true)
        writer.endObject()
        #expect(writer.string == #"{"a":1,"b":[true,false,null,{},[],{"r":1}],"c":"text","d":true}"#)
    }

    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (44, "44"), (-44, "-44"), (0.5, "0.5"), (-88.25, "-88.25"), (1e9, "1000000000"),
        (999_999_999_999_999, "999999999999999"), (1e15, "1000000000000000"), (1e16, "1e+16"), (0.1, "0.1"), (1.0 / 3.0, "0.3333333333333333"),
        (Double.infinity, "null"), (Double.nan, "null"),
    ])
    func writesNumbers(value: Double, expected: String) {
        var writer = JSONWriter()
        writer.number(value)
        #expect(writer.string == expected)
    }

    @Test func writesIntegers() {
        var writer = JSONWriter()
        writer.beginArray()
        for value in [0, 7, 10, -10, 1234567890, Int.max, Int.min] { writer.number(value) }
        writer.endArray()
        #expect(writer.string == "[0,7,10,-10,1234567890,9223372036854775807,-9223372036854775808]")
    }

    @Test func escapesStrings() throws {
        var writer = JSONWriter(capacity: 1)
        writer.beginObject()
        writer.field("quote\"key", "a\"b\\c\nd\re\tf\u{1}g\u{1F}h/é😀")
        writer.endObject()
        #expect(writer.string == #"{"quote\"key":"a\"b\\c\nd\re\tf\u0001g\u001fh/é😀"}"#)
        let document = try JSONDocument(parsing: writer.bytes)
        let member = try #require(Array(document.members(of: document.root)).first)
        #expect(document.string(member.key) == "quote\"key")
        #expect(document.string(member.value) == "a\"b\\c\nd\re\tf\u{1}g\u{1F}h/é😀")
    }

    @Test func growsPastItsCapacity() {
        var writer = JSONWriter(capacity: 1)
        writer.beginArray()
        let long = String(repeating: "x", count: 5000)
        for _ in 0..<20 { writer.string(long) }
        writer.endArray()
        #expect(writer.bytes.count == 2 + 20 * 5002 + 19)
    }

    @Test func writesPreEncodedKeys() {
        let key = JSONKey("a\"b")
        #expect(String(decoding: key.encoded, as: UTF8.self) == #""a\"b":"#)
        var writer = JSONWriter(capacity: 2)
        writer.beginObject()
        writer.field(JSONKey("x"), 16)
        writer.field(JSONKey("y"), -0.5)
        writer.field(JSONKey("z"), Double.infinity)
        writer.field(key, "s")
        writer.field(JSONKey("t"), true)
        writer.key(JSONKey("o"))
        writer.beginObject()
        writer.field(JSONKey("n"), -7)
        writer.endObject()
        writer.endObject()
        #expect(writer.string == #"{"x":16,"y":-0.5,"z":null,"a\"b":"s","t":true,"o":{"n":-7}}"#)
    }
}
