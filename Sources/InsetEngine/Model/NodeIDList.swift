/// A hierarchy's view ids, indexed like its views, held as plain words in one array: freeing
/// the list frees one allocation and destroys no element (a `[String]` walks its elements).
///
/// Each id has a slot of two words; the bytes of the ids longer than 15 bytes follow the
/// slots (the tail). A slot's 16 bytes in memory order:
/// - an id of at most 15 bytes: its UTF-8 bytes, zeros after them, and in the last byte
///   `0xE0 | count` (the inline flag is the high bit), and `0x10` more when the id is plain:
///   ASCII from 0x20 on, no quote, no backslash (a JSON writer copies it as it is). Less that
///   flag, these are the two words of `String`'s small form of an ASCII id, which a reader
///   makes from the body's bytes without a `String`.
/// - a longer id: the byte offset of its bytes in the tail (first word) and its count (second
///   word, little-endian; its last byte, 0, marks it as not inline).
///
/// Any words are safe: an inline count is masked to 15, and a tail range outside the tail traps
/// when read. An id read as a `String` is made from its bytes (``subscript(_:)``); a writer
/// reads its bytes in place (``withUnsafeUTF8(_:)``).
public struct NodeIDList: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    /// The slots, then the tail.
    @usableFromInline var words: [UInt64]
    /// How many ids (slots) there are.
    @usableFromInline var slotCount: Int

    /// No ids.
    public init() {
        (words, slotCount) = ([], 0)
    }

    /// The list of `count` ids whose slots are the first `2 × count` of `words` and whose tail
    /// is the rest, as the type's description lays them out (a reader that writes the slots in
    /// place hands its words over whole).
    public init(slots words: [UInt64], count: Int) {
        precondition(count >= 0 && words.count >= 2 &* count, "a slot of two words per id")
        (self.words, slotCount) = (words, count)
    }

    /// The list of `ids`, in order.
    public init<S: Sequence<String>>(_ ids: S) {
        var slots: [UInt64] = [], tail: [UInt64] = []
        slots.reserveCapacity(2 &* ids.underestimatedCount)
        for id in ids { Self.append(id, slots: &slots, tail: &tail) }
        self.init(slots: slots + tail, count: slots.count / 2)
    }

    /// The list of the given ids.
    public init(arrayLiteral ids: String...) {
        self.init(ids)
    }

    /// Appends `id` (moves the tail when there is one: built in order, use `init(_:)`).
    public mutating func append(_ id: String) {
        var slot: [UInt64] = [], tail: [UInt64] = []
        Self.append(id, slots: &slot, tail: &tail)
        if tail.isEmpty {
            words.insert(contentsOf: slot, at: 2 &* slotCount)
        } else {
            // The new bytes go after the tail's: their offset counts from the tail's start.
            slot[0] = UInt64(truncatingIfNeeded: (words.count &- 2 &* slotCount) &* 8)
            words.append(contentsOf: tail)
            words.insert(contentsOf: slot, at: 2 &* slotCount)
        }
        slotCount &+= 1
    }

    /// Appends `id`'s slot to `slots` and its bytes, when it is long, to `tail`.
    private static func append(_ id: String, slots: inout [UInt64], tail: inout [UInt64]) {
        var id = id
        id.withUTF8 { utf8 in
            if utf8.count <= 15 {
                var slot: (UInt64, UInt64) = (0, 0)
                withUnsafeMutableBytes(of: &slot) { room in
                    room.copyMemory(from: UnsafeRawBufferPointer(utf8))
                    let plain = utf8.allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
                    room[15] = 0xE0 | (plain ? plainFlag : 0) | UInt8(utf8.count)
                }
                slots.append(slot.0)
                slots.append(slot.1)
                return
            }
            let slot = appendLong(UnsafeRawBufferPointer(utf8), to: &tail)
            slots.append(slot.0)
            slots.append(slot.1)
        }
    }

    /// The flag of a plain inline id in its slot's last byte.
    public static let plainFlag: UInt8 = 0x10

    /// The slot of a plain id of at most 15 bytes from its small string's two words (the
    /// bytes, then `0xE0 | count` in the last byte), as a reader writes it in place.
    @inlinable @inline(__always)
    public static func plainSlot(low: UInt64, high: UInt64) -> (UInt64, UInt64) {
        (low.littleEndian, (high | UInt64(plainFlag) &<< 56).littleEndian)
    }

    /// The slot of the empty id (computed: a stored `static let` is a once-check per read).
    @inlinable public static var emptySlot: (UInt64, UInt64) { plainSlot(low: 0, high: 0xE0 &<< 56) }

    /// Appends the bytes of an id longer than 15 bytes to `tail` (the tail built so far);
    /// its slot's two words.
    public static func appendLong(_ utf8: UnsafeRawBufferPointer, to tail: inout [UInt64]) -> (UInt64, UInt64) {
        let start = tail.count
        tail.append(contentsOf: repeatElement(0, count: (utf8.count &+ 7) / 8))
        tail.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: start &* 8).copyMemory(from: utf8.baseAddress!, byteCount: utf8.count) }
        return (UInt64(truncatingIfNeeded: start &* 8).littleEndian, UInt64(truncatingIfNeeded: utf8.count).littleEndian)
    }

    /// The bytes the long ids take beside the slots.
    var tailBytes: Int { (words.count &- 2 &* slotCount) &* 8 }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { slotCount }

    /// The id at `position`, made from its bytes.
    public subscript(position: Int) -> String {
        precondition(indices.contains(position), "an id's index")
        return withUnsafeUTF8 { String(decoding: $0.utf8(at: position), as: UTF8.self) }
    }

    /// Calls `body` with the ids' words in place (no copy, no retain per id).
    @inlinable public func withUnsafeUTF8<R>(_ body: (UnsafeIDs) -> R) -> R {
        words.withUnsafeBufferPointer { body(UnsafeIDs(words: $0, count: slotCount)) }
    }

    /// The ids read in place: valid only inside the call that passes them.
    public struct UnsafeIDs {
        @usableFromInline let words: UnsafeBufferPointer<UInt64>
        @usableFromInline let count: Int

        @inlinable init(words: UnsafeBufferPointer<UInt64>, count: Int) {
            (self.words, self.count) = (words, count)
        }

        /// The 16 bytes of the slot at `index` (`index` in bounds, unchecked).
        @inlinable public func slot(at index: Int) -> UnsafeRawPointer {
            UnsafeRawPointer(words.baseAddress! + 2 &* index)
        }

        /// The count of the id at `index` when it is inline (at most 15), else `nil`.
        @inlinable public func inlineCount(at index: Int) -> Int? {
            let last = slot(at: index).load(fromByteOffset: 15, as: UInt8.self)
            return last & 0x80 != 0 ? Int(last & 0x0F) : nil
        }

        /// The count of the id at `index` when it is inline and plain (see ``NodeIDList``), else `nil`.
        @inlinable public func plainCount(at index: Int) -> Int? {
            let last = slot(at: index).load(fromByteOffset: 15, as: UInt8.self)
            return last & 0xF0 == 0xF0 ? Int(last & 0x0F) : nil
        }

        /// The UTF-8 bytes of the id at `index` (`index` in bounds, unchecked; a long id's
        /// range is checked against the tail).
        @inlinable public func utf8(at index: Int) -> UnsafeBufferPointer<UInt8> {
            let slot = slot(at: index)
            if let count = inlineCount(at: index) {
                return UnsafeBufferPointer(start: slot.assumingMemoryBound(to: UInt8.self), count: count)
            }
            let offset = Int(truncatingIfNeeded: UInt64(littleEndian: slot.load(as: UInt64.self)))
            let length = Int(truncatingIfNeeded: UInt64(littleEndian: slot.load(fromByteOffset: 8, as: UInt64.self)))
            let tailBytes = (words.count &- 2 &* count) &* 8
            precondition(offset >= 0 && length >= 0 && offset <= tailBytes && length <= tailBytes &- offset, "a long id's bytes lie in the tail")
            let tail = UnsafeRawPointer(words.baseAddress! + 2 &* count).assumingMemoryBound(to: UInt8.self)
            return UnsafeBufferPointer(start: tail + offset, count: length)
        }
    }

    /// Equal when the ids are, in order (as `String`s compare).
    public static func == (lhs: NodeIDList, rhs: NodeIDList) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    /// Hashes the ids in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for id in self { hasher.combine(id) }
    }
}
