import Foundation
import PackagePlugin

/// Embeds resource files into the target as Swift source, so that the binary is
/// self-contained (SwiftPM's resources on Linux live beside the executable, not in it).
///
/// - A target with a `Devices/` folder gets `EmbeddedDevices.swift`: the text of every
///   `Devices/*.json` file. The folder is listed on every build, so a new file is picked
///   up with no other change.
/// - The target `InsetAPI` gets `EmbeddedOpenAPI.swift`: the package root's
///   `openapi.yaml`; and `EmbeddedPlayground.swift`: every file of its
///   `Playground/Assets/` folder (the playground's HTML, CSS and JavaScript) and the
///   package's `clients/js/insetd.js` (the API client the playground imports).
///
/// Every embedded file is declared as an input, so an edit regenerates the source.
@main
struct EmbedResources: BuildToolPlugin {
    /// Returns the generation commands for `target` (none for targets with nothing to embed).
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "EmbedResourcesTool").url
        var commands: [Command] = []

        let devices = target.directoryURL.appending(path: "Devices", directoryHint: .isDirectory)
        if FileManager.default.fileExists(atPath: devices.path) {
            let files = try FileManager.default
                .contentsOfDirectory(at: devices, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "json" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
            let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedDevices.swift")
            commands.append(.buildCommand(
                displayName: "Embedding \(files.count) device files into \(target.name)",
                executable: tool,
                arguments: ["devices", output.path] + files.map(\.path),
                inputFiles: [devices] + files,
                outputFiles: [output]
            ))
        }

        if target.name == "InsetAPI" {
            let yaml = context.package.directoryURL.appending(path: "openapi.yaml")
            let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedOpenAPI.swift")
            commands.append(.buildCommand(
                displayName: "Embedding openapi.yaml into \(target.name)",
                executable: tool,
                arguments: ["openapi", output.path, yaml.path],
                inputFiles: [yaml],
                outputFiles: [output]
            ))
            let assets = target.directoryURL.appending(path: "Playground/Assets", directoryHint: .isDirectory)
            // The JavaScript client is served beside them (`/insetd.js`), as it is.
            let client = context.package.directoryURL.appending(path: "clients/js/insetd.js")
            let files = try (FileManager.default
                .contentsOfDirectory(at: assets, includingPropertiesForKeys: nil)
                .filter { !$0.lastPathComponent.hasPrefix(".") } + [client])
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
            let playground = context.pluginWorkDirectoryURL.appending(path: "EmbeddedPlayground.swift")
            commands.append(.buildCommand(
                displayName: "Embedding \(files.count) playground files into \(target.name)",
                executable: tool,
                arguments: ["playground", playground.path] + files.map(\.path),
                inputFiles: [assets] + files,
                outputFiles: [playground]
            ))
        }
        return commands
    }
}
