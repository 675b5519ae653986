import ArgumentParser
import Foundation
import Logging
import MicroHTTP
import ServiceKit

/// One setting of the `insetd` command, stated once: the table ``Setting/all`` drives the
/// command line (`--name VALUE`), the environment (`INSETD_NAME`), the accepted values,
/// `insetd --help` and the README's configuration table (a test compares them).
struct Setting: Hashable, Sendable, CustomStringConvertible {
    /// The flag without its dashes, e.g. `max-body-bytes`.
    let name: String
    /// The default as `--help` and the README write it.
    let defaultText: String
    /// A flag value equal to the default (nil where the default is worked out at start or
    /// is "none"): applying it to the defaults changes nothing, which a test checks.
    let defaultValue: String?
    /// What it does, one line for `--help`.
    let help: String
    /// Reads a value into the settings, or says what a valid one looks like.
    let read: @Sendable (inout ServiceSettings, String) throws(SettingValueError) -> Void

    /// The command-line flag, e.g. `--max-body-bytes`.
    var flag: String { "--" + name }

    /// The environment variables read for it, the first found winning: `INSETD_…`, and
    /// for the port also the platform's plain `PORT`.
    var environmentNames: [String] {
        let variable = "INSETD_" + String(name.uppercased().map { $0 == "-" ? "_" : $0 })
        return self == .port ? [variable, "PORT"] : [variable]
    }

    var description: String { flag }

    static func == (lhs: Setting, rhs: Setting) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// What a valid value of a setting looks like (the setting and the source are added by
/// ``ServiceSettings/init(flags:environment:)``).
struct SettingValueError: Error {
    let expected: String
}

extension Setting {
    /// Every setting, in the order they are resolved (the admin address after the port it
    /// must differ from) and listed.
    static let all: [Setting] = [
        host, port, threads, connectionLimit, perIPConnectionLimit, headerTimeout, connectionTimeout, maxBodyBytes,
        inFlightBudgetBytes, adminAddress, drainDelay, drainTimeout, corsOrigin, accessLog, logLevel,
    ]

    static let host = Setting(name: "host", defaultText: "`127.0.0.1`", defaultValue: "127.0.0.1", help: "the address to bind") { settings, value throws(SettingValueError) in
        guard !value.isEmpty, !value.contains(" ") else { throw SettingValueError(expected: "an address or host name") }
        settings.server.host = value
    }
    static let port = Setting(name: "port", defaultText: "8080", defaultValue: "8080", help: "TCP port; 0 picks a free one") { settings, value throws(SettingValueError) in
        settings.server.port = try integer(value, in: 0...65535)
    }
    static let threads = Setting(name: "threads", defaultText: "two per core the process may use", defaultValue: nil, help: "server threads") { settings, value throws(SettingValueError) in
        settings.server.threads = try integer(value, in: 1...1024)
    }
    static let maxBodyBytes = Setting(name: "max-body-bytes", defaultText: "1048576 (1 MiB)", defaultValue: "1048576", help: "the largest request body in bytes") { settings, value throws(SettingValueError) in
        settings.server.maxBodyBytes = try integer(value, in: 1...(1 << 30))
    }
    static let connectionLimit = Setting(name: "connection-limit", defaultText: "1024", defaultValue: "1024", help: "the most open connections") { settings, value throws(SettingValueError) in
        settings.server.connectionLimit = try integer(value, in: 1...1_000_000)
    }
    static let connectionTimeout = Setting(name: "connection-timeout", defaultText: "30 s (whole seconds)", defaultValue: "30", help: "seconds a body has to arrive after its header, and idle connections live") { settings, value throws(SettingValueError) in
        settings.server.connectionTimeoutSeconds = try wholeSeconds(value)
    }
    static let perIPConnectionLimit = Setting(name: "per-ip-connection-limit", defaultText: "0 (off)", defaultValue: "0", help: "the most connections per client address; 0 for no limit") { settings, value throws(SettingValueError) in
        settings.server.perIPConnectionLimit = try integer(value, in: 0...1_000_000)
    }
    static let headerTimeout = Setting(name: "header-timeout", defaultText: "10 s (whole seconds)", defaultValue: "10", help: "seconds a connection has to send a complete request header") { settings, value throws(SettingValueError) in
        settings.server.headerTimeoutSeconds = try wholeSeconds(value)
    }
    /// The in-flight budget's range: 1 MiB (a few ordinary answers) to 64 GiB.
    static let inFlightBudgetRange = (1 << 20)...(1 << 36)
    static let inFlightBudgetBytes = Setting(name: "in-flight-budget-bytes", defaultText: "67108864 (64 MiB)", defaultValue: "67108864", help: "bytes held for clients above which new requests answer 503") { settings, value throws(SettingValueError) in
        settings.server.inFlightBudgetBytes = try integer(value, in: inFlightBudgetRange)
    }
    static let adminAddress = Setting(name: "admin-address", defaultText: "none", defaultValue: nil, help: "HOST:PORT of a second listener for /healthz, /readyz and /metrics only") { settings, value throws(SettingValueError) in
        guard let address = ServiceSettings.listenAddress(value) else {
            throw SettingValueError(expected: "HOST:PORT, e.g. 127.0.0.1:9090, 0.0.0.0:9090 or [::1]:9090")
        }
        // The port is resolved first (`all`'s order): one port cannot serve both.
        guard address.port == 0 || address.port != settings.server.port else {
            throw SettingValueError(expected: "a port other than the public port \(settings.server.port)")
        }
        settings.adminAddress = address
    }
    static let drainDelay = Setting(name: "drain-delay", defaultText: "5 s", defaultValue: "5s", help: "how long /readyz answers 503 before the server stops accepting") { settings, value throws(SettingValueError) in
        settings.drainDelay = try duration(value)
    }
    static let drainTimeout = Setting(name: "drain-timeout", defaultText: "20 s", defaultValue: "20s", help: "how long requests in flight may take to finish on shutdown") { settings, value throws(SettingValueError) in
        settings.drainTimeout = try duration(value)
    }
    static let corsOrigin = Setting(name: "cors-origin", defaultText: "`*`", defaultValue: "*", help: "the origins that get CORS headers; repeat or comma-separate; * for any") { settings, value throws(SettingValueError) in
        let origins = value.split(separator: ",").map { String($0.trimmingASCIISpaces()) }.filter { !$0.isEmpty }
        guard !origins.isEmpty else { throw SettingValueError(expected: "* or a comma-separated list of origins") }
        settings.cors = origins.contains("*") ? .anyOrigin : .origins(origins)
    }
    static let accessLog = Setting(name: "access-log", defaultText: "on", defaultValue: "on", help: "on or off: one JSON line per request on stdout") { settings, value throws(SettingValueError) in
        switch value.lowercased() {
        case "on", "true", "1": settings.accessLog = true
        case "off", "false", "0": settings.accessLog = false
        default: throw SettingValueError(expected: "on or off")
        }
    }
    static let logLevel = Setting(name: "log-level", defaultText: "info", defaultValue: "info", help: "the service's own log level") { settings, value throws(SettingValueError) in
        guard let level = Logger.Level(rawValue: value.lowercased()) else {
            throw SettingValueError(expected: Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))
        }
        settings.logLevel = level
    }

