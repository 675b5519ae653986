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
/// - `DeviceCatalog` [InsetEngine, JSONCore]: the device-profile registry, one embedded JSON
///   file per device, read with JSONCore.
/// - `InsetRender` [InsetEngine, DeviceCatalog]: the SVG picture of a layout answer or of a
///   device alone; knows nothing of HTTP.
/// - `InsetService` [MicroHTTP, JSONCore, InsetEngine, DeviceCatalog, InsetRender, Logging]:
///   the router, routes and handlers, request decoders and response encoders, problem+json,
///   access log and metrics, settings, the playground.
/// - `ProcessTuning` [CMalloc]: the allocator settings the executables serve with.
/// - `insetd` [InsetService, MicroHTTP, DeviceCatalog, ProcessTuning, ArgumentParser,
///   Logging]: the executable (configuration and wiring only).
/// - `EmbedResources` (a build plugin running `EmbedResourcesTool`) compiles the device files
///   and openapi.yaml into Swift; `insetd-bench` (bench/InsetBench) times the route in
///   process and serves bench/perf.sh's fixed-answer server.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "insetd",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "insetd", targets: ["insetd"]),
        // For the benchmark peer in bench/hummingbird-peer (same engine call, another stack).
        .library(name: "InsetEngineKit", targets: ["InsetEngine", "DeviceCatalog"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
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
            name: "InsetService",
            dependencies: [
                "MicroHTTP", "JSONCore", "InsetEngine", "DeviceCatalog", "InsetRender",
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Playground/Assets", "Playground/package.json"],
            swiftSettings: strict,
            plugins: ["EmbedResources"]
        ),
        .target(
            name: "ProcessTuning",
            dependencies: [.target(name: "CMalloc", condition: .when(platforms: [.linux]))],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "insetd",
            dependencies: [
                "InsetService", "MicroHTTP", "DeviceCatalog", "ProcessTuning",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "insetd-bench",
            dependencies: ["InsetService", "JSONCore", "InsetEngine", "DeviceCatalog", "MicroHTTP", "ProcessTuning"],
            path: "bench/InsetBench",
            swiftSettings: strict
        ),
        .testTarget(name: "MicroHTTPTests", dependencies: ["MicroHTTP"], swiftSettings: strict),
        .testTarget(name: "JSONCoreTests", dependencies: ["JSONCore"], swiftSettings: strict),
        .testTarget(name: "InsetEngineTests", dependencies: ["InsetEngine"], swiftSettings: strict),
        .testTarget(name: "DeviceCatalogTests", dependencies: ["DeviceCatalog", "InsetEngine"], swiftSettings: strict),
        .testTarget(
            name: "InsetRenderTests",
            dependencies: ["InsetRender", "InsetEngine", "DeviceCatalog"],
            exclude: ["Golden"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "InsetServiceTests",
            dependencies: ["InsetService", "MicroHTTP", "JSONCore", "InsetEngine", "DeviceCatalog"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
