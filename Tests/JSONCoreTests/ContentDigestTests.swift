import JSONCore
import Testing

@Suite struct ContentDigestTests {
    @Test func anyByteChangesTheDigest() {
        let bytes = Array("{\"device\":\"iphone-x\",\"root\":{\"id\":\"r\"}}".utf8)
        let digest = ContentDigest.hex(bytes)
        #expect(digest.utf8.count == 16 && digest.allSatisfy(\.isHexDigit))
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 1
            #expect(ContentDigest.hex(changed) != digest, "byte \(index)")
        }
        #expect(ContentDigest.hex(bytes + [0]) != digest)
        #expect(ContentDigest.hex(bytes) == digest)
    }

    @Test func partsDoNotRunTogether() {
        var ab = ContentDigest()
        ab.add(Array("ab".utf8))
        ab.add(Array("c".utf8))
        var abc = ContentDigest()
        abc.add(Array("a".utf8))
        abc.add(Array("bc".utf8))
        #expect(ab.hex != abc.hex)
        var slice = ContentDigest()
        slice.add(Array("xabc".utf8).dropFirst())
        #expect(slice.hex == ContentDigest.hex(Array("abc".utf8)))
        // A collection without contiguous storage gives the digest of the same bytes.
        var view = ContentDigest()
        view.add("abc".utf8)
        #expect(view.hex == ContentDigest.hex(Array("abc".utf8)))
    }
}
