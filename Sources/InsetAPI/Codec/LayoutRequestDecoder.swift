import InsetEngine
import JSONCore
import ServiceKit

/// Decodes and validates `POST /layout` bodies exactly as API.md defines them.
///
/// Malformed JSON is `400`; every other problem (a value of the wrong JSON type included) is
/// collected and reported at once as `422`, with JSON Pointers in document order.
public struct LayoutRequestDecoder: Sendable {
    /// Resolves registry devices.
    public var devices: any DeviceDirectory
    /// The limits on nodes, depth and steps.
    public var limits: DecodingLimits
    /// The fields known at the top of the body, which an unknown one is matched against
    /// (API.md "Suggestions"): /layout's, or those of the endpoint whose body this is part of.
    var bodyFields = LayoutSchema.shared.body.names

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
        var decoding = LayoutDecoding(reader: RequestReader(document: document), devices: devices, limits: limits, bodyFields: bodyFields)
        return try decoding.decode()
    }

    /// What a body decoded for one combination of a matrix gives: its request; or, when every
    /// problem depends on the device, orientation or systemVersion, the reason to skip the
    /// combination (their details); else the problem of the others.
    enum CombinationOutcome {
        case decoded(DecodedLayoutRequest)
        case skipped(reason: String)
        case invalid(Problem)
    }

    /// What an endpoint whose body holds a /layout request sets of its members: a matrix
    /// combination's device, orientation and systemVersion (each `nil`: read from the body),
    /// and the members the endpoint reads itself, which the /layout decoding passes over
    /// (the matrix's own, /render's `render`).
    struct FixedMembers {
        var device: String?
        var orientation: Orientation?
        var systemVersion: Double?
        var passedOver: Set<String>
    }

    /// Decodes the /layout members of a body parsed once, passing over `passedOver` (the
    /// members another endpoint reads itself); throws as ``decode(document:)`` does.
    func decode(document: JSONDocument, passingOver passedOver: Set<String>) throws(Problem) -> DecodedLayoutRequest {
        var decoding = LayoutDecoding(reader: RequestReader(document: document), devices: devices, limits: limits, bodyFields: bodyFields)
        decoding.fixed = FixedMembers(passedOver: passedOver)
        return try decoding.decode()
    }

    /// Decodes the /layout members of a matrix body, parsed once, for one combination (see
    /// ``CombinationOutcome``): the document is walked again, never parsed or written again.
    func decodeCombination(_ document: JSONDocument, fixed: FixedMembers) -> CombinationOutcome {
        var decoding = LayoutDecoding(reader: RequestReader(document: document), devices: devices, limits: limits, bodyFields: bodyFields)
        decoding.fixed = fixed
        do {
            return .decoded(try decoding.decode())
        } catch {
            if let problems = decoding.reader.varyingProblemsOnly {
                // Each problem once, in document order, as `pointer: detail`.
                let reasons = problems.map { "\($0.pointer): \($0.detail)" }
                return .skipped(reason: reasons.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.joined(separator: "; "))
            }
            do {
                try decoding.reader.finish(ignoringVarying: true)
            } catch {
                return .invalid(error)
            }
            return .invalid(error)
        }
    }

    /// Decodes a body held in a raw buffer (copied only when the fast path gives up).
    public func decode(_ body: UnsafeRawBufferPointer) throws(Problem) -> DecodedLayoutRequest {
        if let decoded = LayoutFastPath.decode(body.assumingMemoryBound(to: UInt8.self), devices: devices, limits: limits) {
            return decoded
        }
        return try decode(document: RequestReader.parse([UInt8](body), maxNesting: limits.jsonNesting))
    }
}

