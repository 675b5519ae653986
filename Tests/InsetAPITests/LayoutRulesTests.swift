import HTTPTypes
import InsetEngine
@testable import InsetAPI
import ServiceKit
import ServiceTestSupport
import Testing
import InsetEngineTestSupport

/// Every rule of `LayoutRules`, broken alone in generated bodies: both readers must agree
/// that it is broken, the validating one saying where and how.
@Suite struct LayoutRulesTests {
    /// How many bodies break each rule.
    static let bodiesPerRule = 30

    /// For every rule (a new one must say here how to break it), bodies valid but for that
    /// rule: the fast path gives up on each, and the validating decoding reports exactly one
    /// problem, the rule's, at its pointer.
    @Test(arguments: LayoutRule.allCases)
    func aBodyBreakingOneRuleHasThatOneProblem(rule: LayoutRule) {
        var random = SplitMix64(seed: 20_261_126 &+ UInt64(LayoutRule.allCases.firstIndex(of: rule)!))
        var broken = 0
        for _ in 0..<1_000 where broken < Self.bodiesPerRule {
            let device = rule == .containerOnTV ? "apple-tv-4k" : ["iphone-x", "iphone-8", "iphone-15-pro"].randomElement(using: &random)!
            let layout = GeneratedLayout(random: &random, device: device)
            guard let breaking = OneBrokenRule(rule, in: layout.model, random: &random) else { continue }
            broken += 1
            let body = breaking.model.text(random: &random)
            let fast = Array(body.utf8).withUnsafeBufferPointer { LayoutFastPath.decode($0, devices: FakeDevices(), limits: DecodingLimits()) }
            #expect(fast == nil, "\(rule): the fast path took \(body)")
            let problem = decodeProblem(body)
            #expect(problem?.status == 422, "\(rule): \(body)")
            #expect(problem?.errors == [FieldProblem(pointer: breaking.pointer, detail: breaking.detail)], "\(rule): \(body)")
        }
        #expect(broken == Self.bodiesPerRule, "\(rule): too few bodies could break it")
    }

