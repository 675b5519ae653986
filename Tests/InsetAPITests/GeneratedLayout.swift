import InsetEngine
import ServiceTestSupport

extension SplitMix64 {
    /// `true` with the given probability.
    mutating func chance(_ probability: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < probability }
}

/// A JSON value of a generated body, its members in the order they are written.
indirect enum JSONModel: Equatable {
    case object([Member])
    case array([JSONModel])
    case string(String)
    /// A number or a literal, as written.
    case literal(String)

    struct Member: Equatable {
        var key: String
        var value: JSONModel
    }

    /// The members of an object (none for any other value).
    var members: [Member] {
        guard case .object(let members) = self else { return [] }
        return members
    }

    /// The elements of an array (none for any other value).
    var elements: [JSONModel] {
        guard case .array(let elements) = self else { return [] }
        return elements
    }

    /// An object's member `key`; setting `nil` removes it, setting an absent one appends it.
    subscript(key: String) -> JSONModel? {
        get { members.first { $0.key == key }?.value }
        set {
            var members = self.members
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
            self = .object(members)
        }
    }

    /// Adds the member `key` (absent so far) to an object at a random position.
    mutating func insert(_ key: String, _ value: JSONModel, random: inout SplitMix64) {
        var members = self.members
        members.insert(Member(key: key, value: value), at: Int(random.next() % UInt64(members.count + 1)))
        self = .object(members)
    }

    /// The position of an object's member `key`.
    func position(of key: String) -> Int? { members.firstIndex { $0.key == key } }

    /// The value at `path` (object keys and array indices).
    subscript(path: [PathStep]) -> JSONModel {
        get {
            guard let step = path.first else { return self }
            switch step {
            case .key(let key): return self[key]![Array(path.dropFirst())]
            case .index(let index): return elements[index][Array(path.dropFirst())]
            }
        }
        set {
            guard let step = path.first else {
                self = newValue
                return
            }
            switch step {
            case .key(let key): self[key]![Array(path.dropFirst())] = newValue
            case .index(let index):
                var elements = self.elements
                elements[index][Array(path.dropFirst())] = newValue
                self = .array(elements)
            }
        }
    }

    /// The value as JSON, with random whitespace around members and elements.
    func text(random: inout SplitMix64) -> String {
        let space = [" ", "", "\n", "\t", "\r\n  "]
        switch self {
        case .object(let members):
            let texts = members.map { member in
                space.randomElement(using: &random)! + JSONModel.string(member.key).text(random: &random) + ":"
                    + member.value.text(random: &random) + space.randomElement(using: &random)!
            }
            return "{" + texts.joined(separator: ",") + "}"
        case .array(let elements):
            return "[" + elements.map { $0.text(random: &random) }.joined(separator: random.chance(0.5) ? "," : ",\n  ") + "]"
        case .string(let text):
            return "\"" + text + "\""
        case .literal(let text):
            return text
        }
    }
}

/// A step of a path into a `JSONModel`.
enum PathStep: Equatable {
    case key(String)
    case index(Int)

    /// `steps` as a JSON Pointer.
    static func pointer(_ steps: [PathStep]) -> String {
        steps.map { step in
            switch step {
            case .key(let key): "/" + key.map { $0 == "~" ? "~0" : $0 == "/" ? "~1" : String($0) }.joined()
            case .index(let index): "/\(index)"
            }
        }.joined()
    }
}

/// A random `/layout` body that is valid by construction (for `FakeDevices`), with every
/// field the fast path reads appearing somewhere, in varying key order and whitespace.
struct GeneratedLayout {
    private(set) var model: JSONModel = .object([])
    private var nextID = 0

    /// The body as JSON (its whitespace drawn from `random`).
    func body(random: inout SplitMix64) -> String { model.text(random: &random) }

