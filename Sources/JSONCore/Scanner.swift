/// The scanning of scalars: pure functions of the input and a position, shared by the
/// parser and `PlainJSONReader` (so that both read every number alike).
@usableFromInline struct Scanner {
    @usableFromInline let input: UnsafeBufferPointer<UInt8>

    @inlinable init(input: UnsafeBufferPointer<UInt8>) { self.input = input }

    /// The end of `word` at `start`.
    func literalEnd(_ word: StaticString, at start: Int) throws(Interruption) -> Int {
        let count = word.utf8CodeUnitCount
        for offset in 0..<count {
            guard start + offset < input.count else { throw .syntax(.unexpectedEnd, offset: start + offset) }
            guard input[start + offset] == word.utf8Start[offset] else { throw .syntax(.invalidLiteral, offset: start) }
        }
        return start + count
    }

    /// The end of the string at `start` (just past its closing quote), and `TapeEntry.escaped`
    /// if it holds escapes.
    func scanString(at start: Int) throws(Interruption) -> (end: Int, flags: UInt8) {
        var position = start + 1
        var flags: UInt8 = 0
        while true {
            position = plainBytesEnd(from: position)
            guard position < input.count else { throw .syntax(.unexpectedEnd, offset: position) }
            let byte = input[position]
            switch byte {
            case UInt8(ascii: "\""):
                return (position + 1, flags)
            case UInt8(ascii: "\\"):
                flags = TapeEntry.escaped
                position = try escapeEnd(at: position)
            case 0..<0x20:
                throw .syntax(.controlCharacter, offset: position)
            case 0x80...:
                position = try utf8SequenceEnd(at: position)
            default:
                position += 1
            }
        }
    }

    /// `TapeEntry.fingerprint` of the `count` bytes at `start`, with one load when eight
    /// bytes can be read there.
    @inlinable @inline(__always) func fingerprint(bodyAt start: Int, count: Int) -> UInt64 {
        guard start + 8 <= input.count else {
            return TapeEntry.fingerprint(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(input)[start..<start + count]))
        }
        let word = UInt64(littleEndian: UnsafeRawPointer(input.baseAddress! + start).loadUnaligned(as: UInt64.self))
        return count >= 8 ? word : word & (1 &<< UInt64(count &* 8) &- 1)
    }

    /// The first byte from `position` on that needs attention in a string (`"`, `\`, a
    /// control character or part of a multi-byte sequence), skipping eight at a time.
    @inlinable @inline(__always) func plainBytesEnd(from start: Int) -> Int {
        var position = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while position + 8 <= input.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(input.baseAddress! + position).loadUnaligned(as: UInt64.self))
            let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
            let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
            // The high bit of each byte that is 0 (for `quote`, `backslash`) or below 0x20, or
            // that is itself 0x80 or above. The lowest flag is exact: borrows only move upwards.
            let flagged = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- ones &* 0x20) & ~word | word) & highs
            if flagged != 0 { return position + flagged.trailingZeroBitCount >> 3 }
            position += 8
        }
        return position
    }

    /// Validates one escape at `start` (its backslash) and returns its end.
    func escapeEnd(at start: Int) throws(Interruption) -> Int {
        var position = start
        guard position + 1 < input.count else { throw .syntax(.unexpectedEnd, offset: input.count) }
        switch input[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            let unit = try hex4(at: position + 2)
            position += 6
            switch unit {
            case 0xD800...0xDBFF:
                guard position + 1 < input.count, input[position] == UInt8(ascii: "\\"), input[position + 1] == UInt8(ascii: "u"),
                      case 0xDC00...0xDFFF = try hex4(at: position + 2)
                else { throw .syntax(.loneSurrogate, offset: start) }
                position += 6
            case 0xDC00...0xDFFF:
                throw .syntax(.loneSurrogate, offset: start)
            default:
                break
            }
        default:
            throw .syntax(.invalidEscape, offset: position)
        }
        return position
    }

    func hex4(at offset: Int) throws(Interruption) -> UInt32 {
        var value: UInt32 = 0
        for index in offset..<offset + 4 {
            guard index < input.count else { throw .syntax(.unexpectedEnd, offset: input.count) }
            let digit = hexDigit(input[index])
            guard digit != 0xFF else { throw .syntax(.invalidUnicodeEscape, offset: offset - 2) }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Validates one multi-byte UTF-8 sequence (RFC 3629: no overlongs, no surrogates,
    /// nothing above U+10FFFF) at `position` (its lead byte) and returns its end.
    func utf8SequenceEnd(at position: Int) throws(Interruption) -> Int {
        let lead = input[position]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF   // bounds of the second byte
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw .syntax(.invalidUTF8, offset: position)
        }
        guard position + length <= input.count else { throw .syntax(.invalidUTF8, offset: position) }
        guard (low...high).contains(input[position + 1]) else { throw .syntax(.invalidUTF8, offset: position) }
        for index in position + 2..<position + length where input[index] & 0xC0 != 0x80 {
            throw .syntax(.invalidUTF8, offset: position)
        }
        return position + length
    }

    /// 10^exponent for 0...22, the powers a `Double` holds exactly.
    static func exactPowerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    @inline(__always) func isDigit(_ at: Int) -> Bool {
        at < input.count && input[at] &- UInt8(ascii: "0") < 10
    }

    /// The end and value of the number at `start`. Up to 19 significant digits are gathered
    /// into an integer; when that integer and its power of ten are exact doubles, one
    /// multiplication or division gives the correctly rounded value, else the standard
    /// library's parser does.
    @usableFromInline func scanNumber(at start: Int) throws(Interruption) -> (end: Int, value: Double) {
        var position = start
        let negative = input[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var exact = true

        guard isDigit(position) else {
            throw .syntax(position < input.count ? .invalidNumber : .unexpectedEnd, offset: position)
        }
        if input[position] == UInt8(ascii: "0") {
            position += 1
            if isDigit(position) { throw .syntax(.leadingZero, offset: position - 1) }
        } else {
            while position < input.count {
                let digit = input[position] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significantDigits += 1   // the first digit is not 0
                } else {
                    if digit != 0 { exact = false }
                    exponent += 1
                }
                position += 1
            }
        }
        if position < input.count, input[position] == UInt8(ascii: ".") {
            position += 1
            guard isDigit(position) else { throw .syntax(position < input.count ? .invalidNumber : .unexpectedEnd, offset: position) }
            while position < input.count {
                let digit = input[position] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    if mantissa != 0 { significantDigits += 1 }
                    exponent -= 1
                } else if digit != 0 {
                    exact = false
                }
                position += 1
            }
        }
        if position < input.count, input[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            var exponentNegative = false
            if position < input.count, input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-") {
                exponentNegative = input[position] == UInt8(ascii: "-")
                position += 1
            }
            guard isDigit(position) else { throw .syntax(position < input.count ? .invalidNumber : .unexpectedEnd, offset: position) }
            var written = 0
            while isDigit(position) {
                if written < 100_000 { written = written * 10 + Int(input[position] &- UInt8(ascii: "0")) }
                position += 1
            }
            exponent += exponentNegative ? -written : written
        }

        var value: Double
        if mantissa == 0 {
            value = 0
        } else if exact, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            value = Double(mantissa)
            if exponent < 0 {
                value /= Self.exactPowerOfTen(-exponent)
            } else if exponent > 0 {
                value *= Self.exactPowerOfTen(exponent)
            }
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<position]), as: UTF8.self)
            guard let parsed = Double(text) else { throw .syntax(.invalidNumber, offset: start) }
            return (position, parsed)
        }
        return (position, negative ? -value : value)
    }
}
