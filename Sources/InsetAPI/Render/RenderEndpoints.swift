import DeviceCatalog
import InsetEngine
import InsetRender
import JSONCore
import HTTPTypes
import ServiceKit

/// `POST /render` and `GET /devices/{id}/render.svg` (API.md "POST /render and GET
/// /devices/{id}/render.svg"): the picture of a `/layout` answer, or of a device alone.
struct RenderEndpoints: Sendable {
    /// The media type of every picture.
    static let contentType = "image/svg+xml; charset=utf-8"
    /// A picture runs no script and fetches nothing; its presentation attributes need no
    /// style sheet, but an `<style>` a viewer adds keeps working.
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'"

    let catalog: DeviceCatalog
    let decoder: RenderRequestDecoder

    init(catalog: DeviceCatalog, layout: LayoutRequestDecoder) {
        self.catalog = catalog
        decoder = RenderRequestDecoder(layout: layout)
    }

    /// `POST /render`: the picture of the state `render.step` of the request's answer.
    func render(body: [UInt8]) throws(Problem) -> RouteResponse {
        let (decoded, options) = try decoder.decode(body)
        return Self.answer(picture(decoded, options: options))
    }

    /// `GET /devices/{id}/render.svg`: what an empty full-screen view controller sees on
    /// the device (by id or model identifier), 304 when `If-None-Match` holds its tag.
    /// - Throws: 404 for an unknown device; 422 at `/orientation`, `/statusBarHidden`,
    ///   `/systemVersion` or `/scale` for a bad query value.
    func device(id: String, orientation: String?, statusBarHidden: String?, systemVersion: String?, scale: String?, ifNoneMatch: [String]) throws(Problem) -> RouteResponse {
        let device = try DeviceQuery.device(catalog: catalog, id: id)
        var problems: [FieldProblem] = []
        var resolved: (orientation: Orientation?, systemVersion: Double)?
        do {
            let answer = try DeviceQuery.resolve(catalog: catalog, id: device.id, orientation: orientation, systemVersion: systemVersion)
            resolved = (answer.orientation, answer.systemVersion)
        } catch {
            problems = error.errors
        }
        var hidden = false
        switch statusBarHidden {
        case nil, "false": break
        case "true": hidden = true
        default:
            let problem = FieldProblem(pointer: "/statusBarHidden", detail: "must be true or false")
            problems.insert(problem, at: problems.firstIndex { $0.pointer == "/systemVersion" } ?? problems.endIndex)
        }
        var options = RenderOptions()
        if let scale {
            // The query's order of problems is the parameters' order in API.md; scale is last.
            if let value = Double(scale), value.isFinite, RenderOptions.scaleRange.contains(value) {
                options.scale = value
            } else {
                problems.append(FieldProblem(pointer: "/scale", detail: "must be a number from 0.25 to 4"))
            }
        }
        guard problems.isEmpty, let resolved else { throw Problem.invalid(problems) }

        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.field("device", device.id)
        writer.field("orientation", (resolved.orientation ?? device.defaultOrientation).rawValue)
        writer.key("systemVersion")
        writer.number(resolved.systemVersion)
        writer.key("statusBarHidden")
        writer.bool(hidden)
        writer.key("root")
        writer.beginObject()
        writer.field("id", "view")
        writer.key("viewController")
        writer.beginObject()
        writer.endObject()
        writer.endObject()
        writer.endObject()
        let decoded = try decoder.layout.decode(writer.finish())

        var response = Self.answer(picture(decoded, options: options))
        if let etag = response.headerFields[.eTag], EntityTag.notModified(ifNoneMatch: ifNoneMatch, etag: etag) {
            // As for GET /devices: MHD sends no body with a 304 but states the length of
            // the buffer, so the 200's bytes give the 200's Content-Length.
            response.status = .notModified
            response.headerFields = [.eTag: etag]
        }
        return response
    }

    /// The picture of one state of `decoded`'s answer.
    private func picture(_ decoded: DecodedLayoutRequest, options: RenderOptions) -> [UInt8] {
        var states = LayoutStates(decoded.request)
        var nodes = NodeResults()
        for _ in 0...options.step {
            guard let next = states.next() else { break }
            nodes = next
        }
        let scene = RenderScene(
            device: catalog.device(id: decoded.device).map(DeviceOutline.init),
            orientation: decoded.orientation, systemVersion: decoded.request.systemVersion,
            screen: states.screen, window: decoded.request.appWindow.frame, windowSafeArea: states.windowSafeArea,
            keyboard: decoded.request.keyboard, nodes: nodes
        )
        return SVGRenderer.render(scene, options: options)
    }

    /// A 200 with the picture, its headers and its strong `ETag`.
    private static func answer(_ svg: [UInt8]) -> RouteResponse {
        RouteResponse(headerFields: [
            .contentType: contentType,
            .contentSecurityPolicy: contentSecurityPolicy,
            .eTag: EntityTag.strong(over: svg),
        ], body: svg)
    }
}
