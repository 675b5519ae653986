import InsetEngine
import JSONCore

/// A decoded `POST /layout` request: the engine's request and what the response echoes.
public struct DecodedLayoutRequest: Hashable, Sendable {
    /// The registry id, or `"custom"` for a custom `screen`.
    public var device: String
    /// The orientation as given or defaulted (a custom screen echoes it without applying it).
    public var orientation: Orientation
    /// The validated request, its environment resolved.
    public var request: LayoutRequest

    /// Creates a decoded request.
    public init(device: String, orientation: Orientation, request: LayoutRequest) {
        self.device = device
        self.orientation = orientation
        self.request = request
    }
}

/// Decodes and validates `POST /layout` bodies exactly as API.md defines them.
///
/// Malformed JSON and values of the wrong JSON type are `400`; every other problem is
/// collected and reported at once as `422`, with JSON Pointers in document order.
public struct LayoutRequestDecoder: Sendable {
    /// Resolves registry devices.
    public var devices: any DeviceDirectory
    /// The limits on nodes, depth and steps.
    public var limits: DecodingLimits

    /// Creates a decoder.
    public init(devices: any DeviceDirectory, limits: DecodingLimits = DecodingLimits()) {
        self.devices = devices
        self.limits = limits
    }

    /// Decodes a body; throws the `400` or `422` problem describing everything wrong with it.
    public func decode(_ body: [UInt8]) throws(Problem) -> DecodedLayoutRequest {
        try decode(document: RequestReader.parse(body, maxNesting: limits.jsonNesting))
    }

    /// Decodes an already parsed body (parse it with nesting allowed to `limits`).
    public func decode(document: JSONDocument) throws(Problem) -> DecodedLayoutRequest {
        var decoding = LayoutDecoding(reader: RequestReader(document: document), devices: devices, limits: limits)
        return try decoding.decode()
    }

    /// Decodes a body held in a raw buffer (copied once).
    public func decode(_ body: UnsafeRawBufferPointer) throws(Problem) -> DecodedLayoutRequest {
        try decode([UInt8](body))
    }
}

/// How a node is placed, which decides whether it may carry `frame` or `pin`.
enum NodeRole {
    /// The window's root view: always fills the screen.
    case root
    /// A container's content (its first subview with a view controller): placed by it.
    case containerContent
    /// Anything else: placed by its own `frame` or `pin`.
    case free
}

/// The state of decoding one `/layout` body.
private struct LayoutDecoding {
    var reader: RequestReader
    let devices: any DeviceDirectory
    let limits: DecodingLimits
    /// The resolved device's family (`nil` for a custom screen or an unknown device).
    var family: DeviceFamily?
    var nodeCount = 0
    var reportedNodeLimit = false
    var reportedDepthLimit = false
    /// Every node id decoded so far and the node's role.
    var ids: [String: NodeRole] = [:]

    init(reader: RequestReader, devices: any DeviceDirectory, limits: DecodingLimits) {
        self.reader = reader
        self.devices = devices
        self.limits = limits
        ids.reserveCapacity(64)
    }

    private var document: JSONDocument { reader.document }

