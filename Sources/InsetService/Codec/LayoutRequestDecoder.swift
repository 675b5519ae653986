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
    /// Whether the body gave a `steps` array, so that the response answers `steps`, one
    /// state per step: `"steps": []` is answered with `"steps": []`.
    public var hasSteps: Bool

    /// Creates a decoded request; `hasSteps` defaults to whether `request` has any steps.
    public init(device: String, orientation: Orientation, request: LayoutRequest, hasSteps: Bool? = nil) {
        self.device = device
        self.orientation = orientation
        self.request = request
        self.hasSteps = hasSteps ?? !request.steps.isEmpty
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
    ///
    /// A well-formed body is read in one pass (`LayoutFastPath`); any other is parsed and
    /// validated as a whole, which finds every problem.
    public func decode(_ body: [UInt8]) throws(Problem) -> DecodedLayoutRequest {
        if let decoded = body.withUnsafeBufferPointer({ LayoutFastPath.decode($0, devices: devices, limits: limits) }) {
            return decoded
        }
        return try decode(document: RequestReader.parse(body, maxNesting: limits.jsonNesting))
    }

    /// Decodes an already parsed body (parse it with nesting allowed to `limits`).
    public func decode(document: JSONDocument) throws(Problem) -> DecodedLayoutRequest {
        var decoding = LayoutDecoding(reader: RequestReader(document: document), devices: devices, limits: limits)
        return try decoding.decode()
    }

    /// Decodes a body held in a raw buffer (copied only when the fast path gives up).
    public func decode(_ body: UnsafeRawBufferPointer) throws(Problem) -> DecodedLayoutRequest {
        if let decoded = LayoutFastPath.decode(body.assumingMemoryBound(to: UInt8.self), devices: devices, limits: limits) {
            return decoded
        }
        return try decode(document: RequestReader.parse([UInt8](body), maxNesting: limits.jsonNesting))
    }
}

/// How a node is placed, which decides whether it may carry `frame` or `pin`.
enum NodeRole: Sendable {
    /// The window's root view: always fills the screen.
    case root
    /// A container's content (its first subview with a view controller): placed by it.
    case containerContent
    /// Anything else: placed by its own `frame` or `pin`.
    case free
}

/// The keys and words of `/layout` bodies, looked up by their bytes (by the validating
/// decoding and by its fast path alike).
struct LayoutSchema: Sendable {
    enum BodyField: String, CaseIterable, Sendable {
        case device, screen, orientation, systemVersion, statusBarHidden, layoutDirection, root, steps
    }
    enum ScreenField: String, CaseIterable, Sendable { case width, height, safeAreaInsets, statusBarHeight, sizeClass }
    enum SizeClassField: String, CaseIterable, Sendable { case horizontal, vertical }
    enum NodeField: String, CaseIterable, Sendable {
        case id, kind, frame, pin, layoutMargins, directionalLayoutMargins, insetsLayoutMarginsFromSafeArea, preservesSuperviewLayoutMargins
        case contentSize, contentInset, contentInsetAdjustmentBehavior, alwaysBounceVertical, alwaysBounceHorizontal
        case automaticallyAdjustsScrollIndicatorInsets, verticalScrollIndicatorInsets, horizontalScrollIndicatorInsets
        case viewController, subviews
    }
    enum ControllerField: String, CaseIterable, Sendable {
        case kind, additionalSafeAreaInsets, edgesForExtendedLayout, extendedLayoutIncludesOpaqueBars
        case automaticallyAdjustsScrollViewInsets, viewRespectsSystemMinimumLayoutMargins, navigationBar, toolbar, tabBar
    }
    enum StepField: String, CaseIterable, Sendable { case frames }
    /// The words `edgesForExtendedLayout` takes instead of an array.
    enum EdgeWord: String, Sendable {
        case allEdges = "all"
        case noEdges = "none"
    }

