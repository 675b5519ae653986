// swift-tools-version: 6.1
import PackageDescription

/// The comparison peer of bench/perf.sh: `POST /layout` on Hummingbird 2 with Foundation
/// Codable (JSONDecoder in, JSONEncoder out) around the same `InsetEngine.layout` call as
/// insetd, with its own request and answer models. Not part of the product: insetd exports
/// no library, so the engine, the registry and what they need are built here from the same
/// sources (the folders under Sources/ and Plugins/ other than HummingbirdPeer are links
/// into the repository).
let package = Package(
    name: "hummingbird-peer",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
    ],
    targets: [
        .target(name: "JSONCore"),
        .target(name: "InsetEngine"),
        .executableTarget(name: "EmbedResourcesTool"),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["EmbedResourcesTool"]),
        .target(name: "DeviceCatalog", dependencies: ["InsetEngine", "JSONCore"], exclude: ["Devices"], plugins: ["EmbedResources"]),
        .executableTarget(
            name: "HummingbirdPeer",
            dependencies: ["InsetEngine", "DeviceCatalog", .product(name: "Hummingbird", package: "hummingbird")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
