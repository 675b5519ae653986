/// The order in which one kind of object's keys came, learned as they are read: for each
/// key (a position in the object's `JSONStringTable`, below 31), the key that followed it
/// last time and the different one that followed it before, and likewise for the key that
/// came first. `PlainJSONReader.key(guessing:expecting:orElse:in:)` tries those keys first. Clients
/// write an object type's keys in one order, so most guesses hold; keeping two guesses
/// also holds where two shapes of one object type alternate (a table's cells
/// `{"id", "frame", …}` and their labels `{"id", "pin"}`). A wrong guess costs a
/// comparison, never a wrong key.
public struct JSONKeyOrder {
    /// Byte `k`: the key that followed key `k` last (0xFF for none yet); byte 31: the first key.
    @usableFromInline var successors: (UInt64, UInt64, UInt64, UInt64) = (~0, ~0, ~0, ~0)
    /// Byte `k`: the key that followed key `k` before the last one, when it was another
    /// (0xFF for none); byte 31: likewise for the first key.
    @usableFromInline var alternates: (UInt64, UInt64, UInt64, UInt64) = (~0, ~0, ~0, ~0)

    /// An order with nothing learned yet.
    public init() {}

    /// The key expected after `previous` (-1: at an object's start), or -1 for no guess.
    @inlinable @inline(__always)
    public func expected(after previous: Int) -> Int {
        Self.key(in: successors, after: previous)
    }

    /// The second guess after `previous`: the key that followed it before ``expected(after:)``
    /// did, or -1 for none.
    @inlinable @inline(__always)
    public func alternate(after previous: Int) -> Int {
        Self.key(in: alternates, after: previous)
    }

    /// Both guesses after `previous` (-1: at an object's start): ``expected(after:)`` and
    /// ``alternate(after:)``, read in place (mutating only to reach the storage: a copy of
    /// the order would be made to read it by address).
    @inlinable @inline(__always)
    public mutating func guesses(after previous: Int) -> (first: Int, second: Int) {
        let slot = previous < 0 ? 31 : previous
        let first = withUnsafeBytes(of: &successors) { $0[slot] }
        let second = withUnsafeBytes(of: &alternates) { $0[slot] }
        return (first == 0xFF ? -1 : Int(first), second == 0xFF ? -1 : Int(second))
    }

    /// Records that `key` came after `previous` (-1: first in its object).
    @inlinable @inline(__always)
    public mutating func learn(_ key: Int, after previous: Int) {
        precondition(key >= 0 && key < 31 && previous < 31, "a JSONKeyOrder keeps keys 0 to 30")
        let slot = previous < 0 ? 31 : previous
        let last = withUnsafeBytes(of: &successors) { $0[slot] }
        guard Int(last) != key else { return }
        withUnsafeMutableBytes(of: &alternates) { $0[slot] = last }
        withUnsafeMutableBytes(of: &successors) { $0[slot] = UInt8(truncatingIfNeeded: key) }
    }

    @inlinable @inline(__always)
    static func key(in table: (UInt64, UInt64, UInt64, UInt64), after previous: Int) -> Int {
        var table = table
        let next = withUnsafeBytes(of: &table) { $0[previous < 0 ? 31 : previous] }
        return next == 0xFF ? -1 : Int(next)
    }
}