/// The state of decoding one `/layout` body: a walk of its parsed document that reads the
/// hierarchy straight into the engine's `ViewHierarchy`, a view per node in depth-first
/// order, and reports every problem (the schema's through `RequestReader`, the rules'
/// through `LayoutRules`).
struct LayoutDecoding {
    var reader: RequestReader
    let document: JSONDocument
    /// Read where used: a copy of the tables in every decoding costs more.
    var schema: LayoutSchema { LayoutSchema.shared }
    let devices: any DeviceDirectory
    let limits: DecodingLimits
    /// The resolved device's family (`nil` for a custom screen or an unknown device).
    var family: DeviceFamily?
    /// Made again for `family` once the device is read, before the nodes.
    var rules = LayoutRules(family: nil)
    var nodeCount = 0
    var reportedNodeLimit = false
    var reportedDepthLimit = false
    /// The hierarchy's views and ids in depth-first order.
    var views: [ViewHierarchy.View] = []
    var viewIDs: [String] = []
    /// The layouts collection views set, by view index.
    var collectionLayouts: [Int: CollectionLayout] = [:]
    /// The indices of the views their containers place, which no step may move.
    var containerContents = Set<Int>()
    /// The body's systemVersion (the default until it is read), for the fields a version
    /// lacks; `nil` when it is refused: no field is then judged against a version (API.md "Errors").
    var systemVersion: Double? = SystemVersion.default
    /// The indices of the table rows, which their tables place and no step may move.
    var rows = Set<Int>()
    /// The fields known at the top of the body (`LayoutRequestDecoder.bodyFields`).
    let bodyFields: [String]
    /// What a matrix sets for one of its combinations, or nil for a /layout body.
    var fixed: LayoutRequestDecoder.FixedMembers?

    init(reader: RequestReader, devices: any DeviceDirectory, limits: DecodingLimits, bodyFields: [String]) {
        self.reader = reader
        document = reader.document
        self.devices = devices
        self.limits = limits
        self.bodyFields = bodyFields
    }

    mutating func decode() throws(Problem) -> DecodedLayoutRequest {
        let body = document.root
        guard document.kind(of: body) == .object else {
            throw Problem.invalid([FieldProblem(pointer: "", detail: "expected an object, got \(document.kind(of: body))")])
        }
        // The top-level members given (not null), each read below in a fixed order.
        var device: JSONMember?, screen: JSONMember?, orientation: JSONMember?, systemVersion: JSONMember?, design: JSONMember?
        var statusBarHidden: JSONMember?, layoutDirection: JSONMember?, root: JSONMember?, steps: JSONMember?
        var window: JSONMember?
        var keyboard: JSONMember?
        for member in document.members(of: body) {
            if let fixed, let key = document.string(member.key), fixed.passedOver.contains(key) { continue }
            guard let field = reader.field(of: member, in: schema.body, allowed: bodyFields) else { continue }
            guard !reader.isNull(member.value) else {
                // `root` is required: null is a wrong type, not its absence.
                if field == .root { reader.wrongType(member.value, expected: "an object") }
                continue
            }
            switch field {
            case .device: device = member
            case .screen: screen = member
            case .orientation: orientation = member
            case .systemVersion: systemVersion = member
            case .designRequiresCompatibility: design = member
            case .statusBarHidden: statusBarHidden = member
            case .layoutDirection: layoutDirection = member
            case .root: root = member
            case .steps: steps = member
            case .window: window = member
            case .keyboard: keyboard = member
            }
        }

        let (version, designRequiresCompatibility) = self.version(systemVersion, design: design, fixed: fixed?.systemVersion)
        let hidesStatusBar = statusBarHidden.flatMap { reader.bool($0.value) } ?? false
        let direction = layoutDirection.flatMap { reader.word($0.value, schema.layoutDirections) } ?? .leftToRight

        // The environment stage, then the hierarchy stage on the rules it made.
        let setting = self.environment(device: device, screen: screen, orientation: orientation, window: window,
                                       systemVersion: version, statusBarHidden: hidesStatusBar)
        rules.systemVersion = self.systemVersion
        if let root {
            _ = node(root.value, depth: 1, parent: -1)
        } else if !document.members(of: body).contains(where: { document.string($0.key) == "root" }) {
            reader.missing("root", in: body)
        }
        let layoutSteps = steps.flatMap { self.steps($0.value) } ?? []
        let keyboardReading = keyboard.flatMap { self.keyboard($0.value) }

        try reader.finish()
        // Every way of reaching here without a root or an environment was reported above;
        // these throws only keep the decoder total.
        guard !views.isEmpty else { throw Problem.invalid([FieldProblem(pointer: "/root", detail: "required")]) }
        guard let label = setting.label, let environment = setting.environment else {
            throw Problem.invalid([FieldProblem(pointer: "/device", detail: "unknown device")])
        }
        // Each view was placed as its object was read, before its subviews.
        let hierarchy = ViewHierarchy(placedInOrder: views, ids: NodeIDList(viewIDs), collectionLayouts: collectionLayouts)
        var request = LayoutRequest(environment: environment, systemVersion: version, layoutDirection: direction, hierarchy: hierarchy, steps: layoutSteps)
        request.window = setting.window
        request.designRequiresCompatibility = designRequiresCompatibility ?? false
        request.keyboard = keyboardReading?.keyboard(on: environment.screen)
        return DecodedLayoutRequest(device: label, orientation: setting.orientation, request: request, hasSteps: steps != nil)
    }

