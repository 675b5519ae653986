@testable import JSONCore
import ServiceTestSupport
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
        writer.endArray()
        writer.field("c", "text")
        writer.field("d", true)
        writer.endObject()
        #expect(writer.string == #"{"a":1,"b":[true,false,null,{},[]],"c":"text","d":true}"#)
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

    /// Numbers of at most three decimals take their own path: still the shortest
    /// round-tripping form `description` gives, over every kind of such number and its
    /// neighbours one ulp away (which take `description`'s path).
    @Test func writesNumbersOfFewDecimalsAsDescriptionDoes() {
        var random = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
        var values: [Double] = [53.667, 97.667, -5.333, 5.667, 100.333, 0.001, -0.001, 0.999, 999_999_999.999, -999_999_999.5, 0.25]
        for _ in 0..<200_000 {
            let scale = [1.0, 10, 100, 1000][Int(random.next() % 4)]
            let magnitude = [1e3, 1e6, 1e12][Int(random.next() % 3)]
            let value = Double(Int64(bitPattern: random.next()) % Int64(magnitude)) / scale
            values += [value, value.nextUp, value.nextDown]
        }
        for value in values {
            var writer = JSONWriter(capacity: 32)
            writer.number(value)
            let expected = Double(Int(exactly: value) ?? 1) == value && abs(value) < 0x1p53 ? String(Int(value)) : value.description
            #expect(writer.string == expected, "\(value)")
            if writer.string != expected { return }
        }
    }

    @Test func writesIntegers() {
        var writer = JSONWriter()
        writer.beginArray()
        let values = [0, 7, 9, 10, -10, 42, 99, 100, 305, 999, 1000, 1024, 9999, 10_000, -10_001, 1234567890, Int.max, Int.min]
        for value in values { writer.number(value) }
        for value in values where abs(Double(value)) < 0x1p53 { writer.number(Double(value)) }
        writer.endArray()
        let small = "0,7,9,10,-10,42,99,100,305,999,1000,1024,9999,10000,-10001,1234567890"
        #expect(writer.string == "[\(small),9223372036854775807,-9223372036854775808,\(small)]")
    }

    /// Every boundary of the number paths: the table below 1,000, one to four digits in digit
    /// pairs, `Int32`'s edges, integers a `Double` holds exactly, and fractions.
    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (1, "1"), (9, "9"), (10, "10"), (-10, "-10"), (99, "99"), (-99, "-99"),
        (100, "100"), (-100, "-100"), (999, "999"), (-999, "-999"), (1000, "1000"), (-1000, "-1000"),
        (9999, "9999"), (-9999, "-9999"), (10_000, "10000"), (-10_000, "-10000"), (99_999, "99999"),
        (999_999_999, "999999999"), (-999_999_999.5, "-999999999.5"), (1e9, "1000000000"), (-999_999.125, "-999999.125"),
        (2_147_483_647, "2147483647"), (-2_147_483_647, "-2147483647"), (-2_147_483_648, "-2147483648"),
        (2_147_483_648, "2147483648"), (-2_147_483_649, "-2147483649"), (2_147_483_647.5, "2147483647.5"),
        (-2_147_483_648.5, "-2147483648.5"), (9_007_199_254_740_991, "9007199254740991"),
        (-9_007_199_254_740_991, "-9007199254740991"), (0x1p53, "9007199254740992.0"), (-0x1p53, "-9007199254740992.0"), (1e16, "1e+16"),
        (1e300, "1e+300"), (0.5, "0.5"), (-0.5, "-0.5"), (1e-7, "1e-07"), (99.75, "99.75"), (-155.33333333333334, "-155.33333333333334"),
        (Double.leastNonzeroMagnitude, "5e-324"), (-Double.infinity, "null"),
    ])
    func writesNumberBoundaries(value: Double, expected: String) {
        expectWritten(value, expected)
    }

    /// Around the table of integers below 1,000 and the 2^52 shift that finds them.
    @Test(arguments: [
        (998, "998"), (999.5, "999.5"), (1023, "1023"), (1024, "1024"), (0.25, "0.25"), (1.5, "1.5"), (2.5, "2.5"),
        (998.9999999999999, "998.9999999999999"), (-1, "-1"), (-Double.leastNonzeroMagnitude, "-5e-324"),
        (0x1p52, "4503599627370496"), (0x1p52 + 1, "4503599627370497"), (0x1p52 + 999, "4503599627371495"),
        (0x1p53 + 2, "9.007199254740994e+15"), (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"), (Double.nan, "null"),
    ] as [(Double, String)])
    func writesNumbersAroundTheSmallIntegerTable(value: Double, expected: String) {
        expectWritten(value, expected)
    }

    /// `value` through `number(_:)` and a geometry object alike, negated too.
    private func expectWritten(_ value: Double, _ expected: String) {
        var writer = JSONWriter(capacity: 1)
        writer.beginArray()
        writer.number(value)
        writer.beginObject()
        writer.field("n", value)
        writer.fourNumbers("o", value, -value, value, 7)
        writer.endObject()
        writer.endArray()
        let negated = expected == "0" || expected == "null" ? expected : expected.hasPrefix("-") ? String(expected.dropFirst()) : "-" + expected
        #expect(writer.string == #"[\#(expected),{"n":\#(expected),"o":{"a":\#(expected),"b":\#(negated),"c":\#(expected),"d":7}}]"#)
    }

    /// Every integer through the table of those below 1,000 and past it, as numbers and in
    /// geometry objects, negated too.
    @Test func writesEveryIntegerAroundTheTable() {
        var writer = JSONWriter(capacity: 1)
        writer.beginArray()
        for value in 0...1100 {
            writer.number(Double(value))
            writer.number(-Double(value))
        }
        writer.beginObject()
        for value in stride(from: 0, through: 1100, by: 4) {
            writer.fourNumbers("o", Double(value), Double(value + 1), Double(value + 2), Double(value + 3))
        }
        writer.endObject()
        writer.endArray()
        let numbers = (0...1100).map { "\($0),\($0 == 0 ? "0" : "-\($0)")" }.joined(separator: ",")
        let objects = stride(from: 0, through: 1100, by: 4).map { #""o":{"a":\#($0),"b":\#($0 + 1),"c":\#($0 + 2),"d":\#($0 + 3)}"# }
        #expect(writer.string == "[\(numbers),{\(objects.joined(separator: ","))}]")
    }

    @Test func escapesStrings() throws {
        var writer = JSONWriter(capacity: 1)
        writer.beginObject()
        writer.key(dynamic: "quote\"key")
        writer.string("a\"b\\c\nd\re\tf\u{1}g\u{1F}h/é😀")
        writer.endObject()
        #expect(writer.string == #"{"quote\"key":"a\"b\\c\nd\re\tf\u0001g\u001fh/é😀"}"#)
        let document = try JSONDocument(parsing: writer.bytes)
        let member = try #require(Array(document.members(of: document.root)).first)
        #expect(document.string(member.key) == "quote\"key")
        #expect(document.string(member.value) == "a\"b\\c\nd\re\tf\u{1}g\u{1F}h/é😀")
    }

    /// Strings are tested for escapes eight bytes at a time: every byte that needs one (and
    /// the bytes just beside those that do) is found at every place of every length up to 24.
    @Test func findsEveryEscapeAtEveryPlace() {
        let special: [UInt8] = [0x00, 0x01, 0x1F, UInt8(ascii: "\""), UInt8(ascii: "\\")]
        let harmless: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xFF]
        var wrong: [String] = []
        for length in 1...24 {
            for place in 0..<length {
                for byte in special + harmless {
                    var utf8 = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    utf8[place] = byte
                    let found = utf8.withUnsafeBufferPointer { Cursor.needsEscape($0) }
                    if found != special.contains(byte) { wrong.append("byte \(byte) at \(place) of \(length)") }
                }
            }
        }
        #expect(wrong.isEmpty)
    }

    /// Fractions between 2^-10 and 2^52 are written from their bits: the same bytes as
    /// `description` over random values of every binade there, sums of thousandths as
    /// geometry makes them (`369.66700000000003`), thirds and their neighbours one ulp away.
    @Test func writesFractionsAsDescriptionDoes() {
        var random = SplitMix64(seed: 0x2545_F491_4F6C_DD1D)
        var values: [Double] = [369.66700000000003, 0x1p-10, 0x1p-10.nextUp, 0x1p-11.nextUp, 0x1p52 - 0.5, 0.1, 1.0 / 3.0, 1e-3, 1e-4]
        for _ in 0..<50_000 {
            let binade = Double(sign: .plus, exponent: Int(random.next() % 66) - 12, significand: 1 + Double(random.next() >> 11) / 0x1p53)
            let sum = Double(random.next() % 2000) + Double(random.next() % 1000) / 1000 + Double(random.next() % 1000) / 1000
            let third = Double(Int64(bitPattern: random.next()) % 3_000_000) / 3
            for value in [binade, sum, third, -sum] { values += [value, value.nextUp, value.nextDown] }
        }
        let wrong = values.first { value in
            var writer = JSONWriter(capacity: 32)
            writer.number(value)
            return writer.string != (abs(value) < 0x1p53 && Double(Int(value)) == value ? String(Int(value)) : value.description)
        }
        #expect(wrong == nil, "\(wrong ?? 0)")
    }

    @Test(arguments: [
        (0.000092454, 9, "0.000092454"), (9.2454e-05, 3, "0"), (1795327893.339, 3, "1795327893.339"), (-1.5, 3, "-1.5"),
        (-0.0004, 3, "0"), (2.0, 9, "2"), (0.1 + 0.2, 9, "0.3"), (12.345678, 0, "12"), (1e300, 9, "1e+300"), (Double.nan, 3, "null"),
    ])
    func writesRoundedDecimals(value: Double, digits: Int, expected: String) {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("d", value, fractionDigits: digits)
        writer.endObject()
        writer.lineBreak()
        writer.beginArray()
        writer.endArray()
        #expect(writer.string == "{\"d\":\(expected)}\n[]")
    }

    @Test func copiesStringsOfEveryShortLength() {
        // Short copies move overlapping words: every length up to past 32 must come out whole.
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_.".utf8)
        for length in 0...alphabet.count {
            let text = String(decoding: alphabet[0..<length], as: UTF8.self)
            var writer = JSONWriter(capacity: 1)
            writer.beginObject()
            writer.key(dynamic: text)
            writer.string(text)
            writer.endObject()
            #expect(writer.string == "{\"\(text)\":\"\(text)\"}", "length \(length)")
        }
    }

    @Test func opensObjectsUnderDynamicKeys() {
        // In place (up to 16 plain bytes), escaped, long, and after a comma.
        var writer = JSONWriter(capacity: 1)
        writer.beginObject()
        for key in ["cell0", "a\"b", String(repeating: "k", count: 17), ""] {
            writer.beginObject(dynamic: key)
            writer.field("n", 1)
            writer.endObject()
        }
        writer.endObject()
        let long = String(repeating: "k", count: 17)
        #expect(writer.string == #"{"cell0":{"n":1},"a\"b":{"n":1},"\#(long)":{"n":1},"":{"n":1}}"#)
    }

    @Test func growsPastItsCapacity() {
        var writer = JSONWriter(capacity: 1)
        writer.beginArray()
        let long = String(repeating: "x", count: 5000)
        for _ in 0..<20 { writer.string(long) }
        writer.endArray()
        #expect(writer.bytes.count == 2 + 20 * 5002 + 19)
    }

    @Test func writesStaticAndDynamicKeys() {
        var writer = JSONWriter(capacity: 2)
        writer.beginObject()
        writer.field("x", 16)
        writer.field("y", -0.5)
        writer.field("z", Double.infinity)
        writer.key(dynamic: "a\"b")
        writer.string("s")
        writer.field("t", true)
        writer.field("u", "static" as StaticString)
        writer.key("o")
        writer.beginObject()
        writer.field("n", -7)
        writer.endObject()
        writer.endObject()
        #expect(writer.string == #"{"x":16,"y":-0.5,"z":null,"a\"b":"s","t":true,"u":"static","o":{"n":-7}}"#)
    }

    @Test func opensNamedMembers() {
        var writer = JSONWriter(capacity: 1)
        writer.beginObject()
        writer.beginArray("list")
        writer.beginObject()
        writer.beginObject("empty")
        writer.endObject()
        writer.beginArray("a")
        writer.endArray()
        writer.endObject()
        writer.number(1)
        writer.endArray()
        writer.beginObject("o")
        writer.field("x", 2)
        writer.endObject()
        writer.endObject()
        #expect(writer.string == #"{"list":[{"empty":{},"a":[]},1],"o":{"x":2}}"#)
    }

    /// A run through a cursor: its room checked once, its own commas; bytes written earlier
    /// copied again; more room made after it as the run goes (the storage moves); an object
    /// opened for a short plain name and for one the writer escapes.
    @Test func writesRunsThroughACursor() {
        var writer = JSONWriter(capacity: 1)
        writer.beginArray()
        writer.number(7)
        var out = writer.cursor(reserving: 2 * Cursor.maxObjectLength + 40)
        out.byte(UInt8(ascii: "{"))
        let start = writer.offset(of: out)
        out.object("rect", comma: false, "x", -12.5, "y", 0, "width", 1_024, "height", 123_456_789)
        let rect = start..<writer.offset(of: out)
        out.member("nan", .nan, comma: true)
        for _ in 0..<200 {
            writer.reserve(rect.count + 1, after: &out)
            out.byte(UInt8(ascii: ","))
            writer.copyWritten(rect, to: &out)
        }
        out.byte(UInt8(ascii: "}"))
        writer.advance(to: out, needsComma: true)
        writer.beginObject()
        out = writer.cursor(reserving: 21)
        let stored = out.shortKey("cell0", opening: UInt8(ascii: "["))
        #expect(stored)
        out.byte(UInt8(ascii: "]"))
        writer.advance(to: out, needsComma: true)
        for name in [#"a "quoted" name"#, "a name of more than sixteen bytes"] {
            out = writer.cursor(reserving: 21)
            let stored = out.shortKey(name, opening: UInt8(ascii: "{"))
            #expect(!stored)
            out = writer.beginObject(dynamic: name, after: out, reserving: 1)
            out.byte(UInt8(ascii: "}"))
            writer.advance(to: out, needsComma: true)
        }
        writer.endObject()
        writer.endArray()
        let rectText = #""rect":{"x":-12.5,"y":0,"width":1024,"height":123456789}"#
        #expect(writer.string == "[7,{" + rectText + #","nan":null,"# + Array(repeating: rectText, count: 200).joined(separator: ",")
            + #"},{"cell0":[],"a \"quoted\" name":{},"a name of more than sixteen bytes":{}}]"#)
    }

    /// String members: short and plain (stored with the key in one room), escaped, long, empty.
    @Test func writesStringMembers() {
        var writer = JSONWriter(capacity: 1)
        writer.beginObject()
        writer.field("a", "iphone-15-pro")
        writer.field("b", "say \"hi\"")
        writer.field("c", "a value of more than sixteen bytes")
        writer.field("d", "")
        writer.endObject()
        #expect(writer.string == #"{"a":"iphone-15-pro","b":"say \"hi\"","c":"a value of more than sixteen bytes","d":""}"#)
    }

    @Test func writesNumberObjectsInOneGo() {
        var writer = JSONWriter(capacity: 1)
        writer.beginArray()
        writer.beginObject()
        writer.object("size", "width", 0.1, "height", -0.0)
        writer.endObject()
        writer.beginObject()
        writer.object("nan", "a", .nan, "b", 1e16)
        writer.endObject()
        writer.endArray()
        #expect(writer.string == #"[{"size":{"width":0.1,"height":0}},{"nan":{"a":null,"b":1e+16}}]"#)
    }

    @Test func finishHandsOverTheBytes() {
        var writer = JSONWriter()
        writer.beginArray()
        for value in 9_990..<10_010 { writer.number(value) }
        writer.endArray()
        let expected = "[" + (9_990..<10_010).map(String.init).joined(separator: ",") + "]"
        #expect(writer.finish() == Array(expected.utf8))
    }

    /// A document written into the returned array's own storage, and one that outgrows
    /// it and moves to the writer's: the same bytes either way.
    @Test(arguments: [4096, 64, 100])
    func documentWritesInPlaceOrMovesOnce(capacity: Int) {
        let document = JSONWriter.document(capacity: capacity) { writer in
            writer.beginArray()
            for value in 9_990..<10_010 { writer.number(value) }
            writer.string("v")
            writer.endArray()
        }
        let expected = "[" + (9_990..<10_010).map(String.init).joined(separator: ",") + #","v"]"#
        #expect(document == Array(expected.utf8))
        #expect(JSONWriter.document(capacity: capacity) { _ in }.isEmpty)
    }

    /// A document written into lent storage, and one that outgrows it and moves to the
    /// heap: the same bytes lent either way, and the storage holds them when they fit.
    @Test(arguments: [512, 16])
    func withDocumentLendsTheBytesWritten(storageSize: Int) {
        let expected = "[" + (9_990..<10_010).map(String.init).joined(separator: ",") + #","v"]"#
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: storageSize) { storage in
            let lent = JSONWriter.withDocument(in: storage, { writer in
                writer.beginArray()
                for value in 9_990..<10_010 { writer.number(value) }
                writer.string("v")
                writer.endArray()
            }, lending: { bytes in (Array(bytes), bytes.baseAddress == UnsafeRawPointer(storage.baseAddress)) })
            #expect(lent.0 == Array(expected.utf8))
            #expect(lent.1 == (expected.utf8.count <= storageSize))
        }
    }
}

private extension JSONWriter {
    /// `"name":{"a","b","c","d"}` through a cursor, as the /layout encoder writes a rect.
    mutating func fourNumbers(_ name: StaticString, _ a: Double, _ b: Double, _ c: Double, _ d: Double) {
        var out = cursor(reserving: 16 + Cursor.maxObjectLength)
        out.object(name, comma: false, "a", a, "b", b, "c", c, "d", d)
        advance(to: out, needsComma: true)
    }
}
