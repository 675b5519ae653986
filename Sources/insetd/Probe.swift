import ArgumentParser
import Foundation
import MicroHTTP

/// A health check for containers without curl: `GET` a URL over a plain socket, exit 0
/// on 200 and 1 otherwise.
struct Probe: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Exit 0 if GET <url> answers 200, else 1.")

    @Option(help: "The URL to check (default: http://127.0.0.1:$INSETD_PORT or $PORT or 8080/healthz).")
    var url: String?

    @Option(help: "Seconds to wait for the answer.")
    var timeout: Double = 3

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let port = environment["INSETD_PORT"] ?? environment["PORT"] ?? "8080"
        let target = url ?? "http://127.0.0.1:\(port)/healthz"
        guard let components = URLComponents(string: target), components.scheme == "http", let host = components.host else {
            throw ValidationError("--url must be an http:// URL, got '\(target)'")
        }
        var path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { path += "?" + query }
        do {
            let connection = try HTTPClientConnection(
                host: host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")),
                port: components.port ?? 80,
                timeout: .milliseconds(Int64(timeout * 1000))
            )
            try connection.send(.get, path, headers: ["Connection": "close"])
            let response = try connection.readResponse()
            guard response.status == 200 else {
                print("probe: \(target) answered \(response.status)")
                throw ExitCode.failure
            }
        } catch let error as HTTPClientError {
            print("probe: \(target) failed: \(error)")
            throw ExitCode.failure
        }
    }
}
