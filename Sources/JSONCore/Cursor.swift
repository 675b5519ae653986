/// Where the next byte goes: the writer's stores, in room its caller has reserved
/// (``JSONWriter/cursor(reserving:)``), without a check of the room per store. Writers of
/// large documents of fixed shape (the /layout answer) store each member's key, colon and
/// punctuation as constants through it.
public struct Cursor {
    @usableFromInline var position: UnsafeMutablePointer<UInt8>

    @inlinable @inline(__always)
    init(_ position: UnsafeMutablePointer<UInt8>) { self.position = position }

    /// Stores one byte.
    @inlinable @inline(__always)
    public mutating func byte(_ byte: UInt8) {
        position.pointee = byte
        position += 1
    }

    /// Stores the bytes of `text` (plain ASCII, nothing to escape: JSON text as it is).
    @inlinable @inline(__always)
    public mutating func text(_ text: StaticString) {
        bytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Stores `"name":`. Names known at compile time are plain ASCII, nothing to escape
    /// (checked in debug builds).
    @inlinable @inline(__always)
    public mutating func key(_ name: StaticString) {
        assert(Self.isPlain(name), "a StaticString key must need no escaping: \(name)")
        byte(UInt8(ascii: "\""))
        text(name)
        byte(UInt8(ascii: "\""))
        byte(UInt8(ascii: ":"))
    }

    /// Stores `"name":value`, after a comma when `comma` (a member of an object being written).
    @inlinable @inline(__always)
    public mutating func member(_ name: StaticString, _ value: Double, comma: Bool) {
        if comma { byte(UInt8(ascii: ",")) }
        key(name)
        number(value)
    }

    /// Stores `"name":{"k0":v0,"k1":v1,"k2":v2,"k3":v3}` (a rect, insets), after a comma when
    /// `comma`: the text around the numbers as constant stores (room: ``maxObjectLength``
    /// plus the keys).
    @inlinable @inline(__always)
    public mutating func object(
        _ name: StaticString, comma: Bool,
        _ k0: StaticString, _ v0: Double, _ k1: StaticString, _ v1: Double,
        _ k2: StaticString, _ v2: Double, _ k3: StaticString, _ v3: Double
    ) {
        if comma { byte(UInt8(ascii: ",")) }
        key(name)
        byte(UInt8(ascii: "{"))
        member(k0, v0, comma: false)
        member(k1, v1, comma: true)
        member(k2, v2, comma: true)
        member(k3, v3, comma: true)
        byte(UInt8(ascii: "}"))
    }

    /// The most bytes ``object(_:comma:_:_:_:_:_:_:_:_:)`` stores besides its five keys.
    @inlinable public static var maxObjectLength: Int { 23 &+ 4 &* maxNumberLength }

    /// The bytes stored since `mark`, an earlier copy of this cursor: to be stored again
    /// (``bytes(_:)``) while they stay in the room.
    @inlinable @inline(__always)
    public func bytes(since mark: Cursor) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: mark.position, count: position - mark.position)
    }

    /// The bytes of an entry of a table of texts (``tableText(_:entry:)``).
    @inlinable public static var tableEntryLength: Int { 40 }

    /// Stores entry `index` of `table`, whose entries are ``tableEntryLength`` bytes: a text of
    /// up to 39 bytes (plain ASCII, nothing to escape) padded, then a byte of its length. All
    /// 40 are stored (room for them), of which the text is kept: no branch on its length.
    @inlinable @inline(__always)
    public mutating func tableText(_ table: StaticString, entry index: Int) {
        let entry = UnsafeRawPointer(table.utf8Start) + Self.tableEntryLength &* index
        let to = UnsafeMutableRawPointer(position)
        for word in 0..<5 {
            to.storeBytes(of: entry.loadUnaligned(fromByteOffset: 8 &* word, as: UInt64.self), toByteOffset: 8 &* word, as: UInt64.self)
        }
        position += Int(truncatingIfNeeded: entry.load(fromByteOffset: 39, as: UInt8.self))
    }

    /// Stores `bytes`. Keys and literals are a few bytes long, where a `memmove` call costs
    /// more than the copy: up to 32 bytes are moved as overlapping words (every load within
    /// the source).
    @inlinable @inline(__always)
    public mutating func bytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let length = bytes.count
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(position)
        if length >= 8 {
            if length <= 16 {
                let head = from.loadUnaligned(as: UInt64.self), tail = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
                to.storeBytes(of: head, as: UInt64.self)
                to.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
            } else if length <= 32 {
                let a = from.loadUnaligned(as: UInt64.self), b = from.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                let c = from.loadUnaligned(fromByteOffset: length - 16, as: UInt64.self)
                let d = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
                to.storeBytes(of: a, as: UInt64.self)
                to.storeBytes(of: b, toByteOffset: 8, as: UInt64.self)
                to.storeBytes(of: c, toByteOffset: length - 16, as: UInt64.self)
                to.storeBytes(of: d, toByteOffset: length - 8, as: UInt64.self)
            } else {
                to.copyMemory(from: from, byteCount: length)
            }
        } else if length >= 4 {
            let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
        } else if length > 0 {
            // 1–3 bytes: first, middle and last (the same byte more than once is harmless).
            to.storeBytes(of: source[0], as: UInt8.self)
            to.storeBytes(of: source[length >> 1], toByteOffset: length >> 1, as: UInt8.self)
            to.storeBytes(of: source[length - 1], toByteOffset: length - 1, as: UInt8.self)
        }
        position += length
    }
}
