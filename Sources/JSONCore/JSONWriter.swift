/// Writes JSON straight into a byte buffer, keys in the order they are written.
///
/// The writer does not check structure: callers write well-formed sequences
/// (`beginObject`, then `key` + value pairs, then `endObject`). Commas are inserted
/// automatically. Numbers are written in their shortest round-tripping form, integers
/// without a fraction (`44`, not `44.0`); non-finite numbers are written as `null`
/// (callers validate inputs so that no result is ever non-finite).
///
/// The writer owns its buffer (it is not copyable), so that a response of thousands of
/// small values is written without reference counting or uniqueness checks: each write
/// checks the room left once and stores its bytes. Keys known at compile time are
/// `StaticString`s; keys known only at run time go through ``key(dynamic:)``.
public struct JSONWriter: ~Copyable {
    /// The buffer: `count` bytes written, `capacity` bytes allocated.
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var count = 0
    /// Whether the next value or key at the current level needs a leading comma.
    @usableFromInline var needsComma = false
    /// Whether `base` was allocated by the writer (else it is lent by ``document(capacity:_:)``
    /// until the writer outgrows it).
    @usableFromInline var ownsStorage = true

    /// Creates a writer, reserving `capacity` bytes.
    public init(capacity: Int = 1024) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    /// Creates a writer over `capacity` bytes of someone else's storage.
    init(lent storage: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.capacity = capacity
        base = storage
        ownsStorage = false
    }

    deinit {
        if ownsStorage { base.deallocate() }
    }

    /// The document `write` writes, written straight into the storage of the array returned:
    /// no copy at the end when it fits in `capacity` bytes (a bigger one is copied once,
    /// as ``finish()`` does). For large answers, where that copy would cost as much as
    /// writing a fair part of the document.
    public static func document(capacity: Int, _ write: (inout JSONWriter) -> Void) -> [UInt8] {
        let capacity = Swift.max(capacity, 64)
        var outgrown: [UInt8]?, count = 0
        var written = [UInt8](DocumentRoom(count: capacity))
        written.withUnsafeMutableBufferPointer { storage in
            var writer = JSONWriter(lent: storage.baseAddress!, capacity: capacity)
            write(&writer)
            if writer.ownsStorage { outgrown = writer.finish() } else { count = writer.count }
        }
        if let outgrown { return outgrown }
        written.removeLast(capacity &- count)
        return written
    }

    /// The document `write` writes into `storage` (stack memory, say), lent to `use`: no
    /// allocation when it fits (a bigger one moves to the heap, as ``document(capacity:_:)``
    /// does). For small documents written often, such as log lines.
    public static func withDocument<Result>(
        in storage: UnsafeMutableBufferPointer<UInt8>, _ write: (inout JSONWriter) -> Void,
        lending use: (UnsafeRawBufferPointer) -> Result
    ) -> Result {
        var writer = JSONWriter(lent: storage.baseAddress!, capacity: storage.count)
        write(&writer)
        return use(UnsafeRawBufferPointer(start: writer.base, count: writer.count))
    }

    /// The number of bytes written so far.
    public var byteCount: Int { count }

    /// The bytes written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes written (the writer is used up).
    public consuming func finish() -> [UInt8] { bytes }

    /// The text written so far (for tests and small documents).
    public var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    // MARK: - Structure

    /// Opens an object.
    @inlinable public mutating func beginObject() { open(UInt8(ascii: "{")) }

    /// Opens the object member `"name":{`.
    @inlinable @inline(__always) public mutating func beginObject(_ name: StaticString) {
        open(name, UInt8(ascii: "{"))
    }

    /// Closes the current object.
    @inlinable public mutating func endObject() { close(UInt8(ascii: "}"), needsComma: true) }

    /// Opens an array.
    @inlinable public mutating func beginArray() { open(UInt8(ascii: "[")) }

