import DeviceCatalog
import Foundation
import InsetService
import Testing

/// The public acceptance scenarios (`shared/scenarios`), run by `shared/tools/check-scenarios`
/// against the real service, with every product route, on a loopback port.
@Suite struct ScenarioTests {
    @Test func everyPublicScenarioPasses() throws {
        let tool = try SharedMaterial.path("tools/check-scenarios")
        let scenarios = try SharedMaterial.path("scenarios")
        let live = try LiveServer(routes: ProductRoutes.all(catalog: DeviceCatalog.embedded()))
        defer { live.stop() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", tool, live.baseURL, scenarios]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationStatus == 0, "check-scenarios failed:\n\(text)")
        #expect(text.contains(" 0 failed"), "\(text)")
        #expect(!text.contains("skipped"), "no scenario may be skipped:\n\(text)")
    }
}