    mutating func decode() throws(Problem) -> DecodedLayoutRequest {
        let body = document.root
        guard document.kind(of: body) == .object else {
            let detail = "must be an object, not \(document.kind(of: body))"
            throw Problem.malformed("The body \(detail)", errors: [FieldProblem(pointer: "", detail: detail)])
        }
        var fields: [String: JSONMember] = [:]
        for member in document.members(of: body) {
            guard let key = reader.key(of: member) else { continue }
            switch key {
            case "device", "screen", "orientation", "systemVersion", "statusBarHidden", "layoutDirection", "root", "steps":
                if !reader.isNull(member.value) { fields[key] = member }
            default:
                reader.enter(key)
                reader.unknownField(member)
                reader.leave()
            }
        }

        let systemVersion = field("systemVersion", in: fields) { decoding, value in
            guard let version = decoding.reader.number(value) else { return nil }
            guard version >= 7 else {
                decoding.reader.invalid("must be at least 7", value: value)
                return nil
            }
            return version
        } ?? 18
        let statusBarHidden = field("statusBarHidden", in: fields) { $0.reader.bool($1) } ?? false
        let layoutDirection = field("layoutDirection", in: fields) { $0.reader.word($1, [LayoutDirection.leftToRight, .rightToLeft]) } ?? .leftToRight

        let deviceID = field("device", in: fields) { decoding, value in decoding.device(value) }
        let screen = field("screen", in: fields) { decoding, value in decoding.screen(value) }
        switch (fields["device"], fields["screen"]) {
        case (let device?, let screen?):
            let later = document.startOffset(of: device.key) < document.startOffset(of: screen.key) ? ("screen", screen) : ("device", device)
            reader.invalid("give device or screen, not both", at: document.startOffset(of: later.1.key), key: later.0)
        case (nil, nil):
            reader.missing("device", in: body, detail: "missing required field: give device or screen")
        default:
            break
        }
        let orientation = field("orientation", in: fields) { decoding, value in decoding.orientation(value, device: deviceID) }
            ?? (family == .tv ? .landscapeLeft : .portrait)

        var root: Node?
        if let member = fields["root"] {
            reader.enter("root")
            root = node(member.value, depth: 1, role: .root)
            reader.leave()
        } else {
            reader.missing("root", in: body)
        }
        let steps = field("steps", in: fields) { decoding, value in decoding.steps(value) } ?? []

        try reader.finish()
        // Every way of reaching here without a root or an environment was reported above;
        // these throws only keep the decoder total.
        guard let root else { throw Problem.invalid([FieldProblem(pointer: "/root", detail: "missing required field")]) }
        let label: String, environment: DisplayEnvironment
        if let screen {
            label = "custom"
            environment = screen.environment(systemVersion: systemVersion, statusBarHidden: statusBarHidden)
        } else if let deviceID, let resolved = devices.environment(id: deviceID, orientation: orientation, systemVersion: systemVersion, statusBarHidden: statusBarHidden) {
            label = deviceID
            environment = resolved
        } else {
            throw Problem.invalid([FieldProblem(pointer: "/device", detail: "unknown device")])
        }
        let request = LayoutRequest(environment: environment, systemVersion: systemVersion, layoutDirection: layoutDirection, root: root, steps: steps)
        return DecodedLayoutRequest(device: label, orientation: orientation, request: request)
    }

    /// Reads a top-level field, if given, with its key on the path.
    private mutating func field<T>(_ key: String, in fields: [String: JSONMember], _ read: (inout LayoutDecoding, JSONValue) -> T?) -> T? {
        guard let member = fields[key] else { return nil }
        reader.enter(key)
        defer { reader.leave() }
        return read(&self, member.value)
    }

    // MARK: - Device

    private mutating func device(_ value: JSONValue) -> String? {
        guard let id = reader.string(value) else { return nil }
        guard let family = devices.family(of: id) else {
            reader.invalid("unknown device \"\(id)\"", value: value)
            return nil
        }
        self.family = family
        return id
    }

    private mutating func orientation(_ value: JSONValue, device: String?) -> Orientation? {
        guard let orientation = reader.word(value, Orientation.allCases) else { return nil }
        if let device, let supported = devices.orientations(of: device), !supported.contains(orientation) {
            reader.invalid("\(device) does not support \(orientation.rawValue); it supports " + supported.map(\.rawValue).joined(separator: ", "), value: value)
            return nil
        }
        return orientation
    }

    private mutating func screen(_ value: JSONValue) -> CustomScreen? {
        guard reader.expectObject(value) else { return nil }
        var width: Double?, height: Double?
        var widthGiven = false, heightGiven = false
        var screen = CustomScreen(size: .zero)
        var valid = true
        for member in document.members(of: value) {
            guard let key = reader.key(of: member) else { continue }
            reader.enter(key)
            let given = !reader.isNull(member.value)
            switch key {
            case "width":
                widthGiven = given
                width = reader.number(member.value, .nonNegative)
            case "height":
                heightGiven = given
                height = reader.number(member.value, .nonNegative)
            case "safeAreaInsets": screen.safeAreaInsets = reader.insets(member.value, .nonNegative) ?? .zero
            case "statusBarHeight": screen.statusBarHeight = reader.number(member.value, .nonNegative)
            case "sizeClass":
                if given, reader.expectObject(member.value) { sizeClasses(member.value, into: &screen) }
            default:
                reader.unknownField(member)
                valid = false
            }
            reader.leave()
        }
        for (name, given) in [("width", widthGiven), ("height", heightGiven)] where !given {
            reader.missing(name, in: value)
            valid = false
        }
        guard valid, let width, let height else { return nil }
        screen.size = Size(width: width, height: height)
        return screen
    }

    private mutating func sizeClasses(_ value: JSONValue, into screen: inout CustomScreen) {
        for member in document.members(of: value) {
            guard let key = reader.key(of: member) else { continue }
            reader.enter(key)
            switch key {
            case "horizontal": screen.horizontalSizeClass = reader.word(member.value, [SizeClass.compact, .regular])
            case "vertical": screen.verticalSizeClass = reader.word(member.value, [SizeClass.compact, .regular])
            default: reader.unknownField(member)
            }
            reader.leave()
        }
    }

