// The `POST /layout` route in process, as ordo-one/benchmark measures it: the whole route
// (the body's bytes read into a request, laid out, written as the answer) and each of its
// stages, on the benchmark bodies (Tests/Shared/bench, copies of ../shared/bench).
//
//   scripts/benchmarks run
//
// Allocations per request are exact on any machine, so their p90 thresholds
// (Benchmarks/Thresholds) are checked (`scripts/benchmarks check`, in scripts/test); times are
// printed, and compared only side by side (bench/route-ab.sh).
import Benchmark
import DeviceCatalog
import Foundation
import InsetAPI
import InsetEngine

/// The benchmark bodies, by name.
private let bodies: [(name: String, bytes: [UInt8])] = ["layout-31", "rows-31"].map { name in
    let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Shared/bench/\(name).json")
    guard let bytes = FileManager.default.contents(atPath: url.path) else { fatalError("no benchmark body at \(url.path)") }
    return (name, [UInt8](bytes))
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(2),
        maxIterations: 50_000,
        // Allocations are deterministic: any more than recorded is a regression.
        thresholds: [.mallocCountTotal: .init(absolute: [.p90: 0])]
    )
    let decoder: LayoutRequestDecoder
    do {
        decoder = LayoutRequestDecoder(devices: try DeviceCatalog.embedded())
    } catch {
        fatalError("the embedded device registry does not load: \(error)")
    }
    for (name, body) in bodies {
        guard let decoded = try? body.withUnsafeBytes({ try decoder.decode($0) }) else { fatalError("\(name) does not decode") }
        let result = InsetEngine.layout(decoded.request)

        Benchmark("\(name)-route") { benchmark in
            for _ in benchmark.scaledIterations {
                let request = try body.withUnsafeBytes { try decoder.decode($0) }
                blackHole(LayoutResponseEncoder.encode(InsetEngine.layout(request.request), for: request))
            }
        }
        Benchmark("\(name)-decode") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try body.withUnsafeBytes { try decoder.decode($0) })
            }
        }
        Benchmark("\(name)-engine") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(InsetEngine.layout(decoded.request))
            }
        }
        Benchmark("\(name)-encode") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(LayoutResponseEncoder.encode(result, for: decoded))
            }
        }
    }
}
