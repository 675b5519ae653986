import InsetEngine
import Testing

@Suite struct NodeIDListTests {
    /// Every storage form: inline ASCII (empty, short, 15 bytes), inline non-ASCII, long
    /// ASCII (16 bytes, 256) and long non-ASCII, with escapes' characters among them.
    static let ids = [
        "", "a", "abcdefghijklmno", "é-ü", "tab\there\"", "abcdefghijklmnop",
        String(repeating: "x", count: 256), String(repeating: "ü", count: 20), "b\\",
    ]

    @Test func readsBackEveryFormAsGiven() {
        let list = NodeIDList(Self.ids)
        #expect(list.count == Self.ids.count)
        #expect(Array(list) == Self.ids)
        list.withUnsafeUTF8 { ids in
            for (index, id) in Self.ids.enumerated() {
                #expect(Array(ids.utf8(at: index)) == Array(id.utf8))
                #expect(ids.inlineCount(at: index) == (id.utf8.count <= 15 ? id.utf8.count : nil))
                // Plain: inline, ASCII from 0x20 on, no quote or backslash.
                let plain = id.utf8.count <= 15 && id.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != 0x22 && $0 != 0x5C }
                #expect(ids.plainCount(at: index) == (plain ? id.utf8.count : nil), "\(id)")
            }
        }
    }

    /// Appended one by one (the tail moved past each new slot, its offsets kept), the list
    /// equals the one built in order, and hashes alike.
    @Test func appendingEqualsBuildingInOrder() {
        var appended = NodeIDList()
        for id in Self.ids { appended.append(id) }
        #expect(Array(appended) == Self.ids)
        #expect(appended == NodeIDList(Self.ids))
        #expect(appended.hashValue == NodeIDList(Self.ids).hashValue)
        #expect(appended != NodeIDList(Self.ids.dropLast()))
        #expect(NodeIDList(["a", "b"]) != ["a", "c"])
    }

    /// The inline slot is `String`'s small form of an ASCII id, with the plain flag, as the
    /// fast path stores it.
    @Test func anInlineSlotIsTheSmallStringsWords() {
        let list: NodeIDList = ["cell10", "abcdefghijklmno"]
        list.withUnsafeUTF8 { ids in
            for (index, id) in ["cell10", "abcdefghijklmno"].enumerated() {
                let slot = ids.slot(at: index)
                let words = (slot.load(as: UInt64.self), slot.load(fromByteOffset: 8, as: UInt64.self))
                let small = unsafeBitCast(id, to: (UInt64, UInt64).self)
                #expect(words == (small.0, small.1 | UInt64(NodeIDList.plainFlag) << 56))
                #expect(words == NodeIDList.plainSlot(low: small.0, high: small.1))
            }
        }
        let empty: NodeIDList = [""]
        empty.withUnsafeUTF8 { ids in
            let slot = ids.slot(at: 0)
            #expect((slot.load(as: UInt64.self), slot.load(fromByteOffset: 8, as: UInt64.self)) == NodeIDList.emptySlot)
        }
    }

    /// Any words are safe to read: an inline count is masked to 15 bytes of the slot.
    @Test func slotsOfAnyWordsReadWithinTheirSlot() {
        let list = NodeIDList(slots: [0x6867_6665_6463_6261, 0xFF00_0000_0000_0000], count: 1)
        #expect(list[0] == "abcdefgh" + String(repeating: "\0", count: 7))
    }
}
