import ArgumentParser
import Foundation

/// The `insetd` command: `serve` (the default) runs the service, `probe` checks one.
struct Insetd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insetd",
        abstract: "UIKit's layout-inset model as an HTTP JSON service.",
        discussion: "`insetd serve --help` lists the settings.",
        version: "0.1.0",
        subcommands: [Serve.self, Probe.self],
        defaultSubcommand: Serve.self
    )
}

/// The entry point: runs the command, exiting with 2 (not argument-parser's 64) when
/// the command line or the environment holds an invalid setting.
@main
enum Main {
    /// The exit status for invalid configuration.
    static let invalidConfiguration: Int32 = 2

    static func main() async {
        do {
            var command = try Insetd.parseAsRoot()
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            if Insetd.exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((Insetd.fullMessage(for: error) + "\n").utf8))
                exit(invalidConfiguration)
            }
            Insetd.exit(withError: error)
        }
    }
}