    // MARK: - Nodes

    /// Decodes the node `value` under the view at `parent` into `views` and `viewIDs`, its
    /// subviews after it, and returns what the rules read of it; `nil` when it is not an
    /// object or past a limit (then nothing is added).
    private mutating func node(_ value: JSONValue, depth: Int, parent: Int) -> NodeReading? {
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

        var reading = NodeReading()
        var view = ViewHierarchy.View(parent: parent)
        var id: String?
        var idValue: JSONValue?
        var scroll = ScrollProperties()
        var subviews: JSONValue?
        var lists = ListReading()
        for member in document.members(of: value) {
            guard let key = reader.field(of: member, in: schema.node) else { continue }
            let field = member.value
            let given = !reader.isNull(field)
            // `"keyboardLayoutGuide": false` is its absence at every version (API.md).
            if given, key != .keyboardLayoutGuide || document.bool(field) != false { reading.fields.insert(schema.node.index(of: key)) }
            switch key {
            case .id:
                id = reader.string(field)
                idValue = field
            case .kind:
                if let word = reader.word(field, schema.viewKinds) {
                    view.kind = word
                    reading.kind = word
                } else if given {
                    reading.kind = nil
                }
            case .frame:
                if let rect = reader.rect(field) { view.placement = .frame(rect) }
            case .pin:
                if let pin = reader.word(field, schema.pins) { view.placement = .pin(pin) }
            case .layoutMargins:
                if let insets = reader.insets(field) { view.layoutMargins = .physical(insets) }
            case .directionalLayoutMargins:
                if let insets = reader.directionalInsets(field) { view.layoutMargins = .directional(insets) }
            case .insetsLayoutMarginsFromSafeArea:
                view.insetsLayoutMarginsFromSafeArea = reader.bool(field) ?? true
            case .preservesSuperviewLayoutMargins:
                view.preservesSuperviewLayoutMargins = reader.bool(field) ?? false
            case .contentSize, .contentInset, .contentInsetAdjustmentBehavior, .alwaysBounceVertical, .alwaysBounceHorizontal,
                 .automaticallyAdjustsScrollIndicatorInsets, .verticalScrollIndicatorInsets, .horizontalScrollIndicatorInsets:
                scrollProperty(key, field, into: &scroll)
            case .viewController:
                guard given, let (controller, kind, fields) = viewController(field) else { break }
                view.viewController = controller
                reading.hasController = true
                reading.controllerKind = kind
                reading.controllerFields = fields
            case .y, .height, .style, .insetsContentViewsToSafeArea, .cellLayoutMarginsFollowReadableWidth,
                 .separatorInset, .separatorInsetReference, .layout, .keyboardLayoutGuide:
                listField(key, member, into: &lists)
            case .subviews:
                if given {
                    if document.kind(of: field) == .array { subviews = field } else { reader.wrongType(field, expected: "an array") }
                }
            }
        }

        let index = views.count
        var broken = BrokenRules()
        if let id {
            rules.checkID(id, index: index, report: &broken)
        } else if let idValue {
            // `id` is required: null is a wrong type, not its absence (another type was reported).
            if reader.isNull(idValue) { reader.wrongType(idValue, expected: "a string") }
        } else {
            reader.missing("id", in: value)
        }
        reading.parentKind = parent >= 0 ? views[parent].kind : nil
        reading.isInsetGrouped = lists.table.style == .insetGrouped
        rules.checkNode(reading, isRoot: parent < 0, report: &broken)
        report(&broken, node: value)
        finishLists(lists, node: value, into: &view)
        if view.kind.isRow { rows.insert(index) }

        view.scroll = view.kind.isScrollView ? scroll : nil
        views.append(view)
        viewIDs.append(id ?? "")

        var content: (fields: FieldBits, value: JSONValue, index: Int?)?
        var columns: [(fields: FieldBits, value: JSONValue, index: Int?)] = []
        if let subviews {
            var candidate = ContainerContent()
            for element in document.elements(of: subviews) {
                let childIndex = views.count
                let child = node(element, depth: depth + 1, parent: index)
                // A subview past a limit is not decoded (nor is it a view), but may still be the content.
                let hasController = child?.hasController ?? givesController(element)
                if candidate.offer(childIndex, hasViewController: hasController) {
                    content = (child?.fields ?? FieldBits(), element, child.map { _ in childIndex })
                }
                if hasController, reading.controllerKind == .split {
                    columns.append((child?.fields ?? FieldBits(), element, child.map { _ in childIndex }))
                }
            }
        }
        if reading.controllerKind == .split {
            splitColumns(columns, of: value, reading: reading, broken: &broken)
        }
        if rules.checkContent(of: reading, content: content?.fields, report: &broken), let placed = content?.index {
            containerContents.insert(placed)
        }
        report(&broken, node: value, content: content?.value)
        return reading
    }