    /// Opens the array member `"name":[`.
    @inlinable @inline(__always) public mutating func beginArray(_ name: StaticString) {
        open(name, UInt8(ascii: "["))
    }

    /// Closes the current array.
    @inlinable public mutating func endArray() { close(UInt8(ascii: "]"), needsComma: true) }

    /// Ends a line of JSON Lines: writes `\n`; the next value starts a new document.
    @inlinable public mutating func lineBreak() { close(UInt8(ascii: "\n"), needsComma: false) }

    // MARK: - Keys

    /// Writes an object key known at compile time; the next call writes its value.
    ///
    /// Always inlined, as are the other hot writes of `StaticString` keys (named members,
    /// numbers, number objects): a caller's constant key becomes immediate stores, with no
    /// length arithmetic.
    @inlinable @inline(__always) public mutating func key(_ name: StaticString) {
        var out = begin(reserving: name.utf8CodeUnitCount &+ 4)
        out.key(name)
        end(out, needsComma: false)
    }

    /// Writes an object key known only at run time (escaped as needed); the next call
    /// writes its value.
    @inlinable @inline(__always) public mutating func key(dynamic name: String) {
        key(dynamic: name, opening: nil)
    }

    /// Opens the object member `"name":{` for a name known only at run time (escaped as
    /// needed).
    @inlinable @inline(__always) public mutating func beginObject(dynamic name: String) {
        key(dynamic: name, opening: UInt8(ascii: "{"))
    }

    /// Writes the key `name` and its colon, then `bracket` if any.
    ///
    /// Inlined, so that a key read in place (a node's id) lends its bytes without a copy of
    /// the string: native and small strings do, others are made contiguous first.
    @inlinable @inline(__always) mutating func key(dynamic name: String, opening bracket: UInt8?) {
        if name.utf8.withContiguousStorageIfAvailable({ appendKey(utf8: $0, opening: bracket) }) == nil {
            appendQuoted(name, colon: true)
            needsComma = false
            if let bracket { open(bracket) }
        }
    }

    /// Appends the key `utf8` quoted, with its colon, then `bracket` if any: one of up to 16
    /// bytes with nothing to escape (most ids) in place, others through
    /// ``appendQuoted(utf8:colon:)``.
    @inlinable @inline(__always) mutating func appendKey(utf8: UnsafeBufferPointer<UInt8>, opening bracket: UInt8?) {
        guard utf8.count <= 16, !Cursor.needsEscape(utf8) else {
            appendQuoted(utf8: utf8, colon: true)
            needsComma = false
            if let bracket { open(bracket) }
            return
        }
        var out = begin(reserving: utf8.count &+ 5)
        out.byte(UInt8(ascii: "\""))
        out.bytes(utf8)
        out.byte(UInt8(ascii: "\""))
        out.byte(UInt8(ascii: ":"))
        if let bracket { out.byte(bracket) }
        end(out, needsComma: false)
    }

    // MARK: - Values

    /// Writes a string value.
    public mutating func string(_ value: String) {
        appendQuoted(value, colon: false)
        needsComma = true
    }

    /// Writes a number value.
    @inlinable public mutating func number(_ value: Double) {
        var out = begin(reserving: Cursor.maxNumberLength + 1)
        out.number(value)
        end(out, needsComma: true)
    }

    /// Writes an integer value.
    @inlinable public mutating func number(_ value: Int) {
        var out = begin(reserving: Cursor.maxNumberLength + 1)
        out.integer(value)
        end(out, needsComma: true)
    }

    /// Writes `true` or `false`.
    @inlinable public mutating func bool(_ value: Bool) {
        var out = begin(reserving: 6)
        out.text(value ? "true" : "false")
        end(out, needsComma: true)
    }

    /// Writes `null`.
    @inlinable public mutating func null() {
        var out = begin(reserving: 5)
        out.text("null")
        end(out, needsComma: true)
    }

    // MARK: - Members

