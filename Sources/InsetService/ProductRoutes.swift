public import DeviceCatalog
import InsetEngine
import JSONCore
import MicroHTTP

/// The product endpoints of API.md, wired to their handlers.
public enum ProductRoutes {
    /// Every product route, answering from `catalog`, with request `limits`.
    public static func all(catalog: DeviceCatalog, limits: DecodingLimits = DecodingLimits()) -> [Route] {
        let layoutDecoder = LayoutRequestDecoder(devices: catalog, limits: limits)
        let scrollDecoder = ScrollRequestDecoder(devices: catalog)
        let render = RenderEndpoints(catalog: catalog, layout: layoutDecoder)
        return [
            Route(.get, "/devices") { request throws(Problem) in
                try DevicesEndpoints.listAnswer(
                    catalog: catalog, family: request.query("family"), model: request.query("model"),
                    ifNoneMatch: request.http.headers.values(for: "If-None-Match")
                )
            },
            Route(.get, "/devices/{id}") { request throws(Problem) in
                json(try DevicesEndpoints.device(
                    catalog: catalog, id: request.parameter("id") ?? "",
                    orientation: request.query("orientation"), systemVersion: request.query("systemVersion")
                ))
            },
            Route(.get, "/devices/{id}/emulation") { request throws(Problem) in
                let format = emulationFormat(accept: request.header("Accept"))
                let body = try DevicesEndpoints.emulation(
                    catalog: catalog, id: request.parameter("id") ?? "",
                    orientation: request.query("orientation"), systemVersion: request.query("systemVersion"),
                    format: format
                )
                switch format {
                case .json: return json(body)
                case .css: return HTTPResponse(status: 200, headers: ["Content-Type": "text/css; charset=utf-8"], body: body)
                }
            },
            Route(.post, "/layout", body: .json) { request throws(Problem) in
                let decoded = try layoutDecoder.decode(request.body)
                let nodeStates = decoded.request.hierarchy.views.count * (decoded.request.steps.count + 1)
                guard nodeStates <= streamedNodeStates else { return streamed(decoded) }
                let result = InsetEngine.layout(decoded.request)
                return json(LayoutResponseEncoder.encode(result, for: decoded))
            },
            Route(.post, "/scroll", body: .json) { request throws(Problem) in
                let scroll = try scrollDecoder.decode(request.body)
                return json(ScrollResponseEncoder.encode(InsetEngine.scroll(scroll)))
            },
            Route(.post, "/render", body: .json) { request throws(Problem) in
                try render.render(body: request.body)
            },
            Route(.get, "/devices/{id}/render.svg") { request throws(Problem) in
                try render.device(
                    id: request.parameter("id") ?? "", orientation: request.query("orientation"),
                    statusBarHidden: request.query("statusBarHidden"), systemVersion: request.query("systemVersion"),
                    ifNoneMatch: request.http.headers.values(for: "If-None-Match")
                )
            },
        ] + PlaygroundRoutes.all
    }

    /// `POST /layout` answers with more node states (nodes × (steps + 1)) than this are
    /// streamed, one state at a time: beyond it an answer passes about half a megabyte (at
    /// 500–900 bytes a node state), which a client that reads slowly would otherwise keep
    /// whole in the server. Smaller answers go whole, with a `Content-Length`: one buffer,
    /// one write.
    static let streamedNodeStates = 1_000

    /// The answer to `decoded`, made state by state as the client takes it (chunked). It has
    /// no length when the access log's line is written, which says `bytes: 0` for it.
    private static func streamed(_ decoded: DecodedLayoutRequest) -> HTTPResponse {
        let pieces = LayoutResponseEncoder.pieces(for: decoded)
        return HTTPResponse(
            status: 200, headers: ["Content-Type": "application/json"],
            stream: HTTPBodyStream(keptBytes: pieces.keptBytesEstimate, pieceBytes: pieces.pieceBytesEstimate, pieces: pieces)
        )
    }

    /// `text/css` when the client's `Accept` names it before any JSON media range.
    static func emulationFormat(accept: String?) -> EmulationFormat {
        for item in (accept ?? "").lowercased().split(separator: ",") {
            let range = item.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces } ?? ""
            switch range {
            case "text/css": return .css
            case "application/json", "application/*", "*/*": return .json
            default: continue
            }
        }
        return .json
    }

    private static func json(_ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
