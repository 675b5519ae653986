// swift-tools-version: 6.1
import PackageDescription

/// insetd — UIKit's layout-inset model as an HTTP JSON service.
///
/// Modules, with the package modules and dependencies each imports in brackets (Foundation
/// and the C library aside); nothing imports a module listed after it:
/// - `CMicroHTTPD`: Debian's libmicrohttpd through a pkg-config module and `cmhd_` shims.
/// - `CSockets`: `accept4`, which Swift's Glibc module does not declare.
/// - `CMalloc`: glibc's `<malloc.h>`, for the allocator settings.
/// - `MicroHTTP` [CMicroHTTPD, CSockets]: a small HTTP server on libmicrohttpd (the daemon and
///   its accepting thread, the connection table, requests, responses, streamed bodies,
///   headers, per-thread stripes); no routing, no insets. Every libmicrohttpd call is in its
///   LibMicroHTTPD.swift, every socket call in its Syscalls.swift.
/// - `JSONCore` [nothing]: a byte-level JSON reader (a validating tape parser and a plain
///   forward reader) and writer, with JSON Pointers; knows nothing of insets.
/// - `InsetEngine` [nothing]: the pure layout-inset engine (value types, no I/O).
/// - `InsetEngineTestSupport` [InsetEngine]: the tree form of a hierarchy (`Node`), for
///   tests that write one by hand, and a node's result with its id, explanation and extras
///   read at once (`NodeDetails`).
/// - `DeviceCatalog` [InsetEngine, JSONCore]: the device-profile registry, one embedded JSON
///   file per device, read with JSONCore.
/// - `InsetRender` [InsetEngine, DeviceCatalog]: the SVG picture of a layout answer or of a
///   device alone; knows nothing of HTTP.
/// - `ServiceKit` [MicroHTTP, JSONCore, HTTPTypes, Logging, ServiceLifecycle, CoreMetrics,
///   Prometheus]: an HTTP service layer that knows nothing of insets, speaking
///   swift-http-types to its routes (MicroHTTP's raw requests and responses converted at
///   its border): the router, problem documents, CORS, content negotiation, entity tags,
///   metrics and the access log, the operational routes, drain and shutdown (as a
///   swift-service-lifecycle `Service`).
/// - `InsetAPI` [ServiceKit, MicroHTTP, JSONCore, InsetEngine, DeviceCatalog, InsetRender,
///   HTTPTypes]:
///   the product on that layer: the request readers and answer writers of /layout, /scroll,
///   /layout/matrix and /render, the device routes, the playground's files, the settings.
/// - `ServiceTestSupport` [ServiceKit, MicroHTTP, JSONCore, HTTPTypes]: what the service's test
///   targets share (a live server on a loopback port, test routes, a seeded random source).
/// - `ProcessTuning` [CMalloc]: the allocator settings the executables serve with.
/// - `insetd` [InsetAPI, ServiceKit, MicroHTTP, DeviceCatalog, ProcessTuning, ArgumentParser,
///   Logging, ServiceLifecycle]: the executable (the settings table and wiring).
/// - `EmbedResources` (a build plugin running `EmbedResourcesTool`) compiles the device files
///   and openapi.yaml into Swift; `insetd-bench` (bench/InsetBench) times the route in
///   process and serves bench/perf.sh's fixed-answer server.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// apple/swift-http-types: the request, response, field, method and status types the service
/// layer and its routes speak.
let httpTypes: Target.Dependency = .product(name: "HTTPTypes", package: "swift-http-types")

