public import DeviceCatalog
import InsetEngine
import JSONCore
import ServiceKit

/// Decodes and validates `POST /layout/matrix` bodies (API.md "POST /layout/matrix").
///
/// The matrix's own members (`devices`, `orientations`, `systemVersions`) are read here;
/// `device`, `screen`, `orientation` and `steps` are refused (422); every other member is
/// the /layout request's, decoded once by ``LayoutRequestDecoder`` (one rule set, the same
/// problems at the same pointers) from the body with those members taken out and a
/// registry device put in. The problems of both are answered together as 422, in document
/// order.
public struct MatrixRequestDecoder: Sendable {
    /// The registry: the devices a matrix may name, and their environments.
    public let catalog: DeviceCatalog
    /// The /layout decoder the hierarchy goes through.
    public let layoutDecoder: LayoutRequestDecoder
    /// The most combinations (skipped ones included) a matrix may have.
    public let maxCombinations: Int

    /// Creates a decoder; node states (combinations × nodes) are capped at the /layout
    /// decoder's `maxNodeStates`.
    public init(catalog: DeviceCatalog, limits: DecodingLimits = DecodingLimits(), maxCombinations: Int = 1_000) {
        self.catalog = catalog
        var layoutDecoder = LayoutRequestDecoder(devices: catalog, limits: limits)
        layoutDecoder.bodyFields = Self.bodyFields
        self.layoutDecoder = layoutDecoder
        self.maxCombinations = maxCombinations
    }

    /// The fields known at the top of a matrix body (API.md "Suggestions"): the matrix's own,
    /// then /layout's but those the matrix refuses.
    static let bodyFields: [String] = {
        typealias Field = MatrixDecoding.Field
        let refused = Set(Field.refused.map(\.rawValue))
        return Field.allCases.filter { !Field.refused.contains($0) }.map(\.rawValue) + LayoutSchema.shared.body.names.filter { !refused.contains($0) }
    }()

    /// Decodes a body; throws the `400` or `422` problem describing everything wrong with it.
    public func decode(_ body: [UInt8]) throws(Problem) -> MatrixRequest {
        let document = try RequestReader.parse(body, maxNesting: layoutDecoder.limits.jsonNesting)
        var decoding = MatrixDecoding(document: document, decoder: self)
        return try decoding.decode()
    }
}

/// The members of a matrix body that its /layout decoding passes over.
enum MatrixDecodingKeys {
    /// The matrix's own members and those it refuses (read or reported by the matrix).
    static let own = Set(MatrixDecoding.Field.allCases.map(\.rawValue))
    /// Those and `systemVersion`, which a combination sets.
    static let keys = own.union(["systemVersion"])
}

/// The state of decoding one matrix body.
private struct MatrixDecoding {
    /// The top-level members the matrix reads or refuses; any other goes to /layout's decoder.
    enum Field: String, CaseIterable, Sendable {
        case devices, orientations, systemVersions
        case device, screen, orientation, steps

        /// The /layout members a matrix refuses.
        static let refused: [Field] = [.device, .screen, .orientation, .steps]
    }

    static let fields = FieldTable<Field>()
    static let orientations = WordTable(Orientation.allCases)
    static let allDevicesWord = JSONStringTable(["all"])


    let document: JSONDocument
    let decoder: MatrixRequestDecoder
    var reader: RequestReader
    var catalog: DeviceCatalog { decoder.catalog }

    init(document: JSONDocument, decoder: MatrixRequestDecoder) {
        self.document = document
        self.decoder = decoder
        reader = RequestReader(document: document)
    }

