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
        return [
            Route(.get, "/devices") { request throws(Problem) in
                json(try DevicesEndpoints.list(catalog: catalog, family: request.query("family")))
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
                let result = InsetEngine.layout(decoded.request)
                return json(LayoutResponseEncoder.encode(result, for: decoded))
            },
            Route(.post, "/scroll", body: .json) { request throws(Problem) in
                let scroll = try scrollDecoder.decode(request.body)
                return json(ScrollResponseEncoder.encode(InsetEngine.scroll(scroll)))
            },
        ]
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
