import Foundation

/// `shared/` as CI has it: beside the clone (`<clone>/../shared`). Tests that need it
/// fail loudly when it is missing rather than skipping.
enum SharedMaterial {
    /// The repository root (three levels above this file: Support → InsetAPITests → Tests).
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The `shared/` folder beside the clone.
    static let root: URL = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// A path inside `shared/`, after checking that it exists.
    static func path(_ relative: String) throws -> String {
        let url = root.appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw Missing(path: url.path)
        }
        return url.path
    }

    /// `shared/` (or a file in it) is not where CI puts it.
    struct Missing: Error, CustomStringConvertible {
        var path: String
        var description: String { "\(path) is missing: the tests need shared/ beside the clone, as CI has it" }
    }
}