    /// A body on a random device, or on `device`.
    init(random: inout SplitMix64, device: String? = nil) {
        let device = device ?? ["iphone-x", "iphone-8", "iphone-15-pro", "apple-tv-4k"].randomElement(using: &random)!
        let isTV = device == "apple-tv-4k"
        var members: [JSONModel.Member] = [.init(key: "device", value: .string(device))]
        if random.chance(0.5) {
            let orientations = device == "iphone-8" ? ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"]
                : isTV ? ["landscapeLeft"] : ["portrait", "landscapeLeft", "landscapeRight"]
            members.append(.init(key: "orientation", value: .string(orientations.randomElement(using: &random)!)))
        }
        if random.chance(0.5) { members.append(.init(key: "systemVersion", value: .literal(["7", "10.3", "11", "18", "26", "27.1", "1.8e1"].randomElement(using: &random)!))) }
        if random.chance(0.3) { members.append(.init(key: "statusBarHidden", value: .literal("\(random.chance(0.5))"))) }
        if random.chance(0.3) { members.append(.init(key: "layoutDirection", value: .string(random.chance(0.5) ? "rightToLeft" : "leftToRight"))) }
        members.append(.init(key: "root", value: node(random: &random, depth: 1, placed: false, controller: true, containers: !isTV)))
        model = .object(members.shuffled(using: &random))
    }

    /// A node: `placed`, it may give `frame` or `pin`; `controller`, it has a view controller
    /// (a container when `containers` allows).
    private mutating func node(random: inout SplitMix64, depth: Int, placed: Bool, controller: Bool, containers: Bool) -> JSONModel {
        nextID += 1
        var members: [JSONModel.Member] = [.init(key: "id", value: .string(["n", "K", "view;", "a b"].randomElement(using: &random)! + "\(nextID)"))]
        let kind = random.chance(0.3) ? ["scrollView", "tableView", "collectionView"].randomElement(using: &random)! : "view"
        if kind != "view" || random.chance(0.2) { members.append(.init(key: "kind", value: .string(kind))) }
        if placed {
            if random.chance(0.3) {
                members.append(.init(key: "frame", value: rect(&random)))
            } else if random.chance(0.3) {
                members.append(.init(key: "pin", value: .string(["bounds", "safeArea", "layoutMargins", "readableContent"].randomElement(using: &random)!)))
            }
        }
        if random.chance(0.2) {
            members.append(.init(key: "layoutMargins", value: insets(["top", "left", "bottom", "right"], &random)))
        } else if random.chance(0.1) {
            members.append(.init(key: "directionalLayoutMargins", value: insets(["top", "leading", "bottom", "trailing"], &random)))
        }
        if random.chance(0.1) { members.append(.init(key: "insetsLayoutMarginsFromSafeArea", value: .literal("\(random.chance(0.5))"))) }
        if random.chance(0.1) { members.append(.init(key: "preservesSuperviewLayoutMargins", value: .literal("\(random.chance(0.5))"))) }
        if kind != "view" {
            if random.chance(0.7) { members.append(.init(key: "contentSize", value: .object([.init(key: "width", value: size(&random)), .init(key: "height", value: size(&random))]))) }
            if random.chance(0.3) { members.append(.init(key: "contentInset", value: insets(["top", "left", "bottom", "right"], &random))) }
            if random.chance(0.3) {
                members.append(.init(key: "contentInsetAdjustmentBehavior", value: .string(["automatic", "scrollableAxes", "never", "always"].randomElement(using: &random)!)))
            }
            for flag in ["alwaysBounceVertical", "alwaysBounceHorizontal", "automaticallyAdjustsScrollIndicatorInsets"] where random.chance(0.15) {
                members.append(.init(key: flag, value: .literal("\(random.chance(0.5))")))
            }
            for name in ["verticalScrollIndicatorInsets", "horizontalScrollIndicatorInsets"] where random.chance(0.15) {
                members.append(.init(key: name, value: insets(["top", "left", "bottom", "right"], &random)))
            }
        }
        let controllerKind = controller ? (containers && depth < 5 && random.chance(0.5) ? (random.chance(0.5) ? "navigation" : "tabBar") : "plain") : nil
        if let controllerKind { members.append(.init(key: "viewController", value: self.controller(controllerKind, &random))) }
        var subviews: [JSONModel] = []
        let isContainer = controllerKind == "navigation" || controllerKind == "tabBar"
        if isContainer {
            // Its content, maybe after a subview without a view controller.
            if random.chance(0.3) { subviews.append(node(random: &random, depth: depth + 1, placed: true, controller: false, containers: false)) }
            subviews.append(node(random: &random, depth: depth + 1, placed: true, controller: true, containers: containers))
        }
        if depth < 5 {
            for _ in 0..<Int(random.next() % 3) where random.chance(0.6) {
                subviews.append(node(random: &random, depth: depth + 1, placed: true, controller: random.chance(0.2), containers: false))
            }
        }
        if isContainer {
            // The container places its content (whichever subview the rule picks): no frame or pin there.
            var content = ContainerContent()
            for (index, subview) in subviews.enumerated() where content.offer(index, hasViewController: subview["viewController"] != nil) {
                subviews[index]["frame"] = nil
                subviews[index]["pin"] = nil
            }
        }
        if !subviews.isEmpty || random.chance(0.1) { members.append(.init(key: "subviews", value: .array(subviews))) }
        return .object(members.shuffled(using: &random))
    }

