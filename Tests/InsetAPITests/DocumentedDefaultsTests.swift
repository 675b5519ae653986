import Foundation
import InsetEngine
import Testing

/// openapi.yaml states the defaults the engine states once (`SystemVersion`,
/// `DeviceFamily.defaultOrientation`): a change to one is a change to the other.
@Suite struct DocumentedDefaultsTests {
    static let document: String = {
        let url = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appending(path: "openapi.yaml")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The lines of the component schema or parameter `name` (indented four spaces) up to the next one.
    func block(_ name: String, after section: String) -> [Substring] {
        let lines = Self.document.split(separator: "\n", omittingEmptySubsequences: false)
        guard let sectionStart = lines.firstIndex(of: Substring("  \(section):")),
              let start = lines[sectionStart...].firstIndex(of: Substring("    \(name):")) else { return [] }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { $0.hasPrefix("    ") && !$0.hasPrefix("     ") } ?? rest.endIndex
        return Array(rest[..<end])
    }

    func value(_ key: String, in lines: [Substring]) -> Double? {
        lines.first { $0.hasPrefix("      \(key): ") }.flatMap { Double($0.dropFirst(key.count + 8)) }
    }

    @Test("The SystemVersion schema's default, minimum and limits are SystemVersion's")
    func systemVersion() {
        let schema = block("SystemVersion", after: "schemas")
        #expect(value("default", in: schema) == SystemVersion.default)
        #expect(value("minimum", in: schema) == SystemVersion.minimum)
        #expect(value("exclusiveMaximum", in: schema) == SystemVersion.latest + 1)
        #expect(schema.contains("      not: {minimum: 19, exclusiveMaximum: \(Int(SystemVersion.afterEighteen))}"))
        // Every reader of a version uses that schema: the query parameter and the bodies.
        let reference = ##"schema: {$ref: "#/components/schemas/SystemVersion"}"##
        #expect(block("SystemVersion", after: "parameters").contains { $0.contains(reference) })
        #expect(!Self.document.contains("default: 18"))
        let details = [SystemVersion.Refusal.belowMinimum, .newerThanLatest, .noSuchRelease].map(\.detail)
        let flattened = schema.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        for detail in details { #expect(flattened.contains(detail), "\(detail)") }
    }

    @Test("The default orientation: portrait, landscapeLeft on tvOS, as LayoutRequest's orientation says")
    func orientation() {
        #expect(DeviceFamily.iphone.defaultOrientation == .portrait)
        #expect(DeviceFamily.ipad.defaultOrientation == .portrait)
        #expect(DeviceFamily.tv.defaultOrientation == .landscapeLeft)
        let layout = block("LayoutRequest", after: "schemas").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(layout.contains("Default `\(DeviceFamily.iphone.defaultOrientation.rawValue)`; on tvOS `\(DeviceFamily.tv.defaultOrientation.rawValue)`"))
    }
}
