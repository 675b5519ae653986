import DeviceCatalog
import Foundation
import InsetAPI
import ServiceKit
import ServiceTestSupport
import Testing

/// The public acceptance scenarios (`Tests/Shared/scenarios`, the copy of `shared/scenarios`),
/// run by its `tools/check-scenarios`
/// against the real service, with every product route, on a loopback port.
@Suite struct ScenarioTests {
    /// The public scenarios of features whose issue has not landed yet, by exact name
    /// (`scripts/pending-scenarios.txt`, which the scripts that send scenarios read too).
    static var pending: [String] {
        get throws {
            let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../scripts/pending-scenarios.txt").standardizedFileURL
            return try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
        }
    }

    /// `pending` as check-scenarios' `--skip` expression: each name whole, nothing else.
    static func skipExpression(_ pending: [String]) -> String {
        "^(" + pending.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|") + ")$"
    }

    @Test func everyPublicScenarioPasses() throws {
        let pending = try Self.pending
        let tool = try SharedMaterial.path("tools/check-scenarios")
        let scenarios = try SharedMaterial.path("scenarios")
        let live = try LiveServer(routes: ProductRoutes.all(catalog: DeviceCatalog.embedded()))
        defer { live.stop() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", tool] + (pending.isEmpty ? [] : ["--skip", Self.skipExpression(pending)]) + [live.baseURL, scenarios]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationStatus == 0, "check-scenarios failed:\n\(text)")
        #expect(text.contains(" 0 failed"), "\(text)")
        if pending.isEmpty {
            #expect(!text.contains("skipped"), "no scenario may be skipped:\n\(text)")
        } else {
            #expect(text.contains(", \(pending.count) skipped"), "exactly the pending scenarios are skipped:\n\(text)")
        }
    }
}