    mutating func decode() throws(Problem) -> MatrixRequest {
        let body = document.root
        guard document.kind(of: body) == .object else {
            throw Problem.invalid([FieldProblem(pointer: "", detail: "expected an object, got \(document.kind(of: body))")])
        }
        var devices: JSONMember?, orientations: JSONMember?, versions: JSONMember?
        var layoutMembers: [JSONMember] = []
        var systemVersion: JSONMember?
        for member in document.members(of: body) {
            guard let field = Self.fields.field(member.key, in: document) else {
                layoutMembers.append(member)
                if document.string(member.key) == "systemVersion", !reader.isNull(member.value) { systemVersion = member }
                continue
            }
            guard !reader.isSuperseded(member), !reader.isNull(member.value) else { continue }
            let keyOffset = document.startOffset(of: member.key)
            switch field {
            case .devices: devices = member
            case .orientations: orientations = member
            case .systemVersions: versions = member
            case .device:
                reader.invalid("a matrix takes devices, a list of device ids or model identifiers (or \"all\"), instead of device", at: keyOffset, in: member.value)
            case .screen:
                reader.invalid("a matrix lays the hierarchy out on registry devices only: give devices, a list of device ids or model identifiers", at: keyOffset, in: member.value)
            case .orientation:
                reader.invalid("a matrix takes orientations, a list of orientations, instead of orientation", at: keyOffset, in: member.value)
            case .steps:
                reader.invalid("a matrix answers the first layout only: send steps to POST /layout", at: keyOffset, in: member.value)
            }
        }
        if let versions, let systemVersion {
            let later = document.startOffset(of: versions.key) < document.startOffset(of: systemVersion.key)
                ? ("systemVersion", systemVersion) : ("systemVersions", versions)
            reader.invalid("give systemVersion or systemVersions, not both", at: document.startOffset(of: later.1.key), in: body, key: later.0)
        }

        let deviceList = devices.map { self.devices($0.value) } ?? catalog.devices.filter { $0.family != .tv }.map(\.id)
        let orientationList = orientations.flatMap { self.orientations($0.value) }
        let versionList = versions.flatMap { self.versions($0.value) }

        let layout = decodeLayout(representative: deviceList ?? [])
        // The hierarchy's size, once it has no problem of its own: as decoded, or counted
        // in the body when the representative device is one it is skipped on.
        let nodes: Int? = switch layout {
        case .decoded(let decoded): decoded.request.hierarchy.views.count
        case .skipped: nodeCount(layoutMembers)
        case .invalid: nil
        }
        // The caps are weighed once the arrays that multiply are valid: the last of them
        // given (or `devices`, whose default multiplies when none is) takes the problem.
        // The combinations are counted before any is made: a long `systemVersions` must not
        // make millions of them only to refuse them.
        let arraysValid = deviceList != nil && (orientations == nil || orientationList != nil) && (versions == nil || versionList != nil)
        var count = Int.max
        if arraysValid, let deviceList {
            count = combinationCount(devices: deviceList, orientations: orientationList, versions: versionList?.count ?? 1)
            let multiplier = [devices, orientations, versions].compactMap { $0 }.max { document.startOffset(of: $0.key) < document.startOffset(of: $1.key) }
            func cap(_ detail: String) {
                if let multiplier {
                    reader.invalid(detail, value: multiplier.value)
                } else {
                    reader.invalid(detail, at: document.endOffset(of: body) - 1, in: body, key: Field.devices.rawValue)
                }
            }
            let maxStates = decoder.layoutDecoder.limits.maxNodeStates
            if count > decoder.maxCombinations {
                cap("\(count) combinations (devices × orientations × systemVersions) is more than \(decoder.maxCombinations)")
            } else if let nodes, count * nodes > maxStates {
                cap("\(count) combinations × \(nodes) nodes is more than \(maxStates) node states")
            }
        }

        var layoutProblem: Problem?
        if case .invalid(let problem) = layout { layoutProblem = problem }
        try finish(with: layoutProblem, members: document.members(of: body).map { $0 })
        guard let nodes, let deviceList, count <= decoder.maxCombinations else {
            // Every way here without them was reported above; this keeps the decoding total.
            throw Problem.invalid([FieldProblem(pointer: "", detail: "invalid matrix request")])
        }
        let defaultVersion = systemVersion.flatMap { document.number($0.value) } ?? SystemVersion.default
        let (list, first) = combinations(devices: deviceList, orientations: orientationList, versions: versionList ?? [defaultVersion])
        let hidesStatusBar = layoutMembers.last { document.string($0.key) == "statusBarHidden" }.flatMap { document.bool($0.value) } ?? false
        return MatrixRequest(
            combinations: list, layout: first, nodeCount: nodes, document: document, decoder: decoder.layoutDecoder, statusBarHidden: hidesStatusBar
        )
    }

