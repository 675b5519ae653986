#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JSONCore
import ServiceKit

/// A word table as the fast path reads it per word: the table's guesses and its words (by
/// position) in room of their own, made once and never freed. The fast path copies the
/// tables it reads into itself once per body, with no reference to retain, and reads them
/// there: read from `LayoutSchema.shared` in the node walk, a global, each node paid its
/// check for initialization (a `swift_once` call). The table itself is read only where no
/// guess holds.
struct ResidentWords<Word: RawRepresentable<String> & Sendable>: @unchecked Sendable {
    let guesses: JSONStringTable.Guesses
    private let words: UnsafePointer<Word>

    init(_ table: WordTable<Word>) {
        let room = UnsafeMutablePointer<Word>.allocate(capacity: table.words.count)
        room.initialize(from: table.words, count: table.words.count)
        words = UnsafePointer(room)
        guesses = table.table.makeGuesses()
    }

    /// The word at `index`, a position the table's reading returned.
    @inline(__always)
    subscript(index: Int) -> Word { words[index] }
}

/// A field table as the fast path reads it per key, as `ResidentWords` are: its guesses,
/// and its fields told by their positions alone. A field table lists its enumeration's
/// cases in their order (`allCases`), whose one-byte representations are those positions
/// (checked as the table is made): the field is the position's byte itself, so that the
/// node walk's switch over a key's field indexes its jump table with the position, where a
/// load of the field from the table came first.
struct ResidentFields<Field: CaseIterable & RawRepresentable<String> & Equatable & Sendable>: Sendable {
    let guesses: JSONStringTable.Guesses

    init(_ table: FieldTable<Field>) {
        precondition(MemoryLayout<Field>.size == 1
                     && table.fields.indices.allSatisfy { unsafeBitCast(UInt8(truncatingIfNeeded: $0), to: Field.self) == table.fields[$0] },
                     "a field table lists its cases in their order, each represented by its position")
        guesses = table.table.makeGuesses()
    }

    /// The field at `index`, a position the table's reading returned.
    @inline(__always)
    subscript(index: Int) -> Field { unsafeBitCast(UInt8(truncatingIfNeeded: index), to: Field.self) }

    /// The position of `field` (`FieldTable.index(of:)` without its search).
    @inline(__always)
    func position(of field: Field) -> Int { Int(unsafeBitCast(field, to: UInt8.self)) }
}

/// The tables the fast path reads per key and word (`ResidentFields`, `ResidentWords`),
/// made once from the schema's.
struct FastPathTables: Sendable {
    let body = ResidentFields(LayoutSchema.shared.body), node = ResidentFields(LayoutSchema.shared.node)
    let controller = ResidentFields(LayoutSchema.shared.controller), bar = ResidentFields(RequestReader.shapes.bar)
    let insets = ResidentFields(RequestReader.shapes.insets), directionalInsets = ResidentFields(RequestReader.shapes.directionalInsets)
    let rect = ResidentFields(RequestReader.shapes.rect)
    let viewKinds = ResidentWords(LayoutSchema.shared.viewKinds), pins = ResidentWords(LayoutSchema.shared.pins)
    let behaviors = ResidentWords(LayoutSchema.shared.behaviors), tableStyles = ResidentWords(LayoutSchema.shared.tableStyles)
    let controllerKinds = ResidentWords(LayoutSchema.shared.controllerKinds)
    let orientations = ResidentWords(LayoutSchema.shared.orientations), layoutDirections = ResidentWords(LayoutSchema.shared.layoutDirections)

    static let shared = FastPathTables()
}

/// The key order of each kind of object the fast path reads.
///
/// Kept per thread from one body to the next (`FastPathScratch`): a client sends its bodies
/// with the keys in one order, so after its first body nearly every key is recognised by
/// the first or second guess, where a body read with nothing learned misses each key's
/// first guess. Orders only speed the reading up; a key is always compared whole.
struct KeyOrders {
    var body = JSONKeyOrder(), node = JSONKeyOrder(), controller = JSONKeyOrder(), bar = JSONKeyOrder()
    var insets = JSONKeyOrder(), directionalInsets = JSONKeyOrder(), rect = JSONKeyOrder()
}

