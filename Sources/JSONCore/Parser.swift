#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The iterative (non-recursive) RFC 8259 parser behind `JSONDocument`.
struct Parser {
    /// An open array or object.
    private struct Frame {
        var tapeIndex: Int
        var isObject: Bool
        /// Members or elements begun so far.
        var count: Int
        /// The tape index of the current member's key (objects), or -1.
        var keyIndex: Int
    }

    private(set) var tape: [TapeEntry]
    private var stack: [Frame] = []
    private let maxDepth: Int
    private var input = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var position = 0

    init(maxDepth: Int, estimatedCount: Int) {
        self.maxDepth = maxDepth
        tape = []
        tape.reserveCapacity(estimatedCount / 4 + 4)
    }

    private struct Failure: Error {
        var reason: JSONSyntaxError.Reason
        var offset: Int
    }

    /// Parses the whole input onto `tape`.
    mutating func parse(_ input: UnsafeBufferPointer<UInt8>) -> Result<Void, JSONSyntaxError> {
        self.input = input
        do throws(Failure) {
            guard input.count < Int(UInt32.max) else { throw Failure(reason: .documentTooLarge, offset: 0) }
            skipWhitespace()
            guard position < input.count else { throw Failure(reason: .emptyDocument, offset: position) }
            try parseDocument()
            skipWhitespace()
            guard position == input.count else { throw Failure(reason: .trailingData, offset: position) }
            return .success(())
        } catch {
            let (line, column) = JSONDocument.location(of: error.offset, in: input)
            return .failure(JSONSyntaxError(reason: error.reason, offset: error.offset, line: line, column: column, pointer: currentPointer()))
        }
    }

    /// The pointer of the innermost value begun, from the open frames.
    private func currentPointer() -> JSONPointer? {
        guard !stack.isEmpty else { return nil }
        var pointer = JSONPointer()
        for frame in stack {
            if frame.isObject {
                guard frame.keyIndex >= 0 else { break }
                let entry = tape[frame.keyIndex]
                let body = Array(UnsafeBufferPointer(rebasing: input[Int(entry.start) + 1..<Int(entry.end) - 1]))
                let key = entry.flags & TapeEntry.escaped == 0 ? body : JSONDocument.unescape(body[...])
                pointer = pointer.appending(String(decoding: key, as: UTF8.self))
            } else {
                guard frame.count > 0 else { break }
                pointer = pointer.appending(frame.count - 1)
            }
        }
        return pointer
    }

    // MARK: - Structure

    private mutating func parseDocument() throws(Failure) {
        // Each pass parses one value, then closes every container it completes.
        while true {
            try parseValue()
            while true {
                guard let top = stack.last else { return }
                skipWhitespace()
                guard position < input.count else { throw Failure(reason: .unexpectedEnd, offset: position) }
                let byte = input[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                    if top.isObject {
                        try beginMember()
                    } else {
                        if position < input.count, input[position] == UInt8(ascii: "]") {
                            throw Failure(reason: .trailingComma, offset: position)
                        }
                        stack[stack.count - 1].count += 1
                    }
                    break
                }
                if top.isObject {
                    guard byte == UInt8(ascii: "}") else { throw Failure(reason: .expectedCommaOrObjectEnd, offset: position) }
                } else {
                    guard byte == UInt8(ascii: "]") else { throw Failure(reason: .expectedCommaOrArrayEnd, offset: position) }
                }
                position += 1
                close()
            }
        }
    }

    /// Reads `"key" :` of the next member of the innermost object; whitespace before it is skipped.
    private mutating func beginMember() throws(Failure) {
        guard position < input.count else { throw Failure(reason: .unexpectedEnd, offset: position) }
        guard input[position] == UInt8(ascii: "\"") else {
            throw Failure(reason: input[position] == UInt8(ascii: "}") ? .trailingComma : .expectedKey, offset: position)
        }
        let top = stack.count - 1
        stack[top].count += 1
        stack[top].keyIndex = -1
        try parseString()
        stack[top].keyIndex = tape.count - 1
        skipWhitespace()
        guard position < input.count else { throw Failure(reason: .unexpectedEnd, offset: position) }
        guard input[position] == UInt8(ascii: ":") else { throw Failure(reason: .expectedColon, offset: position) }
        position += 1
    }