    /// The number of nodes under the body's `root` (its members, as given), counting each
    /// object of a `subviews` array.
    private func nodeCount(_ members: [JSONMember]) -> Int {
        func count(_ node: JSONValue) -> Int {
            guard document.kind(of: node) == .object else { return 0 }
            var total = 1
            for member in document.members(of: node) where document.string(member.key) == "subviews" && document.kind(of: member.value) == .array {
                for element in document.elements(of: member.value) { total += count(element) }
            }
            return total
        }
        return members.last { document.string($0.key) == "root" }.map { count($0.value) } ?? 0
    }

    // MARK: - The hierarchy

    /// The /layout request the body's other members make, decoded with the first iPhone or
    /// iPad of `representative` (else of the registry) as its device: its problems are the
    /// hierarchy's whatever the device, as the per-combination ones are weighed here
    /// (`skipReason`), not by the /layout decoder.
    private func decodeLayout(representative: [String]) -> LayoutRequestDecoder.CombinationOutcome {
        let phoneOrPad = representative.first { catalog.family(of: $0).map { $0 != .tv } ?? false }
            ?? catalog.devices.first { $0.family != .tv }?.id ?? ""
        return decoder.layoutDecoder.decodeCombination(document, fixed: LayoutRequestDecoder.FixedMembers(device: phoneOrPad, passedOver: MatrixDecodingKeys.own))
    }

    /// Throws the problems found here and the /layout decoder's together, as 422, merged in
    /// the order of the body's top-level `members` (each problem's list is in document
    /// order already). At one member the /layout decoder's come first: there it judges the
    /// value itself (`systemVersion`), the matrix its relation to the matrix's members.
    private func finish(with layoutProblem: Problem?, members: [JSONMember]) throws(Problem) {
        var own: Problem?
        do { try reader.finish() } catch { own = error }
        guard let layoutProblem else {
            if let own { throw own }
            return
        }
        guard let own else { throw layoutProblem }
        var position: [String: Int] = [:]
        for (index, member) in members.enumerated() {
            let key = document.string(member.key) ?? ""
            if position[key] == nil { position[key] = index }
        }
        func place(_ problem: FieldProblem) -> Int {
            JSONPointer(problem.pointer)?.tokens.first.flatMap { position[$0] } ?? members.count
        }
        var merged: [FieldProblem] = []
        var ours = own.errors[...], theirs = layoutProblem.errors[...]
        while let mine = ours.first, let other = theirs.first {
            if place(other) <= place(mine) {
                merged.append(other)
                theirs = theirs.dropFirst()
            } else {
                merged.append(mine)
                ours = ours.dropFirst()
            }
        }
        merged += ours
        merged += theirs
        throw Problem.invalid(merged)
    }

    // MARK: - The matrix's arrays

    /// `devices`: `"all"` or a non-empty array of registry ids or model identifiers, no two
    /// naming one profile; the profiles' ids, or nil when reported.
    private mutating func devices(_ value: JSONValue) -> [String]? {
        switch document.kind(of: value) {
        case .string:
            guard document.index(of: value, in: Self.allDevicesWord) != nil else {
                reader.unknownWord(value, allowed: Self.allDevicesWord.strings)
                return nil
            }
            return catalog.devices.map(\.id)
        case .array:
            var ids: [String] = []
            var valid = nonEmpty(value)
            for element in document.elements(of: value) {
                if reader.isNull(element) { reader.wrongType(element, expected: "a string") }
                guard let id = reader.device(element, in: catalog) else {
                    valid = false
                    continue
                }
                if ids.contains(id) {
                    let name = document.string(element) ?? id
                    reader.invalid(name == id ? "\"\(id)\" is already in devices" : "\"\(name)\" is \(id), already in devices", value: element)
                    valid = false
                } else {
                    ids.append(id)
                }
            }
            return valid ? ids : nil
        default:
            reader.wrongType(value, expected: "an array or a string")
            return nil
        }
    }

    /// `orientations`: a non-empty array of Orientation words without repeats; nil when
    /// reported.
    private mutating func orientations(_ value: JSONValue) -> [Orientation]? {
        guard document.kind(of: value) == .array else {
            reader.wrongType(value, expected: "an array")
            return nil
        }
        var list: [Orientation] = []
        var valid = nonEmpty(value)
        for element in document.elements(of: value) {
            if reader.isNull(element) { reader.wrongType(element, expected: "a string") }
            guard let orientation = reader.word(element, Self.orientations) else {
                valid = false
                continue
            }
            if list.contains(orientation) {
                reader.invalid("\"\(orientation.rawValue)\" is already in orientations", value: element)
                valid = false
            } else {
                list.append(orientation)
            }
        }
        return valid ? list : nil
    }

