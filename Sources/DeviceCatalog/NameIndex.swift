/// Positions in the registry by name (ids, model identifiers), found by one probe of a
/// table made at start-up and a compare of the name's bytes: a request's device is looked
/// up per call, and a `[String: Int]` hashes the name with SipHash first.
struct NameIndex: Sendable {
    /// A name's bytes in `names` and the position it stands for; `position` -1 marks an
    /// empty slot.
    private struct Slot {
        var start = 0, count = 0, position = -1
    }

    /// Every name's bytes, one after the other.
    private let names: [UInt8]
    /// Open addressing with linear probing, a power of two at least twice the names.
    private let slots: [Slot]

    /// The index of `entries`, each a name and its position (names unique).
    init(_ entries: [(name: String, position: Int)]) {
        var names: [UInt8] = []
        var slots = [Slot](repeating: Slot(), count: max(8, 1 << (Int.bitWidth - (2 * entries.count).leadingZeroBitCount)))
        for (name, position) in entries {
            let bytes = Array(name.utf8)
            var slot = bytes.withUnsafeBytes { Self.slot($0, mask: slots.count - 1) }
            while slots[slot].position >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Slot(start: names.count, count: bytes.count, position: position)
            names += bytes
        }
        self.names = names
        self.slots = slots
    }

    /// The position of the name whose bytes are `name`, or `nil`.
    func position(of name: UnsafeRawBufferPointer) -> Int? {
        names.withUnsafeBytes { names in
            slots.withUnsafeBufferPointer { slots in
                var slot = Self.slot(name, mask: slots.count - 1)
                while slots[slot].position >= 0 {
                    let entry = slots[slot]
                    if entry.count == name.count, Self.equal(name, UnsafeRawBufferPointer(rebasing: names[entry.start..<entry.start + entry.count])) {
                        return entry.position
                    }
                    slot = (slot + 1) & (slots.count - 1)
                }
                return nil
            }
        }
    }

    /// The position of `name`, or `nil` (a native or small string is read in place).
    func position(of name: String) -> Int? {
        var name = name
        return name.withUTF8 { position(of: UnsafeRawBufferPointer($0)) }
    }

    /// Whether two names of one length have the same bytes, compared eight at a time as
    /// `slot` reads them.
    private static func equal(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        guard left.count >= 8 else { return left.elementsEqual(right) }
        var offset = 0
        while offset < left.count - 8 {
            guard left.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
            offset += 8
        }
        return left.loadUnaligned(fromByteOffset: left.count - 8, as: UInt64.self) == right.loadUnaligned(fromByteOffset: left.count - 8, as: UInt64.self)
    }

    /// A name's first slot: its length and its bytes eight at a time (the last eight
    /// overlapping the others), mixed by multiplying. Names here are ids and model
    /// identifiers of 5 to 30 bytes; a collision costs one more compare, never a wrong answer.
    private static func slot(_ name: UnsafeRawBufferPointer, mask: Int) -> Int {
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(truncatingIfNeeded: name.count) &* prime
        if name.count >= 8 {
            var offset = 0
            while offset < name.count - 8 {
                hash = (hash ^ name.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
                offset += 8
            }
            hash = (hash ^ name.loadUnaligned(fromByteOffset: name.count - 8, as: UInt64.self)) &* prime
        } else {
            for byte in name { hash = (hash ^ UInt64(byte)) &* prime }
        }
        return Int(truncatingIfNeeded: hash >> 32) & mask
    }
}
