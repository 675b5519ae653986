import ArgumentParser
import Foundation
@testable import insetd
import ServiceKit
import MicroHTTP
import Testing

@Test func defaultsMatchTheContract() throws {
    let settings = try ServiceSettings(flags: [:], environment: [:])
    #expect(settings.server.host == "127.0.0.1")
    #expect(settings.server.port == 8080)
    #expect(settings.server.maxBodyBytes == 1 << 20)
    #expect(settings.server.connectionLimit == 1024)
    #expect(settings.server.connectionTimeoutSeconds == 30)
    #expect(settings.server.perIPConnectionLimit == 0)
    #expect(settings.server.headerTimeoutSeconds == 10)
    #expect(settings.server.inFlightBudgetBytes == 64 << 20)
    #expect(settings.adminAddress == nil)
    #expect(settings.server.threads == HTTPServerConfiguration.defaultThreads)
    #expect(settings.drainDelay == .seconds(5))
    #expect(settings.drainTimeout == .seconds(20))
    #expect(settings.cors == .anyOrigin)
    #expect(settings.accessLog)
    #expect("\(settings.logLevel)" == "info")
}

@Test func flagsAndEnvironmentAreRead() throws {
    let settings = try ServiceSettings(
        flags: [.host: "0.0.0.0", .threads: "3", .corsOrigin: "https://a.example, https://b.example", .drainDelay: "250ms"],
        environment: ["INSETD_PORT": "9000", "INSETD_MAX_BODY_BYTES": "2048", "INSETD_CONNECTION_TIMEOUT": "7s",
                      "INSETD_PER_IP_CONNECTION_LIMIT": "16", "INSETD_DRAIN_TIMEOUT": "1.5", "INSETD_ACCESS_LOG": "off",
                      "INSETD_LOG_LEVEL": "DEBUG", "INSETD_CONNECTION_LIMIT": "10"]
    )
    #expect(settings.server == HTTPServerConfiguration(
        host: "0.0.0.0", port: 9000, threads: 3, maxBodyBytes: 2048, connectionLimit: 10,
        perIPConnectionLimit: 16, connectionTimeoutSeconds: 7
    ))
    #expect(settings.cors == .origins(["https://a.example", "https://b.example"]))
    #expect(settings.drainDelay == .milliseconds(250))
    #expect(settings.drainTimeout == .milliseconds(1500))
    #expect(!settings.accessLog)
    #expect("\(settings.logLevel)" == "debug")
}

@Test func flagsWinOverTheEnvironment() throws {
    let environment = ["INSETD_PORT": "9000", "PORT": "7000", "INSETD_HOST": "0.0.0.0"]
    #expect(try ServiceSettings(flags: [.port: "1234"], environment: environment).server.port == 1234)
    #expect(try ServiceSettings(flags: [:], environment: environment).server.port == 9000)
    #expect(try ServiceSettings(flags: [:], environment: ["PORT": "7000"]).server.port == 7000)
    #expect(try ServiceSettings(flags: [.host: "::1"], environment: environment).server.host == "::1")
    #expect(try ServiceSettings(flags: [.corsOrigin: "*"], environment: ["INSETD_CORS_ORIGIN": "https://a.example"]).cors == .anyOrigin)
}

@Test func newerLimitsAreRead() throws {
    let settings = try ServiceSettings(
        flags: [.headerTimeout: "4s", .adminAddress: "0.0.0.0:9090"],
        environment: ["INSETD_IN_FLIGHT_BUDGET_BYTES": "16777216", "INSETD_HEADER_TIMEOUT": "60", "INSETD_ADMIN_ADDRESS": "127.0.0.1:1"]
    )
    #expect(settings.server.headerTimeoutSeconds == 4)
    #expect(settings.server.inFlightBudgetBytes == 16 << 20)
    #expect(settings.adminAddress == ListenAddress(host: "0.0.0.0", port: 9090))
    let fromEnvironment = try ServiceSettings(flags: [:], environment: ["INSETD_HEADER_TIMEOUT": "60", "INSETD_ADMIN_ADDRESS": " [::1]:9090 "])
    #expect(fromEnvironment.server.headerTimeoutSeconds == 60)
    #expect(fromEnvironment.adminAddress == ListenAddress(host: "::1", port: 9090))
}

@Test(arguments: [
    ("127.0.0.1:9090", ListenAddress(host: "127.0.0.1", port: 9090)),
    ("0.0.0.0:0", ListenAddress(host: "0.0.0.0", port: 0)),
    ("[::1]:9090", ListenAddress(host: "::1", port: 9090)),
    ("[::]:65535", ListenAddress(host: "::", port: 65535)),
    ("localhost:9091", ListenAddress(host: "localhost", port: 9091)),
])
func adminAddressForms(text: String, address: ListenAddress) throws {
    #expect(try ServiceSettings(flags: [.adminAddress: text], environment: [:]).adminAddress == address)
}

@Test func adminPortMustDifferFromThePublicOne() throws {
    #expect {
        try ServiceSettings(flags: [.adminAddress: "0.0.0.0:8080"], environment: [:])
    } throws: { error in
        (error as? SettingsError)?.description == "invalid value '0.0.0.0:8080' for --admin-address: expected a port other than the public port 8080"
    }
    #expect(throws: SettingsError.self) { try ServiceSettings(flags: [.adminAddress: "[::1]:7000"], environment: ["PORT": "7000"]) }
    // Two ephemeral ports never collide.
    #expect(try ServiceSettings(flags: [.port: "0", .adminAddress: "127.0.0.1:0"], environment: [:]).adminAddress?.port == 0)
}

