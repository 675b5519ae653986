import InsetEngine
@testable import InsetService
import JSONCore
import Testing

/// The fast path must return exactly what the validating decoding returns, or give up.
@Suite struct LayoutFastPathTests {
    let devices = FakeDevices()
    let limits = DecodingLimits()

    /// The fast path's answer for `body`.
    func fast(_ body: String, limits: DecodingLimits? = nil) -> DecodedLayoutRequest? {
        Array(body.utf8).withUnsafeBufferPointer { LayoutFastPath.decode($0, devices: devices, limits: limits ?? self.limits) }
    }

    /// The validating decoding's answer for `body` (parse, then the schema walk).
    func validated(_ body: String, limits: DecodingLimits? = nil) -> Result<DecodedLayoutRequest, Problem> {
        let limits = limits ?? self.limits
        return Result { () throws(Problem) in
            try LayoutRequestDecoder(devices: devices, limits: limits).decode(document: RequestReader.parse(Array(body.utf8), maxNesting: limits.jsonNesting))
        }
    }

    @Test func takesTheBenchRequestAndTheAPIExampleWithoutSteps() throws {
        let bench = try #require(fast(benchRequest))
        #expect(validated(benchRequest) == .success(bench))
        #expect(fast(apiExampleRequest) == nil, "steps are left to the validating decoding")
    }

