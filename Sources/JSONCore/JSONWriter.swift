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
        var outgrown: [UInt8]?
        let written = [UInt8](unsafeUninitializedCapacity: capacity) { storage, initializedCount in
            var writer = JSONWriter(lent: storage.baseAddress!, capacity: capacity)
            write(&writer)
            if writer.ownsStorage {
                outgrown = writer.finish()
                initializedCount = 0
            } else {
                initializedCount = writer.count
            }
        }
        return outgrown ?? written
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
    public mutating func key(dynamic name: String) {
        appendQuoted(name, colon: true)
        needsComma = false
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
        out.key(k0)
        out.number(v0)
        out.byte(UInt8(ascii: ","))
        out.key(k1)
        out.number(v1)
        out.byte(UInt8(ascii: "}"))
        end(out, needsComma: true)
    }

    /// Writes `"name":{"k0":v0,"k1":v1,"k2":v2,"k3":v3}` (a rect, insets) with one check of
    /// the room left.
    @inlinable @inline(__always) public mutating func object(
        _ name: StaticString,
        _ k0: StaticString, _ v0: Double, _ k1: StaticString, _ v1: Double,
        _ k2: StaticString, _ v2: Double, _ k3: StaticString, _ v3: Double
    ) {
        let keys = name.utf8CodeUnitCount &+ k0.utf8CodeUnitCount &+ k1.utf8CodeUnitCount &+ k2.utf8CodeUnitCount &+ k3.utf8CodeUnitCount
        var out = begin(reserving: keys &+ 22 &+ 4 * Cursor.maxNumberLength)
        out.key(name)
        out.byte(UInt8(ascii: "{"))
        out.key(k0)
        out.number(v0)
        out.byte(UInt8(ascii: ","))
        out.key(k1)
        out.number(v1)
        out.byte(UInt8(ascii: ","))
        out.key(k2)
        out.number(v2)
        out.byte(UInt8(ascii: ","))
        out.key(k3)
        out.number(v3)
        out.byte(UInt8(ascii: "}"))
        end(out, needsComma: true)
    }

    /// Writes the value `{"k0":"v0","k1":v1}` (a tagged number, e.g. an array element)
    /// with one check of the room left; `v0` is plain ASCII, nothing to escape.
    @inlinable @inline(__always) public mutating func object(_ k0: StaticString, _ v0: StaticString, _ k1: StaticString, _ v1: Double) {
        assert(Cursor.isPlain(v0), "a StaticString value must need no escaping: \(v0)")
        var out = begin(reserving: k0.utf8CodeUnitCount &+ v0.utf8CodeUnitCount &+ k1.utf8CodeUnitCount &+ 12 &+ Cursor.maxNumberLength)
        out.byte(UInt8(ascii: "{"))
        out.key(k0)
        out.byte(UInt8(ascii: "\""))
        out.text(v0)
        out.byte(UInt8(ascii: "\""))
        out.byte(UInt8(ascii: ","))
        out.key(k1)
        out.number(v1)
        out.byte(UInt8(ascii: "}"))
        end(out, needsComma: true)
    }

    // MARK: - Repeats

    /// Starts the next member or value: writes the comma due before it, if any, and returns
    /// where its bytes start. With ``byteCount`` after it, the range that ``repeatWritten(_:)``
    /// writes again.
    public mutating func markNext() -> Int {
        let out = begin(reserving: 1)
        end(out, needsComma: false)
        return count
    }

    /// Writes again a member or value written before, at `range` of the bytes written (from
    /// ``markNext()`` to ``byteCount`` after it), after a comma when one is due: for repeated
    /// content, a copy instead of writing it anew.
    public mutating func repeatWritten(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "not written yet: \(range)")
        var out = begin(reserving: range.count)
        // Earlier bytes, so source and destination are disjoint.
        out.position.update(from: base + range.lowerBound, count: range.count)
        out.position += range.count
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
    private mutating func appendQuoted(utf8: UnsafeBufferPointer<UInt8>, colon: Bool) {
        // Every byte escapes to at most six.
        var out = begin(reserving: 6 * utf8.count + 4)
        out.byte(UInt8(ascii: "\""))
        // Ids and keys rarely need escaping: such a string is copied as it is.
        if utf8.contains(where: Cursor.needsEscape) {
            out.escaped(utf8)
        } else {
            out.bytes(utf8)
        }
        out.byte(UInt8(ascii: "\""))
        if colon { out.byte(UInt8(ascii: ":")) }
        end(out, needsComma: needsComma)
    }
}

