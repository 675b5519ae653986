import Foundation
import MicroHTTP

/// Request counters, latency histograms and the in-flight gauge, kept per thread stripe
/// (no lock shared by all threads) and merged when scraped; also hands out request ids.
final class ServiceMetrics: Sendable {
    /// Upper bounds (seconds) of the latency histogram's buckets; `+Inf` is implied.
    static let bucketBounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]
    /// The method labels kept apart; any other method counts as `other`, so a client
    /// inventing methods cannot grow the series without bound.
    static let methodLabels: [HTTPMethod] = [.get, .head, .post, .put, .patch, .delete, .options, .trace, .connect]

    /// One latency histogram.
    struct Histogram {
        var buckets = [Int](repeating: 0, count: ServiceMetrics.bucketBounds.count)
        var sum = 0.0
        var count = 0
    }

    /// One stripe's share.
    struct Shard {
        let index: Int
        var sequence: UInt64 = 0
        var inFlight = 0
        /// Requests by `(route, method, status)` packed into one key.
        var counts: [Int: Int] = [:]
        var histograms: [Histogram]
    }

    /// The `route` label of each route index; the last is `unmatched` (404s).
    let routeLabels: [String]
    private let shards: ThreadStripes<Shard>
    private let idPrefix: String

    /// Creates empty metrics for the given route patterns.
    init(routePatterns: [String]) {
        let labels = routePatterns + ["unmatched"]
        routeLabels = labels
        shards = ThreadStripes(count: 16) { Shard(index: $0, histograms: Array(repeating: Histogram(), count: labels.count)) }
        var random = SystemRandomNumberGenerator()
        idPrefix = String(random.next() & 0xFFFF_FFFF_FFFF, radix: 16)
    }

    /// The route index used for paths no route matches.
    var unmatchedRoute: Int { routeLabels.count - 1 }

    /// Counts a request as begun and returns a fresh request id for it.
    func begin() -> String {
        let (shard, sequence) = shards.withCurrent { shard -> (Int, UInt64) in
            shard.inFlight += 1
            shard.sequence &+= 1
            return (shard.index, shard.sequence)
        }
        return Self.requestID(prefix: idPrefix, shard: UInt64(shard), sequence: sequence)
    }

    /// `prefix-shard-sequence`, the numbers in lowercase hex, built in one buffer (the
    /// `String(_:radix:)` and interpolation way costs a few allocations per request).
    static func requestID(prefix: String, shard: UInt64, sequence: UInt64) -> String {
        var prefix = prefix
        return prefix.withUTF8 { head in
            String(unsafeUninitializedCapacity: head.count + 34) { buffer in
                var count = 0
                for byte in head {
                    buffer[count] = byte
                    count += 1
                }
                func appendHex(_ number: UInt64) {
                    buffer[count] = UInt8(ascii: "-")
                    count += 1
                    var digits = 1
                    while digits < 16, number >> (4 * digits) != 0 { digits += 1 }
                    for index in stride(from: digits - 1, through: 0, by: -1) {
                        let nibble = UInt8(truncatingIfNeeded: number >> (4 * index)) & 0xF
                        buffer[count] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
                        count += 1
                    }
                }
                appendHex(shard)
                appendHex(sequence)
                return count
            }
        }
    }

    /// Counts a request as answered.
    func end(route: Int, method: HTTPMethod, status: Int, seconds: Double) {
        let key = Self.key(route: route, method: Self.methodIndex(method), status: status)
        let bucket = Self.bucketBounds.firstIndex { seconds <= $0 } ?? Self.bucketBounds.count
        shards.withCurrent { shard in
            shard.inFlight -= 1
            shard.counts[key, default: 0] += 1
            if bucket < Self.bucketBounds.count { shard.histograms[route].buckets[bucket] += 1 }
            shard.histograms[route].sum += seconds
            shard.histograms[route].count += 1
        }
    }

    /// The merged figures: counts by key, histograms by route, requests in flight.
    func snapshot() -> (counts: [Int: Int], histograms: [Histogram], inFlight: Int) {
        shards.reduce((counts: [Int: Int](), histograms: Array(repeating: Histogram(), count: routeLabels.count), inFlight: 0)) { total, shard in
            total.inFlight += shard.inFlight
            total.counts.merge(shard.counts, uniquingKeysWith: +)
            for (route, histogram) in shard.histograms.enumerated() {
                for (index, count) in histogram.buckets.enumerated() { total.histograms[route].buckets[index] += count }
                total.histograms[route].sum += histogram.sum
                total.histograms[route].count += histogram.count
            }
        }
    }

    /// The label of a method index.
    static func methodLabel(_ index: Int) -> String {
        index < methodLabels.count ? methodLabels[index].rawValue : "other"
    }

    static func methodIndex(_ method: HTTPMethod) -> Int {
        methodLabels.firstIndex(of: method) ?? methodLabels.count
    }

    static func key(route: Int, method: Int, status: Int) -> Int {
        (route * 16 + method) * 1000 + min(max(status, 0), 999)
    }

    static func split(_ key: Int) -> (route: Int, method: Int, status: Int) {
        (key / 16_000, (key / 1000) % 16, key % 1000)
    }
}