    // MARK: - Nodes

    private static let viewKinds: [ViewKind] = [.view, .scrollView, .tableView, .collectionView]
    private static let pins: [Pin] = [.bounds, .safeArea, .layoutMargins, .readableContent]

    /// Decodes the node at the current path; `nil` when it is not an object or past a limit.
    private mutating func node(_ value: JSONValue, depth: Int, role: NodeRole) -> Node? {
        guard reader.expectObject(value) else { return nil }
        guard depth <= limits.maxDepth else {
            if !reportedDepthLimit {
                reportedDepthLimit = true
                reader.invalid("nodes nested deeper than \(limits.maxDepth) levels (the root is level 1)", value: value)
            }
            return nil
        }
        nodeCount += 1
        guard nodeCount <= limits.maxNodes else {
            if !reportedNodeLimit {
                reportedNodeLimit = true
                reader.invalid("more than \(limits.maxNodes) nodes", value: value)
            }
            return nil
        }

        var id: String?
        var idValue: JSONValue?
        var kind = ViewKind.view
        var kindValid = true
        var placement = Placement.fill
        var frameKey: Int?, pinKey: Int?
        var margins: MarginSpec?
        var marginKeys: [(key: String, offset: Int)] = []
        var insetsFromSafeArea = true, preservesSuperviewMargins = false
        var scroll = ScrollProperties()
        var scrollKeys: [(key: String, offset: Int)] = []
        var controller: (ViewController, kindOffset: Int?)?
        var subviews: JSONValue?

        for member in document.members(of: value) {
            guard let key = reader.key(of: member) else { continue }
            reader.enter(key)
            let field = member.value
            let keyOffset = document.startOffset(of: member.key)
            let given = !reader.isNull(field)
            switch key {
            case "id":
                id = reader.string(field)
                idValue = field
            case "kind":
                if let word = reader.word(field, Self.viewKinds) { kind = word } else { kindValid = !given }
            case "frame":
                if given { frameKey = keyOffset }
                if let rect = reader.rect(field) { placement = .frame(rect) }
            case "pin":
                if given { pinKey = keyOffset }
                if let pin = reader.word(field, Self.pins) { placement = .pin(pin) }
            case "layoutMargins":
                if given { marginKeys.append((key, keyOffset)) }
                if let insets = reader.insets(field) { margins = .physical(insets) }
            case "directionalLayoutMargins":
                if given { marginKeys.append((key, keyOffset)) }
                if let insets = reader.directionalInsets(field) { margins = .directional(insets) }
            case "insetsLayoutMarginsFromSafeArea":
                insetsFromSafeArea = reader.bool(field) ?? true
            case "preservesSuperviewLayoutMargins":
                preservesSuperviewMargins = reader.bool(field) ?? false
            case "contentSize", "contentInset", "contentInsetAdjustmentBehavior", "alwaysBounceVertical", "alwaysBounceHorizontal",
                 "automaticallyAdjustsScrollIndicatorInsets", "verticalScrollIndicatorInsets", "horizontalScrollIndicatorInsets":
                if given { scrollKeys.append((key, keyOffset)) }
                scrollProperty(key, field, into: &scroll)
            case "viewController":
                if given { controller = viewController(field) }
            case "subviews":
                if given {
                    if document.kind(of: field) == .array { subviews = field } else { reader.wrongType(field, expected: "an array") }
                }
            default:
                reader.unknownField(member)
            }
            reader.leave()
        }

        if let id, let idValue {
            if ids[id] != nil {
                reader.enter("id")
                reader.invalid("duplicate id \"\(id)\"", value: idValue)
                reader.leave()
            } else {
                ids[id] = role
            }
        } else if idValue.map(reader.isNull) ?? true {
            reader.missing("id", in: value)
        }
        if let frameKey, let pinKey {
            reader.invalid("give frame or pin, not both", at: max(frameKey, pinKey), key: frameKey < pinKey ? "pin" : "frame")
        }
        if marginKeys.count == 2 {
            reader.invalid("give layoutMargins or directionalLayoutMargins, not both", at: marginKeys[1].offset, key: marginKeys[1].key)
        }
        if role != .free {
            let detail = role == .root ? "the root view always fills the screen" : "a container places its content view controller's view"
            if let frameKey { reader.invalid(detail, at: frameKey, key: "frame") }
            if let pinKey { reader.invalid(detail, at: pinKey, key: "pin") }
        }
        if kind == .view, kindValid {
            for (key, offset) in scrollKeys {
                reader.invalid("only for scroll views (kind scrollView, tableView or collectionView)", at: offset, key: key)
            }
        }

        let isContainer = controller.map { $0.0.kind != .plain } ?? false
        let contentIndex = isContainer ? subviews.flatMap(firstControllerIndex) : nil
        if isContainer, let controller, let kindOffset = controller.kindOffset {
            reader.enter("viewController")
            if family == .tv {
                reader.invalid("navigation and tab bar controllers are not modelled on tvOS", at: kindOffset, key: "kind")
            } else if contentIndex == nil {
                reader.invalid("a container needs a content view: a subview with a viewController", at: kindOffset, key: "kind")
            }
            reader.leave()
        }

        var children: [Node] = []
        if let subviews {
            children.reserveCapacity(document.count(of: subviews))
            reader.enter("subviews")
            for (index, element) in document.elements(of: subviews).enumerated() {
                reader.enter(index)
                if let child = node(element, depth: depth + 1, role: index == contentIndex ? .containerContent : .free) {
                    children.append(child)
                }
                reader.leave()
            }
            reader.leave()
        }

        return Node(
            id: id ?? "",
            kind: kind,
            placement: placement,
            layoutMargins: margins,
            insetsLayoutMarginsFromSafeArea: insetsFromSafeArea,
            preservesSuperviewLayoutMargins: preservesSuperviewMargins,
            scroll: kind.isScrollView ? scroll : nil,
            viewController: controller?.0,
            subviews: children
        )
    }

