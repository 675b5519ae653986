import Foundation
import Testing

/// The README's "Layout of the code" table names exactly the package's modules.
@Test func theReadmeModuleTableIsThePackage() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
    let package = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    // Every non-test target, as declared in `targets:` (not as named in a dependency list).
    let declared = try Regex(#"(?m)^ {8}\.(target|executableTarget|systemLibrary)\(\s*name: "([^"]+)""#)
    let modules = package.matches(of: declared).map { String($0.output[2].substring ?? "") }
    let section = try #require(readme.components(separatedBy: "## Layout of the code").last?.components(separatedBy: "\n## ").first)
    let rows = section.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("| `") else { return nil }
        return String(line.dropFirst(3).prefix { $0 != "`" })
    }
    #expect(Set(rows) == Set(modules), "README rows \(rows), Package.swift modules \(modules)")
    #expect(rows.count == modules.count)
}
