public import DeviceCatalog
import HTTPTypes
import InsetEngine
import JSONCore
import MicroHTTP
import ServiceKit

/// The product endpoints of API.md, wired to their handlers.
public enum ProductRoutes {
    /// Every product route, answering from `catalog`, with request `limits`.
    public static func all(catalog: DeviceCatalog, limits: DecodingLimits = DecodingLimits()) -> [Route] {
        let layoutDecoder = LayoutRequestDecoder(devices: catalog, limits: limits)
        let matrixDecoder = MatrixRequestDecoder(catalog: catalog, limits: limits)
        let scrollDecoder = ScrollRequestDecoder(devices: catalog)
        let render = RenderEndpoints(catalog: catalog, layout: layoutDecoder)
        return [
            Route(.get, "/devices") { request throws(Problem) in
                try inQueryOrder(request) { () throws(Problem) in
                    if request.query("format") != nil {
                        return try PlaywrightDescriptors.answer(
                            catalog: catalog, query: request.queryItems, ifNoneMatch: ifNoneMatch(request)
                        )
                    }
                    return try DevicesEndpoints.listAnswer(
                        catalog: catalog, family: request.query("family"), model: request.query("model"),
                        ifNoneMatch: ifNoneMatch(request)
                    )
                }
            },
            Route(.get, "/devices/{id}") { request throws(Problem) in
                try inQueryOrder(request) { () throws(Problem) in json(try DevicesEndpoints.device(
                    catalog: catalog, id: request.parameter("id") ?? "",
                    orientation: request.query("orientation"), systemVersion: request.query("systemVersion")
                )) }
            },
            Route(.get, "/devices/{id}/emulation") { request throws(Problem) in try inQueryOrder(request) { () throws(Problem) in
                let id = request.parameter("id") ?? ""
                let type: AnswerType
                do throws(Problem) {
                    type = try ContentNegotiation.choose(accept: accept(request), alternative: .css)
                } catch {
                    // An unknown device is a path that is not there: 404 comes before 406.
                    _ = try DeviceQuery.resolve(catalog: catalog, id: id, orientation: nil, systemVersion: nil)
                    throw error
                }
                let format: EmulationFormat = type == .css ? .css : .json
                let body = try DevicesEndpoints.emulation(
                    catalog: catalog, id: id,
                    orientation: request.query("orientation"), systemVersion: request.query("systemVersion"),
                    format: format
                )
                let contentType = format == .css ? "text/css; charset=utf-8" : "application/json"
                return RouteResponse(headerFields: [.contentType: contentType, .vary: "Accept"], body: body)
            } },
            Route(.post, "/layout", body: .json) { request throws(Problem) in
                let decoded = try layoutDecoder.decode(request.body)
                let nodeStates = decoded.request.hierarchy.views.count * (decoded.request.steps.count + 1)
                guard nodeStates <= streamedNodeStates else { return streamed(decoded) }
                let result = InsetEngine.layout(decoded.request)
                return json(LayoutResponseEncoder.encode(result, for: decoded))
            },
            Route(.post, "/layout/matrix", body: .json) { request throws(Problem) in
                let type = try ContentNegotiation.choose(accept: accept(request), alternative: .csv)
                let fields = request.queryItems.first { $0.name == "fields" }
                let format: Result<MatrixFormat, Problem> = Result { () throws(Problem) in
                    try MatrixFormat.from(fields: fields?.value, given: fields != nil, type: type)
                }
                let matrix: MatrixRequest
                do throws(Problem) {
                    matrix = try matrixDecoder.decode(request.body)
                } catch {
                    // A bad query value joins the body's content problems, before them.
                    if error.status == 422, case .failure(let query) = format { throw Problem.invalid(query.errors + error.errors) }
                    throw error
                }
                return MatrixAnswer.response(matrix, format: try format.get(), streamedNodeStates: streamedNodeStates)
            },
            Route(.post, "/scroll", body: .json) { request throws(Problem) in
                let scroll = try scrollDecoder.decode(request.body)
                return json(ScrollResponseEncoder.encode(InsetEngine.scroll(scroll)))
            },
            Route(.post, "/render", body: .json) { request throws(Problem) in
                try render.render(body: request.body)
            },
            Route(.get, "/devices/{id}/render.svg") { request throws(Problem) in
                try inQueryOrder(request) { () throws(Problem) in try render.device(
                    id: request.parameter("id") ?? "", orientation: request.query("orientation"),
                    statusBarHidden: request.query("statusBarHidden"), systemVersion: request.query("systemVersion"),
                    scale: request.query("scale"), ifNoneMatch: ifNoneMatch(request)
                ) }
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
    private static func streamed(_ decoded: DecodedLayoutRequest) -> RouteResponse {
        let pieces = LayoutResponseEncoder.pieces(for: decoded)
        return RouteResponse(
            headerFields: [.contentType: "application/json"],
            stream: HTTPBodyStream(keptBytes: pieces.keptBytesEstimate, pieceBytes: pieces.pieceBytesEstimate, pieces: pieces)
        )
    }

    /// `answer`, a 422's problems put in the order of the query string (API.md "Errors"),
    /// for the routes whose problems are all their query parameters'.
    private static func inQueryOrder(_ request: RouteRequest, _ answer: () throws(Problem) -> RouteResponse) throws(Problem) -> RouteResponse {
        do {
            return try answer()
        } catch {
            guard error.status == 422 else { throw error }
            let names = request.queryItems.map { "/" + JSONPointer.escape($0.name) }
            var problem = error
            problem.errors = error.errors.enumerated()
                .sorted { (names.firstIndex(of: $0.element.pointer) ?? names.count, $0.offset) < (names.firstIndex(of: $1.element.pointer) ?? names.count, $1.offset) }
                .map(\.element)
            throw problem
        }
    }

    /// The request's `Accept` fields as one list (RFC 9110 §5.3), nil when there is none.
    private static func accept(_ request: RouteRequest) -> String? {
        let values = request.headerFields(named: .accept)[values: .accept]
        return values.isEmpty ? nil : values.joined(separator: ",")
    }

    /// The values of the request's `If-None-Match` fields, in order.
    private static func ifNoneMatch(_ request: RouteRequest) -> [String] {
        request.headerFields(named: .ifNoneMatch)[values: .ifNoneMatch]
    }

    private static func json(_ body: [UInt8]) -> RouteResponse {
        RouteResponse(headerFields: [.contentType: "application/json"], body: body)
    }
}
