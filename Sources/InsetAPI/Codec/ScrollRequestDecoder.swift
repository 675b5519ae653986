import InsetEngine
import JSONCore
import ServiceKit

/// Decodes and validates `POST /scroll` bodies exactly as API.md defines them.
///
/// The safe area comes from `safeAreaInsets` or from a `device` (with `orientation`,
/// `frame`, `statusBarHidden` and bar objects); the size from `bounds` or the `frame`.
/// Malformed JSON is `400`; every other problem (a wrong JSON type included) is reported at
/// once as `422`, with JSON Pointers in document order.
public struct ScrollRequestDecoder: Sendable {
    /// Resolves registry devices.
    public var devices: any DeviceDirectory

    /// Creates a decoder.
    public init(devices: any DeviceDirectory) {
        self.devices = devices
    }

    /// Decodes a body; throws the `400` or `422` problem describing everything wrong with it.
    public func decode(_ body: [UInt8]) throws(Problem) -> ScrollRequest {
        let document = try RequestReader.parse(body, maxNesting: JSONDocument.defaultMaxDepth)
        var decoding = ScrollDecoding(reader: RequestReader(document: document), devices: devices)
        return try decoding.decode()
    }

    /// Decodes a body held in a raw buffer (copied once).
    public func decode(_ body: UnsafeRawBufferPointer) throws(Problem) -> ScrollRequest {
        try decode([UInt8](body))
    }
}

/// The keys of `/scroll` bodies, looked up by their bytes, in API.md's order (suggestions follow it).
private struct ScrollSchema: Sendable {
    enum BodyField: String, CaseIterable, Sendable {
        case systemVersion, contentInsetAdjustmentBehavior, bounds, contentSize, contentInset, safeAreaInsets
        case alwaysBounceVertical, alwaysBounceHorizontal, automaticallyAdjustsScrollIndicatorInsets
        case verticalScrollIndicatorInsets, horizontalScrollIndicatorInsets, context, device, orientation, frame
        case statusBarHidden, designRequiresCompatibility, navigationBar, tabBar, toolbar
        case window
    }
    enum ContextField: String, CaseIterable, Sendable { case inNavigationController, automaticallyAdjustsScrollViewInsets, isContentScrollView }

    let body = FieldTable<BodyField>()
    let context = FieldTable<ContextField>()
    let behaviors = WordTable(ContentInsetAdjustmentBehavior.allCases)
    let orientations = WordTable(Orientation.allCases)

    /// Built once, handed to every decoding.
    static let shared = ScrollSchema()
}

/// The state of decoding one `/scroll` body.
private struct ScrollDecoding {
    typealias Field = ScrollSchema.BodyField

    var reader: RequestReader
    let document: JSONDocument
    /// Read where used: a copy of the tables in every decoding costs more.
    var schema: ScrollSchema { ScrollSchema.shared }
    let devices: any DeviceDirectory

    /// Fields that only make sense with `device`.
    private static let deviceOnly: [Field] = [.orientation, .statusBarHidden, .designRequiresCompatibility, .navigationBar, .toolbar, .tabBar, .window]

    init(reader: RequestReader, devices: any DeviceDirectory) {
        self.reader = reader
        document = reader.document
        self.devices = devices
    }

