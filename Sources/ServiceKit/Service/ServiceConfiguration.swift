public import CoreMetrics
public import MicroHTTP

/// Which origins get CORS headers.
public enum CORSPolicy: Sendable, Equatable {
    /// `Access-Control-Allow-Origin: *` on every answer.
    case anyOrigin
    /// The request's `Origin` echoed when it is one of these (with `Vary: Origin`); no
    /// CORS headers for any other origin.
    case origins([String])
}

/// A listening address: a host (a numeric IPv4 or IPv6 address or a name) and a TCP port.
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    /// The address or host name to bind, e.g. `127.0.0.1`, `0.0.0.0`, `::1`.
    public var host: String
    /// The TCP port; 0 binds an ephemeral port.
    public var port: Int

    /// Creates an address.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// `HOST:PORT`, with an IPv6 address in brackets (`[::1]:9090`).
    public var description: String { "\(Self.urlHost(host)):\(port)" }

    /// The host as a URL writes it: an IPv6 address in brackets.
    public static func urlHost(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }
}

/// Everything an ``HTTPService`` is configured with.
public struct ServiceConfiguration: Sendable {
    /// Where and how the HTTP server listens; its in-flight budget is also the one beyond
    /// which product requests answer 503 `/problems/overloaded`.
    public var server: HTTPServerConfiguration
    /// Which origins get CORS headers.
    public var cors: CORSPolicy
    /// Whether one JSON access-log line is written per request.
    public var accessLog: Bool
    /// The bytes served at `GET /openapi.yaml`.
    public var openAPIDocument: [UInt8]
    /// The version reported by `insetd_build_info`.
    public var version: String
    /// Where the admin listener binds (`/healthz`, `/readyz` and `/metrics` only, with a
    /// connection budget of its own), or nil for none. With one, `/metrics` is not served
    /// on the public port.
    public var adminAddress: ListenAddress?
    /// Where the request metrics go besides the registry `/metrics` renders (an
    /// OpenTelemetry exporter's swift-metrics factory, say), or nil for nowhere else.
    public var metricsFactory: (any MetricsFactory)?

    /// Creates a configuration.
    /// - Parameters:
    ///   - server: where and how the HTTP server listens.
    ///   - cors: which origins get CORS headers (`*` by default).
    ///   - accessLog: whether to write an access-log line per request.
    ///   - openAPIDocument: the OpenAPI document (YAML) served at `/openapi.yaml`.
    ///   - version: the build's version for `insetd_build_info`.
    ///   - adminAddress: where the admin listener binds (none by default).
    ///   - metricsFactory: where the request metrics go besides `/metrics` (nowhere by default).
    public init(
        server: HTTPServerConfiguration = HTTPServerConfiguration(),
        cors: CORSPolicy = .anyOrigin,
        accessLog: Bool = true,
        openAPIDocument: [UInt8] = [],
        version: String = "dev",
        adminAddress: ListenAddress? = nil,
        metricsFactory: (any MetricsFactory)? = nil
    ) {
        self.server = server
        self.cors = cors
        self.accessLog = accessLog
        self.openAPIDocument = openAPIDocument
        self.version = version
        self.adminAddress = adminAddress
        self.metricsFactory = metricsFactory
    }

    /// The admin listener's server settings, or nil without ``adminAddress``: one thread
    /// and 16 connections (probes and a scraper need no more, and a budget of its own
    /// means a full public table never starves them), GET-sized bodies, and the public
    /// server's deadlines.
    public var adminServer: HTTPServerConfiguration? {
        adminAddress.map { address in
            HTTPServerConfiguration(
                host: address.host, port: address.port, threads: 1, maxBodyBytes: 4096,
                connectionLimit: 16, perIPConnectionLimit: 0,
                connectionTimeoutSeconds: server.connectionTimeoutSeconds,
                headerTimeoutSeconds: server.headerTimeoutSeconds, evictsBusyConnections: true
            )
        }
    }
}
