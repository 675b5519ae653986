@testable import JSONCore
import Testing

@Suite struct PlainJSONReaderTests {
    /// Reads `text` as one value with `read`, and whether only whitespace is left after it.
    func read<T>(_ text: String, _ read: (inout PlainJSONReader) -> T?) -> (T?, atEnd: Bool) {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            var reader = PlainJSONReader(bytes)
            let value = read(&reader)
            return (value, reader.isAtEnd())
        }
    }

    @Test(arguments: ["0", "-0", "1", "44", "-20.5", "0.1", "1e3", "2.5E-1", "1E+2", "123456789012345678901234", "1e309", "-1e309",
                      "4.9e-324", "0.30000000000000004", "9007199254740993", "1000000000",
                      // Short integers (read without the scanner) and their edges: 15 and 16 digits,
                      // followed by a fraction or an exponent.
                      "7", "-7", "393", "999999999999999", "-999999999999999", "1000000000000000", "9999999999999999",
                      "100000000000000.5", "12e1", "12E-1", "-0.0", "0e0"])
    func readsNumbersBitForBitAsTheDocument(_ text: String) throws {
        let document = try JSONDocument(parsing: Array(text.utf8))
        let expected = try #require(document.number(document.root))
        let (value, atEnd) = read(text) { $0.number() }
        #expect(value?.bitPattern == expected.bitPattern)
        #expect(atEnd)
    }

    @Test(arguments: ["-", "01", "-01", "00", "1.", ".5", "1e", "+1", "x", "", "- 1", "--1"])
    func givesUpOnWhatIsNotANumber(_ text: String) {
        #expect(read(text) { $0.number() }.0 == nil)
    }

    @Test func readsPlainStringsOnly() {
        #expect(read(#""abc""#) { reader in reader.plainString().map { reader.bytes(start: $0.start, count: $0.count).count } } == (3, true))
        #expect(read(#"  "a b;K~""#) { reader in reader.plainString()?.count } == (6, true))
        #expect(read(#""""#) { $0.plainString()?.count } == (0, true))
        for text in [#""a\"b""#, #""a\u0062""#, #""é""#, "\"a\u{01}\"", #""abc"#, "abc", "\"0123456789"] {
            #expect(read(text) { $0.plainString() }.0 == nil, "\(text)")
        }
    }

    @Test func looksStringsUpInATable() {
        let table = JSONStringTable(["top", "left", "contentInsetAdjustmentBehavior"])
        #expect(read(#" "left""#) { $0.string(in: table) }.0 == 1)
        #expect(read(#""contentInsetAdjustmentBehavior""#) { $0.string(in: table) }.0 == 2)
        #expect(read(#""contentInsetAdjustmentBehaviour""#) { $0.string(in: table) }.0 == nil)
        #expect(read(#""lef\u0074""#) { $0.string(in: table) }.0 == nil, "escaped: left to the document")
        #expect(read(#""top" : 1"#) { $0.key(in: table) }.0 == 0)
        #expect(read(#""top" 1"#) { $0.key(in: table) }.0 == nil, "no colon")
    }

    /// Indentation after a line break is skipped a word at a time: any length, mixed with
    /// tabs and carriage returns, up to the input's end.
    @Test func skipsIndentationOfAnyLength() {
        for spaces in 0...19 {
            let indent = String(repeating: " ", count: spaces)
            for text in ["[\n\(indent)1,\n\(indent)22]", "[\r\n\(indent)\t1,\n\(indent)\n\(indent) 22\n\(indent)]\n\(indent)"] {
                let (sum, atEnd) = read(text) { reader -> Double? in
                    guard reader.beginArray() == true, let first = reader.number(), reader.nextElement() == true,
                          let second = reader.number(), reader.nextElement() == false else { return nil }
                    return first + second
                }
                #expect(sum == 23 && atEnd, "\(spaces) spaces: \(text.debugDescription)")
            }
            #expect(read("\n\(indent)x") { $0.number() }.0 == nil)
        }
    }

    @Test func readsBooleansAndRejectsNull() {
        #expect(read("true") { $0.bool() } == (true, true))
        #expect(read(" false ") { $0.bool() } == (false, true))
        #expect(read("null") { $0.bool() }.0 == nil)
        #expect(read("tru") { $0.bool() }.0 == nil)
    }

    @Test func walksObjectsAndArrays() {
        let table = JSONStringTable(["a", "b"])
        let text = " { \"a\" : [1, 2,3] ,\"b\":{}}\n"
        let (sum, atEnd) = read(text) { reader -> Double? in
            var total = 0.0
            guard var more = reader.beginObject() else { return nil }
            while more {
                switch reader.key(in: table) {
                case 0:
                    guard var element = reader.beginArray() else { return nil }
                    while element {
                        guard let number = reader.number(), let next = reader.nextElement() else { return nil }
                        total += number
                        element = next
                    }
                case 1:
                    guard reader.beginObject() == false else { return nil }
                default:
                    return nil
                }
                guard let next = reader.nextMember() else { return nil }
                more = next
            }
            return total
        }
        #expect(sum == 6)
        #expect(atEnd)
        #expect(read("[]") { $0.beginArray() }.0 == false)
        #expect(read("[1 2]") { reader in reader.beginArray().flatMap { _ in reader.number() }.flatMap { _ in reader.nextElement() } } .0 == nil)
        #expect(read("{}") { $0.beginArray() }.0 == nil)
    }
}

