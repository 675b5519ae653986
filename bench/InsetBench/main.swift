// insetd-bench: where the microseconds of one `POST /layout` go, in process.
//
//   insetd-bench BODY.json [ITERATIONS]
//
// Prints, per stage, the best of three rounds of ITERATIONS (default 2,000) calls, in µs
// per request: body copy (raw buffer → [UInt8], as the server hands it over), parse
// (JSON tape), decode (schema walk and validation into the engine's request), engine,
// encode (response bytes), and the whole chain as the route runs it.
import DeviceCatalog
import Foundation
import InsetEngine
import InsetService
import JSONCore

let arguments = CommandLine.arguments
guard arguments.count >= 2, let body = FileManager.default.contents(atPath: arguments[1]).map([UInt8].init) else {
    FileHandle.standardError.write(Data("usage: insetd-bench BODY.json [ITERATIONS]\n".utf8))
    exit(2)
}
let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 2_000 : 2_000
let decoder = LayoutRequestDecoder(devices: try DeviceCatalog.embedded())
let limits = DecodingLimits()

/// Best of three rounds of `iterations` calls of `work`, in µs per call; `sink` keeps
/// the results alive so that nothing is optimised away.
nonisolated(unsafe) var sink = 0
func measure(_ work: () throws -> Int) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<3 {
        let start = ContinuousClock.now
        for _ in 0..<iterations { sink &+= try work() }
        let elapsed = ContinuousClock.now - start
        let micros = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
        best = min(best, micros / Double(iterations))
    }
    return best
}

let document = try JSONDocument(parsing: body, maxDepth: max(512, 2 * limits.maxDepth + 8))
let decoded = try decoder.decode(document: document)
let result = InsetEngine.layout(decoded.request)
let response = LayoutResponseEncoder.encode(result, for: decoded)

let stages: [(String, Double)] = try [
    ("body copy", measure { body.withUnsafeBytes { [UInt8]($0) }.count }),
    ("parse", measure { try JSONDocument(parsing: body, maxDepth: 512).bytes.count }),
    ("decode", measure { try decoder.decode(document: document).request.root.subviews.count }),
    ("engine", measure { InsetEngine.layout(decoded.request).nodes.count }),
    ("encode", measure { LayoutResponseEncoder.encode(result, for: decoded).count }),
    ("all (as the route)", measure {
        let request = try body.withUnsafeBytes { try decoder.decode($0) }
        return LayoutResponseEncoder.encode(InsetEngine.layout(request.request), for: request).count
    }),
]
print("in-process split, \(body.count) B request → \(response.count) B response, \(result.nodes.count) nodes, best of 3 × \(iterations)")
for (name, micros) in stages {
    print("  " + name.padding(toLength: 20, withPad: " ", startingAt: 0) + String(format: "%9.2f µs", micros))
}