    /// A row's list fields other than its own y and height (which the rules pass over for rows)
    /// are judged as any view's, by both readers: a table's field, a cell's separator inset on
    /// a header, a keyboard layout guide before systemVersion 15.
    @Test func aRowsOtherListFieldsAreJudged() {
        let body = { (row: String, version: Int) in
            #"{"device": "iphone-x", "systemVersion": \#(version), "root": {"id": "r", "subviews": [{"id": "t", "kind": "tableView", "subviews": [\#(row)]}]}}"#
        }
        let at = "/root/subviews/0/subviews/0/"
        let broken: [(row: String, version: Int, pointer: String, detail: String)] = [
            (#"{"id": "c", "kind": "cell", "y": 0, "height": 44, "style": "plain"}"#, 18, at + "style", "only for a tableView"),
            (#"{"id": "h", "kind": "sectionHeader", "height": 30, "separatorInset": {"left": 4}}"#, 18, at + "separatorInset", "only for a tableView or a cell"),
            (#"{"id": "c", "kind": "cell", "y": 0, "keyboardLayoutGuide": {}}"#, 14, at + "keyboardLayoutGuide", "needs systemVersion 15 or later"),
        ]
        for (row, version, pointer, detail) in broken {
            let text = body(row, version)
            #expect(Array(text.utf8).withUnsafeBufferPointer { LayoutFastPath.decode($0, devices: FakeDevices(), limits: DecodingLimits()) } == nil, "\(text)")
            #expect(decodeProblem(text)?.errors == [FieldProblem(pointer: pointer, detail: detail)], "\(text)")
        }
        let placed = body(#"{"id": "c", "kind": "cell", "y": 0, "height": 44}"#, 18)
        #expect(Array(placed.utf8).withUnsafeBufferPointer { LayoutFastPath.decode($0, devices: FakeDevices(), limits: DecodingLimits()) } != nil)
        #expect(decodeProblem(placed) == nil)
    }

    /// An id of 256 bytes of UTF-8 is taken; 257 is not (counted in bytes, not characters).
    @Test func idsAreAtMost256Bytes() throws {
        let body = { (id: String) in #"{"device": "iphone-x", "root": {"id": "r", "subviews": [{"id": "\#(id)"}]}}"# }
        let longest = String(repeating: "é", count: 128)
        #expect(try LayoutRequestDecoder(devices: FakeDevices()).decode(Array(body(longest).utf8)).request.hierarchy.ids[1] == longest)
        #expect(decodeProblem(body(longest + "x"))?.errors == [FieldProblem(pointer: "/root/subviews/0/id", detail: "must be at most 256 bytes")])
        let plain = String(repeating: "a", count: 256)
        #expect(Array(body(plain).utf8).withUnsafeBufferPointer { LayoutFastPath.decode($0, devices: FakeDevices(), limits: DecodingLimits()) } != nil)
        #expect(decodeProblem(body(plain + "a"))?.errors == [FieldProblem(pointer: "/root/subviews/0/id", detail: "must be at most 256 bytes")])
    }
}

/// A node of a generated body, where it is and how it is placed.
private struct NodeSite {
    var path: [PathStep]
    var isRoot: Bool
    /// Whether it is a container's content.
    var isContent: Bool

    var pointer: String { PathStep.pointer(path) }

    /// Every node of `body`, in document (depth-first) order.
    static func all(in body: JSONModel) -> [NodeSite] {
        var sites: [NodeSite] = []
        func visit(_ path: [PathStep], isContent: Bool) {
            sites.append(NodeSite(path: path, isRoot: path.count == 1, isContent: isContent))
            let node = body[path]
            var content = ContainerContent()
            for (index, subview) in (node["subviews"]?.elements ?? []).enumerated() {
                content.offer(index, hasViewController: subview["viewController"] != nil)
            }
            for index in (node["subviews"]?.elements ?? []).indices {
                visit(path + [.key("subviews"), .index(index)], isContent: isContainer(node) && content.index == index)
            }
        }
        visit([.key("root")], isContent: false)
        return sites
    }

    static func isContainer(_ node: JSONModel) -> Bool {
        [.string("navigation"), .string("tabBar")].contains(node["viewController"]?["kind"])
    }
}

/// A body that breaks `rule` and no other, made from a valid one, and the problem the
/// validating decoding must report; `nil` when the body has no node to break it at.
private struct OneBrokenRule {
    var model: JSONModel
    var pointer = ""
    var detail = ""

    init?(_ rule: LayoutRule, in body: JSONModel, random: inout SplitMix64) {
        model = body
        let nodes = NodeSite.all(in: body)
        let rect = JSONModel.object([.init(key: "x", value: .literal("1")), .init(key: "y", value: .literal("-2")),
                                     .init(key: "width", value: .literal("3")), .init(key: "height", value: .literal("4"))])
        /// Gives the object at `path` the member `key` (at a random position); returns its pointer.
        func add(_ key: String, _ value: JSONModel, at path: [PathStep], random: inout SplitMix64) -> String {
            model[path][key] = nil
            model[path].insert(key, value, random: &random)
            return PathStep.pointer(path + [.key(key)])
        }
        /// A `steps` array with one step moving the node `id`.
        func step(moving id: String, random: inout SplitMix64) -> String {
            model.insert("steps", .array([.object([.init(key: "frames", value: .object([.init(key: id, value: rect)]))])]), random: &random)
            return PathStep.pointer([.key("steps"), .index(0), .key("frames"), .key(id)])
        }
        func id(of site: NodeSite) -> String {
            guard case .string(let id) = body[site.path]["id"] else { return "" }
            return id
        }

        switch rule {
        case .idTooLong:
            guard let site = nodes.randomElement(using: &random) else { return nil }
            model[site.path]["id"] = .string(String(repeating: "x", count: 257))
            (pointer, detail) = (site.pointer + "/id", "must be at most 256 bytes")
        case .duplicateID:
            guard nodes.count >= 2 else { return nil }
            let later = 1 + Int(random.next() % UInt64(nodes.count - 1))
            let earlier = nodes[Int(random.next() % UInt64(later))]
            model[nodes[later].path]["id"] = .string(id(of: earlier))
            (pointer, detail) = (nodes[later].pointer + "/id", "duplicate id \"\(id(of: earlier))\"")
        case .frameAndPin:
            guard let site = nodes.filter({ !$0.isRoot && !$0.isContent }).randomElement(using: &random) else { return nil }
            let frame = add("frame", rect, at: site.path, random: &random)
            let pin = add("pin", .string("safeArea"), at: site.path, random: &random)
            pointer = model[site.path].position(of: "frame")! < model[site.path].position(of: "pin")! ? pin : frame
            detail = "give frame or pin, not both"
        case .bothMarginForms:
            guard let site = nodes.randomElement(using: &random) else { return nil }
            let physical = add("layoutMargins", .object([]), at: site.path, random: &random)
            let directional = add("directionalLayoutMargins", .object([.init(key: "leading", value: .literal("4"))]), at: site.path, random: &random)
            let physicalFirst = model[site.path].position(of: "layoutMargins")! < model[site.path].position(of: "directionalLayoutMargins")!
            (pointer, detail) = (physicalFirst ? directional : physical, "give layoutMargins or directionalLayoutMargins, not both")
        case .scrollFieldOnView:
            guard let site = nodes.filter({ [nil, .string("view")].contains(body[$0.path]["kind"]) }).randomElement(using: &random) else { return nil }
            let fields: [(String, JSONModel)] = [
                ("contentSize", .object([.init(key: "width", value: .literal("1")), .init(key: "height", value: .literal("2"))])),
                ("contentInset", .object([])), ("contentInsetAdjustmentBehavior", .string("never")),
                ("alwaysBounceVertical", .literal("true")), ("alwaysBounceHorizontal", .literal("false")),
                ("automaticallyAdjustsScrollIndicatorInsets", .literal("true")),
                ("verticalScrollIndicatorInsets", .object([])), ("horizontalScrollIndicatorInsets", .object([.init(key: "top", value: .literal("1"))])),
            ]
            let (key, value) = fields.randomElement(using: &random)!
            (pointer, detail) = (add(key, value, at: site.path, random: &random), "only for scroll views (kind scrollView, tableView or collectionView)")
        case .barOfAnotherController:
            var choices: [(NodeSite, bar: String, owner: String)] = []
            for site in nodes {
                guard let controller = body[site.path]["viewController"] else { continue }
                let kind = controller["kind"] ?? .string("plain")
                for (bar, owner) in [("navigationBar", "navigation"), ("toolbar", "navigation"), ("tabBar", "tabBar")] where kind != .string(owner) {
                    choices.append((site, bar, owner))
                }
            }
            guard let (site, bar, owner) = choices.randomElement(using: &random) else { return nil }
            pointer = add(bar, .object([]), at: site.path + [.key("viewController")], random: &random)
            let names = ["plain": "plain view controller", "navigation": "navigation controller", "tabBar": "tab bar controller", "split": "split view controller"]
            var kind = "plain"
            if case .string(let word)? = body[site.path]["viewController"]?["kind"] { kind = word }
            detail = "not allowed on a \(names[kind] ?? kind): only for a \(names[owner]!)"
        case .containerOnTV, .containerWithoutContent:
            // A plain controller made a container: on tvOS with its content placed as
            // required; elsewhere one without a subview that has a view controller.
            let candidates = nodes.filter { site in
                guard let controller = body[site.path]["viewController"], !NodeSite.isContainer(body[site.path]) else { return false }
                let hasContent = (body[site.path]["subviews"]?.elements ?? []).contains { $0["viewController"] != nil }
                return controller["navigationBar"] == nil && controller["toolbar"] == nil && controller["tabBar"] == nil
                    && (rule == .containerOnTV || !hasContent)
            }
            guard let site = candidates.randomElement(using: &random) else { return nil }
            pointer = add("kind", .string(random.chance(0.5) ? "navigation" : "tabBar"), at: site.path + [.key("viewController")], random: &random)
            var content = ContainerContent()
            for (index, subview) in (model[site.path]["subviews"]?.elements ?? []).enumerated()
            where content.offer(index, hasViewController: subview["viewController"] != nil) {
                model[site.path + [.key("subviews"), .index(index)]]["frame"] = nil
                model[site.path + [.key("subviews"), .index(index)]]["pin"] = nil
            }
            detail = rule == .containerOnTV ? "navigation and tab bar controllers are not modelled on tvOS"
                : "a container needs a content view: a subview with a viewController"
        case .placedRoot:
            let (key, value) = random.chance(0.5) ? ("frame", rect) : ("pin", JSONModel.string("bounds"))
            (pointer, detail) = (add(key, value, at: [.key("root")], random: &random), "the root view always fills the screen")
        case .placedContent:
            guard let site = nodes.filter(\.isContent).randomElement(using: &random) else { return nil }
            pointer = random.chance(0.5) ? add("frame", rect, at: site.path, random: &random) : add("pin", .string("readableContent"), at: site.path, random: &random)
            detail = "a container places its content view controller's view"
        case .stepMovesUnknownNode:
            (pointer, detail) = (step(moving: "ghost", random: &random), "unknown node id")
        case .stepMovesRoot:
            (pointer, detail) = (step(moving: id(of: nodes[0]), random: &random), "the root view always fills the screen")
        case .stepMovesContent:
            guard let site = nodes.filter(\.isContent).randomElement(using: &random) else { return nil }
            (pointer, detail) = (step(moving: id(of: site), random: &random), "a container places its content view controller's view")
        case .splitFieldOnOtherController:
            guard let site = nodes.filter({ body[$0.path]["viewController"] != nil }).randomElement(using: &random) else { return nil }
            let (key, value) = random.chance(0.5) ? ("style", JSONModel.string("classic")) : ("preferredPrimaryColumnWidth", .literal("300"))
            (pointer, detail) = (add(key, value, at: site.path + [.key("viewController")], random: &random), "only for a split view controller")
        case .splitInCompactWindow, .splitColumnCount:
            // A plain controller without a column yet made a split view controller with two
            // new columns (one or three when the count is what is broken, on a regular-width
            // custom screen: every fake device is compact).
            let candidates = nodes.filter { site in
                guard let controller = body[site.path]["viewController"], !NodeSite.isContainer(body[site.path]) else { return false }
                let hasColumn = (body[site.path]["subviews"]?.elements ?? []).contains { $0["viewController"] != nil }
                return controller.members.allSatisfy { $0.key == "kind" || ["additionalSafeAreaInsets", "automaticallyAdjustsScrollViewInsets"].contains($0.key) } && !hasColumn
            }
            guard let site = candidates.randomElement(using: &random) else { return nil }
            let kind = add("kind", .string("split"), at: site.path + [.key("viewController")], random: &random)
            let count = rule == .splitColumnCount ? (random.chance(0.5) ? 1 : 3) : 2
            var subviews = body[site.path]["subviews"]?.elements ?? []
            for column in 0..<count {
                subviews.append(.object([.init(key: "id", value: .string("column-\(column)")), .init(key: "viewController", value: .object([]))]))
            }
            model[site.path]["subviews"] = .array(subviews)
            if rule == .splitColumnCount {
                model["device"] = nil
                model.insert("screen", .object([.init(key: "width", value: .literal("1024")), .init(key: "height", value: .literal("768"))]), random: &random)
                (pointer, detail) = (site.pointer + "/subviews", "a split view controller needs exactly two subviews with a viewController (the primary and secondary columns), not \(count)")
            } else {
                (pointer, detail) = (kind, "collapsed split view controllers are not modelled: the window is horizontally compact")
            }
        case .windowOffIPad:
            pointer = add("window", .object([.init(key: "split", value: .string("oneThird"))]), at: [], random: &random)
            detail = "a window is only for iPads"
        case .windowBeforeSplitView, .windowPresetMissing, .windowSplitAfterSplitView, .windowOutsideScreen:
            // The body moved to an iPad, at a version with Split View unless that is what is broken.
            model["device"] = .string("ipad-pro-11")
            model["systemVersion"] = .literal(rule == .windowBeforeSplitView ? (random.chance(0.5) ? "8" : "7.1")
                : rule == .windowSplitAfterSplitView ? (random.chance(0.5) ? "26" : "27.1") : "18")
            let window: JSONModel
            switch rule {
            case .windowBeforeSplitView:
                window = .object([.init(key: "split", value: .string("twoThirds"))])
                (pointer, detail) = ("/window", "windows need systemVersion 9 or later (Split View arrived in iOS 9)")
            case .windowPresetMissing:
                model["orientation"] = .string(random.chance(0.5) ? "portrait" : "portraitUpsideDown")
                window = .object([.init(key: "side", value: .string("trailing")), .init(key: "split", value: .string("oneHalf"))])
                (pointer, detail) = ("/window/split", "there is no 50/50 Split View in portrait")
            case .windowSplitAfterSplitView:
                window = .object([.init(key: "split", value: .string(random.chance(0.5) ? "oneHalf" : "oneThird"))])
                (pointer, detail) = ("/window/split", "iPadOS 26 has no Split View (resizable windows replaced it): give window.frame, the app's window in screen coordinates, instead")
            default:
                model["orientation"] = .string("landscapeLeft")
                let frame: [JSONModel.Member] = [.init(key: "x", value: .literal("1000")), .init(key: "y", value: .literal("0")),
                                                 .init(key: "width", value: .literal("300")), .init(key: "height", value: .literal("300"))]
                window = .object([.init(key: "frame", value: .object(frame))])
                (pointer, detail) = ("/window/frame", "the window must lie wholly inside the 1194 × 834 screen")
            }
            _ = add("window", window, at: [], random: &random)
        case .rowOutsideTable:
            // A plain view (no controller) under anything but a table made a cell, with the
            // fields a row takes no value for removed.
            let candidates = nodes.filter { site in
                guard !site.isRoot, body[site.path]["viewController"] == nil else { return false }
                return body[Array(site.path.dropLast(2))]["kind"] != .string("tableView")
            }
            guard let site = candidates.randomElement(using: &random) else { return nil }
            for field in ["frame", "pin", "layoutMargins", "directionalLayoutMargins", "insetsLayoutMarginsFromSafeArea", "preservesSuperviewLayoutMargins",
                          "contentSize", "contentInset", "contentInsetAdjustmentBehavior", "alwaysBounceVertical", "alwaysBounceHorizontal",
                          "automaticallyAdjustsScrollIndicatorInsets", "verticalScrollIndicatorInsets", "horizontalScrollIndicatorInsets"] {
                model[site.path][field] = nil
            }
            model[site.path]["kind"] = .string(["cell", "sectionHeader", "sectionFooter"].randomElement(using: &random)!)
            (pointer, detail) = (site.pointer + "/kind", "a row (cell, sectionHeader, sectionFooter) is only a direct subview of a tableView")
        case .fieldOnRow, .stepMovesRow:
            // A table with a row added under any node; the row given a field it takes no
            // value for, or moved by a step.
            guard let site = nodes.randomElement(using: &random) else { return nil }
            var row: [JSONModel.Member] = [.init(key: "id", value: .string("rules-row")), .init(key: "kind", value: .string("cell"))]
            var field = ""
            if rule == .fieldOnRow {
                let fields: [(String, JSONModel)] = [
                    ("frame", rect), ("pin", .string("bounds")), ("layoutMargins", .object([])), ("directionalLayoutMargins", .object([])),
                    ("insetsLayoutMarginsFromSafeArea", .literal("false")), ("preservesSuperviewLayoutMargins", .literal("true")),
                    ("contentInset", .object([])), ("alwaysBounceVertical", .literal("true")),
                ]
                let (key, value) = fields.randomElement(using: &random)!
                row.insert(.init(key: key, value: value), at: Int(random.next() % 3))
                field = key
            }
            let table = JSONModel.object([.init(key: "id", value: .string("rules-table")), .init(key: "kind", value: .string("tableView")),
                                          .init(key: "subviews", value: .array([.object(row)]))])
            let subviews = model[site.path]["subviews"]?.elements ?? []
            model[site.path]["subviews"] = .array(subviews + [table])
            let rowPath = site.path + [.key("subviews"), .index(subviews.count), .key("subviews"), .index(0)]
            if rule == .fieldOnRow {
                (pointer, detail) = (PathStep.pointer(rowPath + [.key(field)]), "a row takes no \(field): its table places it and sets its margins")
            } else {
                (pointer, detail) = (step(moving: "rules-row", random: &random), "a table places its rows")
            }
        case .listFieldOnOtherKind:
            guard let site = nodes.filter({ [nil, .string("view"), .string("scrollView")].contains(body[$0.path]["kind"]) }).randomElement(using: &random) else { return nil }
            let fields: [(String, JSONModel, String)] = [
                ("y", .literal("3"), "only for rows (cell, sectionHeader, sectionFooter)"),
                ("height", .literal("10"), "only for rows (cell, sectionHeader, sectionFooter)"),
                ("style", .string("grouped"), "only for a tableView"),
                ("cellLayoutMarginsFollowReadableWidth", .literal("true"), "only for a tableView"),
                ("separatorInset", .object([]), "only for a tableView or a cell"),
                ("layout", .object([]), "only for a collectionView"),
            ]
            let (key, value, why) = fields.randomElement(using: &random)!
            (pointer, detail) = (add(key, value, at: site.path, random: &random), why)
        case .fieldBeforeItsVersion:
            guard let site = nodes.randomElement(using: &random) else { return nil }
            model["systemVersion"] = .literal(["7", "10.3", "14", "14.9"].randomElement(using: &random)!)
            (pointer, detail) = (add("keyboardLayoutGuide", .literal("true"), at: site.path, random: &random), "needs systemVersion 15 or later")
        }
    }
}