    private func controller(_ kind: String, _ random: inout SplitMix64) -> JSONModel {
        var members: [JSONModel.Member] = []
        if kind != "plain" || random.chance(0.5) { members.append(.init(key: "kind", value: .string(kind))) }
        if random.chance(0.2) { members.append(.init(key: "additionalSafeAreaInsets", value: insets(["top", "left", "bottom", "right"], &random))) }
        if random.chance(0.2) {
            let edges: [JSONModel] = [.string("all"), .string("none"), .array([]), .array([.string("top")]), .array([.string("left"), .string("bottom"), .string("right")])]
            members.append(.init(key: "edgesForExtendedLayout", value: edges.randomElement(using: &random)!))
        }
        for flag in ["extendedLayoutIncludesOpaqueBars", "automaticallyAdjustsScrollViewInsets", "viewRespectsSystemMinimumLayoutMargins"] where random.chance(0.15) {
            members.append(.init(key: flag, value: .literal("\(random.chance(0.5))")))
        }
        if kind == "navigation" {
            if random.chance(0.5) { members.append(.init(key: "navigationBar", value: bar(largeTitles: true, &random))) }
            if random.chance(0.3) { members.append(.init(key: "toolbar", value: bar(largeTitles: false, &random))) }
        }
        if kind == "tabBar", random.chance(0.5) { members.append(.init(key: "tabBar", value: bar(largeTitles: false, &random))) }
        return .object(members.shuffled(using: &random))
    }

    private func bar(largeTitles: Bool, _ random: inout SplitMix64) -> JSONModel {
        let flags = ["hidden", "translucent"] + (largeTitles ? ["prefersLargeTitles"] : [])
        return .object(flags.filter { _ in random.chance(0.5) }.map { .init(key: $0, value: .literal("\(random.chance(0.5))")) }.shuffled(using: &random))
    }

    private func insets(_ edges: [String], _ random: inout SplitMix64) -> JSONModel {
        .object(edges.filter { _ in random.chance(0.5) }.map { .init(key: $0, value: number(&random)) }.shuffled(using: &random))
    }

    func rect(_ random: inout SplitMix64) -> JSONModel {
        .object([.init(key: "x", value: number(&random)), .init(key: "y", value: number(&random)),
                 .init(key: "width", value: size(&random)), .init(key: "height", value: size(&random))].shuffled(using: &random))
    }

    private func number(_ random: inout SplitMix64) -> JSONModel {
        .literal(["0", "-0", "8", "-20", "44.5", "0.1", "1e3", "-2.5E-1", "1000000000", "12.25"].randomElement(using: &random)!)
    }

    private func size(_ random: inout SplitMix64) -> JSONModel {
        .literal(["0", "1", "44", "375", "393.5", "2000", "1e9", "0.3"].randomElement(using: &random)!)
    }
}
