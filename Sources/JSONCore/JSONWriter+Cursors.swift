// Cursors: runs of writes whose size is bounded, stored through a raw cursor with one check
// of the room, for writers of large documents of fixed shape.
extension JSONWriter {
    /// Makes room for `extra` more bytes and returns a cursor where the next member or value
    /// goes, past the comma due if any: a run of writes of bounded size, its room checked
    /// once. ``advance(to:needsComma:)`` takes what it stored.
    @inlinable @inline(__always)
    public mutating func cursor(reserving extra: Int) -> Cursor {
        begin(reserving: extra)
    }

    /// Takes what `cursor` (from ``cursor(reserving:)``) stored as written; `needsComma`
    /// says whether the next member or value needs a comma before it.
    @inlinable @inline(__always)
    public mutating func advance(to cursor: Cursor, needsComma: Bool) {
        end(cursor, needsComma: needsComma)
    }

    /// One member of at most `room` bytes, written by `write` through a cursor (its first
    /// write without a comma: the comma due is the writer's), then taken as written.
    @inlinable @inline(__always)
    public mutating func member(reserving room: Int, _ write: (inout Cursor) -> Void) {
        var out = cursor(reserving: room)
        write(&out)
        advance(to: out, needsComma: true)
    }

    /// Makes room for `extra` more bytes after what `cursor` stored, moving it when the
    /// storage moves: the next part of a run whose size is known only there.
    @inlinable @inline(__always)
    public mutating func reserve(_ extra: Int, after cursor: inout Cursor) {
        if capacity &- (cursor.position - base) < extra {
            count = cursor.position - base
            grow(extra)
            cursor = Cursor(base + count)
        }
    }

    /// Returns a cursor at the end of what is written, without the comma due, after making
    /// room for `extra` bytes: a run that resumes inside an object, writing its own commas.
    @inlinable @inline(__always)
    public mutating func continuation(reserving extra: Int) -> Cursor {
        reserve(extra)
        return Cursor(base + count)
    }

    /// Where `cursor` stores its next byte, as a count of the bytes before it: with another,
    /// the range ``copyWritten(_:to:)`` copies.
    @inlinable @inline(__always)
    public func offset(of cursor: Cursor) -> Int {
        cursor.position - base
    }

    /// Stores at `cursor` again the bytes written at `range`, before it (room reserved for
    /// them): repeated content copied instead of written anew.
    @inlinable @inline(__always)
    public func copyWritten(_ range: Range<Int>, to cursor: inout Cursor) {
        assert(range.lowerBound >= 0 && range.upperBound <= cursor.position - base, "not written yet: \(range)")
        cursor.bytes(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// Opens the object member `"name":{` for a name known only at run time (escaped as
    /// needed) through the writer, after what `cursor` stored (the long or escaped name that
    /// ``Cursor/shortKey(_:opening:)`` left), then makes room for `extra` more bytes and
    /// returns a cursor after the brace.
    public mutating func beginObject(dynamic name: String, after cursor: Cursor, reserving extra: Int) -> Cursor {
        end(cursor, needsComma: false)
        beginObject(dynamic: name)
        return begin(reserving: extra)
    }

    /// `beginObject(dynamic:after:reserving:)` for a name's UTF-8 bytes, read in place.
    @inlinable
    public mutating func beginObject(dynamicUTF8 name: UnsafeBufferPointer<UInt8>, after cursor: Cursor, reserving extra: Int) -> Cursor {
        end(cursor, needsComma: false)
        appendKey(utf8: name, opening: UInt8(ascii: "{"))
        return begin(reserving: extra)
    }
}

extension Cursor {
    /// Stores `"name":` and `bracket` when `name` is at most 16 bytes with nothing to escape
    /// (most ids; room for 21 bytes); returns false, storing nothing, otherwise.
    ///
    /// The room is made before the name is read: with no call made while its bytes are read,
    /// a name read in place (a node's id) needs no retain to stay alive.
    @inlinable @inline(__always)
    public mutating func shortKey(_ name: String, opening bracket: UInt8) -> Bool {
        guard shortString(name) else { return false }
        byte(UInt8(ascii: ":"))
        byte(bracket)
        return true
    }

    /// Stores `"name":` and `bracket` for a name of `count` (at most 15) bytes with nothing to
    /// escape that begin the 16 at `slot` (a plain inline id's slot): its bytes stored as two
    /// words, whatever follows them in the slot (room for 21 bytes).
    @inlinable @inline(__always)
    public mutating func plainKey(slot: UnsafeRawPointer, count: Int, opening bracket: UInt8) {
        let to = UnsafeMutableRawPointer(position)
        to.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
        to.storeBytes(of: slot.loadUnaligned(as: UInt64.self), toByteOffset: 1, as: UInt64.self)
        to.storeBytes(of: slot.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 9, as: UInt64.self)
        position += count &+ 1
        byte(UInt8(ascii: "\""))
        byte(UInt8(ascii: ":"))
        byte(bracket)
    }

    /// Stores `"text"` when `text` is at most 16 bytes with nothing to escape (room for 18
    /// bytes); returns false, storing nothing, otherwise.
    @inlinable @inline(__always)
    mutating func shortString(_ text: String) -> Bool {
        var out = self
        let stored = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard utf8.count <= 16, !Cursor.needsEscape(utf8) else { return false }
            out.byte(UInt8(ascii: "\""))
            out.bytes(utf8)
            out.byte(UInt8(ascii: "\""))
            return true
        }
        guard stored == true else { return false }
        self = out
        return true
    }
}