@Suite struct PlainStringTests {
    /// Up to 15 bytes a string is made in `String`'s small form; it must equal, bit for bit,
    /// the string the standard library makes of the same bytes, near the input's end too
    /// (where it is copied); so must the words `smallStringWords` makes, near the end too.
    @Test func makesTheStringTheLibraryMakes() {
        #expect(SmallASCII.isLaidOutAsExpected, "the small form is checked on this platform, not skipped")
        for count in 0...20 {
            let text = String("cell-0123456789abcdefghij".prefix(count))
            for padding in ["", "\"", "\"                  "] {
                Array(("\"" + text + padding).utf8).withUnsafeBufferPointer { bytes in
                    var reader = PlainJSONReader(bytes)
                    let span = reader.plainString()
                    let made = span.map { reader.string(start: $0.start, count: $0.count) }
                    #expect(made == (padding.isEmpty ? nil : text))
                    guard let span, let made else { return }
                    let library = String(decoding: Array(text.utf8), as: UTF8.self)
                    if count <= 15 {
                        // The words the fast path stores as an id (and hashes) are the small string's.
                        let words = reader.smallStringWords(start: span.start, count: span.count)
                        let libraryWords = unsafeBitCast(library, to: (UInt64, UInt64).self)
                        #expect([words.low, words.high] == [libraryWords.0, libraryWords.1])
                        #expect(unsafeBitCast(made, to: (UInt64, UInt64).self) == unsafeBitCast(library, to: (UInt64, UInt64).self))
                    }
                    #expect(made.utf8.count == count && made.hashValue == library.hashValue)
                }
            }
        }
    }
}

@Suite struct JSONKeyOrderTests {
    let table = Self.table
    let guesses = Self.guesses
    // Made once, as a schema's are: guesses are room kept for the process's life.
    static let table = JSONStringTable(["x", "y", "width", "height", "viewController", "additionalSafeAreaInsets", ""])
    static let guesses = table.makeGuesses()

