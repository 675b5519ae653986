import Foundation
public import Logging
public import MicroHTTP
import ServiceKit

/// One setting of the `insetd` command: its flag and its environment variables.
public enum Setting: String, CaseIterable, Sendable {
    case host, port, threads, maxBodyBytes, connectionLimit, connectionTimeout, perIPConnectionLimit
    case headerTimeout, inFlightBudgetBytes, adminAddress
    case drainDelay, drainTimeout, corsOrigin, accessLog, logLevel

    /// The command-line flag without its dashes, e.g. `max-body-bytes`.
    public var flagName: String {
        switch self {
        case .host: "host"
        case .port: "port"
        case .threads: "threads"
        case .maxBodyBytes: "max-body-bytes"
        case .connectionLimit: "connection-limit"
        case .connectionTimeout: "connection-timeout"
        case .perIPConnectionLimit: "per-ip-connection-limit"
        case .headerTimeout: "header-timeout"
        case .inFlightBudgetBytes: "in-flight-budget-bytes"
        case .adminAddress: "admin-address"
        case .drainDelay: "drain-delay"
        case .drainTimeout: "drain-timeout"
        case .corsOrigin: "cors-origin"
        case .accessLog: "access-log"
        case .logLevel: "log-level"
        }
    }

    /// The command-line flag, e.g. `--max-body-bytes`.
    public var flag: String { "--" + flagName }

    /// The environment variables read for it, the first found winning: `INSETD_…`, and
    /// for the port also the platform's plain `PORT`.
    public var environmentNames: [String] {
        let name = "INSETD_" + String(flagName.uppercased().map { $0 == "-" ? "_" : $0 })
        return self == .port ? [name, "PORT"] : [name]
    }
}

/// Why a setting was rejected.
public struct SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The setting.
    public var setting: Setting
    /// Where the value came from: the flag or the environment variable's name.
    public var source: String
    /// The value given.
    public var value: String
    /// What a valid value looks like.
    public var expected: String

    /// `invalid value 'x' for --port: expected …`.
    public var description: String {
        "invalid value '\(value)' for \(source): expected \(expected)"
    }
}

/// The `insetd` command's settings, resolved from flags, then the environment, then the
/// defaults.
public struct ServiceSettings: Equatable, Sendable {
    /// Where and how the HTTP server listens.
    public var server = HTTPServerConfiguration()
    /// How long `/readyz` answers 503 before the server stops accepting (seconds).
    public var drainDelay: Duration = .seconds(5)
    /// How long requests in flight may take to finish after that.
    public var drainTimeout: Duration = .seconds(20)
    /// Which origins get CORS headers.
    public var cors: CORSPolicy = .anyOrigin
    /// Where the admin listener binds, or nil for none (the default).
    public var adminAddress: ListenAddress?
    /// Whether the access log is written.
    public var accessLog = true
    /// The level of the service's own log.
    public var logLevel: Logger.Level = .info

    /// The defaults.
    public init() {}

    /// Resolves every setting: a flag's value wins over the environment, which wins over
    /// the default.
    /// - Parameters:
    ///   - flags: the values given on the command line (repeated `--cors-origin`s joined
    ///     with commas).
    ///   - environment: the process environment.
    public init(flags: [Setting: String], environment: [String: String]) throws(SettingsError) {
        self.init()
        for setting in Setting.allCases {
            let found: (source: String, value: String)?
            if let value = flags[setting] {
                found = (setting.flag, value)
            } else {
                found = setting.environmentNames.lazy.compactMap { name in environment[name].map { (name, $0) } }.first
            }
            guard let (source, value) = found else { continue }
            try apply(setting, value.trimmingASCIISpaces().description, source: source)
        }
    }