/// Where the next byte goes: the writer's stores, in room its caller has reserved.
@usableFromInline
struct Cursor {
    @usableFromInline var position: UnsafeMutablePointer<UInt8>

    @inlinable @inline(__always)
    init(_ position: UnsafeMutablePointer<UInt8>) { self.position = position }

    /// The most bytes a number takes: `-9223372036854775808` or Swift's longest `Double`
    /// description (`-2.2250738585072014e-308`, 24 bytes).
    @usableFromInline static var maxNumberLength: Int { 24 }

    /// Stores one byte.
    @inlinable @inline(__always)
    mutating func byte(_ byte: UInt8) {
        position.pointee = byte
        position += 1
    }

    /// Stores the bytes of `text`.
    @inlinable @inline(__always)
    mutating func text(_ text: StaticString) {
        bytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Stores `"name":`. Names known at compile time are plain ASCII, nothing to escape
    /// (checked in debug builds).
    @inlinable @inline(__always)
    mutating func key(_ name: StaticString) {
        assert(Self.isPlain(name), "a StaticString key must need no escaping: \(name)")
        byte(UInt8(ascii: "\""))
        text(name)
        byte(UInt8(ascii: "\""))
        byte(UInt8(ascii: ":"))
    }

    /// Whether `text` is ASCII with nothing to escape in a JSON string.
    @usableFromInline static func isPlain(_ text: StaticString) -> Bool {
        text.hasPointerRepresentation
            && !UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount).contains { $0 >= 0x80 || needsEscape($0) }
    }