    /// Reads the keys of `text` (an object of numbers) with `order`, guessing each.
    func keys(_ text: String, _ order: inout JSONKeyOrder) -> [Int]? {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            var reader = PlainJSONReader(bytes)
            var keys: [Int] = []
            var previous = -1
            guard var more = reader.beginObject() else { return nil }
            while more {
                guard let key = reader.key(guessing: guesses, expecting: order.expected(after: previous), in: table), reader.number() != nil else { return nil }
                order.learn(key, after: previous)
                previous = key
                keys.append(key)
                guard let next = reader.nextMember() else { return nil }
                more = next
            }
            return keys
        }
    }

    @Test func learnsTheOrderOfKeys() {
        var order = JSONKeyOrder()
        #expect(order.expected(after: -1) == -1)
        #expect(keys(#"{"x": 1, "y": 2, "width": 3, "height": 4}"#, &order) == [0, 1, 2, 3])
        #expect(order.expected(after: -1) == 0)
        #expect(order.expected(after: 1) == 2)
        #expect(order.expected(after: 3) == -1)
        // Another order: every guess is checked, so the keys come out right all the same.
        #expect(keys(#"{"height": 4, "x": 1, "width": 3, "y": 2}"#, &order) == [3, 0, 2, 1])
        #expect(order.expected(after: -1) == 3)
        #expect(order.expected(after: 0) == 2)
    }

    @Test func keepsTheKeyBeforeTheLastAsASecondGuess() {
        var order = JSONKeyOrder()
        order.learn(0, after: -1)
        order.learn(2, after: 0)   // {"x", "width"}
        order.learn(0, after: -1)
        order.learn(3, after: 0)   // {"x", "height"}
        #expect(order.expected(after: 0) == 3)
        #expect(order.alternate(after: 0) == 2)
        #expect(order.alternate(after: -1) == -1, "x always came first: no second guess")
        order.learn(3, after: 0)   // the same again: both guesses stay
        #expect(order.expected(after: 0) == 3)
        #expect(order.alternate(after: 0) == 2)
        order.learn(1, after: 0)
        #expect(order.expected(after: 0) == 1)
        #expect(order.alternate(after: 0) == 3)
    }

    @Test func theReaderTriesBothGuessesAndLooksUpTheRest() {
        var lookups = 0
        func key(_ text: String, _ expected: Int, _ alternate: Int) -> (Int?, next: UInt8?) {
            Array(text.utf8).withUnsafeBufferPointer { bytes in
                var reader = PlainJSONReader(bytes)
                _ = reader.beginObject()
                let key = reader.key(guessing: guesses, expecting: expected, orElse: alternate, in: { lookups += 1; return table }())
                return (key, reader.number() != nil ? UInt8(ascii: "n") : nil)
            }
        }
        let text = #"{"height": 4, "padding": 0}"#
        #expect(key(text, 0, 3) == (3, UInt8(ascii: "n")), "the second guess")
        #expect(key(text, 3, 0) == (3, UInt8(ascii: "n")), "the first guess")
        #expect(lookups == 0, "a guess that holds reads no table")
        #expect(key(text, 0, 2) == (3, UInt8(ascii: "n")), "neither: looked up")
        #expect(lookups == 1)
        #expect(key(#"{"heights": 4, "padding": 0}"#, 0, 3).0 == nil, "a longer key is not the second guess")
        // A guess is compared with its colon: spaced from it, the key is looked up.
        #expect(key(#"{"height" : 4, "padding": 0}"#, 3, -1) == (3, UInt8(ascii: "n")))
        #expect(key(#"{"height"4, "padding": 0, "x": 1}"#, 3, -1).0 == nil, "no colon")
        #expect(key(#"{"x"4, "padding": 0, "height": 1}"#, 0, -1).0 == nil)
        #expect(key(#"{"viewController": 4, "padding": 0}"#, 4, -1) == (4, UInt8(ascii: "n")), "14 bytes: the string, then its colon")
        #expect(key(#"{"viewController" 4, "padding": 0, "x": 1}"#, 4, -1).0 == nil)
    }

    @Test func aGuessIsComparedWithTheWholeKey() {
        var order = JSONKeyOrder()
        order.learn(4, after: -1)   // expects "viewController" first
        #expect(keys(#"{"viewControllers": 1}"#, &order) == nil, "a longer key is not the guess (and not in the table)")
        #expect(keys(#"{"viewControlle": 1}"#, &order) == nil)
        #expect(keys(#"{"viewController": 1}"#, &order) == [4])
        order.learn(5, after: -1)   // longer than 16 bytes: looked up
        #expect(keys(#"{"additionalSafeAreaInsets": 1}"#, &order) == [5])
        order.learn(0, after: -1)
        #expect(keys(#"{"xy": 1}"#, &order) == nil)
        #expect(keys(#"{"": 1}"#, &order) == [6])
        #expect(keys(#"{"\u0078": 1}"#, &order) == nil, "an escaped key is left to the document")
    }

    @Test func aLongKeyAtTheInputsEndIsNotReadPast() {
        // 16 bytes quoted: its colon would be the 19th byte from the quote, past the end.
        let bytes = Array(#"{"additionalInsets""#.utf8)
        let key = bytes.withUnsafeBufferPointer { bytes in
            var reader = PlainJSONReader(bytes)
            _ = reader.beginObject()
            return reader.key(guessing: Self.longKeyGuesses, expecting: 0, in: Self.longKeyTable)
        }
        #expect(key == nil)
    }

    static let longKeyTable = JSONStringTable(["additionalInsets"])
    static let longKeyGuesses = longKeyTable.makeGuesses()

    @Test func aGuessNearTheEndIsLookedUp() {
        // Fewer than 18 bytes after the key's quote: no word comparison there.
        var order = JSONKeyOrder()
        order.learn(0, after: -1)
        #expect(keys(#"{"x":1}"#, &order) == [0])
    }
}

@Suite struct ExpectedStringTests {
    let table = Self.table
    let guesses = Self.guesses
    // Made once, as a schema's are: guesses are room kept for the process's life.
    static let table = JSONStringTable(["bounds", "safeArea", "layoutMargins", "readableContent"])
    static let guesses = table.makeGuesses()

    /// The position `string(guessing:expecting:in:)` reads from the array `text`'s first
    /// element, and whether the reader then stands at the array's end (the value read whole).
    func word(_ text: String, expecting expected: Int) -> (Int?, Bool) {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            var reader = PlainJSONReader(bytes)
            _ = reader.beginArray()
            let index = reader.string(guessing: guesses, expecting: expected, in: table)
            return (index, index != nil && reader.nextElement() == false)
        }
    }

    @Test func theExpectedStringIsRecognisedWhole() {
        let padded = "                  ]"   // 18 bytes after the quote: the word comparison applies
        #expect(word(#"[ "layoutMargins""# + padded, expecting: 2) == (2, true))
        #expect(word(#"["safeArea""# + padded, expecting: 2) == (1, true), "another word of the table")
        #expect(word(#"["layoutMarginsX""# + padded, expecting: 2) == (nil, false), "a longer string is not the expected one")
        #expect(word(#"["layoutMargin""# + padded, expecting: 2) == (nil, false))
        #expect(word(#"["readableContent""# + padded, expecting: -1) == (3, true), "nothing expected: looked up")
        #expect(word(#"["bounds"]"#, expecting: 0) == (0, true), "near the end: looked up")
        #expect(word(#"["bound\u0073""# + padded, expecting: 0) == (nil, false), "an escape is left to the document")
        #expect(word(#"[7]"#, expecting: 0) == (nil, false))
    }
}
