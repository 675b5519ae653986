import CoreMetrics
import Foundation
import HTTPTypes
import MicroHTTP
import Prometheus

/// Request counters, latency histograms and the in-flight gauge, written through
/// swift-metrics: to the service's own Prometheus registry, which `/metrics` renders, and
/// to any other factory the service is given (an OpenTelemetry exporter, say). Also hands
/// out request ids.
final class ServiceMetrics: Sendable {
    /// Upper bounds (seconds) of the latency histogram's buckets; `+Inf` is implied.
    static let bucketBounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]
    /// The method labels kept apart; any other method counts as `other`, so a client
    /// inventing methods cannot grow the series without bound.
    static let methodLabels: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options, .trace, .connect]
    static let requestsName = "insetd_http_requests_total"
    static let durationName = "insetd_http_request_duration_seconds"
    static let inFlightName = "insetd_http_requests_in_flight"

    /// One stripe's share: its request-id sequence and the counters it has met, by key
    /// (made once per series through the factory, then incremented without its lock).
    struct Shard: @unchecked Sendable {
        let index: Int
        var sequence: UInt64 = 0
        var counters: [Int: CoreMetrics.Counter] = [:]
    }

    /// The `route` label of each route index; the last is `unmatched` (404s).
    let routeLabels: [String]
    /// The registry `/metrics` renders.
    let registry: PrometheusCollectorRegistry
    private let factory: any MetricsFactory
    private let timers: [CoreMetrics.Timer]
    private let inFlight: Meter
    private let shards: ThreadStripes<Shard>
    private let idPrefix: String

    /// Creates empty metrics for the given route patterns; `also` receives every figure too.
    init(routePatterns: [String], also other: (any MetricsFactory)? = nil) {
        let labels = routePatterns + ["unmatched"]
        routeLabels = labels
        let registry = PrometheusCollectorRegistry()
        self.registry = registry
        var prometheus = PrometheusMetricsFactory(registry: registry)
        prometheus.durationHistogramBuckets = [Self.durationName: Self.bucketBounds.map { .nanoseconds(Int64(($0 * 1e9).rounded())) }]
        let factory: any MetricsFactory = other.map { MultiplexMetricsHandler(factories: [prometheus, $0]) } ?? prometheus
        self.factory = factory
        timers = labels.map { CoreMetrics.Timer(label: Self.durationName, dimensions: [("route", $0)], factory: factory) }
        inFlight = Meter(label: Self.inFlightName, factory: factory)
        inFlight.set(0)
        shards = ThreadStripes(count: 16) { Shard(index: $0) }
        var random = SystemRandomNumberGenerator()
        idPrefix = String(random.next() & 0xFFFF_FFFF_FFFF, radix: 16)
    }

    /// The route index used for paths no route matches.
    var unmatchedRoute: Int { routeLabels.count - 1 }

    /// Counts a request as begun and returns a fresh request id for it.
    func begin() -> String {
        inFlight.increment()
        let (shard, sequence) = shards.withCurrent { shard -> (Int, UInt64) in
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
    func end(route: Int, method: HTTPRequest.Method?, status: Int, seconds: Double) {
        inFlight.decrement()
        timers[route].recordNanoseconds(Int64(seconds * 1e9))
        let method = Self.methodIndex(method)
        let key = Self.key(route: route, method: method, status: status)
        let counter = shards.withCurrent { shard in
            if let counter = shard.counters[key] { return counter }
            let dimensions = [("route", routeLabels[route]), ("method", Self.methodLabel(method)), ("status", String(min(max(status, 0), 999)))]
            let counter = CoreMetrics.Counter(label: Self.requestsName, dimensions: dimensions, factory: factory)
            shard.counters[key] = counter
            return counter
        }
        counter.increment()
    }

    /// The label of a method index.
    static func methodLabel(_ index: Int) -> String {
        index < methodLabels.count ? methodLabels[index].rawValue : "other"
    }

    static func methodIndex(_ method: HTTPRequest.Method?) -> Int {
        method.flatMap { methodLabels.firstIndex(of: $0) } ?? methodLabels.count
    }

    static func key(route: Int, method: Int, status: Int) -> Int {
        (route * 16 + method) * 1000 + min(max(status, 0), 999)
    }
}
