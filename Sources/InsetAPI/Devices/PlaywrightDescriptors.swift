public import DeviceCatalog
import InsetEngine
import JSONCore
public import ServiceKit
import HTTPTypes
public import MicroHTTP

/// `GET /devices?format=playwright` (API.md): the registry as Playwright device descriptors,
/// each with the window's safe area, which Playwright's own list lacks.
public enum PlaywrightDescriptors {
    /// The words `?format=` takes, in order.
    static let formats = ["playwright"]

    /// The answer to `GET /devices` when the query holds `format`: the descriptors of every
    /// iPhone and iPad that passes `?family=` and `?model=`, for `?systemVersion=`.
    /// It carries the list's `ETag` (the registry's, one for every query: each query is its
    /// own resource) and honours `If-None-Match` as the list does.
    /// - Parameters:
    ///   - query: the request's query parameters, in order (problems follow it).
    ///   - ifNoneMatch: the values of every `If-None-Match` field, in order.
    /// - Throws: 422 at `/format` for another word, and the list filters' and the version's
    ///   problems, all together in the order of the query string.
    public static func answer(catalog: DeviceCatalog, query: [QueryItem], ifNoneMatch: [String] = []) throws(Problem) -> RouteResponse {
        let value = { (name: String) in query.first { $0.name == name }?.value }
        var problems: [FieldProblem] = []
        if let format = value("format"), !formats.contains(format) {
            problems.append(FieldProblem(pointer: "/format", detail: "\(quoted(format)) is not one of \(formats.joined(separator: ", "))"))
        }
        var filters: (family: DeviceFamily?, model: String?) = (nil, nil)
        do throws(Problem) {
            filters = try DeviceQuery.listFilters(family: value("family"), model: value("model"))
        } catch {
            problems += error.errors
        }
        var systemVersion: Double?
        switch DeviceQuery.systemVersion(value("systemVersion")) {
        case .version(let version): systemVersion = version
        case .refused(let problem): problems.append(problem)
        }
        guard problems.isEmpty, let systemVersion else {
            let order = query.map { "/" + $0.name }
            throw Problem.invalid(problems.sorted { (order.firstIndex(of: $0.pointer) ?? .max) < (order.firstIndex(of: $1.pointer) ?? .max) })
        }
        let devices = catalog.devices.filter { device in
            device.family != .tv && (filters.family.map { device.family == $0 } ?? true)
                && (filters.model.map { device.modelIdentifiers.contains($0) } ?? true)
        }
        let body = try descriptors(devices, systemVersion: systemVersion)
        let etag = DevicesEndpoints.listETag(catalog)
        if EntityTag.notModified(ifNoneMatch: ifNoneMatch, etag: etag) {
            // As the list's 304: the 200's bytes give libmicrohttpd the 200's Content-Length.
            return RouteResponse(status: .notModified, headerFields: [.eTag: etag], body: body)
        }
        return RouteResponse(headerFields: [.contentType: "application/json", .eTag: etag], body: body)
    }

    /// The descriptors object: for each device, `"<name>"` (portrait) and `"<name> landscape"`
    /// (landscapeLeft; landscapeRight has the same insets).
    static func descriptors(_ devices: [DeviceProfile], systemVersion: Double) throws(Problem) -> [UInt8] {
        var writer = JSONWriter(capacity: 512 * max(1, devices.count))
        writer.beginObject()
        for device in devices {
            guard let userAgent = SafariUserAgent.resolve(device.family, systemVersion: systemVersion)?.userAgent else { continue }
            for (orientation, suffix) in [(Orientation.portrait, ""), (.landscapeLeft, " landscape")] where device.orientations.contains(orientation) {
                let environment = try device.display(orientation, systemVersion: systemVersion)
                writer.key(dynamic: device.name + suffix)
                write(device, environment, userAgent: userAgent, into: &writer)
            }
        }
        writer.endObject()
        return writer.bytes
    }

    /// The notes `GET /devices/{id}` adds to a profile's for `systemVersion`: what says that
    /// the descriptors' `userAgent` is derived, when it is.
    static func notes(_ device: DeviceProfile, systemVersion: Double) -> [String] {
        SafariUserAgent.resolve(device.family, systemVersion: systemVersion)?.note.map { [$0] } ?? []
    }

    private static func write(_ device: DeviceProfile, _ environment: DisplayEnvironment, userAgent: String, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("userAgent", userAgent)
        // A full-screen web view: the viewport is the screen in points.
        for name: StaticString in ["viewport", "screen"] {
            writer.key(name)
            writer.beginObject()
            writer.field("width", environment.screen.width)
            writer.field("height", environment.screen.height)
            writer.endObject()
        }
        writer.field("deviceScaleFactor", device.scale)
        writer.field("isMobile", true)
        writer.field("hasTouch", true)
        writer.field("defaultBrowserType", "webkit")
        writer.field("safeAreaInsets", environment.windowSafeArea)
        writer.field("insetdId", device.id)
        writer.endObject()
    }

    private static func quoted(_ word: String) -> String {
        var writer = JSONWriter(capacity: word.utf8.count + 2)
        writer.string(word)
        return writer.string
    }
}
