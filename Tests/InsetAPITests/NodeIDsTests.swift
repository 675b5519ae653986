@testable import InsetAPI
import ServiceKit
import ServiceTestSupport
import Testing

/// `NodeIDs` finds an id again exactly when the same string was inserted, whatever its
/// length: the hash reads plain ids in whole words (overlapping ones at the end), so ids that
/// differ in any single byte, at any length, must still be told apart.
@Suite struct NodeIDsTests {
    /// Plain ASCII ids of every length from 0 to 40 bytes, and for each every variant with one
    /// byte changed: none is taken for another, each is found again with its node.
    @Test func idsDifferingInOneByteAreToldApart() {
        var ids = NodeIDs()
        var inserted: [String] = []
        for length in 0...40 {
            let base = String((0..<length).map { Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
            var variants = [base]
            for position in 0..<length {
                var bytes = Array(base.utf8)
                bytes[position] = UInt8(ascii: "Z")
                variants.append(String(decoding: bytes, as: UTF8.self))
            }
            for variant in variants where !inserted.contains(variant) {
                let isNew = ids.insert(variant, index: inserted.count)
                #expect(isNew, "\(variant) is new")
                inserted.append(variant)
            }
        }
        for (index, id) in inserted.enumerated() {
            let isNew = ids.insert(id, index: -1)
            #expect(!isNew, "\(id) is found again")
            #expect(ids[id] == index, "\(id) names its own node")
        }
        #expect(ids["not-there"] == nil)
        #expect(ids["abcdefgh!"] == nil)
    }

    /// Ids that are not plain (non-ASCII, or with `K`, `;`, `` ` ``) compare as `String`s do:
    /// canonically equivalent spellings are the same id.
    @Test func otherIdsCompareAsStrings() {
        var ids = NodeIDs()
        let inserted = ["caf\u{E9}", "cafe\u{301}", "\u{212A}elvin", "Kelvin", "a;b"].enumerated().map { ids.insert($0.element, index: $0.offset) }
        // é and e + combining acute are one id; KELVIN SIGN is K for String, so those are one too.
        #expect(inserted == [true, false, true, false, true])
        #expect(ids["a;b"] == 4)
        #expect(ids["cafe\u{301}"] == 0)
    }
}