    private static func integer(_ value: String, in range: ClosedRange<Int>) throws(SettingValueError) -> Int {
        guard let number = Int(value), range.contains(number) else {
            throw SettingValueError(expected: "an integer in \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }

    private static func wholeSeconds(_ value: String) throws(SettingValueError) -> Int {
        guard let duration = ServiceSettings.duration(value), duration >= .seconds(1), duration.components.attoseconds == 0 else {
            throw SettingValueError(expected: "whole seconds, at least 1 (e.g. 30 or 30s)")
        }
        return Int(duration.components.seconds)
    }

    private static func duration(_ value: String) throws(SettingValueError) -> Duration {
        guard let duration = ServiceSettings.duration(value) else {
            throw SettingValueError(expected: "a duration such as 5, 5s, 1.5s or 500ms")
        }
        return duration
    }
}

extension Setting {
    /// `insetd --help`'s list of settings, from the table.
    static var helpText: String {
        let lines = all.map { setting in
            "--\(setting.name) VALUE: \(setting.help) (default \(setting.defaultText.replacingOccurrences(of: "`", with: "")))"
        }
        return (["Settings, each also read from the environment as INSETD_<NAME> (the port also as PORT); flags win:"] + lines)
            .joined(separator: "\n")
    }

    /// The values given on the command line, by setting: `--name VALUE` or `--name=VALUE`;
    /// a repeated `--cors-origin` is one comma-separated list, any other repeated flag's
    /// last value wins.
    static func flags(in arguments: [String]) throws(ValidationError) -> [Setting: String] {
        var flags: [Setting: String] = [:]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else { throw ValidationError("unexpected argument '\(argument)'") }
            var name = String(argument.dropFirst(2))
            var value: String
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            } else {
                guard index < arguments.count else { throw ValidationError("missing value for '\(argument)'") }
                value = arguments[index]
                index += 1
            }
            guard let setting = all.first(where: { $0.name == name }) else { throw ValidationError("unknown option '--\(name)'") }
            if setting == .corsOrigin, let earlier = flags[setting] { value = earlier + "," + value }
            flags[setting] = value
        }
        return flags
    }
}