@Test(arguments: [
    (Setting.port, "65536"), (.port, "http"), (.threads, "0"), (.maxBodyBytes, "-1"), (.connectionTimeout, "0.5"),
    (.connectionTimeout, "abc"), (.drainDelay, "-1s"), (.drainTimeout, "forever"), (.accessLog, "maybe"),
    (.logLevel, "loud"), (.corsOrigin, ","), (.host, ""), (.perIPConnectionLimit, "-3"), (.connectionLimit, "0"),
    (.headerTimeout, "0"), (.headerTimeout, "2.5s"), (.headerTimeout, "500ms"), (.headerTimeout, "soon"),
    (.inFlightBudgetBytes, "1048575"), (.inFlightBudgetBytes, "68719476737"), (.inFlightBudgetBytes, "64Mi"),
    (.adminAddress, "9090"), (.adminAddress, ":9090"), (.adminAddress, "127.0.0.1:"), (.adminAddress, "127.0.0.1:65536"),
    (.adminAddress, "127.0.0.1:-1"), (.adminAddress, "127.0.0.1:90a"), (.adminAddress, "::1:9090"), (.adminAddress, "[::1]"),
    (.adminAddress, "[::1:9090"), (.adminAddress, "[nope]:9090"), (.adminAddress, "[127.0.0.1]:9090"), (.adminAddress, "a b:9090"),
    (.adminAddress, ""),
])
func invalidValuesAreRejected(setting: Setting, value: String) {
    #expect(throws: SettingsError.self) { try ServiceSettings(flags: [setting: value], environment: [:]) }
    let environmentName = setting.environmentNames[0]
    #expect {
        try ServiceSettings(flags: [:], environment: [environmentName: value])
    } throws: { error in
        (error as? SettingsError)?.source == environmentName
    }
}

@Test func settingNames() {
    #expect(Setting.perIPConnectionLimit.flag == "--per-ip-connection-limit")
    #expect(Setting.perIPConnectionLimit.environmentNames == ["INSETD_PER_IP_CONNECTION_LIMIT"])
    #expect(Setting.port.environmentNames == ["INSETD_PORT", "PORT"])
    #expect(Setting.maxBodyBytes.flag == "--max-body-bytes")
    #expect(Setting.headerTimeout.environmentNames == ["INSETD_HEADER_TIMEOUT"])
    #expect(Setting.adminAddress.flag == "--admin-address")
    #expect(Setting.adminAddress.environmentNames == ["INSETD_ADMIN_ADDRESS"])
    #expect(Setting.inFlightBudgetBytes.environmentNames == ["INSETD_IN_FLIGHT_BUDGET_BYTES"])
}

/// The built `insetd` next to the test bundle, when `swift build` has built it.
private var insetdBinary: URL? {
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidate = products.appendingPathComponent("insetd")
    return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
}

private func run(_ binary: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> Int32 {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = environment
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

@Test(.enabled(if: insetdBinary != nil, "needs the insetd executable built next to the tests (swift build)"))
func invalidConfigurationExitsWith2() throws {
    let binary = try #require(insetdBinary)
    #expect(try run(binary, ["--port", "99999"]) == 2)
    #expect(try run(binary, ["--access-log", "sometimes"]) == 2)
    #expect(try run(binary, [], environment: ["INSETD_THREADS": "none"]) == 2)
    #expect(try run(binary, ["--no-such-flag"]) == 2)
    #expect(try run(binary, ["--admin-address", "9090"]) == 2)
    #expect(try run(binary, [], environment: ["INSETD_HEADER_TIMEOUT": "0"]) == 2)
    #expect(try run(binary, ["probe", "--url", "http://127.0.0.1:1/healthz"]) == 1)
}

/// The README's configuration table, as (flag, default) pairs in its order.
private func readmeSettings() throws -> [(flag: String, defaultText: String)] {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")
    return try String(contentsOf: readme, encoding: .utf8).split(separator: "\n").compactMap { line in
        guard line.hasPrefix("| `--") else { return nil }
        let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        let flag = cells[0].dropFirst().prefix { $0 != "`" && $0 != " " }
        return (String(flag), cells[1])
    }
}

@Test func theReadmeTableIsTheSettingsTable() throws {
    let rows = try readmeSettings()
    #expect(rows.map(\.flag) == Setting.all.map(\.flag))
    #expect(rows.map(\.defaultText) == Setting.all.map(\.defaultText))
}

@Test(arguments: Setting.all.filter { $0.defaultValue != nil })
func theStatedDefaultIsTheDefault(setting: Setting) throws {
    let value = try #require(setting.defaultValue)
    #expect(try ServiceSettings(flags: [setting: value], environment: [:]) == ServiceSettings())
}

@Test func theCommandLineIsReadByTheTable() throws {
    let flags = try Setting.flags(in: ["--port=0", "--cors-origin", "https://a.example", "--cors-origin=https://b.example", "--threads", "2", "--threads", "3"])
    #expect(flags == [.port: "0", .corsOrigin: "https://a.example,https://b.example", .threads: "3"])
    #expect(throws: ValidationError.self) { try Setting.flags(in: ["--no-such-flag", "1"]) }
    #expect(throws: ValidationError.self) { try Setting.flags(in: ["--port"]) }
    #expect(throws: ValidationError.self) { try Setting.flags(in: ["8080"]) }
    #expect(Setting.helpText.contains("--in-flight-budget-bytes VALUE: "))
}