    /// Writes `"name": "value"`.
    public mutating func field(_ name: StaticString, _ value: String) {
        // A short plain value (a device id, an orientation) with its key in one room.
        var out = begin(reserving: name.utf8CodeUnitCount &+ 22)
        out.key(name)
        if out.shortString(value) {
            end(out, needsComma: true)
            return
        }
        key(name)
        string(value)
    }

    /// Writes `"name": "value"` for a value known at compile time (plain ASCII, nothing to
    /// escape: checked in debug builds).
    @inlinable public mutating func field(_ name: StaticString, _ value: StaticString) {
        assert(Cursor.isPlain(value), "a StaticString value must need no escaping: \(value)")
        var out = begin(reserving: name.utf8CodeUnitCount &+ value.utf8CodeUnitCount &+ 6)
        out.key(name)
        out.byte(UInt8(ascii: "\""))
        out.text(value)
        out.byte(UInt8(ascii: "\""))
        end(out, needsComma: true)
    }

    /// Writes `"name": number`.
    @inlinable @inline(__always) public mutating func field(_ name: StaticString, _ value: Double) {
        var out = begin(reserving: name.utf8CodeUnitCount &+ 4 &+ Cursor.maxNumberLength)
        out.key(name)
        out.number(value)
        end(out, needsComma: true)
    }

    /// Writes `"name": number` rounded to `fractionDigits` decimals (0...9), trailing zeros
    /// dropped, in plain notation (`0.000092454`, not `9.2454e-05`): for clocks and
    /// durations, without the cost of the shortest round-tripping form. A value too large
    /// for that precision is written as ``field(_:_:)-(_,Double)`` would.
    @inlinable public mutating func field(_ name: StaticString, _ value: Double, fractionDigits: Int) {
        var out = begin(reserving: name.utf8CodeUnitCount &+ 4 &+ Cursor.maxNumberLength)
        out.key(name)
        out.decimal(value, fractionDigits: fractionDigits)
        end(out, needsComma: true)
    }

    /// Writes `"name": integer`.
    @inlinable public mutating func field(_ name: StaticString, _ value: Int) {
        var out = begin(reserving: name.utf8CodeUnitCount &+ 4 &+ Cursor.maxNumberLength)
        out.key(name)
        out.integer(value)
        end(out, needsComma: true)
    }

    /// Writes `"name": true|false`.
    @inlinable public mutating func field(_ name: StaticString, _ value: Bool) {
        var out = begin(reserving: name.utf8CodeUnitCount &+ 10)
        out.key(name)
        out.text(value ? "true" : "false")
        end(out, needsComma: true)
    }

    /// Writes `"name":{"k0":v0,"k1":v1}` (a size, a point) with one check of the room left.
    @inlinable @inline(__always) public mutating func object(_ name: StaticString, _ k0: StaticString, _ v0: Double, _ k1: StaticString, _ v1: Double) {
        var out = begin(reserving: name.utf8CodeUnitCount &+ k0.utf8CodeUnitCount &+ k1.utf8CodeUnitCount &+ 12 &+ 2 * Cursor.maxNumberLength)
        out.key(name)
        out.byte(UInt8(ascii: "{"))
        out.member(k0, v0, comma: false)
        out.member(k1, v1, comma: true)
        out.byte(UInt8(ascii: "}"))
        end(out, needsComma: true)
    }

    // MARK: - Buffer

    /// Writes an opening bracket, after a comma when one is due.
    @inlinable @inline(__always)
    mutating func open(_ bracket: UInt8) {
        var out = begin(reserving: 2)
        out.byte(bracket)
        end(out, needsComma: false)
    }

    /// Writes a key and an opening bracket, after a comma when one is due.
    @inlinable @inline(__always)
    mutating func open(_ name: StaticString, _ bracket: UInt8) {
        var out = begin(reserving: name.utf8CodeUnitCount &+ 5)
        out.key(name)
        out.byte(bracket)
        end(out, needsComma: false)
    }