    let body = FieldTable<BodyField>()
    let screen = FieldTable<ScreenField>()
    let sizeClass = FieldTable<SizeClassField>()
    let node = FieldTable<NodeField>()
    let controller = FieldTable<ControllerField>()
    let step = FieldTable<StepField>()

    let layoutDirections = WordTable([LayoutDirection.leftToRight, .rightToLeft])
    let orientations = WordTable(Orientation.allCases)
    let sizeClasses = WordTable([SizeClass.compact, .regular])
    let viewKinds = WordTable([ViewKind.view, .scrollView, .tableView, .collectionView])
    let pins = WordTable([Pin.bounds, .safeArea, .layoutMargins, .readableContent])
    let behaviors = WordTable(ContentInsetAdjustmentBehavior.allCases)
    let controllerKinds = WordTable([ViewControllerKind.plain, .navigation, .tabBar])
    let edges = WordTable(Edge.allCases)
    let edgeWords = WordTable([EdgeWord.allEdges, .noEdges])

    /// Positions in `body`, `node` and `controller` of the fields the fast path checks.
    let rootIndex = BodyField.allCases.firstIndex(of: .root)!
    let frameIndex = NodeField.allCases.firstIndex(of: .frame)!
    let pinIndex = NodeField.allCases.firstIndex(of: .pin)!
    let layoutMarginsIndex = NodeField.allCases.firstIndex(of: .layoutMargins)!
    let directionalLayoutMarginsIndex = NodeField.allCases.firstIndex(of: .directionalLayoutMargins)!
    let navigationBarIndex = ControllerField.allCases.firstIndex(of: .navigationBar)!
    let toolbarIndex = ControllerField.allCases.firstIndex(of: .toolbar)!
    let tabBarIndex = ControllerField.allCases.firstIndex(of: .tabBar)!

    /// Built once, handed to every decoding.
    static let shared = LayoutSchema()
}

/// The ids of the nodes decoded so far and their roles, compared as `String`s compare
/// (canonical equivalence). An id of plain ASCII (`RequestReader.isComparableByBytes`)
/// equals no other string than the same bytes, so those are kept in an open-addressed
/// table, hashed on their bytes (seeded per process, so that no body can aim its ids at
/// one slot); any other id goes to a `Dictionary`.
struct NodeIDs {
    private struct Entry {
        var hash: UInt64
        var id: String
        var role: NodeRole
    }

    private static let seed = UInt64.random(in: .min ... .max)

    private let seed = NodeIDs.seed
    private var entries: [Entry]
    /// Positions in `entries`, -1 for none; a power of two, at least twice as many.
    private var slots = [Int](repeating: -1, count: 64)
    private var others: [String: NodeRole] = [:]

    init() {
        entries = []
        entries.reserveCapacity(32)
    }

    /// Adds `id` of a node with `role`; when an earlier node has it, keeps that one and
    /// returns its role.
    mutating func insert(_ id: String, role: NodeRole) -> NodeRole? {
        var text = id
        return text.withUTF8 { insert(id, utf8: $0, role: role) }
    }

    /// `insert(_:role:)` for an id whose UTF-8 bytes the caller has at hand.
    mutating func insert(_ id: String, utf8: UnsafeBufferPointer<UInt8>, role: NodeRole) -> NodeRole? {
        guard let hash = plainHash(utf8) else {
            if let earlier = others[id] { return earlier }
            others[id] = role
            return nil
        }
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] >= 0 {
            // Compared in place: a copy of the entry would retain and release its id.
            let earlier = slots[slot]
            if entries[earlier].hash == hash, entries[earlier].id == id { return entries[earlier].role }
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = entries.count
        entries.append(Entry(hash: hash, id: id, role: role))
        if 2 * entries.count > slots.count { grow() }
        return nil
    }

