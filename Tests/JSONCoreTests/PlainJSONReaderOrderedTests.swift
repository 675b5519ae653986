@testable import JSONCore
import Testing

@Suite struct PlainJSONReaderOrderedTests {
    let x = QuotedKey("x"), y = QuotedKey("y"), width = QuotedKey("width"), height = QuotedKey("height")

    /// `numbers(x, y, width, height)` of `text`, and where the reader stands after it.
    func rect(_ text: String) -> (numbers: [Double]?, position: Int) {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            var reader = PlainJSONReader(bytes)
            let numbers = reader.numbers(x, y, width, height).map { [$0.0, $0.1, $0.2, $0.3] }
            return (numbers, reader.position)
        }
    }

    @Test func readsTheMembersInTheirOrder() {
        let text = #"{"x": 0, "y": -20.5, "width": 393, "height": 1e2} "#
        #expect(rect(text).numbers == [0, -20.5, 393, 100])
        #expect(rect(text).position == text.utf8.count - 1)
        #expect(rect(#" {"x":1,"y":2,"width":3,"height":4}"#).numbers == [1, 2, 3, 4])
        #expect(rect("{ \"x\" :\n1 , \"y\":2,\t\"width\":3,\"height\":4 }").numbers == [1, 2, 3, 4])
        #expect(Array("{\"width\": 3, \"height\": 4}".utf8).withUnsafeBufferPointer { bytes in
            var reader = PlainJSONReader(bytes)
            return reader.numbers(width, height).map { [$0.0, $0.1] }
        } == [3, 4])
    }

    /// Integers are read in place up to 15 digits; longer ones, fractions and exponents
    /// through `number()`, alike.
    @Test func readsEveryNumberAsNumberDoes() {
        #expect(rect(#"{"x": -0, "y": 999999999999999, "width": 1234567890123456, "height": 0.5}"#).numbers == [-0.0, 999_999_999_999_999, 1_234_567_890_123_456, 0.5])
        #expect(rect(#"{"x": -0, "y": 0, "width": 0, "height": 0}"#).numbers?[0].sign == .minus)
        #expect(rect(#"{"x": 1E2, "y": 2e-1, "width": 3.25, "height": -4}"#).numbers == [100, 0.2, 3.25, -4])
    }

    /// The object is read without bounds checks only before the input's closing brace or
    /// bracket; an input that ends otherwise is left to the general reading.
    @Test func needsTheInputToEndWithABraceOrBracket() {
        #expect(rect(#"{"x": 1, "y": 2, "width": 3, "height": 4}"#).numbers == [1, 2, 3, 4])
        #expect(rect("[{\"x\": 1, \"y\": 2, \"width\": 3, \"height\": 4}]\n\t ").numbers == nil, "not at an object")
        #expect(rect(#"{"x": 1, "y": 2, "width": 3, "height": 4} 7"#).numbers == nil)
        #expect(rect(#"{"x": 1, "y": 2, "width": 3, "height": 4"#).numbers == nil)
        #expect(rect(#"{"x": 1, "y": 2, "width": 3, "height": 4 "#).numbers == nil)
        #expect(rect(#"{"x": 1, "y": 2, "width": 3, "height": 4 }"#).numbers == [1, 2, 3, 4])
    }

    /// The way most clients write the object (a space after each colon and comma, or no
    /// blank at all) is read first, byte by byte; a body that mixes the two, or puts blanks
    /// elsewhere, or numbers that are not short integers, is read by the scan of blanks
    /// alike, to the same numbers and the same place.
    @Test(arguments: [
        #"{"x": 1, "y": -2, "width": 30, "height": 4}"#, #"{"x":1,"y":-2,"width":30,"height":4}"#,
        #"{"x": 1,"y": -2, "width": 30, "height": 4}"#, #"{"x":1, "y":-2,"width":30,"height":4}"#,
        #"{"x": 1, "y": -2, "width": 30, "height": 4 }"#, #"{ "x": 1, "y": -2, "width": 30, "height": 4}"#,
        #"{"x": 1, "y": -2, "width":  30, "height": 4}"#, #"{"x": 1 , "y": -2, "width": 30, "height": 4}"#,
        #"{"x" : 1, "y": -2, "width": 30, "height": 4}"#, "{\"x\": 1,\n\"y\": -2, \"width\": 30, \"height\": 4}",
        #"{"x": 1.0, "y": -2, "width": 30, "height": 4}"#, #"{"x": 1, "y": -2e0, "width": 30, "height": 4}"#,
        #"{"x": 1, "y": -2, "width": 3E1, "height": 4}"#, #"{"x": 1, "y": -2, "width": 30, "height": 4.0}"#,
    ])
    func readsTheUsualAndOtherLayoutsAlike(_ text: String) {
        let padded = text + "                "
        #expect(rect(padded).numbers == [1, -2, 30, 4], "\(text)")
        #expect(rect(padded).position == text.utf8.count)
    }

    /// Anything else is left whole to the caller's general reading.
    @Test(arguments: [#"{"y": 0, "x": 0, "width": 1, "height": 1}"#, #"{"x": 0, "y": 0, "width": 1}"#,
                      #"{"x": 0, "y": 0, "width": 1, "height": 1, "z": 2}"#, #"{"x": 0, "y": 0, "widths": 1, "height": 1}"#, #"{"x": 0, "y": 0, "width": 1, "heighT": 1}"#,
                      #"{"\u0078": 0, "y": 0, "width": 1, "height": 1}"#, #"{"x": "0", "y": 0, "width": 1, "height": 1}"#,
                      #"{"x": 0 "y": 0, "width": 1, "height": 1}"#, #"{"x": 0, "y": 0, "width": 1, "height": 1"#,
                      #"{"x"0, "y": 0, "width": 1, "height": 1}"#, #"{"x": 0, "y": 0, "width": 1, "height": 01}"#, "[]", ""])
    func readsNothingOfAnotherObject(_ text: String) {
        #expect(rect(text).numbers == nil)
        #expect(rect(text).position == 0)
    }
}