/// What the fast path keeps on each thread from one body to the next, in a thread-specific
/// slot (allocated at a thread's first body, freed when it ends): each pool thread reads its
/// own without a lock. The key orders and last words its bodies taught, and the table of
/// ids, whose room is reused rather than allocated and cleared per body.
struct FastPathScratch {
    /// In room of their own, which the fast path reads and teaches in place (copied in and
    /// out, the orders' 448 bytes were moved three times a body).
    let orders: UnsafeMutablePointer<KeyOrders> = {
        let room = UnsafeMutablePointer<KeyOrders>.allocate(capacity: 1)
        room.initialize(to: KeyOrders())
        return room
    }()
    var words = LastWords()
    var ids = SeenIDs()

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        let status = pthread_key_create(&key) { Self.free($0) }
        #else
        let status = pthread_key_create(&key) { $0.map(Self.free) }
        #endif
        precondition(status == 0, "pthread_key_create failed (\(status))")
        return key
    }()

    private static func free(_ raw: UnsafeMutableRawPointer) {
        let scratch = raw.assumingMemoryBound(to: FastPathScratch.self)
        scratch.pointee.ids.deallocate()
        scratch.pointee.orders.deallocate()
        scratch.deinitialize(count: 1)
        scratch.deallocate()
    }

    /// Runs `body` on the calling thread's scratch.
    static func withCurrent<T>(_ body: (inout FastPathScratch) -> T) -> T {
        if let stored = pthread_getspecific(key) {
            return body(&stored.assumingMemoryBound(to: FastPathScratch.self).pointee)
        }
        let scratch = UnsafeMutablePointer<FastPathScratch>.allocate(capacity: 1)
        scratch.initialize(to: FastPathScratch())
        pthread_setspecific(key, scratch)
        return body(&scratch.pointee)
    }
}

/// The ids of one body's nodes as the fast path reads them, to find a repeated one: each
/// by where its bytes lie in the body, in an open-addressed table hashed on the bytes
/// (seeded per process, so that no body can aim its ids at one slot). The fast path reads
/// ids of printable ASCII only, which equal another id exactly when their bytes do (what
/// `NodeIDs` keeps for the validating decoding, where `String` equality decides).
///
/// A slot belongs to the body whose generation it carries: a new body only counts up the
/// generation, so the room is neither allocated nor cleared per body.
struct SeenIDs {
    private struct Slot {
        var generation: UInt32
        var count: UInt32
        var start: Int
        var hash: UInt64
    }

    private static let seeds = (UInt64.random(in: .min ... .max), UInt64.random(in: .min ... .max))
    /// Room kept between bodies; a body that needed more frees its larger table after it.
    private static let keptSlots = 1_024

    /// `seeds`, kept here: read per id, the global would be checked for initialization each time.
    private let seed = SeenIDs.seeds.0, highSeed = SeenIDs.seeds.1
    private var slots: UnsafeMutablePointer<Slot>?
    private var mask = -1
    private var generation: UInt32 = 0
    private var used = 0

    /// Starts a body's ids.
    mutating func begin() {
        if mask + 1 > Self.keptSlots { deallocate() }
        if slots == nil { allocate(slotCount: 128) }
        generation &+= 1
        if generation == 0 {
            // Every 2^32 bodies, the slots of old generations are cleared once.
            slots!.update(repeating: Slot(generation: 0, count: 0, start: 0, hash: 0), count: mask + 1)
            generation = 1
        }
        used = 0
    }

