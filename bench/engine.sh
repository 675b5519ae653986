#!/bin/sh
# Measures InsetEngine.layout for 100 … 40,000-node trees (release build).
# The package has no executable for this and Package.swift is not the engine's to edit, so
# the benchmark is built in a scratch package outside the repository that symlinks
# Sources/InsetEngine. Usage: bench/engine.sh [scratch-dir]
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
scratch=${1:-${TMPDIR:-/tmp}/insetd-engine-bench}
mkdir -p "$scratch/Sources/Bench"
ln -sfn "$repo/Sources/InsetEngine" "$scratch/Sources/InsetEngine"
cp "$repo/bench/engine-bench.swift" "$scratch/Sources/Bench/main.swift"
cat > "$scratch/Package.swift" <<'SWIFT'
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "engine-bench",
    targets: [
        .target(name: "InsetEngine"),
        .executableTarget(name: "Bench", dependencies: ["InsetEngine"]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
cd "$scratch"
swift build -c release --product Bench >/dev/null
exec ./.build/release/Bench
