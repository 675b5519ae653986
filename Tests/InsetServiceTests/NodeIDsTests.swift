@testable import InsetService
import Testing

/// `NodeIDs` finds an id again exactly when the same string was inserted, whatever its
/// length: the hash reads plain ids in whole words (overlapping ones at the end), so ids that
/// differ in any single byte, at any length, must still be told apart.
@Suite struct NodeIDsTests {
    /// Plain ASCII ids of every length from 0 to 40 bytes, and for each every variant with one
    /// byte changed: none is taken for another, each is found again with its role.
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
                #expect(ids.insert(variant, role: role(inserted.count)) == nil, "\(variant) is new")
                inserted.append(variant)
            }
        }
        for (index, id) in inserted.enumerated() {
            #expect(ids.insert(id, role: .free) == role(index), "\(id) is found again, with its own role")
            #expect(ids.role(of: id) == role(index))
        }
        #expect(ids.role(of: "not-there") == nil)
        #expect(ids.role(of: "abcdefgh!") == nil)
    }

    /// A role per insertion, so that finding another id's entry shows.
    func role(_ index: Int) -> NodeRole {
        [NodeRole.root, .containerContent, .free][index % 3]
    }

    /// Ids that are not plain (non-ASCII, or with `K`, `;`, `` ` ``) compare as `String`s do:
    /// canonically equivalent spellings are the same id.
    @Test func otherIdsCompareAsStrings() {
        var ids = NodeIDs()
        #expect(ids.insert("caf\u{E9}", role: .free) == nil)
        #expect(ids.insert("cafe\u{301}", role: .free) == .free, "é and e + combining acute are one id")
        #expect(ids.insert("\u{212A}elvin", role: .free) == nil)
        #expect(ids.insert("Kelvin", role: .free) == .free, "KELVIN SIGN is K for String, so these are one id")
        #expect(ids.insert("a;b", role: .free) == nil)
        #expect(ids.role(of: "a;b") == .free)
    }
}
