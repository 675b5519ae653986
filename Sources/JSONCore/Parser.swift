#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a parse (or a `PlainJSONReader` scan) stopped early.
@usableFromInline enum Interruption: Error {
    /// The input is not JSON.
    case syntax(JSONSyntaxError.Reason, offset: Int)
    /// The tape's buffer is full (the parse is redone with room for any input).
    case tapeFull
}

/// The iterative (non-recursive) RFC 8259 parser behind `JSONDocument`.
///
/// It writes the tape into a buffer sized from the input (`Array(unsafeUninitializedCapacity:)`)
/// and keeps its open containers in a temporary buffer; every read of the input is checked
/// against its length, every write against the buffers' capacities.
struct Parser {
    /// An open array or object.
    private struct Frame {
        var tapeIndex: Int
        /// Members or elements begun so far.
        var count: Int
        /// The tape index of the current member's key (objects), or -1.
        var keyIndex: Int
        var isObject: Bool
    }

    private let scanner: Scanner
    private var input: UnsafeBufferPointer<UInt8> { scanner.input }
    private let tape: UnsafeMutableBufferPointer<TapeEntry>
    private var tapeCount = 0
    private let stack: UnsafeMutableBufferPointer<Frame>
    private var depth = 0
    private let maxDepth: Int
    private var position = 0

    private init(input: UnsafeBufferPointer<UInt8>, tape: UnsafeMutableBufferPointer<TapeEntry>, stack: UnsafeMutableBufferPointer<Frame>, maxDepth: Int) {
        scanner = Scanner(input: input)
        self.tape = tape
        self.stack = stack
        self.maxDepth = maxDepth
    }

    /// Parses `input` into its tape.
    static func parse(_ input: UnsafeBufferPointer<UInt8>, maxDepth: Int) -> Result<[TapeEntry], JSONSyntaxError> {
        guard input.count < Int(UInt32.max) else {
            return .failure(JSONSyntaxError(reason: .documentTooLarge, offset: 0, line: 1, column: 1))
        }
        // Every entry starts at a byte of its own, so `count` entries always fit; documents
        // need far fewer, and a guess that proves too small costs one more pass.
        var capacity = min(input.count / 3 + 16, input.count + 1)
        // Nesting cannot go deeper than there are bytes.
        let stackCapacity = max(1, min(maxDepth, input.count))
        while true {
            var outcome: Result<Void, Interruption> = .success(())
            var pointer: JSONPointer?
            let tape = withUnsafeTemporaryAllocation(of: Frame.self, capacity: stackCapacity) { stack in
                [TapeEntry](unsafeUninitializedCapacity: capacity) { buffer, count in
                    var parser = Parser(input: input, tape: buffer, stack: stack, maxDepth: maxDepth)
                    do throws(Interruption) {
                        try parser.parseDocument()
                        count = parser.tapeCount
                    } catch {
                        outcome = .failure(error)
                        if case .syntax = error { pointer = parser.currentPointer() }
                        count = 0   // entries are trivial values: nothing to deinitialize
                    }
                }
            }
            switch outcome {
            case .success:
                return .success(tape)
            case .failure(.tapeFull):
                capacity = max(2 * capacity, input.count + 1)
            case .failure(.syntax(let reason, let offset)):
                let (line, column) = JSONDocument.location(of: offset, in: input)
                return .failure(JSONSyntaxError(reason: reason, offset: offset, line: line, column: column, pointer: pointer))
            }
        }
    }

