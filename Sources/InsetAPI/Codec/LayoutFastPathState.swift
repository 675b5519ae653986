#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JSONCore
import ServiceKit

/// The key order of each kind of object the fast path reads.
///
/// Kept per thread from one body to the next (`LearnedKeyOrders`): a client sends its bodies
/// with the keys in one order, so after its first body nearly every key is recognised by
/// the first or second guess, where a body read with nothing learned misses each key's
/// first guess. Orders only speed the reading up; a key is always compared whole.
struct KeyOrders {
    var body = JSONKeyOrder(), node = JSONKeyOrder(), controller = JSONKeyOrder(), bar = JSONKeyOrder()
    var insets = JSONKeyOrder(), directionalInsets = JSONKeyOrder(), rect = JSONKeyOrder()
}

/// The key orders the bodies read on the calling thread taught, in a thread-specific slot
/// (allocated at a thread's first body, freed when it ends): each pool thread learns its
/// own and reads them without a lock.
enum LearnedKeyOrders {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        let status = pthread_key_create(&key) { $0.deallocate() }
        #else
        let status = pthread_key_create(&key) { $0?.deallocate() }
        #endif
        precondition(status == 0, "pthread_key_create failed (\(status))")
        return key
    }()

    /// Runs `body` on the calling thread's orders.
    static func withCurrent<T>(_ body: (inout KeyOrders) -> T) -> T {
        if let stored = pthread_getspecific(key) {
            return body(&stored.assumingMemoryBound(to: KeyOrders.self).pointee)
        }
        let orders = UnsafeMutablePointer<KeyOrders>.allocate(capacity: 1)
        orders.initialize(to: KeyOrders())
        pthread_setspecific(key, orders)
        return body(&orders.pointee)
    }
}

/// The last word a body gave each field whose words repeat from view to view, by position
/// in the field's `WordTable` (-1 for none yet): views of one body mostly share their kinds,
/// pins and behaviours.
struct LastWords {
    var kind = -1, pin = -1, behavior = -1, controllerKind = -1, style = -1
}

/// Up to four numbers by position, 0 where none was read. (Four scalars rather than a
/// `SIMD4`: storing one lane and then loading the whole vector stalls store forwarding.)
struct FourNumbers {
    var first = 0.0, second = 0.0, third = 0.0, fourth = 0.0

    @inline(__always)
    mutating func set(_ value: Double, at index: Int) {
        switch index {
        case 0: first = value
        case 1: second = value
        case 2: third = value
        default: fourth = value
        }
    }
}

/// The fields of one object read so far, by their position in the object's `FieldTable`,
/// and the last one.
struct FieldSet {
    /// The fields read.
    private(set) var read = FieldBits()
    private var last = -1

    /// The keys `order` expects next in this object (-1 for none).
    @inline(__always)
    func expected(by order: JSONKeyOrder) -> (first: Int, second: Int) {
        (order.expected(after: last), order.alternate(after: last))
    }

    /// Adds the field at `index`, read next, and teaches `order` that it came after the
    /// last one; `false` when it was there already (a repeated key).
    @inline(__always)
    mutating func insert(_ index: Int, learning order: inout JSONKeyOrder) -> Bool {
        order.learn(index, after: last)
        last = index
        return read.insert(index)
    }

    var count: Int { read.count }
}
