// swift-tools-version: 6.1
import PackageDescription

/// The comparison peer of bench/perf.sh: `POST /layout` on Hummingbird 2 with Foundation
/// Codable (JSONDecoder in, JSONEncoder out) around the same `InsetEngine.layout` call as
/// insetd. Not part of the product.
let package = Package(
    name: "hummingbird-peer",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "insetd", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "HummingbirdPeer",
            dependencies: [
                .product(name: "InsetEngineKit", package: "insetd"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