    private mutating func apply(_ setting: Setting, _ value: String, source: String) throws(SettingsError) {
        func fail(_ expected: String) -> SettingsError {
            SettingsError(setting: setting, source: source, value: value, expected: expected)
        }
        func integer(_ range: ClosedRange<Int>) throws(SettingsError) -> Int {
            guard let number = Int(value), range.contains(number) else {
                throw fail("an integer in \(range.lowerBound)...\(range.upperBound)")
            }
            return number
        }
        switch setting {
        case .host:
            guard !value.isEmpty, !value.contains(" ") else { throw fail("an address or host name") }
            server.host = value
        case .port: server.port = try integer(0...65535)
        case .threads: server.threads = try integer(1...1024)
        case .maxBodyBytes: server.maxBodyBytes = try integer(1...(1 << 30))
        case .connectionLimit: server.connectionLimit = try integer(1...1_000_000)
        case .perIPConnectionLimit: server.perIPConnectionLimit = try integer(0...1_000_000)
        case .connectionTimeout, .headerTimeout:
            guard let duration = Self.duration(value), duration >= .seconds(1), duration.components.attoseconds == 0 else {
                throw fail("whole seconds, at least 1 (e.g. 30 or 30s)")
            }
            if setting == .connectionTimeout {
                server.connectionTimeoutSeconds = Int(duration.components.seconds)
            } else {
                server.headerTimeoutSeconds = Int(duration.components.seconds)
            }
        case .inFlightBudgetBytes: server.inFlightBudgetBytes = try integer(Self.inFlightBudgetRange)
        case .adminAddress:
            guard let address = Self.listenAddress(value) else {
                throw fail("HOST:PORT, e.g. 127.0.0.1:9090, 0.0.0.0:9090 or [::1]:9090")
            }
            // The port is resolved first (`Setting.allCases` order): one port cannot serve both.
            guard address.port == 0 || address.port != server.port else {
                throw fail("a port other than the public port \(server.port)")
            }
            adminAddress = address
        case .drainDelay, .drainTimeout:
            guard let duration = Self.duration(value) else { throw fail("a duration such as 5, 5s, 1.5s or 500ms") }
            if setting == .drainDelay { drainDelay = duration } else { drainTimeout = duration }
        case .corsOrigin:
            let origins = value.split(separator: ",").map { String($0.trimmingASCIISpaces()) }.filter { !$0.isEmpty }
            guard !origins.isEmpty else { throw fail("* or a comma-separated list of origins") }
            cors = origins.contains("*") ? .anyOrigin : .origins(origins)
        case .accessLog:
            switch value.lowercased() {
            case "on", "true", "1": accessLog = true
            case "off", "false", "0": accessLog = false
            default: throw fail("on or off")
            }
        case .logLevel:
            guard let level = Logger.Level(rawValue: value.lowercased()) else {
                throw fail(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))
            }
            logLevel = level
        }
    }

    /// The in-flight budget's range: 1 MiB (a few ordinary answers) to 64 GiB.
    static let inFlightBudgetRange = (1 << 20)...(1 << 36)

    /// Parses `HOST:PORT`: an IPv6 address in brackets (`[::1]:9090`), else a host without
    /// colons (an IPv4 address or a name); the port in 0...65535.
    static func listenAddress(_ text: String) -> ListenAddress? {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        var host = text[..<colon]
        let portText = text[text.index(after: colon)...]
        guard !portText.isEmpty, portText.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let port = Int(portText), (0...65535).contains(port) else {
            return nil
        }
        if host.hasPrefix("[") {
            guard host.hasSuffix("]") else { return nil }
            host = host.dropFirst().dropLast()
            var address = in6_addr()
            guard inet_pton(AF_INET6, String(host), &address) == 1 else { return nil }
        } else {
            guard !host.isEmpty, !host.contains(":"), !host.contains(" ") else { return nil }
        }
        return ListenAddress(host: String(host), port: port)
    }

    /// Parses `5`, `5s`, `1.5s` or `500ms` (not negative, at most a day).
    static func duration(_ text: String) -> Duration? {
        let (number, scale): (Substring, Double) =
            text.hasSuffix("ms") ? (text.dropLast(2), 0.001) : text.hasSuffix("s") ? (text.dropLast(), 1) : (text[...], 1)
        guard let value = Double(number), value.isFinite, value >= 0, value * scale <= 86_400 else { return nil }
        return .milliseconds(Int64((value * scale * 1000).rounded()))
    }
}
