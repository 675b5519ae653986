import Foundation

/// `Tests/Shared`: the repository's copy of the public acceptance scenarios, the
/// check-scenarios tool and the benchmark bodies (`scripts/vendor-shared` keeps it equal to
/// `../shared` where that is beside the clone), so that a clone with nothing beside it runs
/// every test. Tests that need it fail loudly when a file is missing rather than skipping.
enum SharedMaterial {
    /// The repository root (three levels above this file: Support → InsetAPITests → Tests).
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The vendored copy, `Tests/Shared`.
    static let root: URL = repositoryRoot.appendingPathComponent("Tests/Shared")

    /// A path inside `Tests/Shared`, after checking that it exists.
    static func path(_ relative: String) throws -> String {
        let url = root.appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw Missing(path: url.path)
        }
        return url.path
    }

    /// A vendored file is not there.
    struct Missing: Error, CustomStringConvertible {
        var path: String
        var description: String { "\(path) is missing: run scripts/vendor-shared beside ../shared, or restore Tests/Shared" }
    }
}
