import ArgumentParser
import DeviceCatalog
import Foundation
import InsetService
import Logging
import MicroHTTP
import ProcessTuning

/// Runs the service until SIGTERM or SIGINT, then drains and exits 0.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the HTTP service.",
        discussion: "Every option can also be set through the environment (INSETD_HOST, INSETD_PORT or PORT, INSETD_THREADS, …); flags win."
    )

    @Option(help: "Address to bind (default 127.0.0.1).") var host: String?
    @Option(help: "TCP port; 0 picks a free one (default 8080).") var port: String?
    @Option(help: "Server threads (default: two per available core).") var threads: String?
    @Option(help: "Largest request body in bytes (default 1048576).") var maxBodyBytes: String?
    @Option(help: "Most open connections (default 1024).") var connectionLimit: String?
    @Option(help: "Idle/stalled connection timeout, whole seconds (default 30).") var connectionTimeout: String?
    @Option(help: "Most connections per client IP; 0 = no limit (default 0).") var perIpConnectionLimit: String?
    @Option(help: "Seconds a connection has to send a complete request header, whole seconds (default 10).") var headerTimeout: String?
    @Option(help: "Bytes of request bodies and undelivered answers above which new requests answer 503 (default 67108864).") var inFlightBudgetBytes: String?
    @Option(help: "HOST:PORT of a second listener for /healthz, /readyz and /metrics only, e.g. 0.0.0.0:9090 or [::1]:9090 (default: none).") var adminAddress: String?
    @Option(help: "How long /readyz answers 503 before the server stops accepting (default 5s).") var drainDelay: String?
    @Option(help: "How long requests in flight may take to finish on shutdown (default 20s).") var drainTimeout: String?
    @Option(help: "Allowed CORS origin; repeat or comma-separate; * for any (default *).") var corsOrigin: [String] = []
    @Option(help: "on or off (default on).") var accessLog: String?
    @Option(help: "trace, debug, info, notice, warning, error or critical (default info).") var logLevel: String?

    func run() throws {
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

        AllocatorTuning.apply(arenas: HTTPServerConfiguration.availableProcessors)
        let catalog: DeviceCatalog
        do {
            catalog = try DeviceCatalog.embedded()
        } catch {
            logger.critical("device registry does not load", metadata: ["error": "\(error)"])
            throw ExitCode(1)
        }
        let service = InsetService(
            configuration: ServiceConfiguration(
                server: settings.server, cors: settings.cors, accessLog: settings.accessLog,
                openAPIDocument: Array(EmbeddedOpenAPI.yaml.utf8), version: Insetd.configuration.version,
                adminAddress: settings.adminAddress
            ),
            routes: ProductRoutes.all(catalog: catalog),
            accessLog: AccessLog()
        )
        let boundPort = try service.start()
        let trimmer = Trimmer { HTTPServer.bytesInFlight }
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
        trimmer.stop()
        logger.notice("stopped", metadata: ["allRequestsFinished": .stringConvertible(finished)])
    }

    /// The values given on the command line, by setting.
    private var flags: [Setting: String] {
        var flags: [Setting: String] = [:]
        flags[.host] = host
        flags[.port] = port
        flags[.threads] = threads
        flags[.maxBodyBytes] = maxBodyBytes
        flags[.connectionLimit] = connectionLimit
        flags[.connectionTimeout] = connectionTimeout
        flags[.perIPConnectionLimit] = perIpConnectionLimit
        flags[.headerTimeout] = headerTimeout
        flags[.inFlightBudgetBytes] = inFlightBudgetBytes
        flags[.adminAddress] = adminAddress
        flags[.drainDelay] = drainDelay
        flags[.drainTimeout] = drainTimeout
        flags[.corsOrigin] = corsOrigin.isEmpty ? nil : corsOrigin.joined(separator: ",")
        flags[.accessLog] = accessLog
        flags[.logLevel] = logLevel
        return flags
    }
}