    /// The index of the first subview object that has a (non-null) `viewController`.
    private func firstControllerIndex(_ subviews: JSONValue) -> Int? {
        for (index, element) in document.elements(of: subviews).enumerated() where document.kind(of: element) == .object {
            if document.members(of: element).contains(where: { document.string($0.key) == "viewController" && !reader.isNull($0.value) }) {
                return index
            }
        }
        return nil
    }

    private static let behaviors = ContentInsetAdjustmentBehavior.allCases

    private mutating func scrollProperty(_ key: String, _ value: JSONValue, into scroll: inout ScrollProperties) {
        switch key {
        case "contentSize": scroll.contentSize = reader.size(value) ?? .zero
        case "contentInset": scroll.contentInset = reader.insets(value) ?? .zero
        case "contentInsetAdjustmentBehavior": scroll.behavior = reader.word(value, Self.behaviors) ?? .automatic
        case "alwaysBounceVertical": scroll.alwaysBounceVertical = reader.bool(value) ?? false
        case "alwaysBounceHorizontal": scroll.alwaysBounceHorizontal = reader.bool(value) ?? false
        case "automaticallyAdjustsScrollIndicatorInsets": scroll.automaticallyAdjustsScrollIndicatorInsets = reader.bool(value) ?? true
        case "verticalScrollIndicatorInsets": scroll.verticalScrollIndicatorInsets = reader.insets(value) ?? .zero
        default: scroll.horizontalScrollIndicatorInsets = reader.insets(value) ?? .zero
        }
    }

    // MARK: - View controllers

    private static let controllerKinds: [ViewControllerKind] = [.plain, .navigation, .tabBar]

    /// The view controller at the current path and the offset of its `kind` value.
    private mutating func viewController(_ value: JSONValue) -> (ViewController, kindOffset: Int?)? {
        guard reader.expectObject(value) else { return nil }
        var controller = ViewController()
        var kindOffset: Int?
        var kindValid = true
        var barKeys: [(key: String, offset: Int, owner: ViewControllerKind)] = []
        for member in document.members(of: value) {
            guard let key = reader.key(of: member) else { continue }
            reader.enter(key)
            let field = member.value
            let given = !reader.isNull(field)
            switch key {
            case "kind":
                if let kind = reader.word(field, Self.controllerKinds) {
                    controller.kind = kind
                    kindOffset = document.startOffset(of: field)
                } else {
                    kindValid = !given
                }
            case "additionalSafeAreaInsets":
                controller.additionalSafeAreaInsets = reader.insets(field) ?? .zero
            case "edgesForExtendedLayout":
                controller.edgesForExtendedLayout = edges(field) ?? .all
            case "extendedLayoutIncludesOpaqueBars":
                controller.extendedLayoutIncludesOpaqueBars = reader.bool(field) ?? false
            case "automaticallyAdjustsScrollViewInsets":
                controller.automaticallyAdjustsScrollViewInsets = reader.bool(field) ?? true
            case "viewRespectsSystemMinimumLayoutMargins":
                controller.viewRespectsSystemMinimumLayoutMargins = reader.bool(field) ?? true
            case "navigationBar":
                if given { barKeys.append((key, document.startOffset(of: member.key), .navigation)) }
                controller.navigationBar = reader.bar(field, hiddenByDefault: false, largeTitles: true) ?? controller.navigationBar
            case "toolbar":
                if given { barKeys.append((key, document.startOffset(of: member.key), .navigation)) }
                controller.toolbar = reader.bar(field, hiddenByDefault: true, largeTitles: false) ?? controller.toolbar
            case "tabBar":
                if given { barKeys.append((key, document.startOffset(of: member.key), .tabBar)) }
                controller.tabBar = reader.bar(field, hiddenByDefault: false, largeTitles: false) ?? controller.tabBar
            default:
                reader.unknownField(member)
            }
            reader.leave()
        }
        if kindValid {
            for (key, offset, owner) in barKeys where owner != controller.kind {
                reader.invalid(owner == .navigation ? "only for a navigation controller" : "only for a tab bar controller", at: offset, key: key)
            }
        }
        return (controller, kindOffset)
    }