    /// Whether the node object `value`, not decoded, gives a view controller (as decoding
    /// would read it: its first `viewController` member, not null).
    private func givesController(_ value: JSONValue) -> Bool {
        guard document.kind(of: value) == .object, let member = member(.viewController, of: value, in: schema.node) else { return false }
        return !reader.isNull(member.value)
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

    // MARK: - Broken rules

    /// The rules one node broke, in the order found.
    struct BrokenRules: LayoutRuleReport {
        var found: [(place: RulePlace, detail: String, varies: Bool)] = []

        mutating func broken(_ rule: LayoutRule, at place: RulePlace, detail: @autoclosure () -> String) {
            found.append((place, detail(), rule.variesByCombination))
        }
    }

    /// Reports `broken`'s rules, of the node `value` (a container: `content`, its content
    /// view), each as a problem where it points; empties `broken`.
    mutating func report(_ broken: inout BrokenRules, node value: JSONValue, content: JSONValue? = nil) {
        for (place, detail, varies) in broken.found {
            switch place {
            case .field(.id):
                if let id = member(.id, of: value, in: schema.node) { reader.invalid(detail, value: id.value, varies: varies) }
            case .field(let field):
                invalid(detail, member: member(field, of: value, in: schema.node), of: value, key: field.rawValue, varies: varies)
            case .laterField(let first, let second):
                let members = [member(first, of: value, in: schema.node), member(second, of: value, in: schema.node)].compactMap { $0 }
                let later = members.max { document.startOffset(of: $0.key) < document.startOffset(of: $1.key) }
                let name = later.flatMap { schema.node.field($0.key, in: document) }?.rawValue
                invalid(detail, member: later, of: value, key: name ?? "", varies: varies)
            case .controllerField(let field):
                guard let controller = member(.viewController, of: value, in: schema.node)?.value,
                      let member = member(field, of: controller, in: schema.controller) else { break }
                // A controller's kind is pointed at where its value begins.
                let offset = field == .kind ? document.startOffset(of: member.value) : document.startOffset(of: member.key)
                reader.invalid(detail, at: offset, in: controller, key: field.rawValue, varies: varies)
            case .contentField(let field):
                guard let content else { break }
                invalid(detail, member: member(field, of: content, in: schema.node), of: content, key: field.rawValue, varies: varies)
            case .subviews:
                let subviews = member(.subviews, of: value, in: schema.node)
                reader.invalid(detail, at: subviews.map { document.startOffset(of: $0.key) } ?? document.endOffset(of: value) - 1, in: value, key: "subviews", varies: varies)
            case .stepFrame, .window:
                // A step's frame is reported by `steps`, the window's rules by `windowFrame`.
                break
            }
        }
        broken.found.removeAll()
    }

    /// A 422 problem with `object`'s member `key` (`member`), sorted where its key begins.
    private mutating func invalid(_ detail: String, member: JSONMember?, of object: JSONValue, key: String, varies: Bool) {
        guard let member else { return }
        reader.invalid(detail, at: document.startOffset(of: member.key), in: object, key: key, varies: varies)
    }

    /// The member of `object` that decoding reads as `field`: the last with that key.
    func member<Field>(_ field: Field, of object: JSONValue, in table: FieldTable<Field>) -> JSONMember? {
        document.members(of: object).first { !document.isSupersededKey($0.key) && table.field($0.key, in: document) == field }
    }
}