    /// Adds the id of `count` bytes at `start` in `input`, hashed from `words` when it is
    /// given as its small string's (which every id of up to 15 bytes then is, so that equal
    /// ids hash alike); `false` when an earlier node of this body has it.
    @inline(__always)
    mutating func insert(start: Int, count: Int, words: (low: UInt64, high: UInt64)?, in input: UnsafeBufferPointer<UInt8>) -> Bool {
        let bytes = input.baseAddress! + start
        // An inline id's two words in one multiply, each word seeded (wyhash's `mum`): one
        // product before the slot's load, where mixing them in turn chained two.
        let hash = words.map { Self.fold(($0.low ^ seed).multipliedFullWidth(by: $0.high ^ highSeed)) } ?? Self.hash(bytes, count: count, seed: seed)
        // Unchecked: `slots` is allocated by `begin()`, and `used` stays below the slot count.
        let slots = slots.unsafelyUnwrapped
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot].generation == generation {
            let earlier = slots[slot]
            if earlier.hash == hash, earlier.count == count, memcmp(input.baseAddress! + earlier.start, bytes, count) == 0 { return false }
            slot = (slot &+ 1) & mask
        }
        slots[slot] = Slot(generation: generation, count: UInt32(truncatingIfNeeded: count), start: start, hash: hash)
        used &+= 1
        // At most a quarter full: a probe seldom meets another id's slot.
        if used &<< 2 > mask &+ 1 { grow() }
        return true
    }

    /// Frees the room (a thread's scratch when the thread ends).
    mutating func deallocate() {
        slots?.deallocate()
        slots = nil
        mask = -1
    }

    private mutating func allocate(slotCount: Int) {
        slots = .allocate(capacity: slotCount)
        slots!.initialize(repeating: Slot(generation: 0, count: 0, start: 0, hash: 0), count: slotCount)
        mask = slotCount - 1
    }

    private mutating func grow() {
        let old = slots!, oldCount = mask + 1
        allocate(slotCount: 2 * oldCount)
        for index in 0..<oldCount where old[index].generation == generation {
            var slot = Int(truncatingIfNeeded: old[index].hash) & mask
            while slots![slot].generation == generation { slot = (slot &+ 1) & mask }
            slots![slot] = old[index]
        }
        old.deallocate()
    }

    /// A hash of `count` bytes, read in whole words: eight at a time, the last eight
    /// overlapping the ones before; four to seven as their first and last four; fewer as
    /// their first, middle and last byte.
    @inline(__always)
    private static func hash(_ bytes: UnsafePointer<UInt8>, count: Int, seed: UInt64) -> UInt64 {
        let raw = UnsafeRawPointer(bytes)
        var hash = seed ^ UInt64(truncatingIfNeeded: count)
        if count < 8 {
            guard count > 0 else { return hash }
            let chunk: UInt64 = count >= 4
                ? UInt64(raw.loadUnaligned(as: UInt32.self)) | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
                : UInt64(bytes[0]) | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count - 1]) << 16
            return mix(hash, chunk)
        }
        var offset = 0
        while true {
            hash = mix(hash, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            guard offset + 8 < count else { return hash }
            offset = min(offset + 8, count - 8)
        }
    }

    @inline(__always)
    private static func mix(_ hash: UInt64, _ chunk: UInt64) -> UInt64 {
        fold((hash ^ chunk).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15))
    }

    /// A 128-bit product folded to 64 bits.
    @inline(__always)
    private static func fold(_ product: (high: UInt64, low: UInt64.Magnitude)) -> UInt64 {
        product.high ^ product.low
    }
}

/// The last word each field whose words repeat from view to view was given, by position in
/// the field's `WordTable` (-1 for none yet): views of one body mostly share their kinds,
/// pins and behaviours, and a client's bodies mostly each other's.
struct LastWords {
    var kind = -1, pin = -1, behavior = -1, controllerKind = -1, style = -1, orientation = -1, direction = -1
}

/// Up to four numbers by position, 0 where none was read. (Four scalars rather than a
/// `SIMD4`: storing one lane and then loading the whole vector stalls store forwarding.)
struct FourNumbers {
    var first = 0.0, second = 0.0, third = 0.0, fourth = 0.0

    @inline(__always)
    mutating func set(_ value: Double, at index: Int) {
        switch index {
        case 0: first = value
        case 1: second = value
        case 2: third = value
        default: fourth = value
        }
    }
}

/// The fields of one object read so far, by their position in the object's `FieldTable`,
/// and the last one.
struct FieldSet {
    /// The fields read.
    private(set) var read = FieldBits()
    private var last = -1

    /// The keys `order` expects next in this object (-1 for none).
    @inline(__always)
    func expected(by order: inout JSONKeyOrder) -> (first: Int, second: Int) {
        order.guesses(after: last)
    }

    /// Adds the field at `index`, read next, and teaches `order` that it came after the
    /// last one; `false` when it was there already (a repeated key).
    @inline(__always)
    mutating func insert(_ index: Int, learning order: inout JSONKeyOrder) -> Bool {
        order.learn(index, after: last)
        last = index
        return read.insert(index)
    }

    var count: Int { read.count }
}