    /// Whether `byte` must be escaped inside a JSON string.
    @usableFromInline @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Stores `bytes`. Keys and literals are a few bytes long, where a `memmove` call costs
    /// more than the copy: up to 32 bytes are moved as overlapping words (every load within
    /// the source).
    @inlinable @inline(__always)
    mutating func bytes(_ bytes: UnsafeBufferPointer<UInt8>) {
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

    /// Stores a number: integers without a fraction, others in their shortest
    /// round-tripping form, non-finite ones as `null`.
    @inlinable @inline(__always)
    mutating func number(_ value: Double) {
        // Geometry is mostly small non-negative integers: those below 1,000 are copied from a
        // table, every other number takes the call. Adding 2^52 to a `Double` in [0, 2^52)
        // rounds it to an integer that the sum's bit pattern holds in its low bits; the
        // difference of the patterns is out of range for any other value (negative, NaN,
        // infinite or larger), and the integer is the value when subtracting 2^52 again gives
        // it back (`-0` gives 0, equal to it, and is written as `0`).
        let shifted = value + 0x1p52
        let integer = shifted.bitPattern &- (0x1p52 as Double).bitPattern
        if integer < 1000, shifted - 0x1p52 == value {
            smallInteger(Int(truncatingIfNeeded: integer))
        } else {
            // The cursor is passed by value, so that it can stay in a register here.
            position += Self.otherNumber(value, at: position)
        }
    }

    /// "0   ", "1   ", … "999 ": the integers below 1,000, four bytes each, padded with spaces.
    @usableFromInline static let smallIntegers: StaticString = """
        0   1   2   3   4   5   6   7   8   9   10  11  12  13  14  15  \
        16  17  18  19  20  21  22  23  24  25  26  27  28  29  30  31  \
        32  33  34  35  36  37  38  39  40  41  42  43  44  45  46  47  \
        48  49  50  51  52  53  54  55  56  57  58  59  60  61  62  63  \
        64  65  66  67  68  69  70  71  72  73  74  75  76  77  78  79  \
        80  81  82  83  84  85  86  87  88  89  90  91  92  93  94  95  \
        96  97  98  99  100 101 102 103 104 105 106 107 108 109 110 111 \
        112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127 \
        128 129 130 131 132 133 134 135 136 137 138 139 140 141 142 143 \
        144 145 146 147 148 149 150 151 152 153 154 155 156 157 158 159 \
        160 161 162 163 164 165 166 167 168 169 170 171 172 173 174 175 \
        176 177 178 179 180 181 182 183 184 185 186 187 188 189 190 191 \
        192 193 194 195 196 197 198 199 200 201 202 203 204 205 206 207 \
        208 209 210 211 212 213 214 215 216 217 218 219 220 221 222 223 \
        224 225 226 227 228 229 230 231 232 233 234 235 236 237 238 239 \
        240 241 242 243 244 245 246 247 248 249 250 251 252 253 254 255 \
        256 257 258 259 260 261 262 263 264 265 266 267 268 269 270 271 \
        272 273 274 275 276 277 278 279 280 281 282 283 284 285 286 287 \
        288 289 290 291 292 293 294 295 296 297 298 299 300 301 302 303 \
        304 305 306 307 308 309 310 311 312 313 314 315 316 317 318 319 \
        320 321 322 323 324 325 326 327 328 329 330 331 332 333 334 335 \
        336 337 338 339 340 341 342 343 344 345 346 347 348 349 350 351 \
        352 353 354 355 356 357 358 359 360 361 362 363 364 365 366 367 \
        368 369 370 371 372 373 374 375 376 377 378 379 380 381 382 383 \
        384 385 386 387 388 389 390 391 392 393 394 395 396 397 398 399 \
        400 401 402 403 404 405 406 407 408 409 410 411 412 413 414 415 \
        416 417 418 419 420 421 422 423 424 425 426 427 428 429 430 431 \
        432 433 434 435 436 437 438 439 440 441 442 443 444 445 446 447 \
        448 449 450 451 452 453 454 455 456 457 458 459 460 461 462 463 \
        464 465 466 467 468 469 470 471 472 473 474 475 476 477 478 479 \
        480 481 482 483 484 485 486 487 488 489 490 491 492 493 494 495 \
        496 497 498 499 500 501 502 503 504 505 506 507 508 509 510 511 \
        512 513 514 515 516 517 518 519 520 521 522 523 524 525 526 527 \
        528 529 530 531 532 533 534 535 536 537 538 539 540 541 542 543 \
        544 545 546 547 548 549 550 551 552 553 554 555 556 557 558 559 \
        560 561 562 563 564 565 566 567 568 569 570 571 572 573 574 575 \
        576 577 578 579 580 581 582 583 584 585 586 587 588 589 590 591 \
        592 593 594 595 596 597 598 599 600 601 602 603 604 605 606 607 \
        608 609 610 611 612 613 614 615 616 617 618 619 620 621 622 623 \
        624 625 626 627 628 629 630 631 632 633 634 635 636 637 638 639 \
        640 641 642 643 644 645 646 647 648 649 650 651 652 653 654 655 \
        656 657 658 659 660 661 662 663 664 665 666 667 668 669 670 671 \
        672 673 674 675 676 677 678 679 680 681 682 683 684 685 686 687 \
        688 689 690 691 692 693 694 695 696 697 698 699 700 701 702 703 \
        704 705 706 707 708 709 710 711 712 713 714 715 716 717 718 719 \
        720 721 722 723 724 725 726 727 728 729 730 731 732 733 734 735 \
        736 737 738 739 740 741 742 743 744 745 746 747 748 749 750 751 \
        752 753 754 755 756 757 758 759 760 761 762 763 764 765 766 767 \
        768 769 770 771 772 773 774 775 776 777 778 779 780 781 782 783 \
        784 785 786 787 788 789 790 791 792 793 794 795 796 797 798 799 \
        800 801 802 803 804 805 806 807 808 809 810 811 812 813 814 815 \
        816 817 818 819 820 821 822 823 824 825 826 827 828 829 830 831 \
        832 833 834 835 836 837 838 839 840 841 842 843 844 845 846 847 \
        848 849 850 851 852 853 854 855 856 857 858 859 860 861 862 863 \
        864 865 866 867 868 869 870 871 872 873 874 875 876 877 878 879 \
        880 881 882 883 884 885 886 887 888 889 890 891 892 893 894 895 \
        896 897 898 899 900 901 902 903 904 905 906 907 908 909 910 911 \
        912 913 914 915 916 917 918 919 920 921 922 923 924 925 926 927 \
        928 929 930 931 932 933 934 935 936 937 938 939 940 941 942 943 \
        944 945 946 947 948 949 950 951 952 953 954 955 956 957 958 959 \
        960 961 962 963 964 965 966 967 968 969 970 971 972 973 974 975 \
        976 977 978 979 980 981 982 983 984 985 986 987 988 989 990 991 \
        992 993 994 995 996 997 998 999 
        """

    /// Stores the digits of `value` (0..<1000) from ``smallIntegers``: a store of four bytes
    /// (the room for a number allows it), of which the digits are kept.
    @inlinable @inline(__always)
    mutating func smallInteger(_ value: Int) {
        let digits = UnsafeRawPointer(Self.smallIntegers.utf8Start).loadUnaligned(fromByteOffset: 4 &* value, as: UInt32.self)
        UnsafeMutableRawPointer(position).storeBytes(of: digits, as: UInt32.self)
        position += value < 10 ? 1 : value < 100 ? 2 : 3
    }

    /// Stores `value` rounded to `fractionDigits` decimals (0...9) in plain notation,
    /// trailing zeros dropped; falls back to ``number(_:)`` beyond that precision's range.
    @usableFromInline mutating func decimal(_ value: Double, fractionDigits: Int) {
        precondition((0...9).contains(fractionDigits), "fractionDigits must be 0...9")
        var unit = 1
        for _ in 0..<fractionDigits { unit *= 10 }
        let scaled = (abs(value) * Double(unit)).rounded()
        guard scaled < 0x1p53 else {   // also NaN and infinity
            number(value)
            return
        }
        let units = Int(scaled)
        if value < 0, units > 0 { byte(UInt8(ascii: "-")) }
        integer(units / unit)
        var fraction = units % unit, digits = fractionDigits
        guard fraction > 0 else { return }
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        byte(UInt8(ascii: "."))
        // The fraction's digits, zero-padded on the left to `digits`.
        for index in stride(from: digits - 1, through: 0, by: -1) {
            position[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
            fraction /= 10
        }
        position += digits
    }

    /// Stores a number off ``number(_:)``'s fast path at `position`: an integer a `Double`
    /// holds exactly (below 2^53 in magnitude) without a fraction, another finite number in its
    /// shortest round-tripping form, a non-finite one as `null`. Returns the number of bytes
    /// stored.
    @usableFromInline static func otherNumber(_ value: Double, at position: UnsafeMutablePointer<UInt8>) -> Int {
        var out = Cursor(position)
        // The magnitude test first, so that the conversion cannot trap (it also rejects NaN).
        if abs(value) < 0x1p53, Double(Int(value)) == value {
            out.integer(Int(value))
        } else if value.isFinite {
            var description = value.description
            description.withUTF8 { out.bytes($0) }
        } else {
            out.text("null")
        }
        return out.position - position
    }

    /// Stores the decimal digits of `value` (room for 20 bytes).
    @inlinable @inline(__always)
    mutating func integer(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        // Most geometry has up to four digits, found in two tests and written in digit pairs.
        if magnitude < 100 {
            if magnitude < 10 {
                byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
            } else {
                digitPair(Int(truncatingIfNeeded: magnitude))
            }
        } else if magnitude < 10_000 {
            let small = Int(truncatingIfNeeded: magnitude)
            let high = small / 100
            if high < 10 {
                byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: high))
            } else {
                digitPair(high)
            }
            digitPair(small % 100)
        } else {
            // By value, so that the cursor can stay in a register here.
            position += Self.largeMagnitude(magnitude, at: position)
        }
    }

