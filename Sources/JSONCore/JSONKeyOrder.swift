/// The order in which one kind of object's keys came, learned as they are read: for each
/// key (a position in the object's `JSONStringTable`, below 31), the key that followed it
/// last time, and the key that came first. `PlainJSONReader.key(in:expecting:)` tries that
/// key first; clients write an object type's keys in one order, so most guesses hold. A
/// wrong guess costs a comparison, never a wrong key.
public struct JSONKeyOrder {
    /// Byte `k`: the key that followed key `k` (0xFF for none yet); byte 31: the first key.
    @usableFromInline var successors: (UInt64, UInt64, UInt64, UInt64) = (~0, ~0, ~0, ~0)

    /// An order with nothing learned yet.
    public init() {}

    /// The key expected after `previous` (-1: at an object's start), or -1 for no guess.
    @inlinable @inline(__always)
    public func expected(after previous: Int) -> Int {
        var successors = successors
        let next = withUnsafeBytes(of: &successors) { $0[previous < 0 ? 31 : previous] }
        return next == 0xFF ? -1 : Int(next)
    }

    /// Records that `key` came after `previous` (-1: first in its object).
    @inlinable @inline(__always)
    public mutating func learn(_ key: Int, after previous: Int) {
        precondition(key >= 0 && key < 31 && previous < 31, "a JSONKeyOrder keeps keys 0 to 30")
        withUnsafeMutableBytes(of: &successors) { $0[previous < 0 ? 31 : previous] = UInt8(truncatingIfNeeded: key) }
    }
}