    /// `edgesForExtendedLayout`: an array of edges, `"all"` or `"none"`.
    private mutating func edges(_ value: JSONValue) -> EdgeSet? {
        switch document.kind(of: value) {
        case .null:
            return nil
        case .string:
            switch document.string(value) {
            case "all": return .all
            case "none": return []
            default:
                reader.invalid("must be \"all\", \"none\" or an array of edges", value: value)
                return nil
            }
        case .array:
            var set = EdgeSet()
            for (index, element) in document.elements(of: value).enumerated() {
                reader.enter(index)
                if let edge = reader.word(element, Edge.allCases) {
                    set.insert(EdgeSet(edge))
                } else if reader.isNull(element) {
                    reader.wrongType(element, expected: "a string")
                }
                reader.leave()
            }
            return set
        default:
            reader.wrongType(value, expected: "an array of edges, \"all\" or \"none\"")
            return nil
        }
    }

    // MARK: - Steps

    private mutating func steps(_ value: JSONValue) -> [LayoutStep]? {
        guard document.kind(of: value) == .array else {
            reader.wrongType(value, expected: "an array")
            return nil
        }
        let count = document.count(of: value)
        var steps: [LayoutStep] = []
        steps.reserveCapacity(min(count, limits.maxSteps))
        for (index, element) in document.elements(of: value).enumerated() {
            reader.enter(index)
            defer { reader.leave() }
            guard index < limits.maxSteps else {
                reader.invalid("more than \(limits.maxSteps) steps", value: element)
                break
            }
            if let step = step(element) { steps.append(step) }
        }
        let states = nodeCount * (min(count, limits.maxSteps) + 1)
        if count <= limits.maxSteps, states > limits.maxNodeStates {
            reader.invalid("\(nodeCount) nodes × (\(count) steps + 1) is more than \(limits.maxNodeStates) node states", value: value)
        }
        return steps
    }

    private mutating func step(_ value: JSONValue) -> LayoutStep? {
        guard reader.expectObject(value) else { return nil }
        var frames: [(id: String, frame: Rect)] = []
        var sawFrames = false
        for member in document.members(of: value) {
            guard let key = reader.key(of: member) else { continue }
            reader.enter(key)
            switch key {
            case "frames":
                guard !reader.isNull(member.value) else { break }
                sawFrames = true
                if reader.expectObject(member.value) { frames = stepFrames(member.value) }
            default:
                reader.unknownField(member)
            }
            reader.leave()
        }
        if !sawFrames { reader.missing("frames", in: value) }
        return LayoutStep(frames: frames)
    }

    private mutating func stepFrames(_ value: JSONValue) -> [(id: String, frame: Rect)] {
        var frames: [(id: String, frame: Rect)] = []
        frames.reserveCapacity(document.count(of: value))
        for member in document.members(of: value) {
            guard let id = reader.key(of: member) else { continue }
            reader.enter(id)
            let keyOffset = document.startOffset(of: member.key)
            let rect = reader.rect(member.value)
            if reader.isNull(member.value) { reader.wrongType(member.value, expected: "an object") }
            switch ids[id] {
            case nil: reader.invalid("unknown node id", at: keyOffset)
            case .root: reader.invalid("the root view always fills the screen", at: keyOffset)
            case .containerContent: reader.invalid("a container places its content view controller's view", at: keyOffset)
            case .free: if let rect { frames.append((id, rect)) }
            }
            reader.leave()
        }
        return frames
    }
}