    /// "00", "01", … "99": two digits at a time.
    @usableFromInline static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Stores the two digits of `pair` (0...99).
    @inlinable @inline(__always)
    mutating func digitPair(_ pair: Int) {
        let digits = UnsafeRawPointer(Self.digitPairs.utf8Start).loadUnaligned(fromByteOffset: 2 * pair, as: UInt16.self)
        UnsafeMutableRawPointer(position).storeBytes(of: digits, as: UInt16.self)
        position += 2
    }

    /// Stores the digits of a magnitude of five digits or more at `position` (room for 20
    /// bytes); returns their number.
    @usableFromInline static func largeMagnitude(_ magnitude: UInt, at position: UnsafeMutablePointer<UInt8>) -> Int {
        // Digits backwards from the end of the room, then moved to its start (forwards: the
        // regions may overlap).
        var rest = magnitude, digitCount = 0
        repeat {
            position[19 - digitCount] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            digitCount += 1
            rest /= 10
        } while rest > 0
        for index in 0..<digitCount { position[index] = position[20 - digitCount + index] }
        return digitCount
    }

    private static let hex: StaticString = "0123456789abcdef"

    /// Stores `utf8` escaped (JSON string contents).
    @usableFromInline mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                self.byte(UInt8(ascii: "\\"))
                self.byte(byte)
            case 0x0A: text("\\n")
            case 0x0D: text("\\r")
            case 0x09: text("\\t")
            case 0..<0x20:
                text("\\u00")
                self.byte(Self.hex.utf8Start[Int(byte >> 4)])
                self.byte(Self.hex.utf8Start[Int(byte & 0xF)])
            default:
                self.byte(byte)
            }
        }
    }
}