    /// `systemVersions`: a non-empty array of versions (as `systemVersion` takes them, RULES.md
    /// V1) without repeats; nil when reported.
    private mutating func versions(_ value: JSONValue) -> [Double]? {
        guard document.kind(of: value) == .array else {
            reader.wrongType(value, expected: "an array")
            return nil
        }
        var list: [Double] = []
        var seen: Set<Double> = []
        var valid = nonEmpty(value)
        for element in document.elements(of: value) {
            if reader.isNull(element) { reader.wrongType(element, expected: "a number") }
            guard let version = reader.systemVersion(element) else {
                valid = false
                continue
            }
            if !seen.insert(version).inserted {
                let text = String(decoding: document.bytes[document.startOffset(of: element)..<document.endOffset(of: element)], as: UTF8.self)
                reader.invalid("\(text) is already in systemVersions", value: element)
                valid = false
            } else {
                list.append(version)
            }
        }
        return valid ? list : nil
    }

    /// Whether the array `value` has elements; reports it when it has none.
    private mutating func nonEmpty(_ value: JSONValue) -> Bool {
        guard document.count(of: value) == 0 else { return true }
        reader.invalid("must not be empty", value: value)
        return false
    }

    // MARK: - Combinations

    /// How many combinations `devices` × orientations (given, or each device's own) ×
    /// `versions` versions make.
    private func combinationCount(devices: [String], orientations: [Orientation]?, versions: Int) -> Int {
        var count = 0
        for id in devices {
            let own = catalog.position(of: id).map { catalog.devices[$0].orientations.count } ?? 0
            count += (orientations?.count ?? own) * versions
        }
        return count
    }

    /// The combinations in the answer's order, each skipped when the device lacks the
    /// orientation or when the body's /layout members have problems on it that
    /// depend on the device, orientation or systemVersion alone; and the request of the
    /// first one not skipped. Combinations alike in what those problems depend on (the
    /// family, the screen and size classes in the orientation, the version) are decoded once.
    private func combinations(devices: [String], orientations: [Orientation]?, versions: [Double]) -> ([MatrixRequest.Combination], DecodedLayoutRequest?) {
        struct Likeness: Hashable {
            var family: DeviceFamily
            var screen: Size
            var sizeClass: SizeClasses
            var orientation: Orientation
            var systemVersion: Double
        }
        var reasons: [Likeness: String?] = [:]
        var first: DecodedLayoutRequest?
        var combinations: [MatrixRequest.Combination] = []
        for id in devices {
            guard let position = catalog.position(of: id) else { continue }
            let supported = catalog.devices[position].orientations
            for orientation in orientations ?? Orientation.allCases.filter(supported.contains) {
                for version in versions {
                    var combination = MatrixRequest.Combination(device: id, orientation: orientation, systemVersion: version)
                    defer { combinations.append(combination) }
                    guard supported.contains(orientation) else {
                        combination.skipReason = "/orientation: \(id) does not support \(orientation.rawValue)"
                        continue
                    }
                    guard let environment = catalog.environment(id: id, orientation: orientation, systemVersion: version, statusBarHidden: false) else { continue }
                    let likeness = Likeness(family: environment.family, screen: environment.screen, sizeClass: environment.sizeClass, orientation: orientation, systemVersion: version)
                    if let reason = reasons[likeness] {
                        combination.skipReason = reason
                        continue
                    }
                    switch decoder.layoutDecoder.decodeCombination(document, fixed: MatrixRequest.fixed(combination)) {
                    case .decoded(let decoded):
                        if first == nil { first = decoded }
                        combination.skipReason = nil
                    case .skipped(let reason):
                        combination.skipReason = reason
                    case .invalid(let problem):
                        // Not expected once the hierarchy decoded without such problems.
                        combination.skipReason = problem.errors.map { "\($0.pointer): \($0.detail)" }.joined(separator: "; ")
                    }
                    reasons[likeness] = .some(combination.skipReason)
                }
            }
        }
        return (combinations, first)
    }
}