    mutating func decode() throws(Problem) -> ScrollRequest {
        let body = document.root
        guard document.kind(of: body) == .object else {
            throw Problem.invalid([FieldProblem(pointer: "", detail: "expected an object, got \(document.kind(of: body))")])
        }
        var systemVersion = SystemVersion.default
        // Whether `systemVersion` was refused: no field is then judged against a version.
        var versionRefused = false
        var designRequiresCompatibility: (value: Bool, json: JSONValue)?
        var bounds: Size?
        var properties = ScrollProperties()
        var safeAreaInsets: Insets?
        var context = ScrollContext()
        /// `context.inNavigationController` when given, with its value for a problem's pointer.
        var explicitNavigation: (inNavigationController: Bool, value: JSONValue)?
        var deviceID: String?, family: DeviceFamily?
        var orientation: Orientation?
        var frame: Rect?
        var statusBarHidden = false
        var navigationBar: BarConfiguration?, toolbar: BarConfiguration?, tabBar: BarConfiguration?
        // The offset of each field's key, when given (not null).
        var keyOffsets = [Int?](repeating: nil, count: schema.body.fields.count)
        var orientationValue: JSONValue?
        var window: (reading: WindowReading, value: JSONValue)?

        for member in document.members(of: body) {
            guard let field = reader.field(of: member, in: schema.body) else { continue }
            let value = member.value
            if !reader.isNull(value) { keyOffsets[schema.body.index(of: field)] = document.startOffset(of: member.key) }
            switch field {
            case .systemVersion:
                if let version = reader.systemVersion(value) { systemVersion = version } else { versionRefused = !reader.isNull(value) }
            case .contentInsetAdjustmentBehavior:
                properties.behavior = reader.word(value, schema.behaviors) ?? .automatic
            case .bounds: bounds = reader.size(value)
            case .contentSize: properties.contentSize = reader.size(value) ?? .zero
            case .contentInset: properties.contentInset = reader.insets(value) ?? .zero
            case .safeAreaInsets: safeAreaInsets = reader.insets(value)
            case .alwaysBounceVertical: properties.alwaysBounceVertical = reader.bool(value) ?? false
            case .alwaysBounceHorizontal: properties.alwaysBounceHorizontal = reader.bool(value) ?? false
            case .automaticallyAdjustsScrollIndicatorInsets: properties.automaticallyAdjustsScrollIndicatorInsets = reader.bool(value) ?? true
            case .verticalScrollIndicatorInsets: properties.verticalScrollIndicatorInsets = reader.insets(value) ?? .zero
            case .horizontalScrollIndicatorInsets: properties.horizontalScrollIndicatorInsets = reader.insets(value) ?? .zero
            case .context: explicitNavigation = self.context(value, into: &context)
            case .device:
                if let id = reader.device(value, in: devices), let known = devices.family(of: id) {
                    deviceID = id
                    family = known
                }
            case .orientation:
                orientation = reader.word(value, schema.orientations)
                orientationValue = value
            case .frame: frame = reader.rect(value)
            case .statusBarHidden: statusBarHidden = reader.bool(value) ?? false
            case .designRequiresCompatibility: designRequiresCompatibility = reader.bool(value).map { ($0, value) }
            case .navigationBar: navigationBar = reader.bar(value, hiddenByDefault: false, largeTitles: true)
            case .toolbar: toolbar = reader.bar(value, hiddenByDefault: true, largeTitles: false)
            case .tabBar: tabBar = reader.bar(value, hiddenByDefault: false, largeTitles: false)
            case .window: if !reader.isNull(value) { window = reader.windowReading(value).map { ($0, value) } }
            }
        }
        func offset(_ field: Field) -> Int? { keyOffsets[schema.body.index(of: field)] }

        // An app window (API.md /scroll: as in /layout; the frame is then in its coordinates),
        // judged before its relation to the other fields: without a device, its own form only.
        // The device's environment, looked up once: the window's screen and the safe area's source.
        let environment = deviceID.flatMap { id in
            family.flatMap { devices.environment(id: id, orientation: orientation ?? $0.defaultOrientation, systemVersion: systemVersion, statusBarHidden: statusBarHidden) }
        }
        var windowFrame: Rect?
        if let window {
            if offset(.safeAreaInsets) == nil, deviceID != nil, let family {
                // A refused systemVersion gates nothing (API.md "Errors").
                let judged: Double? = versionRefused ? nil : systemVersion
                windowFrame = reader.windowFrame(window.reading, value: window.value, family: family, systemVersion: judged, screen: environment?.screen).frame
            } else {
                _ = reader.windowFrame(window.reading, value: window.value, family: nil, deviceKnown: false, systemVersion: nil, screen: nil)
            }
        }

        // The size (first: a missing `bounds` is listed before a missing `safeAreaInsets`,
        // in the order of the fields).
        switch (offset(.bounds), offset(.frame)) {
        case (nil, nil):
            reader.missing("bounds", in: body, detail: "required (or frame)")
        case (let boundsOffset?, let frameOffset?):
            if let size = bounds, let frame, size != frame.size {
                reader.invalid("bounds differs from the frame's size", at: max(boundsOffset, frameOffset), in: body, key: boundsOffset < frameOffset ? "frame" : "bounds")
            }
        default:
            break
        }

        // Where the safe area comes from.
        switch (offset(.safeAreaInsets), offset(.device)) {
        case (let insets?, let device?):
            reader.invalid("give safeAreaInsets or device, not both", at: max(insets, device), in: body, key: insets < device ? "device" : "safeAreaInsets")
        case (nil, nil):
            reader.missing("safeAreaInsets", in: body, detail: "required (or device)")
        case (nil, _?):
            if offset(.frame) == nil { reader.missing("frame", in: body, detail: "required with device: the scroll view's frame in the window") }
            if family == .tv {
                for field in [Field.navigationBar, .toolbar, .tabBar] {
                    if let offset = offset(field) { reader.invalid("navigation and tab bar controllers are not modelled on tvOS", at: offset, in: body, key: field.rawValue) }
                }
                // `inNavigationController: true` would derive the safe area inside a
                // navigation controller, as a bar object does.
                if let explicitNavigation, explicitNavigation.inNavigationController {
                    reader.invalid("navigation and tab bar controllers are not modelled on tvOS", value: explicitNavigation.value)
                }
            }
        case (_?, nil):
            for field in Self.deviceOnly {
                if let offset = offset(field) { reader.invalid("only with device", at: offset, in: body, key: field.rawValue) }
            }
        }
        if let designRequiresCompatibility, !versionRefused, systemVersion < SystemVersion.liquidGlass {
            reader.invalid(LayoutRules.designBeforeLiquidGlass, value: designRequiresCompatibility.json)
        }
        if let deviceID, let orientation, let orientationValue, let supported = devices.orientations(of: deviceID), !supported.contains(orientation) {
            reader.invalid("\(deviceID) does not support \(orientation.rawValue); it supports " + supported.map(\.rawValue).joined(separator: ", "), value: orientationValue)
        }
        try reader.finish()
        // A toolbar, or a context that says so, puts the scroll view in a navigation
        // controller, whose bar shows unless a `navigationBar` object says otherwise.
        if toolbar != nil || explicitNavigation?.inNavigationController == true, navigationBar == nil { navigationBar = BarConfiguration(hidden: false) }
        context.inNavigationController = explicitNavigation?.inNavigationController ?? (navigationBar != nil)
        let safeArea: ScrollSafeAreaSource
        if let safeAreaInsets {
            safeArea = .explicit(safeAreaInsets)
        } else if deviceID != nil, let frame, let environment {
            safeArea = .device(environment: windowFrame.map(environment.windowed) ?? environment, frame: frame, navigationBar: navigationBar, toolbar: toolbar, tabBar: tabBar)
        } else {
            // Reported above; this only keeps the decoder total.
            throw Problem.invalid([FieldProblem(pointer: "/device", detail: "unknown device")])
        }
        guard let size = bounds ?? frame?.size else {
            throw Problem.invalid([FieldProblem(pointer: "/bounds", detail: "required (or frame)")])
        }
        var request = ScrollRequest(systemVersion: systemVersion, bounds: size, properties: properties, safeArea: safeArea, context: context)
        request.designRequiresCompatibility = designRequiresCompatibility?.value ?? false
        return request
    }

    /// Reads `context` into `context`; returns `inNavigationController` and its value when
    /// it is given.
    private mutating func context(_ value: JSONValue, into context: inout ScrollContext) -> (inNavigationController: Bool, value: JSONValue)? {
        guard !reader.isNull(value), reader.expectObject(value) else { return nil }
        var inNavigationController: (inNavigationController: Bool, value: JSONValue)?
        for member in document.members(of: value) {
            switch reader.field(of: member, in: schema.context) {
            case .inNavigationController: inNavigationController = reader.bool(member.value).map { ($0, member.value) }
            case .automaticallyAdjustsScrollViewInsets: context.automaticallyAdjustsScrollViewInsets = reader.bool(member.value) ?? true
            case .isContentScrollView: context.isContentScrollView = reader.bool(member.value) ?? true
            case nil: break
            }
        }
        return inNavigationController
    }
}
