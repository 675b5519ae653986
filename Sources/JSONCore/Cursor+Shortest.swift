// Fractions as JSON: the shortest round-tripping form of a number between 2^-10 and 2^52,
// worked out from its bits in integer arithmetic instead of through `description`'s String.
extension Cursor {
    /// 10^`exponent` for 0 … 19, every power of ten a `UInt64` holds (0 past them): a
    /// switch, which the compiler lays out as a table of constants (no global to initialize,
    /// no array to check).
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        case 19: 10_000_000_000_000_000_000
        default: 0
        }
    }

    /// Stores `magnitude` (positive, finite, no integer) in plain notation with the fewest
    /// decimals that read back as it and, of those, the closest to it: what `description`
    /// writes (`53.667`, `369.66700000000003`). Returns false, storing nothing, for a
    /// magnitude outside [2^-10, 2^52), a power of two (whose neighbour below is nearer) or
    /// one halfway between two closest candidates: those take `description`.
    ///
    /// The magnitude is m·2^-s (m of 53 bits, 1 ≤ s ≤ 62), and the reals that read back as it
    /// lie within half an ulp, between (2m ∓ 1)·2^-(s+1). A decimal of d decimals lies there
    /// when the ends scaled by 10^d have different integer parts (an end scaled so is no
    /// integer for d ≤ s, so whether the ends count never matters). When d fits, every
    /// larger d does, and the first d with 10^d ≥ 2^s (at most s) always fits: the fewest
    /// are that d or found by halving [1, that d].
    @inline(__always)
    mutating func shortestFraction(_ magnitude: Double) -> Bool {
        let bits = magnitude.bitPattern
        let significandBits = bits & (1 << 52 - 1)
        let s = 1075 - Int(truncatingIfNeeded: bits >> 52)
        guard significandBits != 0, s >= 1, s <= 62 else { return false }
        let m = significandBits | 1 << 52
        // Most that reach this (geometry's sums of thousandths) need the most: one test settles
        // those; the others are found by halving, out of line (fewer registers saved here).
        let most = Self.fewestAlwaysFitting(s)
        let fewest = most > 1 && Self.fits(m, s, decimals: most &- 1) ? Self.fewestFitting(m, s, upTo: most &- 1) : most
        // The closest candidate: the whole part m·2^-s as it is, the fraction's bits f (below
        // 2^s) scaled to f·10^d·2^-s and rounded, unless halfway (no division by 10^d). Its
        // rounding never reaches 10^d: the next integer would read back with no decimals, and
        // no integer does.
        let power = Self.powerOfTen(fewest)
        let whole = m &>> s, fraction = m & ((1 as UInt64) &<< s &- 1)
        let scaled = fraction.multipliedFullWidth(by: power)
        let half: UInt64 = 1 &<< (s &- 1)
        guard scaled.low & (half &<< 1 &- 1) != half else { return false }
        let (low, carry) = scaled.low.addingReportingOverflow(half)
        let high = scaled.high &+ (carry ? 1 : 0)
        let upper: UInt64 = high &<< (64 &- s), lower: UInt64 = low &>> s
        let decimalDigits = upper | lower
        // The room for a number ends 24 bytes from its start, at most one (a sign) before here.
        let end = position + (Self.maxNumberLength &- 1)
        if whole < 1000 { smallInteger(Int(truncatingIfNeeded: whole)) } else { integer(Int(truncatingIfNeeded: whole)) }
        byte(UInt8(ascii: "."))
        decimals(decimalDigits, count: fewest, before: end)
        return true
    }

    /// Whether a decimal of `decimals` (at most 18) decimals reads back as m·2^-s: whether the
    /// ends (2m ∓ 1)·10^d·2^-(s+1) have different integer parts (each below 2^64 for every d up
    /// to the one that always fits). The upper end is the lower one and 2·10^d: one
    /// multiplication.
    @inline(__always)
    private static func fits(_ m: UInt64, _ s: Int, decimals: Int) -> Bool {
        let power = powerOfTen(decimals)
        let below = (2 &* m &- 1).multipliedFullWidth(by: power)
        let (low, carry) = below.low.addingReportingOverflow(power &<< 1)
        let high = below.high &+ (carry ? 1 : 0)
        let lowerEnd: UInt64 = below.high &<< (63 &- s) | below.low &>> (s &+ 1)
        let upperEnd: UInt64 = high &<< (63 &- s) | low &>> (s &+ 1)
        return lowerEnd != upperEnd
    }

    /// The fewest decimals that read back as m·2^-s, at most `most`, which do: found by halving.
    @inline(never)
    private static func fewestFitting(_ m: UInt64, _ s: Int, upTo most: Int) -> Int {
        var fewest = 1, most = most
        while fewest < most {
            let middle = (fewest &+ most) >> 1
            if fits(m, s, decimals: middle) { most = middle } else { fewest = middle &+ 1 }
        }
        return fewest
    }

    /// The fewest decimals that always read back for a magnitude of 2^-`s` ulp (1 ≤ s ≤ 62):
    /// the first d with 10^d ≥ 2^s, ⌊s·log10(2)⌋ + 1, the floor as ⌊s·1233 / 2^12⌋.
    @inline(__always)
    static func fewestAlwaysFitting(_ s: Int) -> Int {
        (s &* 1233) &>> 12 &+ 1
    }

    /// Stores the `count` (1...19) decimal digits of `fraction` (below 10^count), zero-padded
    /// on the left, storing nothing at or past `end`: eight at a time, else two at a time
    /// from the last.
    @inline(__always)
    private mutating func decimals(_ fraction: UInt64, count: Int, before end: UnsafeMutablePointer<UInt8>) {
        let to = UnsafeMutableRawPointer(position)
        if count <= 8, position + 8 <= end {
            // Eight digits stored, the leading zeros beyond `count` shifted out (zeros after).
            to.storeBytes(of: Self.eightDigits(fraction) &>> (64 &- 8 &* count), as: UInt64.self)
        } else if count > 8, count <= 16 {
            // The high digits' last `count - 8` first, then the low eight after them.
            let high = fraction / 100_000_000, low = fraction % 100_000_000
            to.storeBytes(of: Self.eightDigits(high) &>> (128 &- 8 &* count), as: UInt64.self)
            to.storeBytes(of: Self.eightDigits(low), toByteOffset: count &- 8, as: UInt64.self)
        } else {
            var rest = fraction, index = count
            while index >= 2 {
                index &-= 2
                var pair = Cursor(position + index)
                pair.digitPair(Int(truncatingIfNeeded: rest % 100))
                rest /= 100
            }
            if index == 1 { position.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest) }
        }
        position += count
    }

    /// The eight decimal digits of `value` (below 10^8), zero-padded, as the bytes of a
    /// word (the first digit lowest): its halves' four digits worked out side by side, in
    /// 32-bit lanes, then 16-bit ones, each quotient a multiplication and shift exact in
    /// that range (q = ⌊x·10486 / 2^20⌋ = ⌊x / 100⌋ for x < 10^4, ⌊x·103 / 2^10⌋ = ⌊x / 10⌋
    /// for x < 100).
    @inline(__always)
    static func eightDigits(_ value: UInt64) -> UInt64 {
        var lanes = value / 10_000 | (value % 10_000) &<< 32
        let hundreds = (lanes &* 10486) &>> 20 & 0x0000_007F_0000_007F
        lanes = hundreds | (lanes &- hundreds &* 100) &<< 16
        let tens = (lanes &* 103) &>> 10 & 0x000F_000F_000F_000F
        lanes = tens | (lanes &- tens &* 10) &<< 8
        return lanes | 0x3030_3030_3030_3030
    }
}
