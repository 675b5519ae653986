import JSONCore
import Testing

private func parse(_ text: String) throws(JSONSyntaxError) -> JSONDocument {
    try JSONDocument(parsing: Array(text.utf8))
}

private func syntaxError(_ text: String) -> JSONSyntaxError? {
    do {
        _ = try parse(text)
        return nil
    } catch {
        return error
    }
}

private func syntaxError(bytes: [UInt8]) -> JSONSyntaxError? {
    do {
        _ = try JSONDocument(parsing: bytes)
        return nil
    } catch {
        return error
    }
}

@Suite struct JSONDocumentValidTests {
    @Test(arguments: [
        "{}", "[]", "0", "-0", "1", "\"\"", "true", "false", "null",
        " \t\r\n{ \"a\" : [ 1 , 2 , { } , [ ] ] } \n",
        "[1e5, 1E+5, 1e-5, -0.5, 0.0, 123.456e-7]",
        "{\"a\":{\"b\":{\"c\":[null,true,false]}}}",
        "\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\ud83d\\ude00\"",
        "\"héllo ✓ 😀\"",
        "\"a string longer than eight bytes, with \\\"escapes\\\" and é in it\"",
    ])
    func acceptsValidDocuments(text: String) throws {
        _ = try parse(text)
    }

    @Test func readsKindsAndValues() throws {
        let doc = try parse(#"{"n": 1.5, "s": "x", "t": true, "f": false, "z": null, "a": [1, 2], "o": {}}"#)
        #expect(doc.kind(of: doc.root) == .object)
        #expect(doc.count(of: doc.root) == 7)
        let members = Array(doc.members(of: doc.root))
        #expect(members.map { doc.string($0.key) } == ["n", "s", "t", "f", "z", "a", "o"])
        #expect(members.map { doc.kind(of: $0.value) } == [.number, .string, .bool, .bool, .null, .array, .object])
        #expect(doc.number(members[0].value) == 1.5)
        #expect(doc.string(members[1].value) == "x")
        #expect(doc.bool(members[2].value) == true)
        #expect(doc.bool(members[3].value) == false)
        #expect(doc.number(members[1].value) == nil)
        #expect(doc.string(members[0].value) == nil)
        #expect(Array(doc.elements(of: members[5].value)).compactMap { doc.number($0) } == [1, 2])
        #expect(Array(doc.elements(of: members[6].value)).isEmpty)
        #expect(Array(doc.members(of: members[5].value)).isEmpty)
        #expect(doc.count(of: members[0].value) == 0)
    }

    @Test func skipsNestedValuesWhenIterating() throws {
        let doc = try parse(#"[[1, [2, {"a": [3]}]], {"b": {"c": 4}}, 5]"#)
        let elements = Array(doc.elements(of: doc.root))
        #expect(elements.map { doc.kind(of: $0) } == [.array, .object, .number])
        #expect(doc.number(elements[2]) == 5)
        let inner = Array(doc.members(of: elements[1]))
        #expect(inner.count == 1)
        #expect(doc.string(inner[0].key) == "b")
    }

    @Test func reportsOffsets() throws {
        let doc = try parse(#" {"a": [10, "x"]} "#)
        #expect(doc.startOffset(of: doc.root) == 1)
        #expect(doc.endOffset(of: doc.root) == 17)
        let array = Array(doc.members(of: doc.root))[0].value
        #expect(doc.startOffset(of: array) == 7)
        let elements = Array(doc.elements(of: array))
        #expect(doc.startOffset(of: elements[0]) == 8)
        #expect(doc.endOffset(of: elements[0]) == 10)
        #expect(doc.startOffset(of: elements[1]) == 12)
        #expect(doc.endOffset(of: elements[1]) == 15)
        #expect(doc.location(ofOffset: 12) == (line: 1, column: 13))
    }

    @Test func parsesFromRawBuffer() throws {
        let bytes = Array("[1,2]".utf8)
        let doc = try bytes.withUnsafeBytes { buffer throws(JSONSyntaxError) in try JSONDocument(parsing: buffer) }
        #expect(doc.count(of: doc.root) == 2)
    }
}

@Suite struct JSONNumberTests {
    @Test(arguments: [
        ("0", 0.0), ("-0", -0.0), ("1", 1), ("-1", -1), ("1.5", 1.5), ("-0.25", -0.25),
        ("1e3", 1000), ("1E3", 1000), ("1e+3", 1000), ("1e-3", 0.001), ("2.5E-2", 0.025),
        ("123456789", 123456789), ("0.1", 0.1), ("0.000001", 0.000001),
        ("9007199254740993", 9007199254740992), ("12345678901234567890123", 1.2345678901234568e22),
        ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
        ("-1.7976931348623157e308", -Double.greatestFiniteMagnitude),
        ("4.9406564584124654e-324", Double.leastNonzeroMagnitude),
        ("2.2250738585072014e-308", Double.leastNormalMagnitude),
        ("1e309", Double.infinity), ("-1e309", -Double.infinity), ("1e99999999999999", Double.infinity),
        ("1e-400", 0), ("0.1e1", 1), ("100e-2", 1), ("3.141592653589793", 3.141592653589793),
        ("0.30000000000000004", 0.30000000000000004), ("1e22", 1e22), ("1e23", 1e23),
    ])
    func parsesNumbers(text: String, expected: Double) throws {
        let doc = try parse(text)
        let value = try #require(doc.number(doc.root))
        #expect(value == expected)
        #expect(value.sign == expected.sign)
    }

    @Test(arguments: [
        ("01", JSONSyntaxError.Reason.leadingZero), ("-01", .leadingZero), ("00", .leadingZero),
        ("1.", .unexpectedEnd), ("1.e5", .invalidNumber), (".5", .expectedValue), ("+1", .expectedValue),
        ("-", .unexpectedEnd), ("-a", .invalidNumber), ("1e", .unexpectedEnd), ("1e+", .unexpectedEnd),
        ("1ea", .invalidNumber), ("[1.]", .invalidNumber), ("0x10", .trailingData), ("NaN", .expectedValue),
        ("Infinity", .expectedValue), ("[-Infinity]", .invalidNumber), ("1 2", .trailingData),
    ])
    func rejectsInvalidNumbers(text: String, reason: JSONSyntaxError.Reason) {
        #expect(syntaxError(text)?.reason == reason)
    }
}

@Suite struct JSONStringTests {
    @Test(arguments: [
        (#""plain""#, "plain"),
        (#""a\"b""#, "a\"b"),
        (#""back\\slash""#, "back\\slash"),
        (#""\/""#, "/"),
        (#""\b\f\n\r\t""#, "\u{08}\u{0C}\n\r\t"),
        (#""\u0041\u00e9\u20AC""#, "Aé€"),
        (#""\ud83d\ude00""#, "😀"),
        (#""\uD834\uDD1E clef""#, "𝄞 clef"),
        (#""\u0000""#, "\u{0}"),
        ("\"é😀\"", "é😀"),
    ])
    func decodesStrings(text: String, expected: String) throws {
        let doc = try parse(text)
        #expect(doc.string(doc.root) == expected)
    }

    @Test(arguments: [
        ("\"a\u{1}b\"", JSONSyntaxError.Reason.controlCharacter),
        ("\"a\nb\"", .controlCharacter),
        ("\"tab\there\"", .controlCharacter),
        (#""\x""#, .invalidEscape),
        (#""\'""#, .invalidEscape),
        (#""\u12G4""#, .invalidUnicodeEscape),
        (#""\u12""#, .invalidUnicodeEscape),
        (#""\ud83d""#, .loneSurrogate),
        (#""\ud83d\u0041""#, .loneSurrogate),
        (#""\ud83dx""#, .loneSurrogate),
        (#""\ude00""#, .loneSurrogate),
        (#""\ud83d\ud83d""#, .loneSurrogate),
        ("\"open", .unexpectedEnd),
        ("\"\\", .unexpectedEnd),
        ("'single'", .expectedValue),
    ])
    func rejectsInvalidStrings(text: String, reason: JSONSyntaxError.Reason) {
        #expect(syntaxError(text)?.reason == reason)
    }

    @Test(arguments: [
        [0x22, 0xFF, 0x22],                 // never valid
        [0x22, 0x80, 0x22],                 // lone continuation
        [0x22, 0xC0, 0xAF, 0x22],           // overlong '/'
        [0x22, 0xE0, 0x80, 0xAF, 0x22],     // overlong
        [0x22, 0xED, 0xA0, 0x80, 0x22],     // encoded surrogate
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], // above U+10FFFF
        [0x22, 0xE2, 0x82, 0x22],           // truncated
        [0x22, 0xC3],                       // truncated at end
        [0xEF, 0xBB, 0xBF, 0x7B, 0x7D],     // byte order mark
    ] as [[UInt8]])
    func rejectsInvalidUTF8(bytes: [UInt8]) {
        let reason = syntaxError(bytes: bytes)?.reason
        #expect(reason == .invalidUTF8 || reason == .expectedValue)
    }

    @Test func acceptsEveryUTF8Length() throws {
        let doc = try JSONDocument(parsing: [0x22, 0x41, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0xF4, 0x8F, 0xBF, 0xBF, 0x22])
        #expect(doc.string(doc.root) == "Aé€😀\u{10FFFF}")
    }
}

@Suite struct JSONSyntaxErrorTests {
    @Test(arguments: [
        ("", JSONSyntaxError.Reason.emptyDocument), ("  \n ", .emptyDocument),
        ("[1,]", .trailingComma), (#"{"a":1,}"#, .trailingComma), ("[,1]", .expectedValue),
        ("[1 2]", .expectedCommaOrArrayEnd), (#"{"a":1 "b":2}"#, .expectedCommaOrObjectEnd),
        (#"{"a" 1}"#, .expectedColon), ("{a:1}", .expectedKey), (#"{"a":}"#, .expectedValue),
        ("{1:2}", .expectedKey), ("[", .unexpectedEnd), ("{", .unexpectedEnd), (#"{"a""#, .unexpectedEnd),
        (#"{"a":"#, .unexpectedEnd), ("[1", .unexpectedEnd), ("tru", .unexpectedEnd), ("trux", .invalidLiteral),
        ("nul", .unexpectedEnd), ("True", .expectedValue), ("{} {}", .trailingData), ("[]]", .trailingData),
        ("{\"a\":1}x", .trailingData), ("]", .expectedValue), ("/* c */ 1", .expectedValue),
    ])
    func rejectsInvalidDocuments(text: String, reason: JSONSyntaxError.Reason) {
        #expect(syntaxError(text)?.reason == reason)
    }

    @Test func locatesErrors() throws {
        let error = try #require(syntaxError("{\n  \"a\": 1,\n  \"b\": 2\n  \"c\": 3\n}"))
        #expect(error.reason == .expectedCommaOrObjectEnd)
        #expect(error.line == 4)
        #expect(error.column == 3)
        #expect(error.offset == 23)
        #expect(error.description == "expected ',' or '}' after object member at line 4, column 3")
        #expect(error.pointer?.description == "/b")
    }

    @Test func countsColumnsInScalars() throws {
        let error = try #require(syntaxError("[\"é😀\" x]"))
        #expect(error.column == 7)
        #expect(error.offset == 10)
    }

    @Test func pointsIntoNestedValues() throws {
        #expect(syntaxError(#"{"root": {"subviews": [{"id": "a"}, {"id": tru}]}}"#)?.pointer?.description == "/root/subviews/1/id")
        #expect(syntaxError(#"{"a": [1, 2, 3,]}"#)?.pointer?.description == "/a/2")
        #expect(syntaxError(#"{"a~/b": x}"#)?.pointer?.description == "/a~0~1b")
        #expect(syntaxError(#"{"a": 1, "b"#)?.pointer?.description == "")
        #expect(syntaxError("[}")?.pointer?.description == "/0")
        #expect(syntaxError("nope")?.pointer == nil)
    }

    @Test func survivesDeepNesting() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(syntaxError(deep)?.reason == .nestingTooDeep(limit: 512))
        let objects = String(repeating: #"{"a":"#, count: 100_000)
        #expect(syntaxError(objects)?.reason == .nestingTooDeep(limit: 512))
    }

    @Test func readsDenseDocuments() throws {
        // More values than its first guess at the tape's size: the parse is redone.
        let doc = try parse("[" + Array(repeating: "0", count: 5_000).joined(separator: ",") + "]")
        #expect(doc.count(of: doc.root) == 5_000)
        #expect(doc.elements(of: doc.root).allSatisfy { doc.number($0) == 0 })
        let empties = try parse(String(repeating: "[", count: 300) + String(repeating: "]", count: 300))
        #expect(empties.count(of: empties.root) == 1)
        #expect(syntaxError(String(repeating: "[", count: 300))?.reason == .unexpectedEnd)
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        _ = try parse(text)
        let custom = String(repeating: "[", count: 4000) + String(repeating: "]", count: 4000)
        _ = try JSONDocument(parsing: Array(custom.utf8), maxDepth: 5000)
    }
}

@Suite struct JSONDuplicateKeyTests {
    @Test func flagsEarlierOccurrencesAsSuperseded() throws {
        let doc = try parse(#"{"a": 1, "b": 2, "a": 3, "\u0062": 4, "c": {"a": 5}}"#)
        let members = Array(doc.members(of: doc.root))
        #expect(members.map { doc.isSupersededKey($0.key) } == [true, true, false, false, false])
        let inner = Array(doc.members(of: members[4].value))
        #expect(!doc.isSupersededKey(inner[0].key))
    }

    @Test func pointsAMemberValueAtItsKey() throws {
        let doc = try parse(#"{"a": [1, {"b": 2}]}"#)
        let array = Array(doc.members(of: doc.root))[0].value
        #expect(doc.pointerOffset(of: array) == 1)
        let elements = Array(doc.elements(of: array))
        #expect(doc.pointerOffset(of: elements[0]) == 7)
        let inner = Array(doc.members(of: elements[1]))[0].value
        #expect(doc.pointerOffset(of: inner) == 11)
    }

    @Test func comparesLongKeysPastTheirFirstEightBytes() throws {
        let doc = try parse(#"{"abcdefgh": 1, "abcdefghi": 2, "abcdefghij": 3, "abcdefghik": 4, "abcdefghij": 5, "abcdefgh\u0069": 6, "": 7, "": 8}"#)
        let flags = doc.members(of: doc.root).map { doc.isSupersededKey($0.key) }
        #expect(flags == [false, true, true, false, false, false, true, false])
    }

    @Test func flagsDuplicatesInLargeObjects() throws {
        var text = "{"
        for index in 0..<100 { text += "\"k\(index)\": \(index), " }
        text += #""k7": 0, "k99": 1}"#
        let doc = try parse(text)
        let flags = doc.members(of: doc.root).map { doc.isSupersededKey($0.key) }
        #expect(flags.filter { $0 }.count == 2)
        #expect(flags[7] && flags[99])
        #expect(flags.suffix(2) == [false, false])
    }
}

@Suite struct JSONStringTableTests {
    private let table = JSONStringTable(["id", "frame", "", "subviews", "viewController", "insetsLayoutMarginsFromSafeArea", "é"])

    @Test func findsStringsByTheirBytes() throws {
        let doc = try parse(#"["frame", "fr\u0061me", "frames", "fram", "", "subviews", "viewController", "viewControllex", "viewcontroller", "insetsLayoutMarginsFromSafeArea", "\u00e9", "e\u0301", 1, null, ["id"]]"#)
        let found = doc.elements(of: doc.root).map { doc.index(of: $0, in: table) }
        #expect(found == [1, 1, nil, nil, 2, 3, 4, nil, nil, 5, 6, nil, nil, nil, nil])
        #expect(table.strings[4] == "viewController")
    }

    @Test func findsKeys() throws {
        let doc = try parse(#"{"id": 1, "i\u0064": 2, "bogus": 3}"#)
        #expect(doc.members(of: doc.root).map { doc.index(of: $0.key, in: table) } == [0, 0, nil])
    }

    /// A `String` outside a document: names of a stored name's length, prefixes and
    /// extensions of it are found only by its own bytes.
    @Test func findsStringsAndNotTheirNearMisses() {
        let names = JSONStringTable(["iphone-15-pro", "iphone-15-pro-max", "tv", "iphone-16-pro"])
        #expect(["iphone-15-pro", "iphone-15-pro-max", "tv", "iphone-16-pro"].map { names.index(of: $0) } == [0, 1, 2, 3])
        for miss in ["", "t", "tw", "tvs", "iphone-15-prO", "iphone-15-pr", "iphone-15-pro-", "iphone-15-pro-maxi", "iphone-17-pro"] {
            #expect(names.index(of: miss) == nil, "\(miss)")
        }
        #expect(table.index(of: "") == 2)
        #expect(table.index(of: "é") == 6)
        #expect(table.index(of: "e\u{301}") == nil)
    }

    /// Many strings in one table: probing past collisions finds each one.
    @Test func collisionsAreProbedPast() {
        let names = (0..<300).map { "device-\($0)" }
        let table = JSONStringTable(names)
        for (position, name) in names.enumerated() { #expect(table.index(of: name) == position) }
        #expect(table.index(of: "device-300") == nil)
    }
}

@Suite struct JSONPointersTests {
    @Test func pointsFromTheRoot() throws {
        let doc = try parse(#"{"a": [1, {"b~/c": 2}], "\u0064": {}, "e": [[true]]}"#)
        let members = Array(doc.members(of: doc.root))
        let array = Array(doc.elements(of: members[0].value))
        let inner = Array(doc.members(of: array[1]))[0]
        let nested = Array(doc.elements(of: Array(doc.elements(of: members[2].value))[0]))[0]
        let values = [doc.root, members[0].value, array[0], array[1], inner.value, inner.key, members[1].value, nested]
        #expect(doc.pointers(to: values).map(\.description) == ["", "/a", "/a/0", "/a/1", "/a/1/b~0~1c", "/a/1/b~0~1c", "/d", "/e/0/0"])
        #expect(doc.pointers(to: []).isEmpty)
        let scalar = try parse("7")
        #expect(scalar.pointers(to: [scalar.root]) == [JSONPointer.root])
    }
}