    /// The pointer of the innermost value begun, from the open frames.
    private func currentPointer() -> JSONPointer? {
        guard depth > 0 else { return nil }
        var pointer = JSONPointer()
        for frame in stack[..<depth] {
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

    private mutating func parseDocument() throws(Interruption) {
        skipWhitespace()
        guard position < input.count else { throw .syntax(.emptyDocument, offset: position) }
        // Each pass parses one value, then closes every container it completes.
        while true {
            try parseValue()
            while true {
                guard depth > 0 else {
                    skipWhitespace()
                    guard position == input.count else { throw .syntax(.trailingData, offset: position) }
                    return
                }
                let isObject = stack[depth - 1].isObject
                skipWhitespace()
                guard position < input.count else { throw .syntax(.unexpectedEnd, offset: position) }
                let byte = input[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                    if isObject {
                        try beginMember()
                    } else {
                        if position < input.count, input[position] == UInt8(ascii: "]") {
                            throw .syntax(.trailingComma, offset: position)
                        }
                        stack[depth - 1].count += 1
                    }
                    break
                }
                if isObject {
                    guard byte == UInt8(ascii: "}") else { throw .syntax(.expectedCommaOrObjectEnd, offset: position) }
                } else {
                    guard byte == UInt8(ascii: "]") else { throw .syntax(.expectedCommaOrArrayEnd, offset: position) }
                }
                position += 1
                close()
            }
        }
    }

    /// Reads `"key" :` of the next member of the innermost object; whitespace before it is skipped.
    @inline(__always) private mutating func beginMember() throws(Interruption) {
        guard position < input.count else { throw .syntax(.unexpectedEnd, offset: position) }
        guard input[position] == UInt8(ascii: "\"") else {
            throw .syntax(input[position] == UInt8(ascii: "}") ? .trailingComma : .expectedKey, offset: position)
        }
        let top = depth - 1
        stack[top].count += 1
        stack[top].keyIndex = -1
        try appendString()
        stack[top].keyIndex = tapeCount - 1
        tape[tapeCount - 1].flags |= TapeEntry.key
        skipWhitespace()
        guard position < input.count else { throw .syntax(.unexpectedEnd, offset: position) }
        guard input[position] == UInt8(ascii: ":") else { throw .syntax(.expectedColon, offset: position) }
        position += 1
    }

    /// Parses one value. A non-empty container is opened and its first child parsed in
    /// turn (a loop, not recursion), so `position` ends past a scalar or an empty container.
    @inline(__always) private mutating func parseValue() throws(Interruption) {
        while true {
            skipWhitespace()
            guard position < input.count else { throw .syntax(.unexpectedEnd, offset: position) }
            switch input[position] {
            case UInt8(ascii: "\""):
                try appendString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let (end, value) = try scanner.scanNumber(at: position)
                try append(TapeEntry(tag: .number, start: UInt32(position), end: UInt32(end), payload: value.bitPattern))
                position = end
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = input[position] == UInt8(ascii: "{")
                guard depth < maxDepth else { throw .syntax(.nestingTooDeep(limit: maxDepth), offset: position) }
                // `depth` counts the brackets read so far, so it stays below the input's length.
                precondition(depth < stack.count)
                stack[depth] = Frame(tapeIndex: tapeCount, count: 0, keyIndex: -1, isObject: isObject)
                depth += 1
                try append(TapeEntry(tag: isObject ? .object : .array, start: UInt32(position), end: 0))
                position += 1
                skipWhitespace()
                guard position < input.count else { throw .syntax(.unexpectedEnd, offset: position) }
                if input[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    close()
                    return
                }
                if isObject {
                    try beginMember()
                } else {
                    stack[depth - 1].count = 1
                }
                continue   // the container's first child
            case UInt8(ascii: "t"):
                try appendLiteral("true", tag: .true)
            case UInt8(ascii: "f"):
                try appendLiteral("false", tag: .false)
            case UInt8(ascii: "n"):
                try appendLiteral("null", tag: .null)
            default:
                throw .syntax(.expectedValue, offset: position)
            }
            return
        }
    }

    @inline(__always) private mutating func append(_ entry: TapeEntry) throws(Interruption) {
        guard tapeCount < tape.count else { throw .tapeFull }
        tape[tapeCount] = entry
        tapeCount += 1
    }

    /// Closes the innermost container; `position` is just past its closing bracket.
    @inline(__always) private mutating func close() {
        depth -= 1
        let frame = stack[depth]
        tape[frame.tapeIndex].end = UInt32(position)
        tape[frame.tapeIndex].payload = UInt64(frame.count) << 32 | UInt64(tapeCount)
        if frame.isObject, frame.count > 1 {
            Self.markDuplicateKeys(objectAt: frame.tapeIndex, memberCount: frame.count, end: tapeCount, tape: tape, input: input)
        }
    }

    // MARK: - Duplicate keys

    /// Flags every key of the object at `objectIndex` (whose descendants end before `end`)
    /// that a later one repeats (the last occurrence of a name counts).
    private static func markDuplicateKeys(objectAt objectIndex: Int, memberCount: Int, end: Int, tape: UnsafeMutableBufferPointer<TapeEntry>, input: UnsafeBufferPointer<UInt8>) {
        /// Whether two keys are the same string.
        func sameKey(_ a: Int, _ b: Int) -> Bool {
            let ea = tape[a], eb = tape[b]
            guard ea.flags & TapeEntry.escaped == 0, eb.flags & TapeEntry.escaped == 0 else { return keyBytes(a) == keyBytes(b) }
            // Same length and same first eight bytes (the fingerprint), then the rest.
            let length = Int(ea.end &- ea.start)
            guard length == Int(eb.end &- eb.start), ea.payload == eb.payload else { return false }
            guard length > 10 else { return true }
            return memcmp(input.baseAddress! + Int(ea.start) + 9, input.baseAddress! + Int(eb.start) + 9, length - 10) == 0
        }
        func keyBytes(_ index: Int) -> [UInt8] {
            let entry = tape[index]
            let body = Array(UnsafeBufferPointer(rebasing: input[Int(entry.start) + 1..<Int(entry.end) - 1]))
            return entry.flags & TapeEntry.escaped == 0 ? body : JSONDocument.unescape(body[...])
        }

        if memberCount <= 16 {
            // Pairwise on the tape, without allocating.
            var key = tape[objectIndex + 2].following(at: objectIndex + 2)
            while key < end {
                var earlier = objectIndex + 1
                while earlier < key {
                    if sameKey(earlier, key) { tape[earlier].flags |= TapeEntry.superseded }
                    earlier = tape[earlier + 1].following(at: earlier + 1)
                }
                key = tape[key + 1].following(at: key + 1)
            }
        } else {
            var keys: [Int] = []
            keys.reserveCapacity(memberCount)
            var key = objectIndex + 1
            while key < end {
                keys.append(key)
                key = tape[key + 1].following(at: key + 1)
            }
            var seen = Set<[UInt8]>(minimumCapacity: memberCount)
            for key in keys.reversed() where !seen.insert(keyBytes(key)).inserted {
                tape[key].flags |= TapeEntry.superseded
            }
        }
    }

    // MARK: - Scalars

    @inline(__always) private mutating func skipWhitespace() {
        while position < input.count {
            let byte = input[position]
            guard byte <= 0x20, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position += 1
        }
    }

    @inline(__always) private mutating func appendLiteral(_ word: StaticString, tag: TapeEntry.Tag) throws(Interruption) {
        let end = try scanner.literalEnd(word, at: position)
        try append(TapeEntry(tag: tag, start: UInt32(position), end: UInt32(end)))
        position = end
    }

    /// Parses a string; its entry's payload is its fingerprint (`TapeEntry.fingerprint`).
    @inline(__always) private mutating func appendString() throws(Interruption) {
        let (end, flags) = try scanner.scanString(at: position)
        let fingerprint = scanner.fingerprint(bodyAt: position + 1, count: end - position - 2)
        try append(TapeEntry(tag: .string, flags: flags, start: UInt32(position), end: UInt32(end), payload: fingerprint))
        position = end
    }
}
