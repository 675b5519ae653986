import InsetEngine
@testable import InsetAPI
import ServiceKit
import ServiceTestSupport
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
        #"{"device": "iphone-x", "root": {"id": "r"}, "root": {"id": "s"}}"#,                 // a repeated key: the last counts
        #"{"device": "iPhone16,1", "root": {"id": "r"}}"#,                                    // a model identifier
        #"{"device": "iphone-x", "systemVersion": 14, "root": {"id": "r", "keyboardLayoutGuide": false}}"#,
    ])
    func leavesRarerFormsToTheValidatingDecoding(_ body: String) throws {
        #expect(fast(body) == nil)
        #expect((try? validated(body).get()) != nil, "the body is valid")
    }

    /// Each body has exactly one problem, which the fast path must not take.
    @Test(arguments: [
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

    /// Repeated ids are found by their bytes, whatever their length, however many ids come
    /// before (the table grows past its first room and keeps a large body's table only for
    /// that body), and only within one body: the next body may give the same ids again.
    @Test func findsARepeatedIDAmongManyAndForgetsItAfterTheBody() throws {
        func body(_ ids: [String]) -> String {
            let subviews = ids.map { #"{"id": "\#($0)"}"# }.joined(separator: ", ")
            return #"{"device": "iphone-x", "root": {"id": "root", "subviews": [\#(subviews)]}}"#
        }
        // Ids of every length from 1 to 40 bytes, many sharing their first eight bytes.
        let ids = (0..<1_500).map { index in
            let stem = String(repeating: "section-header-", count: 3).prefix(index % 40)
            return "\(stem)\(index)"
        }
        let distinct = body(ids)
        let decoded = try #require(fast(distinct))
        #expect(validated(distinct) == .success(decoded))
        // Inline and long ids (their bytes in the list's tail) read back as given.
        #expect(Array(decoded.request.hierarchy.ids) == ["root"] + ids)
        for repeated in [ids[0], ids[777], ids[1_499], "root"] {
            let twice = body(ids + [repeated])
            #expect(fast(twice) == nil, "\(repeated) is given twice")
            #expect((try? validated(twice).get()) == nil)
        }
        // A body after a large one: the same ids again, once each, are taken.
        let small = body(["a", "b", ids[3]])
        #expect(fast(small) != nil)
        #expect(fast(small) != nil)
        #expect(fast(body(["a", "b", "a"])) == nil)
        // An id of more than 256 bytes is left to the validating decoding, which refuses it.
        let long = body([String(repeating: "x", count: 257)])
        #expect(fast(long) == nil)
        #expect(fast(body([String(repeating: "x", count: 256)])) != nil)
    }

    /// Generated bodies, valid by construction, then each mutated at random (bytes
    /// changed, removed or inserted, the body cut short): whenever the fast path takes
    /// a body, the validating decoding must take it too and decode it alike.
    @Test func agreesWithTheValidatingDecodingOnGeneratedBodies() {
        var random = SplitMix64(seed: 20_261_124)
        var taken = 0, mutantsTaken = 0, mutants = 0
        for _ in 0..<400 {
            let body = GeneratedLayout(random: &random).body(random: &random)
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
