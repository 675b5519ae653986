import Foundation
import Synchronization

/// A small fixed set of lock-protected values, one picked per calling thread, so that
/// handlers running on the server's pool threads can update shared counters without
/// all contending for one lock. Readers (a metrics scrape) visit every stripe.
public final class ThreadStripes<Value>: @unchecked Sendable {
    /// One value and its lock, in its own allocation (no false sharing of the lock word
    /// between stripes, no exclusivity conflicts between threads on different stripes).
    @usableFromInline final class Stripe {
        @usableFromInline let lock = NSLock()
        @usableFromInline var value: Value
        init(_ value: Value) { self.value = value }
    }

    /// The stripes, each retained once here (released in `deinit`) and borrowed by every
    /// call: the pool threads share these objects, and a retain and release per call would
    /// bounce their reference counts' cache lines between cores.
    @usableFromInline let stripes: [Unmanaged<Stripe>]

    /// Creates `count` stripes (a power of two), each holding `initial`.
    public convenience init(count: Int = 16, initial: Value) {
        self.init(count: count) { _ in initial }
    }

    /// Creates `count` stripes (a power of two), stripe `i` holding `make(i)`.
    public init(count: Int = 16, make: (Int) -> Value) {
        precondition(count > 0 && count & (count - 1) == 0, "stripe count must be a power of two")
        stripes = (0..<count).map { Unmanaged.passRetained(Stripe(make($0))) }
    }

    deinit {
        for stripe in stripes { stripe.release() }
    }

    /// Runs `body` on the calling thread's stripe, under its lock.
    @inlinable
    public func withCurrent<T>(_ body: (inout Value) -> T) -> T {
        Self.locked(stripes[Self.currentThreadIndex(count: stripes.count)], body)
    }

    /// Folds every stripe into one result, locking each in turn.
    public func reduce<Result>(_ initial: Result, _ combine: (inout Result, Value) -> Void) -> Result {
        var result = initial
        for stripe in stripes { Self.locked(stripe) { combine(&result, $0) } }
        return result
    }

    /// Runs `body` on every stripe, each under its lock.
    public func updateAll(_ body: (inout Value) -> Void) {
        for stripe in stripes { Self.locked(stripe, body) }
    }

    /// Runs `body` on `stripe`'s value under its lock, the stripe borrowed (not retained).
    @inlinable
    static func locked<T>(_ stripe: Unmanaged<Stripe>, _ body: (inout Value) -> T) -> T {
        stripe._withUnsafeGuaranteedRef { stripe in
            stripe.lock.lock()
            defer { stripe.lock.unlock() }
            return body(&stripe.value)
        }
    }

    /// A stripe index for the calling thread: its ``ThreadNumber``, so that up to `count`
    /// threads (a server's pool) each have a stripe of their own. (Hashing thread ids
    /// instead put two of four pool threads on one stripe a third of the time at 16 stripes,
    /// and they then contended for its lock on every request.)
    @usableFromInline static func currentThreadIndex(count: Int) -> Int {
        ThreadNumber.current & (count - 1)
    }
}

/// Numbers threads in the order in which they first ask for their number: 0, 1, 2, …
/// (kept in a pthread key, so a thread's number stays for its life).
enum ThreadNumber {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed (\(status))")
        return key
    }()

    private static let next = Atomic<Int>(0)

    /// The calling thread's number.
    static var current: Int {
        if let stored = pthread_getspecific(key) { return Int(bitPattern: stored) - 1 }
        let number = next.add(1, ordering: .relaxed).oldValue
        // Stored plus one: a key's value starts as nil.
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: number + 1))
        return number
    }
}
