import DeviceCatalog
import Hummingbird

// hummingbird-peer PORT: POST /layout on 127.0.0.1:PORT with Codable in and out.
extension LayoutOut: ResponseEncodable {}

let port = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 18190 : 18190
let catalog = try DeviceCatalog.embedded()
let router = Router()
router.post("/layout") { request, context -> LayoutOut in
    let body = try await request.decode(as: LayoutIn.self, context: context)
    do { return try body.respond(catalog: catalog) } catch { throw HTTPError(.unprocessableContent) }
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