    /// Writes a closing bracket or line break (never after a comma).
    @inlinable @inline(__always)
    mutating func close(_ byte: UInt8, needsComma: Bool) {
        reserve(1)
        var out = Cursor(base + count)
        out.byte(byte)
        end(out, needsComma: needsComma)
    }

    /// Makes room for `extra` more bytes and returns a cursor at the end of what is written,
    /// past a comma when one is due.
    ///
    /// Writes go through a cursor held in a local variable rather than through `self`: a
    /// store through a byte pointer may alias anything, so stores through `base + count`
    /// would make the compiler reload `base` and `count` after every byte. Callers add up
    /// `extra` with `&+`: lengths of static strings cannot overflow, and each checked `+` of a
    /// length known only at run time costs a branch.
    @inlinable @inline(__always)
    mutating func begin(reserving extra: Int) -> Cursor {
        reserve(extra)
        var out = Cursor(base + count)
        if needsComma { out.byte(UInt8(ascii: ",")) }
        return out
    }

    /// Takes the bytes `out` wrote as written.
    @inlinable @inline(__always)
    mutating func end(_ out: Cursor, needsComma: Bool) {
        count = out.position - base
        self.needsComma = needsComma
    }

    /// Makes room for `extra` more bytes.
    @inlinable @inline(__always)
    mutating func reserve(_ extra: Int) {
        if capacity &- count < extra { grow(extra) }
    }

    /// Reallocates the buffer to hold at least `extra` more bytes, doubling it at least.
    @usableFromInline mutating func grow(_ extra: Int) {
        let newCapacity = Swift.max(capacity * 2, count + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        if ownsStorage { base.deallocate() }
        ownsStorage = true
        base = newBase
        capacity = newCapacity
    }

    // MARK: - Strings

    /// Appends `value` quoted (and a colon for a key), after a comma when one is due.
    @usableFromInline mutating func appendQuoted(_ value: String, colon: Bool) {
        // Native strings lend their bytes without a copy of the string (`withUTF8` would
        // need one, being mutating); others are made contiguous first.
        if value.utf8.withContiguousStorageIfAvailable({ appendQuoted(utf8: $0, colon: colon) }) == nil {
            var value = value
            value.withUTF8 { appendQuoted(utf8: $0, colon: colon) }
        }
    }

    /// Appends the string `utf8` quoted (and a colon for a key), after a comma when one is due.
    @usableFromInline mutating func appendQuoted(utf8: UnsafeBufferPointer<UInt8>, colon: Bool) {
        // Every byte escapes to at most six.
        var out = begin(reserving: 6 &* utf8.count &+ 4)
        out.byte(UInt8(ascii: "\""))
        // Ids and keys rarely need escaping: such a string is copied as it is.
        if Cursor.needsEscape(utf8) {
            out.escaped(utf8)
        } else {
            out.bytes(utf8)
        }
        out.byte(UInt8(ascii: "\""))
        if colon { out.byte(UInt8(ascii: ":")) }
        end(out, needsComma: needsComma)
    }
}

/// `count` bytes of room, allocated by `Array.init` and left as they were for the writer
/// (the room past the document is then removed): that allocation is specialized, where
/// `Array(unsafeUninitializedCapacity:)`'s looks the storage type up in the runtime's
/// metadata cache at every call. Its bytes are never read.
private struct DocumentRoom: RandomAccessCollection {
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    subscript(position: Int) -> UInt8 { preconditionFailure("a document's room is never read") }
    func makeIterator() -> EmptyCollection<UInt8>.Iterator { EmptyCollection.Iterator() }

    func _copyContents(initializing buffer: UnsafeMutableBufferPointer<UInt8>) -> (EmptyCollection<UInt8>.Iterator, Int) {
        (EmptyCollection.Iterator(), count)
    }
}
