/// A 64-bit digest of bytes in hexadecimal, for the strong `ETag`s of answers and of the
/// device registry: FNV-1a's prime over eight bytes at a time, then a final mix. It changes
/// with any byte and is cheap enough for every answer; it is no defence against a chosen
/// collision, which a cache validator need not be. (Here because every module that writes
/// answers or holds embedded JSON already imports JSONCore.)
public struct ContentDigest: Sendable {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    /// An empty digest.
    public init() {}

    /// The digest of `bytes` alone, as 16 lowercase hex digits.
    public static func hex(_ bytes: [UInt8]) -> String {
        var digest = ContentDigest()
        digest.add(bytes)
        return digest.hex
    }

    /// Adds one part. Each part's length is mixed in first, so that no two lists of parts
    /// run together into the same bytes.
    public mutating func add(_ bytes: some Collection<UInt8>) {
        // A collection without contiguous storage is mixed from a copy, length and all once.
        guard let _ = bytes.withContiguousStorageIfAvailable({ mix(UnsafeRawBufferPointer($0)) }) else {
            Array(bytes).withUnsafeBytes { mix($0) }
            return
        }
    }

    private mutating func mix(_ raw: UnsafeRawBufferPointer) {
        hash ^= UInt64(raw.count)
        hash &*= Self.prime
        var offset = 0
        while offset + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* Self.prime
            hash ^= hash >> 29
            offset += 8
        }
        while offset < raw.count {
            hash = (hash ^ UInt64(raw[offset])) &* Self.prime
            offset += 1
        }
    }

    /// The digest so far, as 16 lowercase hex digits.
    public var hex: String {
        var value = hash
        value ^= value >> 32
        value = value &* 0xd6e8_feb8_6659_fd93
        value ^= value >> 32
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    private static let prime: UInt64 = 0x0000_0100_0000_01b3
}
