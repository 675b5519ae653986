import Foundation
@testable import MicroHTTP
import Synchronization
import Testing

@Suite struct ThreadStripesTests {
    /// A pool's threads each get a stripe of their own while there are no more of them than
    /// stripes: with stripes picked by hashing thread ids, 8 threads on 16 stripes would
    /// share one in most runs.
    @Test func threadsUpToTheStripeCountEachHaveTheirOwn() {
        let count = 16
        let threads = 8
        let indices = Mutex<[Int]>([])
        let done = DispatchGroup()
        // Every thread stays alive until all have asked, so none can hand its number on.
        let asked = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        for _ in 0..<threads {
            done.enter()
            Thread.detachNewThread {
                let index = ThreadStripes<Int>.currentThreadIndex(count: count)
                indices.withLock { $0.append(index) }
                asked.signal()
                release.wait()
                done.leave()
            }
        }
        for _ in 0..<threads { asked.wait() }
        for _ in 0..<threads { release.signal() }
        done.wait()
        let seen = indices.withLock { $0 }
        #expect(seen.count == threads)
        #expect(Set(seen).count == threads)
        #expect(seen.allSatisfy { (0..<count).contains($0) })
    }

    /// A thread keeps its stripe: what it adds under `withCurrent` is on one stripe.
    @Test func aThreadKeepsItsStripe() {
        let stripes = ThreadStripes(count: 4, initial: 0)
        for _ in 0..<100 { stripes.withCurrent { $0 += 1 } }
        let values = stripes.reduce([Int]()) { $0.append($1) }
        #expect(values.sorted() == [0, 0, 0, 100])
    }
}