    /// The role of the node with `id`, if any.
    func role(of id: String) -> NodeRole? {
        var text = id
        guard let hash = text.withUTF8(plainHash) else { return others[id] }
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] >= 0 {
            let entry = entries[slots[slot]]
            if entry.hash == hash, entry.id == id { return entry.role }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    private mutating func grow() {
        slots = [Int](repeating: -1, count: 2 * slots.count)
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & (slots.count - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = index
        }
    }

    /// The hash of a plain-ASCII id's bytes, `nil` for any other id. Every byte is read by
    /// whole-word loads, never one by one: eight at a time, the last eight overlapping the
    /// ones before; an id of four to seven bytes as its first and last four, a shorter one
    /// as its first, middle and last byte.
    private func plainHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        let count = bytes.count
        var hash = seed ^ UInt64(count)
        guard let base = bytes.baseAddress, count > 0 else { return hash }
        let raw = UnsafeRawPointer(base)
        if count < 8 {
            let chunk: UInt64
            if count >= 4 {
                let first = raw.loadUnaligned(as: UInt32.self), last = raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                chunk = UInt64(UInt32(littleEndian: first)) | UInt64(UInt32(littleEndian: last)) << 32
            } else {
                chunk = UInt64(base[0]) | UInt64(base[count / 2]) << 8 | UInt64(base[count - 1]) << 16
            }
            guard Self.isPlain(chunk) else { return nil }
            return Self.mix(hash, chunk)
        }
        var offset = 0
        while true {
            let chunk = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            guard Self.isPlain(chunk) else { return nil }
            hash = Self.mix(hash, chunk)
            guard offset + 8 < count else { return hash }
            offset = min(offset + 8, count - 8)
        }
    }

    /// Whether eight bytes hold no byte from 0x80 on and no `K`, `;` or `` ` ``.
    @inline(__always)
    private static func isPlain(_ chunk: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs = ones &* 0x80
        func hasByte(_ byte: UInt8) -> Bool {
            let difference = chunk ^ (ones &* UInt64(byte))
            return (difference &- ones) & ~difference & highs != 0
        }
        return chunk & highs == 0 && !hasByte(UInt8(ascii: "K")) && !hasByte(UInt8(ascii: ";")) && !hasByte(UInt8(ascii: "`"))
    }

    private static func mix(_ hash: UInt64, _ chunk: UInt64) -> UInt64 {
        let product = (hash ^ chunk).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
        return product.high ^ product.low
    }
}

/// The state of decoding one `/layout` body.
private struct LayoutDecoding {
    var reader: RequestReader
    let document: JSONDocument
    /// Read where used: a copy of the tables in every decoding costs more.
    var schema: LayoutSchema { LayoutSchema.shared }
    let devices: any DeviceDirectory
    let limits: DecodingLimits
    /// The resolved device's family (`nil` for a custom screen or an unknown device).
    var family: DeviceFamily?
    var nodeCount = 0
    var reportedNodeLimit = false
    var reportedDepthLimit = false
    /// Every node id decoded so far and the node's role.
    var ids = NodeIDs()

    init(reader: RequestReader, devices: any DeviceDirectory, limits: DecodingLimits) {
        self.reader = reader
        document = reader.document
        self.devices = devices
        self.limits = limits
    }