    /// Parses one value. A non-empty container is opened and its first child parsed in
    /// turn (a loop, not recursion), so `position` ends past a scalar or an empty container.
    private mutating func parseValue() throws(Failure) {
        while true {
            skipWhitespace()
            guard position < input.count else { throw Failure(reason: .unexpectedEnd, offset: position) }
            switch input[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = input[position] == UInt8(ascii: "{")
                guard stack.count < maxDepth else { throw Failure(reason: .nestingTooDeep(limit: maxDepth), offset: position) }
                stack.append(Frame(tapeIndex: tape.count, isObject: isObject, count: 0, keyIndex: -1))
                tape.append(TapeEntry(tag: isObject ? .object : .array, start: UInt32(position), end: 0))
                position += 1
                skipWhitespace()
                guard position < input.count else { throw Failure(reason: .unexpectedEnd, offset: position) }
                if input[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    close()
                    return
                }
                if isObject {
                    try beginMember()
                } else {
                    stack[stack.count - 1].count = 1
                }
                continue   // the container's first child
            case UInt8(ascii: "\""):
                try parseString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try parseNumber()
            case UInt8(ascii: "t"):
                try parseLiteral("true", tag: .true)
            case UInt8(ascii: "f"):
                try parseLiteral("false", tag: .false)
            case UInt8(ascii: "n"):
                try parseLiteral("null", tag: .null)
            default:
                throw Failure(reason: .expectedValue, offset: position)
            }
            return
        }
    }

    /// Closes the innermost container; `position` is just past its closing bracket.
    private mutating func close() {
        let frame = stack.removeLast()
        tape[frame.tapeIndex].end = UInt32(position)
        tape[frame.tapeIndex].payload = UInt64(frame.count) << 32 | UInt64(tape.count)
        if frame.isObject, frame.count > 1 { markDuplicateKeys(objectAt: frame.tapeIndex) }
    }

    // MARK: - Duplicate keys

    private mutating func markDuplicateKeys(objectAt objectIndex: Int) {
        let end = tape.count
        let memberCount = Int(tape[objectIndex].payload >> 32)
        if memberCount <= 16 {
            // Pairwise on the tape, without allocating.
            var key = tape[objectIndex + 2].following(at: objectIndex + 2)
            while key < end {
                var earlier = objectIndex + 1
                while earlier < key {
                    if keyBytesEqual(earlier, key) {
                        tape[key].flags |= TapeEntry.duplicate
                        break
                    }
                    earlier = tape[earlier + 1].following(at: earlier + 1)
                }
                key = tape[key + 1].following(at: key + 1)
            }
        } else {
            var seen = Set<[UInt8]>(minimumCapacity: memberCount)
            var key = objectIndex + 1
            while key < end {
                if !seen.insert(keyBytes(key)).inserted { tape[key].flags |= TapeEntry.duplicate }
                key = tape[key + 1].following(at: key + 1)
            }
        }
    }

    private func keyBytesEqual(_ a: Int, _ b: Int) -> Bool {
        let ea = tape[a], eb = tape[b]
        if ea.flags & TapeEntry.escaped == 0, eb.flags & TapeEntry.escaped == 0 {
            let length = Int(ea.end - ea.start)
            guard length == Int(eb.end - eb.start) else { return false }
            return memcmp(input.baseAddress! + Int(ea.start), input.baseAddress! + Int(eb.start), length) == 0
        }
        return keyBytes(a) == keyBytes(b)
    }

    private func keyBytes(_ index: Int) -> [UInt8] {
        let entry = tape[index]
        let body = Array(UnsafeBufferPointer(rebasing: input[Int(entry.start) + 1..<Int(entry.end) - 1]))
        return entry.flags & TapeEntry.escaped == 0 ? body : JSONDocument.unescape(body[...])
    }

    // MARK: - Scalars

