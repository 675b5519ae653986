import ArgumentParser
import DeviceCatalog
import Foundation
import InsetAPI
import ServiceKit
import Logging
import MicroHTTP
import ProcessTuning
import ServiceLifecycle
import UnixSignals

/// Runs the service until SIGTERM or SIGINT, then drains and exits 0.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the HTTP service.",
        discussion: Setting.helpText
    )

    /// The settings as given: `--name VALUE` or `--name=VALUE`, names from ``Setting/all``.
    @Argument(parsing: .allUnrecognized, help: "Settings, as listed below.") var options: [String] = []

    func run() async throws {
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

        AllocatorTuning.apply(arenas: HTTPServerConfiguration.availableProcessors)
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
        let lifecycle = service.lifecycleService(drainDelay: settings.drainDelay, drainTimeout: settings.drainTimeout) { port, adminPort in
            let host = ListenAddress.urlHost(settings.server.host)
            FileHandle.standardOutput.write(Data("insetd listening on http://\(host):\(port) (\(settings.server.threads) threads)\n".utf8))
            if let admin = settings.adminAddress, let adminPort {
                FileHandle.standardOutput.write(Data("insetd admin listening on http://\(ListenAddress(host: admin.host, port: adminPort))\n".utf8))
            }
        }
        // SIGTERM and SIGINT start the graceful shutdown: the service drains, then returns.
        // A shell starts background jobs with SIGINT ignored; the group's handler must see it.
        signal(SIGINT, SIG_DFL)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: [ServiceGroupConfiguration.ServiceConfiguration(service: lifecycle)],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        ))
        // Gives freed memory back once the answers in flight have gone (ProcessTuning).
        let trimmer = Trimmer { HTTPServer.bytesInFlight }
        defer { trimmer.stop() }
        do {
            try await group.run()
            logger.notice("stopped", metadata: ["allRequestsFinished": "true"])
        } catch is DrainTimedOut {
            logger.notice("stopped", metadata: ["allRequestsFinished": "false"])
        } catch {
            // The listeners did not start (a port in use, no such address).
            logger.critical("cannot serve", metadata: ["error": "\(error)"])
            throw ExitCode(1)
        }
    }
}
