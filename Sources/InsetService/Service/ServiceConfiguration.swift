public import MicroHTTP

/// Which origins get CORS headers.
public enum CORSPolicy: Sendable, Equatable {
    /// `Access-Control-Allow-Origin: *` on every answer.
    case anyOrigin
    /// The request's `Origin` echoed when it is one of these (with `Vary: Origin`); no
    /// CORS headers for any other origin.
    case origins([String])
}

/// Everything an ``InsetService`` is configured with.
public struct ServiceConfiguration: Sendable {
    /// Where and how the HTTP server listens.
    public var server: HTTPServerConfiguration
    /// Which origins get CORS headers.
    public var cors: CORSPolicy
    /// Whether one JSON access-log line is written per request.
    public var accessLog: Bool
    /// The bytes served at `GET /openapi.yaml`.
    public var openAPIDocument: [UInt8]
    /// The version reported by `insetd_build_info`.
    public var version: String
    /// The bytes of answers not yet delivered to their clients above which new product
    /// requests answer 503 `/problems/overloaded` (API.md "Connections and framing").
    public var inFlightBudgetBytes: Int

    /// Creates a configuration.
    /// - Parameters:
    ///   - server: where and how the HTTP server listens.
    ///   - cors: which origins get CORS headers (`*` by default).
    ///   - accessLog: whether to write an access-log line per request.
    ///   - openAPIDocument: the OpenAPI document (YAML) served at `/openapi.yaml`.
    ///   - version: the build's version for `insetd_build_info`.
    ///   - inFlightBudgetBytes: the in-flight answer budget (64 MiB by default).
    public init(
        server: HTTPServerConfiguration = HTTPServerConfiguration(),
        cors: CORSPolicy = .anyOrigin,
        accessLog: Bool = true,
        openAPIDocument: [UInt8] = [],
        version: String = "dev",
        inFlightBudgetBytes: Int = 64 << 20
    ) {
        self.server = server
        self.cors = cors
        self.accessLog = accessLog
        self.openAPIDocument = openAPIDocument
        self.version = version
        self.inFlightBudgetBytes = inFlightBudgetBytes
    }
}
