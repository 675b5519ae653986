import Foundation
import Logging
import MicroHTTP
import ServiceKit

/// Why a setting was rejected.
struct SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The setting.
    var setting: Setting
    /// Where the value came from: the flag or the environment variable's name.
    var source: String
    /// The value given.
    var value: String
    /// What a valid value looks like.
    var expected: String

    /// `invalid value 'x' for --port: expected …`.
    var description: String {
        "invalid value '\(value)' for \(source): expected \(expected)"
    }
}

/// The `insetd` command's settings, resolved from flags, then the environment, then the
/// defaults.
struct ServiceSettings: Equatable, Sendable {
    /// Where and how the HTTP server listens.
    var server = HTTPServerConfiguration()
    /// How long `/readyz` answers 503 before the server stops accepting (seconds).
    var drainDelay: Duration = .seconds(5)
    /// How long requests in flight may take to finish after that.
    var drainTimeout: Duration = .seconds(20)
    /// Which origins get CORS headers.
    var cors: CORSPolicy = .anyOrigin
    /// Where the admin listener binds, or nil for none (the default).
    var adminAddress: ListenAddress?
    /// Whether the access log is written.
    var accessLog = true
    /// The level of the service's own log.
    var logLevel: Logger.Level = .info

    /// The defaults.
    init() {}

    /// Resolves every setting: a flag's value wins over the environment, which wins over
    /// the default.
    /// - Parameters:
    ///   - flags: the values given on the command line (repeated `--cors-origin`s joined
    ///     with commas).
    ///   - environment: the process environment.
    init(flags: [Setting: String], environment: [String: String]) throws(SettingsError) {
        self.init()
        for setting in Setting.all {
            let found: (source: String, value: String)?
            if let value = flags[setting] {
                found = (setting.flag, value)
            } else {
                found = setting.environmentNames.lazy.compactMap { name in environment[name].map { (name, $0) } }.first
            }
            guard let (source, value) = found else { continue }
            let trimmed = value.trimmingASCIISpaces().description
            do {
                try setting.read(&self, trimmed)
            } catch {
                throw SettingsError(setting: setting, source: source, value: trimmed, expected: error.expected)
            }
        }
    }

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