let package = Package(
    name: "insetd",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "insetd", targets: ["insetd"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        // glibc's <malloc.h> (mallopt), for the allocator settings insetd serves with.
        .systemLibrary(name: "CMalloc"),
        // accept4, which Swift's Glibc module does not declare.
        .systemLibrary(name: "CSockets"),
        .target(
            name: "MicroHTTP",
            dependencies: ["CMicroHTTPD", .target(name: "CSockets", condition: .when(platforms: [.linux]))],
            swiftSettings: strict
        ),
        .target(name: "JSONCore", swiftSettings: strict),
        .target(name: "InsetEngine", swiftSettings: strict),
        // The tree form of a hierarchy (`Node`), for tests that write one by hand.
        .target(name: "InsetEngineTestSupport", dependencies: ["InsetEngine"], swiftSettings: strict),
        .executableTarget(name: "EmbedResourcesTool", swiftSettings: strict),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["EmbedResourcesTool"]),
        .target(
            name: "DeviceCatalog",
            dependencies: ["InsetEngine", "JSONCore"],
            exclude: ["Devices"],
            swiftSettings: strict,
            plugins: ["EmbedResources"]
        ),
        .target(name: "InsetRender", dependencies: ["InsetEngine", "DeviceCatalog"], swiftSettings: strict),
        .target(
            name: "ServiceKit",
            dependencies: [
                "MicroHTTP", "JSONCore", httpTypes, .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "InsetAPI",
            dependencies: ["ServiceKit", "MicroHTTP", "JSONCore", "InsetEngine", "DeviceCatalog", "InsetRender", httpTypes],
            exclude: ["Playground/Assets", "Playground/package.json"],
            swiftSettings: strict,
            plugins: ["EmbedResources"]
        ),
        // What the service's tests share: a live server on a loopback port, test routes.
        .target(name: "ServiceTestSupport", dependencies: ["ServiceKit", "MicroHTTP", "JSONCore", httpTypes], swiftSettings: strict),
        .target(
            name: "ProcessTuning",
            dependencies: [.target(name: "CMalloc", condition: .when(platforms: [.linux]))],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "insetd",
            dependencies: [
                "InsetAPI", "ServiceKit", "MicroHTTP", "DeviceCatalog", "ProcessTuning",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "insetd-bench",
            dependencies: ["InsetAPI", "ServiceKit", "JSONCore", "InsetEngine", "DeviceCatalog", "MicroHTTP", "ProcessTuning", httpTypes],
            path: "bench/InsetBench",
            swiftSettings: strict
        ),
        .testTarget(
            name: "insetdTests",
            dependencies: ["insetd", "MicroHTTP", "ServiceKit", "ProcessTuning", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict
        ),
        .testTarget(name: "MicroHTTPTests", dependencies: ["MicroHTTP", "ServiceTestSupport"], swiftSettings: strict),
        .testTarget(name: "JSONCoreTests", dependencies: ["JSONCore", "ServiceTestSupport"], swiftSettings: strict),
        .testTarget(name: "InsetEngineTests", dependencies: ["InsetEngine", "InsetEngineTestSupport"], swiftSettings: strict),
        .testTarget(name: "DeviceCatalogTests", dependencies: ["DeviceCatalog", "InsetEngine"], swiftSettings: strict),
        .testTarget(
            name: "InsetRenderTests",
            dependencies: ["InsetRender", "InsetEngine", "InsetEngineTestSupport", "DeviceCatalog"],
            exclude: ["Golden"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ServiceKitTests",
            dependencies: [
                "ServiceKit", "ServiceTestSupport", "MicroHTTP", "JSONCore", httpTypes, .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "InsetAPITests",
            dependencies: [
                "InsetAPI", "ServiceKit", "ServiceTestSupport", "MicroHTTP", "JSONCore", "InsetEngine", "InsetEngineTestSupport", "DeviceCatalog",
                httpTypes,
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The in-process benchmarks (Benchmarks/, on ordo-one/benchmark, with its thresholds) are
// part of the package only when asked for, so that a build and the Swift tests neither resolve
// nor build the benchmark package: scripts/benchmarks runs them, in a build folder of their
// own (bench/PERF.md, "The route in process").
if Context.environment["INSETD_BENCHMARKS"] != nil {
    package.dependencies.append(
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"])
    )
    package.targets.append(
        .executableTarget(
            name: "InsetRoute",
            dependencies: ["InsetAPI", "InsetEngine", "DeviceCatalog", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/InsetRoute",
            swiftSettings: strict,
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    )
}