    mutating func decode() throws(Problem) -> DecodedLayoutRequest {
        let body = document.root
        guard document.kind(of: body) == .object else {
            let detail = "must be an object, not \(document.kind(of: body))"
            throw Problem.malformed("The body \(detail)", errors: [FieldProblem(pointer: "", detail: detail)])
        }
        // The top-level members given (not null), each read below in a fixed order.
        var device: JSONMember?, screen: JSONMember?, orientation: JSONMember?, systemVersion: JSONMember?
        var statusBarHidden: JSONMember?, layoutDirection: JSONMember?, root: JSONMember?, steps: JSONMember?
        for member in document.members(of: body) {
            guard let field = reader.field(of: member, in: schema.body), !reader.isNull(member.value) else { continue }
            switch field {
            case .device: device = member
            case .screen: screen = member
            case .orientation: orientation = member
            case .systemVersion: systemVersion = member
            case .statusBarHidden: statusBarHidden = member
            case .layoutDirection: layoutDirection = member
            case .root: root = member
            case .steps: steps = member
            }
        }

        var version = 18.0
        if let value = systemVersion?.value, let number = reader.number(value) {
            if number >= RequestReader.minimumSystemVersion { version = number } else { reader.invalid("must be at least 7", value: value) }
        }
        let hidesStatusBar = statusBarHidden.flatMap { reader.bool($0.value) } ?? false
        let direction = layoutDirection.flatMap { reader.word($0.value, schema.layoutDirections) } ?? .leftToRight

        let deviceID = device.flatMap { self.device($0.value) }
        let customScreen = screen.flatMap { self.screen($0.value) }
        switch (device, screen) {
        case (let device?, let screen?):
            let later = document.startOffset(of: device.key) < document.startOffset(of: screen.key) ? ("screen", screen) : ("device", device)
            reader.invalid("give device or screen, not both", at: document.startOffset(of: later.1.key), in: body, key: later.0)
        case (nil, nil):
            reader.missing("device", in: body, detail: "missing required field: give device or screen")
        default:
            break
        }
        let resolvedOrientation = orientation.flatMap { self.orientation($0.value, device: deviceID) }
            ?? (family == .tv ? .landscapeLeft : .portrait)

        var rootNode: [Node] = []
        if let root {
            node(root.value, depth: 1, role: .root, appendingTo: &rootNode)
        } else {
            reader.missing("root", in: body)
        }
        let layoutSteps = steps.flatMap { self.steps($0.value) } ?? []

        try reader.finish()
        // Every way of reaching here without a root or an environment was reported above;
        // these throws only keep the decoder total.
        guard let rootNode = rootNode.first else { throw Problem.invalid([FieldProblem(pointer: "/root", detail: "missing required field")]) }
        let label: String, environment: DisplayEnvironment
        if let customScreen {
            label = "custom"
            environment = customScreen.environment(systemVersion: version, statusBarHidden: hidesStatusBar)
        } else if let deviceID, let resolved = devices.environment(id: deviceID, orientation: resolvedOrientation, systemVersion: version, statusBarHidden: hidesStatusBar) {
            label = deviceID
            environment = resolved
        } else {
            throw Problem.invalid([FieldProblem(pointer: "/device", detail: "unknown device")])
        }
        let request = LayoutRequest(environment: environment, systemVersion: version, layoutDirection: direction, root: rootNode, steps: layoutSteps)
        return DecodedLayoutRequest(device: label, orientation: resolvedOrientation, request: request, hasSteps: steps != nil)
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
        guard let orientation = reader.word(value, schema.orientations) else { return nil }
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
            guard !reader.isDuplicate(member) else { continue }
            let given = !reader.isNull(member.value)
            switch schema.screen.field(member.key, in: document) {
            case .width?:
                widthGiven = given
                width = reader.number(member.value, .nonNegative)
            case .height?:
                heightGiven = given
                height = reader.number(member.value, .nonNegative)
            case .safeAreaInsets?: screen.safeAreaInsets = reader.insets(member.value, .nonNegative) ?? .zero
            case .statusBarHeight?: screen.statusBarHeight = reader.number(member.value, .nonNegative)
            case .sizeClass?:
                if given, reader.expectObject(member.value) { sizeClasses(member.value, into: &screen) }
            case nil:
                reader.unknownField(member)
                valid = false
            }
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
            switch reader.field(of: member, in: schema.sizeClass) {
            case .horizontal: screen.horizontalSizeClass = reader.word(member.value, schema.sizeClasses)
            case .vertical: screen.verticalSizeClass = reader.word(member.value, schema.sizeClasses)
            case nil: break
            }
        }
    }

    // MARK: - Nodes

    /// Decodes the node `value` and appends it to `siblings`; nothing is appended when it
    /// is not an object or past a limit. (Appending in place spares copies of a large value.)
    private mutating func node(_ value: JSONValue, depth: Int, role: NodeRole, appendingTo siblings: inout [Node]) {
        guard reader.expectObject(value) else { return }
        guard depth <= limits.maxDepth else {
            if !reportedDepthLimit {
                reportedDepthLimit = true
                reader.invalid("nodes nested deeper than \(limits.maxDepth) levels (the root is level 1)", value: value)
            }
            return
        }
        nodeCount += 1
        guard nodeCount <= limits.maxNodes else {
            if !reportedNodeLimit {
                reportedNodeLimit = true
                reader.invalid("more than \(limits.maxNodes) nodes", value: value)
            }
            return
        }

        var id: String?
        var idValue: JSONValue?
        var kind = ViewKind.view
        var kindValid = true
        var placement = Placement.fill
        var frameKey: Int?, pinKey: Int?
        var margins: MarginSpec?
        // Whether `layoutMargins` or `directionalLayoutMargins` was given, and the second one.
        var marginsGiven = false, secondMargins: (key: String, offset: Int)?
        var insetsFromSafeArea = true, preservesSuperviewMargins = false
        var scroll = ScrollProperties()
        var scrollKeys: [(key: String, offset: Int)] = []
        var controller: (ViewController, value: JSONValue, kindOffset: Int?)?
        var subviews: JSONValue?

        for member in document.members(of: value) {
            guard let key = reader.field(of: member, in: schema.node) else { continue }
            let field = member.value
            let keyOffset = document.startOffset(of: member.key)
            let given = !reader.isNull(field)
            switch key {
            case .id:
                id = reader.string(field)
                idValue = field
            case .kind:
                if let word = reader.word(field, schema.viewKinds) { kind = word } else { kindValid = !given }
            case .frame:
                if given { frameKey = keyOffset }
                if let rect = reader.rect(field) { placement = .frame(rect) }
            case .pin:
                if given { pinKey = keyOffset }
                if let pin = reader.word(field, schema.pins) { placement = .pin(pin) }
            case .layoutMargins, .directionalLayoutMargins:
                if given {
                    if marginsGiven { secondMargins = (key.rawValue, keyOffset) }
                    marginsGiven = true
                }
                if key == .layoutMargins {
                    if let insets = reader.insets(field) { margins = .physical(insets) }
                } else {
                    if let insets = reader.directionalInsets(field) { margins = .directional(insets) }
                }
            case .insetsLayoutMarginsFromSafeArea:
                insetsFromSafeArea = reader.bool(field) ?? true
            case .preservesSuperviewLayoutMargins:
                preservesSuperviewMargins = reader.bool(field) ?? false
            case .contentSize, .contentInset, .contentInsetAdjustmentBehavior, .alwaysBounceVertical, .alwaysBounceHorizontal,
                 .automaticallyAdjustsScrollIndicatorInsets, .verticalScrollIndicatorInsets, .horizontalScrollIndicatorInsets:
                if given { scrollKeys.append((key.rawValue, keyOffset)) }
                scrollProperty(key, field, into: &scroll)
            case .viewController:
                if given { controller = viewController(field).map { ($0.0, field, $0.kindOffset) } }
            case .subviews:
                if given {
                    if document.kind(of: field) == .array { subviews = field } else { reader.wrongType(field, expected: "an array") }
                }
            }
        }

        if let id, let idValue {
            if ids.insert(id, role: role) != nil {
                reader.invalid("duplicate id \"\(id)\"", value: idValue)
            }
        } else if idValue.map({ !reader.isNull($0) }) != true {   // absent or null (another type was reported)
            reader.missing("id", in: value)
        }
        if let frameKey, let pinKey {
            reader.invalid("give frame or pin, not both", at: max(frameKey, pinKey), in: value, key: frameKey < pinKey ? "pin" : "frame")
        }
        if let secondMargins {
            reader.invalid("give layoutMargins or directionalLayoutMargins, not both", at: secondMargins.offset, in: value, key: secondMargins.key)
        }
        if role != .free {
            let detail = role == .root ? "the root view always fills the screen" : "a container places its content view controller's view"
            if let frameKey { reader.invalid(detail, at: frameKey, in: value, key: "frame") }
            if let pinKey { reader.invalid(detail, at: pinKey, in: value, key: "pin") }
        }
        if kind == .view, kindValid {
            for (key, offset) in scrollKeys {
                reader.invalid("only for scroll views (kind scrollView, tableView or collectionView)", at: offset, in: value, key: key)
            }
        }

        let isContainer = controller.map { $0.0.kind != .plain } ?? false
        var contentIndex: Int?
        if isContainer, let subviews { contentIndex = firstControllerIndex(subviews) }
        if isContainer, let controller, let kindOffset = controller.kindOffset {
            if family == .tv {
                reader.invalid("navigation and tab bar controllers are not modelled on tvOS", at: kindOffset, in: controller.value, key: "kind")
            } else if contentIndex == nil {
                reader.invalid("a container needs a content view: a subview with a viewController", at: kindOffset, in: controller.value, key: "kind")
            }
        }

        var children: [Node] = []
        if let subviews {
            children.reserveCapacity(document.count(of: subviews))
            for (index, element) in document.elements(of: subviews).enumerated() {
                node(element, depth: depth + 1, role: index == contentIndex ? .containerContent : .free, appendingTo: &children)
            }
        }

        siblings.append(Node(
            id: id ?? "",
            kind: kind,
            placement: placement,
            layoutMargins: margins,
            insetsLayoutMarginsFromSafeArea: insetsFromSafeArea,
            preservesSuperviewLayoutMargins: preservesSuperviewMargins,
            scroll: kind.isScrollView ? scroll : nil,
            viewController: controller?.0,
            subviews: children
        ))
    }

    /// The index of the first subview object that has a (non-null) `viewController`
    /// (under any of its keys, repeated ones too).
    private func firstControllerIndex(_ subviews: JSONValue) -> Int? {
        for (index, element) in document.elements(of: subviews).enumerated() where document.kind(of: element) == .object {
            if document.members(of: element).contains(where: { schema.node.field($0.key, in: document) == .viewController && !reader.isNull($0.value) }) {
                return index
            }
        }
        return nil
    }

    private mutating func scrollProperty(_ key: LayoutSchema.NodeField, _ value: JSONValue, into scroll: inout ScrollProperties) {
        switch key {
        case .contentSize: scroll.contentSize = reader.size(value) ?? .zero
        case .contentInset: scroll.contentInset = reader.insets(value) ?? .zero
        case .contentInsetAdjustmentBehavior: scroll.behavior = reader.word(value, schema.behaviors) ?? .automatic
        case .alwaysBounceVertical: scroll.alwaysBounceVertical = reader.bool(value) ?? false
        case .alwaysBounceHorizontal: scroll.alwaysBounceHorizontal = reader.bool(value) ?? false
        case .automaticallyAdjustsScrollIndicatorInsets: scroll.automaticallyAdjustsScrollIndicatorInsets = reader.bool(value) ?? true
        case .verticalScrollIndicatorInsets: scroll.verticalScrollIndicatorInsets = reader.insets(value) ?? .zero
        default: scroll.horizontalScrollIndicatorInsets = reader.insets(value) ?? .zero
        }
    }

    // MARK: - View controllers

    /// The view controller `value` and the offset of its `kind` value.
    private mutating func viewController(_ value: JSONValue) -> (ViewController, kindOffset: Int?)? {
        guard reader.expectObject(value) else { return nil }
        var controller = ViewController()
        var kindOffset: Int?
        var kindValid = true
        var barKeys: [(key: String, offset: Int, owner: ViewControllerKind)] = []
        for member in document.members(of: value) {
            guard let key = reader.field(of: member, in: schema.controller) else { continue }
            let field = member.value
            let given = !reader.isNull(field)
            switch key {
            case .kind:
                if let kind = reader.word(field, schema.controllerKinds) {
                    controller.kind = kind
                    kindOffset = document.startOffset(of: field)
                } else {
                    kindValid = !given
                }
            case .additionalSafeAreaInsets:
                controller.additionalSafeAreaInsets = reader.insets(field) ?? .zero
            case .edgesForExtendedLayout:
                controller.edgesForExtendedLayout = edges(field) ?? .all
            case .extendedLayoutIncludesOpaqueBars:
                controller.extendedLayoutIncludesOpaqueBars = reader.bool(field) ?? false
            case .automaticallyAdjustsScrollViewInsets:
                controller.automaticallyAdjustsScrollViewInsets = reader.bool(field) ?? true
            case .viewRespectsSystemMinimumLayoutMargins:
                controller.viewRespectsSystemMinimumLayoutMargins = reader.bool(field) ?? true
            case .navigationBar:
                if given { barKeys.append((key.rawValue, document.startOffset(of: member.key), .navigation)) }
                controller.navigationBar = reader.bar(field, hiddenByDefault: false, largeTitles: true) ?? controller.navigationBar
            case .toolbar:
                if given { barKeys.append((key.rawValue, document.startOffset(of: member.key), .navigation)) }
                controller.toolbar = reader.bar(field, hiddenByDefault: true, largeTitles: false) ?? controller.toolbar
            case .tabBar:
                if given { barKeys.append((key.rawValue, document.startOffset(of: member.key), .tabBar)) }
                controller.tabBar = reader.bar(field, hiddenByDefault: false, largeTitles: false) ?? controller.tabBar
            }
        }
        if kindValid {
            for (key, offset, owner) in barKeys where owner != controller.kind {
                reader.invalid(owner == .navigation ? "only for a navigation controller" : "only for a tab bar controller", at: offset, in: value, key: key)
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
            switch document.index(of: value, in: schema.edgeWords.table).map({ schema.edgeWords.words[$0] }) {
            case .allEdges: return .all
            case .noEdges: return []
            case nil:
                reader.invalid("must be \"all\", \"none\" or an array of edges", value: value)
                return nil
            }
        case .array:
            var set = EdgeSet()
            for element in document.elements(of: value) {
                if let edge = reader.word(element, schema.edges) {
                    set.insert(EdgeSet(edge))
                } else if reader.isNull(element) {
                    reader.wrongType(element, expected: "a string")
                }
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

    /// One step. `frames` is optional (API.md names only `root` and `id` as required, and
    /// openapi.yaml's `LayoutStep` requires nothing): a step without it, or with `null`,
    /// changes no frame and is answered with the state as it stands.
    private mutating func step(_ value: JSONValue) -> LayoutStep? {
        guard reader.expectObject(value) else { return nil }
        var frames: [(id: String, frame: Rect)] = []
        for member in document.members(of: value) {
            switch reader.field(of: member, in: schema.step) {
            case .frames:
                guard !reader.isNull(member.value) else { break }
                if reader.expectObject(member.value) { frames = stepFrames(member.value) }
            case nil:
                break
            }
        }
        return LayoutStep(frames: frames)
    }

    private mutating func stepFrames(_ value: JSONValue) -> [(id: String, frame: Rect)] {
        var frames: [(id: String, frame: Rect)] = []
        frames.reserveCapacity(document.count(of: value))
        for member in document.members(of: value) {
            guard let id = reader.key(of: member) else { continue }
            let keyOffset = document.startOffset(of: member.key)
            let rect = reader.rect(member.value)
            if reader.isNull(member.value) { reader.wrongType(member.value, expected: "an object") }
            switch ids.role(of: id) {
            case nil: reader.invalid("unknown node id", at: keyOffset, in: member.value)
            case .root: reader.invalid("the root view always fills the screen", at: keyOffset, in: member.value)
            case .containerContent: reader.invalid("a container places its content view controller's view", at: keyOffset, in: member.value)
            case .free: if let rect { frames.append((id, rect)) }
            }
        }
        return frames
    }
}
