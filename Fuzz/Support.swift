// What every fuzz target shares (compiled into each; see scripts/fuzz.sh): the service as
// insetd serves it, and API.md's promise for any body: a problem or an answer, never a trap.
import DeviceCatalog
import Foundation
import JSONCore
import MicroHTTP
@testable import InsetAPI
import ServiceKit

let catalog = try! DeviceCatalog.embedded()
let service = HTTPService(
    configuration: ServiceConfiguration(server: HTTPServerConfiguration(port: 0), accessLog: false),
    routes: ProductRoutes.all(catalog: catalog)
)

/// The statuses a request can get in process (no drain, no budget, no 5xx but 501).
let allowedStatuses: Set<Int> = [200, 400, 404, 405, 406, 413, 415, 422]

/// Answers `body` on `path` and checks the answer: an allowed status, and a problem+json
/// document with that status for every 4xx. Returns the answer.
@discardableResult
func answer(_ path: String, _ body: [UInt8], accept: String? = nil) -> RawResponse {
    var headers = RawHeaders([RawField(name: "Content-Type", value: "application/json")])
    if let accept { headers.add("Accept", accept) }
    let response = service.respond(to: RawRequest(method: .post, path: path, headers: headers, body: body))
    precondition(allowedStatuses.contains(response.status), "\(path) answered \(response.status)")
    if response.status >= 400 {
        precondition(response.headers["Content-Type"] == "application/problem+json", "\(path): a \(response.status) without problem+json")
        let document = try! JSONDocument(parsing: response.body)
        let status = document.members(of: document.root).first { document.string($0.key) == "status" }.flatMap { document.number($0.value) }
        precondition(status == Double(response.status), "\(path): the problem's status is not the answer's")
    }
    return response
}

/// The fuzzer's input as bytes.
func bytes(_ data: UnsafeRawPointer, _ size: Int) -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: data, count: size))
}