    @inline(__always) private mutating func skipWhitespace() {
        while position < input.count {
            switch input[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func parseLiteral(_ word: StaticString, tag: TapeEntry.Tag) throws(Failure) {
        let count = word.utf8CodeUnitCount
        let start = position
        for offset in 0..<count {
            guard start + offset < input.count else { throw Failure(reason: .unexpectedEnd, offset: start + offset) }
            guard input[start + offset] == word.utf8Start[offset] else { throw Failure(reason: .invalidLiteral, offset: start) }
        }
        position += count
        tape.append(TapeEntry(tag: tag, start: UInt32(start), end: UInt32(position)))
    }

    private mutating func parseString() throws(Failure) {
        let start = position
        position += 1
        var flags: UInt8 = 0
        while true {
            guard position < input.count else { throw Failure(reason: .unexpectedEnd, offset: position) }
            let byte = input[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                tape.append(TapeEntry(tag: .string, flags: flags, start: UInt32(start), end: UInt32(position)))
                return
            case UInt8(ascii: "\\"):
                flags = TapeEntry.escaped
                try parseEscape()
            case 0..<0x20:
                throw Failure(reason: .controlCharacter, offset: position)
            case 0x80...:
                try validateUTF8Sequence()
            default:
                position += 1
            }
        }
    }

    /// Validates one escape; `position` is at its backslash.
    private mutating func parseEscape() throws(Failure) {
        let start = position
        guard position + 1 < input.count else { throw Failure(reason: .unexpectedEnd, offset: input.count) }
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
                else { throw Failure(reason: .loneSurrogate, offset: start) }
                position += 6
            case 0xDC00...0xDFFF:
                throw Failure(reason: .loneSurrogate, offset: start)
            default:
                break
            }
        default:
            throw Failure(reason: .invalidEscape, offset: position)
        }
    }

    private func hex4(at offset: Int) throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for index in offset..<offset + 4 {
            guard index < input.count else { throw Failure(reason: .unexpectedEnd, offset: input.count) }
            let digit = hexDigit(input[index])
            guard digit != 0xFF else { throw Failure(reason: .invalidUnicodeEscape, offset: offset - 2) }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Validates one multi-byte UTF-8 sequence (RFC 3629: no overlongs, no surrogates,
    /// nothing above U+10FFFF); `position` is at its lead byte.
    private mutating func validateUTF8Sequence() throws(Failure) {
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
        default: throw Failure(reason: .invalidUTF8, offset: position)
        }
        guard position + length <= input.count else { throw Failure(reason: .invalidUTF8, offset: position) }
        guard (low...high).contains(input[position + 1]) else { throw Failure(reason: .invalidUTF8, offset: position) }
        for index in position + 2..<position + length where input[index] & 0xC0 != 0x80 {
            throw Failure(reason: .invalidUTF8, offset: position)
        }
        position += length
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    private mutating func parseNumber() throws(Failure) {
        let start = position
        let negative = input[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var exact = true

        @inline(__always) func isDigit(_ at: Int) -> Bool {
            at < input.count && input[at] &- UInt8(ascii: "0") < 10
        }
        @inline(__always) func accumulate(_ byte: UInt8, fraction: Bool) {
            let digit = UInt64(byte &- UInt8(ascii: "0"))
            if significantDigits < 19 {
                mantissa = mantissa &* 10 &+ digit
                if mantissa != 0 { significantDigits += 1 }
                if fraction { exponent -= 1 }
            } else {
                if digit != 0 { exact = false }
                if !fraction { exponent += 1 }
            }
        }

        guard isDigit(position) else {
            throw Failure(reason: position < input.count ? .invalidNumber : .unexpectedEnd, offset: position)
        }
        if input[position] == UInt8(ascii: "0") {
            position += 1
            if isDigit(position) { throw Failure(reason: .leadingZero, offset: position - 1) }
        } else {
            while isDigit(position) {
                accumulate(input[position], fraction: false)
                position += 1
            }
        }
        if position < input.count, input[position] == UInt8(ascii: ".") {
            position += 1
            guard isDigit(position) else { throw Failure(reason: position < input.count ? .invalidNumber : .unexpectedEnd, offset: position) }
            while isDigit(position) {
                accumulate(input[position], fraction: true)
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
            guard isDigit(position) else { throw Failure(reason: position < input.count ? .invalidNumber : .unexpectedEnd, offset: position) }
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
        } else if exact, mantissa <= 1 << 53, (-22...22).contains(exponent) {
            value = Double(mantissa)
            value = exponent < 0 ? value / Self.powersOfTen[-exponent] : value * Self.powersOfTen[exponent]
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<position]), as: UTF8.self)
            guard let parsed = Double(text) else { throw Failure(reason: .invalidNumber, offset: start) }
            tape.append(TapeEntry(tag: .number, start: UInt32(start), end: UInt32(position), payload: parsed.bitPattern))
            return
        }
        if negative { value = -value }
        tape.append(TapeEntry(tag: .number, start: UInt32(start), end: UInt32(position), payload: value.bitPattern))
    }
}
