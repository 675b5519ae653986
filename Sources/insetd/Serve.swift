import ArgumentParser
import DeviceCatalog
import Foundation
import InsetAPI
import ServiceKit
import Logging
import MicroHTTP
import ProcessTuning

/// Runs the service until SIGTERM or SIGINT, then drains and exits 0.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the HTTP service.",
        discussion: Setting.helpText
    )

    /// The settings as given: `--name VALUE` or `--name=VALUE`, names from ``Setting/all``.
    @Argument(parsing: .allUnrecognized, help: "Settings, as listed below.") var options: [String] = []

    func run() throws {
        let flags = try Setting.flags(in: options)
        let settings: ServiceSettings
        do {
            settings = try ServiceSettings(flags: flags, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError(error.description)
        }
        LoggingSystem.bootstrap { label in
            var handler = JSONLogHandler(label: label)
            handler.logLevel = settings.logLevel
            return handler
        }
        let logger = Logger(label: "insetd")

        // Blocked before the server's threads exist, so that they inherit the mask and
        // the signals reach only the sigwait below.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        AllocatorTuning.apply()
        let catalog: DeviceCatalog
        do {
            catalog = try DeviceCatalog.embedded()
        } catch {
            logger.critical("device registry does not load", metadata: ["error": "\(error)"])
            throw ExitCode(1)
        }
        let service = HTTPService(
            configuration: ServiceConfiguration(
                server: settings.server, cors: settings.cors, accessLog: settings.accessLog,
                openAPIDocument: Array(EmbeddedOpenAPI.yaml.utf8), version: Insetd.configuration.version,
                adminAddress: settings.adminAddress
            ),
            routes: ProductRoutes.all(catalog: catalog),
            accessLog: AccessLog()
        )
        let boundPort = try service.start()
        let host = ListenAddress.urlHost(settings.server.host)
        FileHandle.standardOutput.write(Data("insetd listening on http://\(host):\(boundPort) (\(settings.server.threads) threads)\n".utf8))
        if let admin = settings.adminAddress, let adminPort = service.adminPort {
            let bound = ListenAddress(host: admin.host, port: adminPort)
            FileHandle.standardOutput.write(Data("insetd admin listening on http://\(bound)\n".utf8))
        }

        var received: Int32 = 0
        sigwait(&signals, &received)
        logger.notice("draining", metadata: ["signal": .stringConvertible(received)])
        let finished = service.shutdown(drainDelay: settings.drainDelay, drainTimeout: settings.drainTimeout)
        logger.notice("stopped", metadata: ["allRequestsFinished": .stringConvertible(finished)])
    }
}
