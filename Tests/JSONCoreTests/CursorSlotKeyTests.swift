@testable import JSONCore
import Testing

@Suite struct CursorSlotKeyTests {
    /// A plain name of 0 to 15 bytes given as a 16-byte slot (any bytes after it) is stored
    /// as `shortKey(_:opening:)` stores it.
    @Test func storesWhatTheStringFormStores() {
        for count in 0...15 {
            let name = Array("a-b_c.0123456789".utf8.prefix(count))
            for filler in [UInt8(ascii: "\""), 0x00, 0xFF] {
                var slot = [UInt8](repeating: filler, count: 16)
                slot.replaceSubrange(0..<count, with: name)
                let fromSlot = slot.withUnsafeBytes { slot in
                    written { $0.plainKey(slot: slot.baseAddress!, count: count, opening: UInt8(ascii: "{")); return true }
                }
                #expect(fromSlot == written { $0.shortKey(String(decoding: name, as: UTF8.self), opening: UInt8(ascii: "{")) }, "\(count)")
            }
        }
    }

    /// What `store` writes in a cursor's room, `nil` when it refuses.
    func written(_ store: (inout Cursor) -> Bool) -> [UInt8]? {
        var writer = JSONWriter(capacity: 64)
        var out = writer.cursor(reserving: 21)
        guard store(&out) else { return nil }
        writer.advance(to: out, needsComma: false)
        return Array(writer.string.utf8)
    }
}
