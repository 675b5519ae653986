@testable import JSONCore
import Testing

/// The number writers' own paths, each against `description` or plain arithmetic over its
/// whole range: the thousandths' table, the eight digits worked out side by side, and the room
/// a number may take.
@Suite struct CursorNumberTests {
    /// Every thousandth below 1,000 after whole parts on each side of the paths' limits
    /// (the table of integers, four digits, the general path), negated too.
    @Test func writesEveryThousandthAsDescriptionDoes() {
        var wrong: [Double] = []
        for whole in [0.0, 7, 999, 1000, 9999, 10_000, 123_456] {
            for thousandth in 0..<1000 {
                let magnitude = whole + Double(thousandth) / 1000
                for value in [magnitude, -magnitude] {
                    var writer = JSONWriter(capacity: 32)
                    writer.number(value)
                    let expected = value == value.rounded() ? String(Int(value)) : value.description
                    if writer.string != expected { wrong.append(value) }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// The neighbours of those thousandths (`369.66700000000003`, written from their bits: the
    /// whole part and the fraction's digits apart, the whole part from the table below 1,000),
    /// on each side of the same limits, and a fraction rounding up to all nines or down to zeros.
    @Test func writesTheThousandthsNeighboursAsDescriptionDoes() {
        var wrong: [Double] = []
        for whole in [0.0, 7, 999, 1000, 9999, 10_000, 123_456, 0x1p40] {
            for thousandth in 0...1000 {
                let magnitude = whole + Double(thousandth) / 1000
                for value in [magnitude.nextUp, magnitude.nextDown, -magnitude.nextUp, -magnitude.nextDown] {
                    var writer = JSONWriter(capacity: 32)
                    writer.number(value)
                    let expected = value == value.rounded() ? String(Int(value)) : value.description
                    if writer.string != expected { wrong.append(value) }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// The decimals that always read back, for every ulp of 2^-s written from bits: the first d
    /// with 10^d ≥ 2^s.
    @Test func findsTheDecimalsThatAlwaysFit() {
        for s in 1...62 {
            var decimals = 0, power = 1.0
            while power < Double(sign: .plus, exponent: s, significand: 1) {
                decimals += 1
                power *= 10
            }
            #expect(Cursor.fewestAlwaysFitting(s) == decimals, "s = \(s)")
        }
    }

    /// Each half of the word (the lanes never carry into each other) over every value of four
    /// digits, beside the other half's extremes.
    @Test func worksOutEightDigitsSideBySide() {
        func text(_ word: UInt64) -> String {
            String(decoding: withUnsafeBytes(of: word.littleEndian) { Array($0) }, as: UTF8.self)
        }
        var wrong: [UInt64] = []
        for half in 0..<UInt64(10_000) {
            for value in [half, half &* 10_000, half &* 10_000 &+ 9999, 9999 &* 10_000 &+ half] {
                let digits = String(value)
                if text(Cursor.eightDigits(value)) != String(repeating: "0", count: 8 - digits.count) + digits { wrong.append(value) }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// A number stores nothing past the 24 bytes of its room, whatever its digits: the longest
    /// fractions of each count of decimals, at the far end of the range written from bits.
    @Test func storesNothingPastItsRoom() {
        var values: [Double] = [-4503599627370495.5, 4503599627370495.5, -999999999999999.9, -0.0009765625000000001]
        for exponent in -10..<52 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [-power.nextUp, -(power * 1.7).nextDown, -(power * 1.3333333333333333)]
        }
        for value in values {
            var room = [UInt8](repeating: 0xAA, count: 40)
            let written = room.withUnsafeMutableBufferPointer { room in
                var cursor = Cursor(room.baseAddress!)
                cursor.number(value)
                return cursor.position - room.baseAddress!
            }
            let text = String(decoding: room[..<written], as: UTF8.self)
            #expect(text == (value == value.rounded() ? String(Int(value)) : value.description), "\(value)")
            #expect(room[Cursor.maxNumberLength...].allSatisfy { $0 == 0xAA }, "\(value): \(room)")
        }
    }
}