    @Test func takesEveryFieldItReads() throws {
        let decoded = try #require(fast(everyFieldRequest))
        #expect(validated(everyFieldRequest) == .success(decoded))
        #expect(decoded.request.layoutDirection == .rightToLeft)
        // A tab bar's own bar, edges as "all", numbers with exponents and fractions.
        let tabs = #"""
        {"device": "iphone-x", "root": {"id": "tabs", "viewController": {"kind": "tabBar", "tabBar": {"translucent": false},
          "edgesForExtendedLayout": "all"}, "subviews": [{"id": "c", "viewController": {}, "layoutMargins": {"top": 3e-1, "left": 1E2}}]}}
        """#
        let withTabs = try #require(fast(tabs))
        #expect(validated(tabs) == .success(withTabs))
        #expect(withTabs.request.hierarchy.views[1].layoutMargins == .physical(Insets(top: 0.3, left: 100)))
    }

    /// Each body is valid, but in a form the fast path leaves to the validating decoding.
    @Test(arguments: [
        #"{"device": "iphone-x", "root": {"id": "r\u0031"}}"#,                               // an escape
        #"{"device": "iphone-x", "root": {"id": "é"}}"#,                                      // non-ASCII
        #"{"device": "iphone-x", "orientation": null, "root": {"id": "r"}}"#,                // null as absent
        #"{"device": "iphone-x", "root": {"id": "r"}, "steps": []}"#,                         // steps
        #"{"screen": {"width": 10, "height": 10}, "root": {"id": "r"}}"#,                     // a custom screen
    ])
    func leavesRarerFormsToTheValidatingDecoding(_ body: String) throws {
        #expect(fast(body) == nil)
        #expect((try? validated(body).get()) != nil, "the body is valid")
    }

    /// Each body has exactly one problem, which the fast path must not take.
    @Test(arguments: [
        #"{"device": "iphone-x", "root": {"id": "r"}, "root": {"id": "s"}}"#,                 // a repeated key
        #"{"device": "iphone-x", "root": {"id": "r", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}}"#,
        #"{"device": "iphone-x", "root": {"id": "r", "subviews": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 1}}]}}"#,
        #"{"device": "iphone-x", "root": {"id": "r", "subviews": [{"id": "r"}]}}"#,
        #"{"device": "iphone-x", "root": {"id": "r", "subviews": [{"id": "a", "pin": "bounds", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}]}}"#,
        #"{"device": "iphone-x", "root": {"id": "r", "layoutMargins": {}, "directionalLayoutMargins": {}}}"#,
        #"{"device": "iphone-x", "root": {"id": "r", "contentSize": {"width": 1, "height": 1}}}"#,
        #"{"device": "iphone-x", "root": {"id": "r", "viewController": {"kind": "navigation"}}}"#,
        #"{"device": "iphone-x", "root": {"id": "r", "viewController": {"kind": "navigation"}, "subviews": [{"id": "c", "pin": "bounds", "viewController": {}}]}}"#,
        #"{"device": "iphone-x", "root": {"id": "r", "viewController": {"kind": "tabBar", "navigationBar": {}}, "subviews": [{"id": "c", "viewController": {}}]}}"#,
        #"{"device": "iphone-x", "root": {"id": "r", "viewController": {"kind": "navigation", "toolbar": {"prefersLargeTitles": true}}, "subviews": [{"id": "c", "viewController": {}}]}}"#,
        #"{"device": "apple-tv-4k", "root": {"id": "r", "viewController": {"kind": "tabBar"}, "subviews": [{"id": "c", "viewController": {}}]}}"#,
        #"{"device": "iphone-x", "orientation": "portraitUpsideDown", "root": {"id": "r"}}"#,
        #"{"device": "iphone-99", "root": {"id": "r"}}"#,
        #"{"device": "iphone-x", "systemVersion": 6.9, "root": {"id": "r"}}"#,
        #"{"device": "iphone-x", "systemVersion": 1e309, "root": {"id": "r"}}"#,
        #"{"device": "iphone-x", "root": {"id": "r", "layoutMargins": {"top": 1000000001}}}"#,
        #"{"device": "iphone-x", "root": {"id": "r", "subviews": [{"id": "a", "frame": {"x": 0, "y": 0, "width": -1, "height": 1}}]}}"#,
        #"{"device": "iphone-x", "root": {"id": "r", "kind": "button"}}"#,
        #"{"device": "iphone-x", "root": {"id": "r", "viewController": {"edgesForExtendedLayout": ["top", "middle"]}}}"#,
        #"{"device": "iphone-x", "root": {"subviews": []}}"#,
        #"{"device": "iphone-x"}"#,
        #"{"device": "iphone-x", "root": {"id": "r"}} x"#,
        #"{"device": "iphone-x", "root": {"id": "r",}}"#,
        #"{"device": "iphone-x", "root": {"id": "r", "insetsLayoutMarginsFromSafeArea": tru}}"#,
        #"{"device": "iphone-x", "root": {"id": "r", "layoutMargins": {"top": 01}}}"#,
    ])
    func neverTakesABodyWithAProblem(_ body: String) {
        #expect(fast(body) == nil)
        #expect((try? validated(body).get()) == nil, "the body has a problem")
    }

    @Test func leavesNodesPastTheLimitsToTheValidatingDecoding() {
        let deep = #"{"device": "iphone-x", "root": {"id": "r", "subviews": [{"id": "a", "subviews": [{"id": "b"}]}]}}"#
        #expect(fast(deep, limits: DecodingLimits(maxDepth: 2)) == nil)
        #expect(fast(deep, limits: DecodingLimits(maxNodes: 2)) == nil)
        #expect(fast(deep, limits: DecodingLimits(maxNodes: 3, maxDepth: 3)) != nil)
    }

    /// Generated bodies, valid by construction, then each mutated at random (bytes
    /// changed, removed or inserted, the body cut short): whenever the fast path takes
    /// a body, the validating decoding must take it too and decode it alike.
    @Test func agreesWithTheValidatingDecodingOnGeneratedBodies() {
        var random = SplitMix64(seed: 20_261_124)
        var taken = 0, mutantsTaken = 0, mutants = 0
        for _ in 0..<400 {
            let body = GeneratedLayout(random: &random).body
            guard let decoded = fast(body) else {
                Issue.record("a generated valid body was not taken: \(body)")
                continue
            }
            taken += 1
            #expect(validated(body) == .success(decoded), "\(body)")
            for _ in 0..<8 {
                let mutant = mutate(body, random: &random)
                mutants += 1
                if let decoded = fast(mutant) {
                    mutantsTaken += 1
                    #expect(validated(mutant) == .success(decoded), "\(mutant)")
                }
            }
        }
        #expect(taken == 400)
        // Some mutants stay valid (a digit changed, whitespace added) and must agree too.
        #expect(mutantsTaken > 0 && mutantsTaken < mutants)
    }

    /// `body` with one random change: a byte replaced, removed or inserted, a cut, or a
    /// token that is often valid in some places (whitespace, a digit, `null`, a quote, …).
    func mutate(_ body: String, random: inout SplitMix64) -> String {
        var bytes = Array(body.utf8)
        let at = Int(random.next() % UInt64(bytes.count))
        let tokens = [" ", "\n", "0", "9", "-", ".", "e5", ",", ":", "\"", "\\", "{", "}", "[", "]", "null", "true", "é", "\u{01}", "1e309"]
        switch random.next() % 4 {
        case 0: bytes[at] = Array(tokens[Int(random.next() % UInt64(tokens.count))].utf8)[0]
        case 1: bytes.remove(at: at)
        case 2: bytes.insert(contentsOf: Array(tokens[Int(random.next() % UInt64(tokens.count))].utf8), at: at)
        default: bytes.removeSubrange(at...)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A deterministic random source for generated bodies.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A random `/layout` body that is valid by construction (for `FakeDevices`), with every
/// field the fast path reads appearing somewhere, in varying key order and whitespace.
struct GeneratedLayout {
    private(set) var body = ""
    private var nextID = 0

    init(random: inout SplitMix64) {
        let device = ["iphone-x", "iphone-8", "iphone-15-pro", "apple-tv-4k"].randomElement(using: &random)!
        let isTV = device == "apple-tv-4k"
        var members: [String] = [#""device": "\#(device)""#]
        if random.chance(0.5) {
            let orientations = device == "iphone-8" ? ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"]
                : isTV ? ["landscapeLeft"] : ["portrait", "landscapeLeft", "landscapeRight"]
            members.append(#""orientation": "\#(orientations.randomElement(using: &random)!)""#)
        }
        if random.chance(0.5) { members.append(#""systemVersion": \#(["7", "10.3", "11", "18", "26", "27.1", "1.8e1"].randomElement(using: &random)!)"#) }
        if random.chance(0.3) { members.append(#""statusBarHidden": \#(random.chance(0.5))"#) }
        if random.chance(0.3) { members.append(#""layoutDirection": "\#(random.chance(0.5) ? "rightToLeft" : "leftToRight")""#) }
        members.append(#""root": \#(node(random: &random, depth: 1, role: .root, containers: !isTV))"#)
        body = object(members, random: &random)
    }

    /// `beforeContent`: a container's subview before its content, so without a view controller.
    private enum Role { case root, content, beforeContent, free }

    private mutating func node(random: inout SplitMix64, depth: Int, role: Role, containers: Bool) -> String {
        nextID += 1
        var members: [String] = [#""id": "\#(["n", "K", "view;", "a b"].randomElement(using: &random)!)\#(nextID)""#]
        let kind = random.chance(0.3) ? ["scrollView", "tableView", "collectionView"].randomElement(using: &random)! : "view"
        if kind != "view" || random.chance(0.2) { members.append(#""kind": "\#(kind)""#) }
        if role == .free || role == .beforeContent {
            if random.chance(0.3) {
                members.append(#""frame": {"x": \#(number(&random)), "y": \#(number(&random)), "width": \#(size(&random)), "height": \#(size(&random))}"#)
            } else if random.chance(0.3) {
                members.append(#""pin": "\#(["bounds", "safeArea", "layoutMargins", "readableContent"].randomElement(using: &random)!)""#)
            }
        }
        if random.chance(0.2) {
            members.append(#""layoutMargins": \#(insets(["top", "left", "bottom", "right"], &random))"#)
        } else if random.chance(0.1) {
            members.append(#""directionalLayoutMargins": \#(insets(["top", "leading", "bottom", "trailing"], &random))"#)
        }
        if random.chance(0.1) { members.append(#""insetsLayoutMarginsFromSafeArea": \#(random.chance(0.5))"#) }
        if random.chance(0.1) { members.append(#""preservesSuperviewLayoutMargins": \#(random.chance(0.5))"#) }
        if kind != "view" {
            if random.chance(0.7) { members.append(#""contentSize": {"width": \#(size(&random)), "height": \#(size(&random))}"#) }
            if random.chance(0.3) { members.append(#""contentInset": \#(insets(["top", "left", "bottom", "right"], &random))"#) }
            if random.chance(0.3) {
                members.append(#""contentInsetAdjustmentBehavior": "\#(["automatic", "scrollableAxes", "never", "always"].randomElement(using: &random)!)""#)
            }
            for flag in ["alwaysBounceVertical", "alwaysBounceHorizontal", "automaticallyAdjustsScrollIndicatorInsets"] where random.chance(0.15) {
                members.append(#""\#(flag)": \#(random.chance(0.5))"#)
            }
            for name in ["verticalScrollIndicatorInsets", "horizontalScrollIndicatorInsets"] where random.chance(0.15) {
                members.append(#""\#(name)": \#(insets(["top", "left", "bottom", "right"], &random))"#)
            }
        }
        let controllerKind = role == .content || role == .root || (role == .free && random.chance(0.2))
            ? (containers && depth < 5 && random.chance(0.5) ? (random.chance(0.5) ? "navigation" : "tabBar") : "plain")
            : nil
        if let controllerKind { members.append(#""viewController": \#(controller(controllerKind, &random))"#) }
        var subviews: [String] = []
        if controllerKind == "navigation" || controllerKind == "tabBar" {
            // A container's content: its first subview with a view controller.
            if random.chance(0.3) { subviews.append(node(random: &random, depth: depth + 1, role: .beforeContent, containers: false)) }
            subviews.append(node(random: &random, depth: depth + 1, role: .content, containers: containers))
        }
        if depth < 5 {
            for _ in 0..<Int(random.next() % 3) where random.chance(0.6) {
                subviews.append(node(random: &random, depth: depth + 1, role: .free, containers: false))
            }
        }
        if !subviews.isEmpty || random.chance(0.1) {
            members.append(#""subviews": [\#(subviews.joined(separator: random.chance(0.5) ? "," : ",\n  "))]"#)
        }
        return object(members, random: &random)
    }

    private func controller(_ kind: String, _ random: inout SplitMix64) -> String {
        var members: [String] = []
        if kind != "plain" || random.chance(0.5) { members.append(#""kind": "\#(kind)""#) }
        if random.chance(0.2) { members.append(#""additionalSafeAreaInsets": \#(insets(["top", "left", "bottom", "right"], &random))"#) }
        if random.chance(0.2) {
            members.append(#""edgesForExtendedLayout": \#(["\"all\"", "\"none\"", "[]", #"["top"]"#, #"["left", "bottom", "right"]"#].randomElement(using: &random)!)"#)
        }
        for flag in ["extendedLayoutIncludesOpaqueBars", "automaticallyAdjustsScrollViewInsets", "viewRespectsSystemMinimumLayoutMargins"] where random.chance(0.15) {
            members.append(#""\#(flag)": \#(random.chance(0.5))"#)
        }
        if kind == "navigation" {
            if random.chance(0.5) { members.append(#""navigationBar": \#(bar(largeTitles: true, &random))"#) }
            if random.chance(0.3) { members.append(#""toolbar": \#(bar(largeTitles: false, &random))"#) }
        }
        if kind == "tabBar", random.chance(0.5) { members.append(#""tabBar": \#(bar(largeTitles: false, &random))"#) }
        return object(members, random: &random)
    }

    private func bar(largeTitles: Bool, _ random: inout SplitMix64) -> String {
        var members: [String] = []
        for flag in ["hidden", "translucent"] + (largeTitles ? ["prefersLargeTitles"] : []) where random.chance(0.5) {
            members.append(#""\#(flag)": \#(random.chance(0.5))"#)
        }
        return object(members, random: &random)
    }

    private func insets(_ edges: [String], _ random: inout SplitMix64) -> String {
        object(edges.filter { _ in random.chance(0.5) }.map { #""\#($0)": \#(number(&random))"# }, random: &random)
    }

    private func number(_ random: inout SplitMix64) -> String {
        ["0", "-0", "8", "-20", "44.5", "0.1", "1e3", "-2.5E-1", "1000000000", "12.25"].randomElement(using: &random)!
    }

    private func size(_ random: inout SplitMix64) -> String {
        ["0", "1", "44", "375", "393.5", "2000", "1e9", "0.3"].randomElement(using: &random)!
    }

    /// The members in a shuffled order, with random whitespace around them.
    private func object(_ members: [String], random: inout SplitMix64) -> String {
        let space = [" ", "", "\n", "\t", "\r\n  "]
        let shuffled = members.shuffled(using: &random)
        return "{" + shuffled.map { space.randomElement(using: &random)! + $0 + space.randomElement(using: &random)! }.joined(separator: ",") + "}"
    }
}

extension SplitMix64 {
    /// `true` with the given probability.
    mutating func chance(_ probability: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < probability }
}
