import DeviceCatalog
import InsetEngine
import JSONCore
import ServiceKit

/// How `GET /devices/{id}/emulation` answers: JSON, or the CSS text alone for `Accept: text/css`.
public enum EmulationFormat: Hashable, Sendable {
    /// `application/json`: device, orientation, viewport, cdp, css.
    case json
    /// `text/css`: the `:root { --safe-area-inset-…: …px; }` rule alone.
    case css
}

/// The response bodies of the device endpoints (API.md "GET /devices", "GET /devices/{id}",
/// "GET /devices/{id}/emulation"): pure functions from the registry and the raw query
/// values to bytes, or a `Problem` (404 unknown id, 422 bad query value).
public enum DevicesEndpoints {
    /// `GET /devices[?family=iphone|ipad|tv][&model=iPhone16,1]`: one summary per device of
    /// the family that lists the model identifier (matched exactly), both filters optional.
    /// - Throws: 422 with pointer `/family` for another word, `/model` for a value not of the
    ///   form letters, digits, a comma, digits.
    public static func list(catalog: DeviceCatalog, family: String?, model: String? = nil) throws(Problem) -> [UInt8] {
        let filters = try DeviceQuery.listFilters(family: family, model: model)
        var writer = JSONWriter(capacity: 8192)
        writer.beginObject()
        writer.key("devices")
        writer.beginArray()
        for device in catalog.devices
        where (filters.family.map { device.family == $0 } ?? true) && (filters.model.map { device.modelIdentifiers.contains($0) } ?? true) {
            writer.beginObject()
            writeSummary(device, into: &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// `GET /devices/{id}[?orientation=X][&systemVersion=N]`: the full profile, or with an
    /// orientation the metrics of that orientation; `id` may be a model identifier.
    /// - Throws: 404 for an unknown id; 422 (`/orientation`, `/systemVersion`) for bad values.
    public static func device(catalog: DeviceCatalog, id: String, orientation: String?, systemVersion: String?) throws(Problem) -> [UInt8] {
        let query = try DeviceQuery.resolve(catalog: catalog, id: id, orientation: orientation, systemVersion: systemVersion)
        let device = query.device
        var writer = JSONWriter(capacity: 4096)
        if let orientation = query.orientation {
            let environment = try device.display(orientation, systemVersion: query.systemVersion)
            writeOrientation(orientation, environment, systemVersion: query.systemVersion, device: device.id, into: &writer)
            return writer.bytes
        }
        writer.beginObject()
        writeSummary(device, into: &writer)
        writer.field("verified", device.verified)
        writer.key("notes")
        writeStrings(device.notes + PlaywrightDescriptors.notes(device, systemVersion: query.systemVersion), into: &writer)
        if device.family == .ipad { writeSplitViewWindows(device, into: &writer) }
        writer.key("cornerRadius")
        if let radius = device.cornerRadius { writer.number(radius) } else { writer.null() }
        writer.key("sensorHousingSize")
        if let size = device.sensorHousingSize { writeSize(size, into: &writer) } else { writer.null() }
        writer.key("sensorHousingTop")
        if let top = device.sensorHousingTop { writer.number(top) } else { writer.null() }
        // tvOS has no status bar: its height is 0, as each orientation's `statusBar` says.
        writer.field("statusBarHeight", device.statusBarHeight(systemVersion: query.systemVersion) ?? 0)
        writer.key("sources")
        writeSources(device, into: &writer)
        writer.key("alternatives")
        writeAlternatives(device, into: &writer)
        writer.key("orientations")
        writer.beginObject()
        for orientation in device.orientations {
            writer.key(dynamic: orientation.rawValue)
            writeOrientation(orientation, try device.display(orientation, systemVersion: query.systemVersion), systemVersion: query.systemVersion, device: nil, into: &writer)
        }
        writer.endObject()
        writer.endObject()
        return writer.bytes
    }

    /// `GET /devices/{id}/emulation[?orientation=X][&systemVersion=N]`: what a browser needs
    /// to preview a page on the device; orientation defaults to portrait (landscapeLeft on
    /// Apple TV).
    /// - Throws: 404 for an unknown id; 422 (`/orientation`, `/systemVersion`) for bad values.
    public static func emulation(catalog: DeviceCatalog, id: String, orientation: String?, systemVersion: String?, format: EmulationFormat) throws(Problem) -> [UInt8] {
        let query = try DeviceQuery.resolve(catalog: catalog, id: id, orientation: orientation, systemVersion: systemVersion)
        let device = query.device
        let orientation = query.orientation ?? device.defaultOrientation
        let environment = try device.display(orientation, systemVersion: query.systemVersion)
        let insets = environment.windowSafeArea
        let css = ":root { --safe-area-inset-top: \(pixels(insets.top)); --safe-area-inset-right: \(pixels(insets.right)); "
            + "--safe-area-inset-bottom: \(pixels(insets.bottom)); --safe-area-inset-left: \(pixels(insets.left)); }"
        if format == .css { return Array(css.utf8) }

        let touch = device.family != .tv
        var writer = JSONWriter(capacity: 1024)
        writer.beginObject()
        writer.field("device", device.id)
        writer.field("orientation", orientation.rawValue)
        writer.key("viewport")
        writer.beginObject()
        writer.field("width", environment.screen.width)
        writer.field("height", environment.screen.height)
        writer.field("deviceScaleFactor", device.scale)
        writer.field("isMobile", touch)
        writer.field("hasTouch", touch)
        writer.endObject()
        writer.key("cdp")
        writer.beginObject()
        writer.field("method", "Emulation.setSafeAreaInsetsOverride")
        writer.key("params")
        writer.beginObject()
        writer.key("insets")
        writer.beginObject()
        for edge in Edge.allCases {
            writer.key(dynamic: edge.rawValue)
            writer.number(insets[edge])
            writer.key(dynamic: edge.rawValue + "Max")
            writer.number(insets[edge])
        }
        writer.endObject()
        writer.endObject()
        writer.endObject()
        writer.field("css", css)
        writer.endObject()
        return writer.bytes
    }

    // MARK: Writers

    private static func writeSummary(_ device: DeviceProfile, into writer: inout JSONWriter) {
        writer.field("id", device.id)
        writer.field("name", device.name)
        writer.field("family", device.family.rawValue)
        writer.field("screen", device.screen)
        writer.field("scale", device.scale)
        writer.field("sensorHousing", device.sensorHousing.rawValue)
        writer.field("homeIndicator", device.homeIndicator)
        writer.key("modelIdentifiers")
        writeStrings(device.modelIdentifiers, into: &writer)
    }

    /// The per-orientation object on `systemVersion`; with `device` it is the `?orientation=`
    /// answer. Its `bars` are the version's (V5–V9 from 26, for an app that does not opt out).
    private static func writeOrientation(_ orientation: Orientation, _ environment: DisplayEnvironment, systemVersion: Double, device: String?, into writer: inout JSONWriter) {
        writer.beginObject()
        if let device { writer.field("device", device) }
        writer.field("orientation", orientation.rawValue)
        writer.field("screen", environment.screen)
        writer.field("safeAreaInsets", environment.windowSafeArea)
        writer.key("statusBar")
        writer.beginObject()
        writer.field("hidden", !environment.showsStatusBar)
        writer.field("height", environment.statusBarHeight)
        writer.endObject()
        writer.key("sizeClass")
        writer.beginObject()
        writer.field("horizontal", environment.sizeClass.horizontal.rawValue)
        writer.field("vertical", environment.sizeClass.vertical.rawValue)
        writer.endObject()
        if let bars = BarRules(environment: environment, systemVersion: systemVersion, designRequiresCompatibility: false)?.heights {
            writer.key("bars")
            writer.beginObject()
            writer.field("navigationBar", bars.navigationBar)
            writer.field("largeTitleNavigationBar", bars.largeTitleNavigationBar)
            writer.field("toolbar", bars.toolbar)
            writer.field("tabBar", bars.tabBar)
            writer.endObject()
        }
        writer.field("systemMinimumLayoutMargins", environment.systemMinimumLayoutMargins)
        writer.endObject()
    }

    /// Each figure's sources; an override's figures follow under `"<figure> (systemVersion < N)"`
    /// or `"<figure> (systemVersion >= N)"`.
    private static func writeSources(_ device: DeviceProfile, into writer: inout JSONWriter) {
        writer.beginObject()
        for entry in device.sources {
            writer.key(dynamic: entry.figure)
            writeStrings(entry.sources, into: &writer)
        }
        for override in device.overrides {
            let range = switch override.systemVersions {
            case .below(let bound): "systemVersion < \(number(bound))"
            case .from(let bound): "systemVersion >= \(number(bound))"
            }
            let figures = [
                override.statusBarHeight == nil ? nil : "statusBarHeight",
                override.safeAreaPortrait == nil ? nil : "safeArea.portrait",
                override.safeAreaLandscape == nil ? nil : "safeArea.landscape",
            ].compactMap { $0 }
            for figure in figures {
                writer.key(dynamic: "\(figure) (\(range))")
                writeStrings(override.sources, into: &writer)
            }
        }
        writer.endObject()
    }

    /// `alternatives`: every other value the registry records for a figure, in API.md's
    /// order of figures and, within one, the file's; `[]` when none.
    private static func writeAlternatives(_ device: DeviceProfile, into writer: inout JSONWriter) {
        writer.beginArray()
        for figure in Alternative.figures {
            for alternative in device.alternatives where alternative.figure == figure.file {
                writer.beginObject()
                writer.field("figure", figure.api)
                writer.key("value")
                switch alternative.value {
                case .insets(let insets):
                    writer.beginObject()
                    for edge in Edge.allCases {
                        writer.key(dynamic: edge.rawValue)
                        writer.number(insets[edge])
                    }
                    writer.endObject()
                case .number(let number): writer.number(number)
                case .size(let size): writeSize(size, into: &writer)
                }
                writer.field("context", alternative.context)
                writer.key("sources")
                writeStrings(alternative.sources, into: &writer)
                writer.endObject()
            }
        }
        writer.endArray()
    }

    private static func writeStrings(_ strings: [String], into writer: inout JSONWriter) {
        writer.beginArray()
        for string in strings { writer.string(string) }
        writer.endArray()
    }

    private static func writeSize(_ size: Size, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("width", size.width)
        writer.field("height", size.height)
        writer.endObject()
    }

    /// A number as the JSON writer spells it (`44`, `47.33`).
    private static func number(_ value: Double) -> String {
        var writer = JSONWriter(capacity: 16)
        writer.number(value)
        return writer.string
    }

    private static func pixels(_ value: Double) -> String {
        number(value) + "px"
    }
}
