import ServiceKit
/// The ids of the nodes read so far, each with its node's index in the hierarchy, compared
/// as `String`s compare (canonical equivalence). An id of plain ASCII
/// (`RequestReader.isComparableByBytes`) equals no other string than the same bytes, so
/// those are kept in an open-addressed table, hashed on their bytes (seeded per process, so
/// that no body can aim its ids at one slot); any other id goes to a `Dictionary`.
struct NodeIDs {
    private struct Entry {
        var hash: UInt64
        var id: String
        var index: Int
    }

    private static let seed = UInt64.random(in: .min ... .max)

    private let seed = NodeIDs.seed
    private var entries: [Entry] = []
    /// Positions in `entries`, -1 for none; a power of two, at least twice as many (made at
    /// the first insertion: rules that read no id allocate nothing).
    private var slots: [Int] = []
    private var others: [String: Int] = [:]

    /// Adds `id` of the node at `index`; `false` (and the earlier node kept) when an earlier
    /// node has it.
    mutating func insert(_ id: String, index: Int) -> Bool {
        var text = id
        return text.withUTF8 { insert(id, utf8: $0, index: index) }
    }

    /// `insert(_:index:)` for an id whose UTF-8 bytes the caller has at hand.
    mutating func insert(_ id: String, utf8: UnsafeBufferPointer<UInt8>, index: Int) -> Bool {
        guard let hash = plainHash(utf8) else {
            guard others[id] == nil else { return false }
            others[id] = index
            return true
        }
        if slots.isEmpty {
            slots = [Int](repeating: -1, count: 64)
            entries.reserveCapacity(32)
        }
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] >= 0 {
            // Compared in place: a copy of the entry would retain and release its id.
            let earlier = slots[slot]
            if entries[earlier].hash == hash, entries[earlier].id == id { return false }
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = entries.count
        entries.append(Entry(hash: hash, id: id, index: index))
        if 2 * entries.count > slots.count { grow() }
        return true
    }

    /// The index of the node with `id`, if any.
    subscript(id: String) -> Int? {
        var text = id
        guard let hash = text.withUTF8(plainHash) else { return others[id] }
        guard !slots.isEmpty else { return nil }
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] >= 0 {
            let entry = slots[slot]
            if entries[entry].hash == hash, entries[entry].id == id { return entries[entry].index }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    private mutating func grow() {
        slots = [Int](repeating: -1, count: 2 * slots.count)
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & (slots.count - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = index
        }
    }

    /// The hash of a plain-ASCII id's bytes, `nil` for any other id. Every byte is read by
    /// whole-word loads, never one by one: eight at a time, the last eight overlapping the
    /// ones before; an id of four to seven bytes as its first and last four, a shorter one
    /// as its first, middle and last byte.
    private func plainHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        let count = bytes.count
        var hash = seed ^ UInt64(count)
        guard let base = bytes.baseAddress, count > 0 else { return hash }
        let raw = UnsafeRawPointer(base)
        if count < 8 {
            let chunk: UInt64
            if count >= 4 {
                let first = raw.loadUnaligned(as: UInt32.self), last = raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                chunk = UInt64(UInt32(littleEndian: first)) | UInt64(UInt32(littleEndian: last)) << 32
            } else {
                chunk = UInt64(base[0]) | UInt64(base[count / 2]) << 8 | UInt64(base[count - 1]) << 16
            }
            guard Self.isPlain(chunk) else { return nil }
            return Self.mix(hash, chunk)
        }
        var offset = 0
        while true {
            let chunk = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            guard Self.isPlain(chunk) else { return nil }
            hash = Self.mix(hash, chunk)
            guard offset + 8 < count else { return hash }
            offset = min(offset + 8, count - 8)
        }
    }

    /// Whether eight bytes hold no byte from 0x80 on and no `K`, `;` or `` ` ``.
    @inline(__always)
    private static func isPlain(_ chunk: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs = ones &* 0x80
        func hasByte(_ byte: UInt8) -> Bool {
            let difference = chunk ^ (ones &* UInt64(byte))
            return (difference &- ones) & ~difference & highs != 0
        }
        return chunk & highs == 0 && !hasByte(UInt8(ascii: "K")) && !hasByte(UInt8(ascii: ";")) && !hasByte(UInt8(ascii: "`"))
    }

    private static func mix(_ hash: UInt64, _ chunk: UInt64) -> UInt64 {
        let product = (hash ^ chunk).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
        return product.high ^ product.low
    }
}
