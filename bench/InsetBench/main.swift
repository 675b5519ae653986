// insetd-bench: where the microseconds of one `POST /layout` go, in process.
//
//   insetd-bench BODY.json [ITERATIONS [STAGE]]
//   insetd-bench --serve-fixed PORT ANSWER.json
//
// Prints, per stage, the best of three rounds of ITERATIONS (default 2,000) calls, in µs
// per request: body copy (raw buffer → [UInt8]), parse (JSON tape) and decode (schema walk
// and validation into the engine's request), which is how a body with a problem is read;
// fast decode (from the body's bytes in one pass), which is how the route reads a
// well-formed body; engine; encode (response bytes); and the whole chain as the route runs
// it; and the service layer around a route (service: GET /healthz through routing,
// metrics, request id and CORS; fields, named and ignored: the same for a browser's seven
// header fields and a route that reads them all, one, or none). With STAGE (a stage's first
// word: body, parse, decode, fast, engine, encode, all, service, fields, named, ignored)
// only that stage runs, so that a profiler or `perf stat` sees it alone.
//
// With --serve-fixed it serves instead: the service as insetd runs it (default server
// settings, access log on standard output, metrics, request ids, CORS, 415 check, lent
// bodies) with a `POST /layout` that reads the body and answers ANSWER.json's bytes,
// without parsing, decoding, layout or encoding. bench/perf.sh measures it next to insetd:
// what the HTTP layer alone allows, so what the route costs in throughput. Runs until killed.
import DeviceCatalog
import Foundation
import HTTPTypes
import InsetEngine
import InsetAPI
import ServiceKit
import JSONCore
import MicroHTTP
import ProcessTuning

let arguments = CommandLine.arguments
// As insetd runs.
AllocatorTuning.apply()

if arguments.count == 4, arguments[1] == "--serve-fixed" {
    guard let port = Int(arguments[2]), let answer = FileManager.default.contents(atPath: arguments[3]).map([UInt8].init) else {
        FileHandle.standardError.write(Data("usage: insetd-bench --serve-fixed PORT ANSWER.json\n".utf8))
        exit(2)
    }
    let service = HTTPService(configuration: ServiceConfiguration(server: HTTPServerConfiguration(port: port)), routes: [
        Route(.post, "/layout", body: .json) { _ throws(Problem) in
            RouteResponse(headerFields: [.contentType: "application/json"], body: answer)
        },
    ])
    do {
        try service.start()
    } catch {
        FileHandle.standardError.write(Data("insetd-bench: cannot serve on port \(port): \(error)\n".utf8))
        exit(1)
    }
    while true { sleep(3600) }
}

guard arguments.count >= 2, let body = FileManager.default.contents(atPath: arguments[1]).map([UInt8].init) else {
    FileHandle.standardError.write(Data("usage: insetd-bench BODY.json [ITERATIONS [STAGE]] | insetd-bench --serve-fixed PORT ANSWER.json\n".utf8))
    exit(2)
}
let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 2_000 : 2_000
let only = arguments.count > 3 ? arguments[3] : nil
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

/// The service layer around a route that does nothing: routing, metrics, request id,
/// CORS and nosniff, as every request pays them.
/// `GET /fields` reads the request's header fields, which the service builds as
/// swift-http-types' `HTTPFields` only when a route reads them; `GET /named` reads its
/// `If-None-Match` alone, as the routes that read one do; `GET /ignored` reads none. Each gets
/// the seven fields a browser's request usually carries: the differences are what building
/// the six `headerFields` holds (all but `Host`), or the one, costs.
let service = HTTPService(configuration: ServiceConfiguration(server: HTTPServerConfiguration(port: 0), accessLog: false), routes: [
    Route(.get, "/fields") { request in RouteResponse(status: request.headerFields.count == 6 ? .ok : .badRequest) },
    Route(.get, "/named") { request in RouteResponse(status: request.headerFields(named: .ifNoneMatch).count == 1 ? .ok : .badRequest) },
    Route(.get, "/ignored") { _ in RouteResponse() },
])
let healthz = RawRequest(method: .get, path: "/healthz", headers: RawHeaders())
let browserFields: RawHeaders = [
    "Host": "127.0.0.1:8080", "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
    "Accept": "application/json", "Accept-Encoding": "gzip, deflate, br", "Accept-Language": "en-GB,en;q=0.9",
    "If-None-Match": "\"3f2a9c1d\"", "Origin": "http://127.0.0.1:8080",
]
let fields = RawRequest(method: .get, path: "/fields", headers: browserFields)
let named = RawRequest(method: .get, path: "/named", headers: browserFields)
let ignored = RawRequest(method: .get, path: "/ignored", headers: browserFields)

let stages: [(name: String, work: () throws -> Int)] = [
    ("body copy", { body.withUnsafeBytes { [UInt8]($0) }.count }),
    ("parse", { try JSONDocument(parsing: body, maxDepth: 512).bytes.count }),
    ("decode", { try decoder.decode(document: document).request.hierarchy.views.count }),
    ("fast decode", { try body.withUnsafeBytes { try decoder.decode($0) }.request.hierarchy.views.count }),
    ("engine", { InsetEngine.layout(decoded.request).nodes.count }),
    ("encode", { LayoutResponseEncoder.encode(result, for: decoded).count }),
    ("all (as the route)", {
        let request = try body.withUnsafeBytes { try decoder.decode($0) }
        return LayoutResponseEncoder.encode(InsetEngine.layout(request.request), for: request).count
    }),
    ("service (GET /healthz)", { service.respond(to: healthz).status }),
    ("fields (GET /fields)", { service.respond(to: fields).status }),
    ("named (GET /named)", { service.respond(to: named).status }),
    ("ignored (GET /ignored)", { service.respond(to: ignored).status }),
]
let chosen = stages.filter { stage in only.map { stage.name.split(separator: " ").first.map(String.init) == $0 } ?? true }
guard !chosen.isEmpty else {
    FileHandle.standardError.write(Data("insetd-bench: no stage \(only ?? "")\n".utf8))
    exit(2)
}
print("in-process split, \(body.count) B request → \(response.count) B response, \(result.nodes.count) nodes, best of 3 × \(iterations)")
for stage in chosen {
    let micros = try measure(stage.work)
    print("  " + stage.name.padding(toLength: 24, withPad: " ", startingAt: 0) + String(format: "%9.2f µs", micros))
}
