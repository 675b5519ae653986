import HTTPTypes
import InsetEngine
@testable import InsetAPI
import ServiceKit
import ServiceTestSupport
import Testing
import InsetEngineTestSupport

private func decode(_ body: String, limits: DecodingLimits = DecodingLimits()) throws(Problem) -> DecodedLayoutRequest {
    try LayoutRequestDecoder(devices: FakeDevices(), limits: limits).decode(Array(body.utf8))
}

/// A request around one root node (`"id": "r"`, plain view controller) with `subviews`.
private func withRoot(_ subviews: String = "", extra: String = "") -> String {
    #"{"device": "iphone-x"\#(extra), "root": {"id": "r", "viewController": {}, "subviews": [\#(subviews)]}}"#
}

/// The 422 pointers for `body`, in order (fails when the status is not 422).
private func pointers(_ body: String, limits: DecodingLimits = DecodingLimits()) -> [String] {
    guard let problem = decodeProblem(body, limits: limits) else {
        Issue.record("decoded without a problem")
        return []
    }
    #expect(problem.status == 422, "\(problem)")
    return problem.errors.map(\.pointer)
}

@Suite struct CodecLayoutDecoderTests {
    @Test func decodesTheAPIExample() throws {
        let decoded = try decode(apiExampleRequest)
        #expect(decoded.device == "iphone-x")
        #expect(decoded.orientation == .portrait)
        let request = decoded.request
        #expect(request.systemVersion == 18)
        #expect(request.layoutDirection == .leftToRight)
        #expect(request.environment == FakeDevices().environment(id: "iphone-x", orientation: .portrait, systemVersion: 18, statusBarHidden: false))
        let card = Node(id: "card", placement: .frame(Rect(x: 16, y: 100, width: 343, height: 200)))
        let feed = Node(id: "feed", viewController: ViewController(kind: .plain), subviews: [card])
        #expect(request.root == Node(id: "nav", viewController: ViewController(kind: .navigation), subviews: [feed]))
        #expect(request.steps == [LayoutStep(frames: [(id: "card", frame: Rect(x: 16, y: 40, width: 343, height: 200))])])
    }

    /// `frames` is optional: a step without it, or with `null`, moves nothing.
    @Test func aStepWithoutFramesChangesNothing() throws {
        let decoded = try decode(#"{"device": "iphone-x", "root": {"id": "r", "subviews": [{"id": "a"}]}, "steps": [{}, {"frames": null}, {"frames": {"a": {"x": 0, "y": 1, "width": 2, "height": 3}}}]}"#)
        #expect(decoded.request.steps == [LayoutStep(frames: []), LayoutStep(frames: []), LayoutStep(frames: [(id: "a", frame: Rect(x: 0, y: 1, width: 2, height: 3))])])
    }

    /// A `steps` array, even an empty one, is answered; no key or `null` is not.
    @Test func remembersWhetherStepsWereGiven() throws {
        #expect(try decode(#"{"device": "iphone-x", "root": {"id": "r"}, "steps": []}"#).hasSteps)
        #expect(try decode(#"{"device": "iphone-x", "root": {"id": "r"}, "steps": [{}]}"#).hasSteps)
        #expect(try !decode(#"{"device": "iphone-x", "root": {"id": "r"}, "steps": null}"#).hasSteps)
        #expect(try !decode(#"{"device": "iphone-x", "root": {"id": "r"}}"#).hasSteps)
    }

    /// Every list field a view does not take is reported, each once (in document order).
    @Test func reportsEveryListFieldOnAnotherKind() {
        #expect(pointers(withRoot(#"{"id": "v", "style": "plain", "height": 2, "layout": {}, "y": 1}"#))
            == ["/root/subviews/0/style", "/root/subviews/0/height", "/root/subviews/0/layout", "/root/subviews/0/y"])
    }

    @Test func decodesTheBenchRequest() throws {
        let decoded = try decode(benchRequest)
        func count(_ node: Node) -> Int { 1 + node.subviews.map(count).reduce(0, +) }
        #expect(count(decoded.request.root) == 31)
        let table = decoded.request.root.subviews[0].subviews[0]
        #expect(table.kind == .tableView)
        #expect(table.scroll?.contentSize == Size(width: 393, height: 1616))
        #expect(table.subviews[13].subviews[0] == Node(id: "label13", placement: .pin(.layoutMargins)))
        #expect(decoded.request.root.subviews[0].viewController?.navigationBar == BarConfiguration(hidden: false, prefersLargeTitles: true))
    }

    @Test func decodesEveryField() throws {
        let decoded = try decode(everyFieldRequest)
        #expect(decoded.orientation == .portraitUpsideDown)
        let request = decoded.request
        #expect(request.systemVersion == 10.3)
        #expect(request.layoutDirection == .rightToLeft)
        #expect(request.environment.statusBarHeight == 0)
        let a = Node(id: "a", placement: .frame(Rect(x: -5, y: 0.5, width: 0, height: 1e9)), layoutMargins: .directional(DirectionalInsets(leading: 4, trailing: 6)))
        let b = Node(id: "b", placement: .pin(.readableContent))
        let scroll = ScrollProperties(
            contentSize: Size(width: 10, height: 20), contentInset: Insets(bottom: 5), behavior: .never,
            alwaysBounceVertical: true, alwaysBounceHorizontal: true, automaticallyAdjustsScrollIndicatorInsets: false,
            verticalScrollIndicatorInsets: Insets(right: 2), horizontalScrollIndicatorInsets: Insets(bottom: 1))
        let list = Node(id: "list", kind: .collectionView, scroll: scroll, viewController: ViewController(edgesForExtendedLayout: []), subviews: [a, b])
        let controller = ViewController(
            kind: .navigation, additionalSafeAreaInsets: Insets(top: 1, left: -2), edgesForExtendedLayout: [.top, .bottom],
            extendedLayoutIncludesOpaqueBars: true, automaticallyAdjustsScrollViewInsets: false, viewRespectsSystemMinimumLayoutMargins: false,
            navigationBar: BarConfiguration(hidden: true, translucent: false, prefersLargeTitles: true), toolbar: BarConfiguration(hidden: false))
        let nav = Node(id: "nav", layoutMargins: .physical(Insets(top: 3)), insetsLayoutMarginsFromSafeArea: false,
                       preservesSuperviewLayoutMargins: true, viewController: controller, subviews: [list])
        #expect(request.root == nav)
        #expect(request.steps.isEmpty)
    }

    @Test func appliesDefaults() throws {
        let decoded = try decode(#"{"device": "iphone-x", "root": {"id": "r"}}"#)
        #expect(decoded.orientation == .portrait)
        #expect(decoded.request.systemVersion == SystemVersion.default)
        #expect(decoded.request.systemVersion == 27.1)
        #expect(decoded.request.layoutDirection == .leftToRight)
        #expect(decoded.request.root == Node(id: "r"))
        let tv = try decode(#"{"device": "apple-tv-4k", "root": {"id": "r"}}"#)
        #expect(tv.orientation == .landscapeLeft)
        #expect(tv.request.environment.family == .tv)
    }

    @Test func readsNullAsAbsent() throws {
        let body = #"""
        {"device": "iphone-x", "screen": null, "orientation": null, "systemVersion": null, "statusBarHidden": null,
         "layoutDirection": null, "steps": null,
         "root": {"id": "r", "kind": null, "frame": null, "pin": null, "layoutMargins": null, "subviews": null, "viewController": null,
                  "insetsLayoutMarginsFromSafeArea": null, "contentSize": null}}
        """#
        let decoded = try decode(body)
        #expect(decoded.request.root == Node(id: "r"))
        #expect(decoded.orientation == .portrait)
    }

    @Test func decodesACustomScreen() throws {
        let body = #"{"screen": {"width": 800, "height": 400, "safeAreaInsets": {"top": 30, "left": 10}, "statusBarHeight": 20}, "statusBarHidden": true, "orientation": "landscapeRight", "systemVersion": 11, "root": {"id": "r"}}"#
        let decoded = try decode(body)
        #expect(decoded.device == "custom")
        #expect(decoded.orientation == .landscapeRight)
        let environment = decoded.request.environment
        #expect(environment.family == .ipad)
        #expect(environment.screen == Size(width: 800, height: 400))
        #expect(environment.windowSafeArea == Insets(top: 10, left: 10))
        #expect(environment.windowExplain == Explanation(top: [Contribution(.screen, 10)], left: [Contribution(.screen, 10)]))
        #expect(environment.statusBarHeight == 0)
        #expect(environment.sizeClass == SizeClasses(horizontal: .regular, vertical: .compact))
        #expect(environment.bars == .iPad(systemVersion: 11))
        #expect(environment.systemMinimumLayoutMargins == DirectionalInsets(leading: 20, trailing: 20))
    }

    @Test func derivesCustomScreenDefaults() {
        let phone = CustomScreen(size: Size(width: 375, height: 812), safeAreaInsets: Insets(top: 44, bottom: 34))
        let environment = phone.environment(systemVersion: 18, statusBarHidden: false)
        #expect(environment.family == .iphone)
        #expect(environment.statusBarHeight == 44)
        #expect(environment.windowSafeArea == Insets(top: 44, bottom: 34))
        #expect(environment.sizeClass == SizeClasses(horizontal: .compact, vertical: .regular))
        #expect(environment.bars == .iPhone(verticalSizeClass: .regular))
        #expect(environment.systemMinimumLayoutMargins == DirectionalInsets(leading: 16, trailing: 16))
        let hidden = phone.environment(systemVersion: 18, statusBarHidden: true)
        #expect(hidden.windowSafeArea == Insets(bottom: 34))
        #expect(hidden.windowExplain == Explanation(bottom: [Contribution(.screen, 34)]))
        let given = CustomScreen(size: Size(width: 414, height: 300), horizontalSizeClass: .regular, verticalSizeClass: .regular)
            .environment(systemVersion: 18, statusBarHidden: false)
        #expect(given.sizeClass == SizeClasses(horizontal: .regular, vertical: .regular))
        #expect(given.bars == .iPhone(verticalSizeClass: .regular))
        #expect(given.statusBarHeight == 0)
    }

    // MARK: - 422, one case each

    @Test(arguments: [
        // missing required fields
        (#"{"device": "iphone-x"}"#, ["/root"]),
        (#"{"device": "iphone-x", "root": {"kind": "view"}}"#, ["/root/id"]),
        (#"{"device": "iphone-x", "root": {"id": null}}"#, ["/root/id"]),
        (withRoot(#"{"frame": {"x": 0, "y": 0, "width": 1, "height": 1}}"#), ["/root/subviews/0/id"]),
        (#"{"root": {"id": "r"}}"#, ["/device"]),
        (#"{"device": "iphone-x", "root": {"id": "r", "subviews": [{"id": "a", "frame": {"x": 0, "width": 1, "height": 1}}]}}"#, ["/root/subviews/0/frame/y"]),
        (#"{"screen": {"height": 10}, "root": {"id": "r"}}"#, ["/screen/width"]),
        // unknown fields
        (#"{"device": "iphone-x", "colour": "red", "root": {"id": "r"}}"#, ["/colour"]),
        (withRoot(#"{"id": "a", "frme": {}}"#), ["/root/subviews/0/frme"]),
        (withRoot(#"{"id": "a", "layoutMargins": {"topp": 1}}"#), ["/root/subviews/0/layoutMargins/topp"]),
        (withRoot(#"{"id": "a", "frame": {"x": 0, "y": 0, "width": 1, "height": 1, "z": 0}}"#), ["/root/subviews/0/frame/z"]),
        (#"{"device": "iphone-x", "root": {"id": "r", "viewController": {"kind": "plain", "title": "x"}}}"#, ["/root/viewController/title"]),
        (#"{"device": "iphone-x", "root": {"id": "r", "viewController": {"tabBar": {}}}}"#, ["/root/viewController/tabBar"]),
        (#"{"device": "iphone-x", "root": {"id": "r", "viewController": {"kind": "navigation", "tabBar": {}}, "subviews": [{"id": "c", "viewController": {}}]}}"#, ["/root/viewController/tabBar"]),
        (#"{"device": "iphone-x", "root": {"id": "r", "viewController": {"kind": "tabBar", "toolbar": {"hidden": false}, "navigationBar": {}}, "subviews": [{"id": "c", "viewController": {}}]}}"#,
         ["/root/viewController/toolbar", "/root/viewController/navigationBar"]),
        (#"{"device": "iphone-x", "root": {"id": "r", "viewController": {"kind": "tabBar", "tabBar": {"prefersLargeTitles": true}}, "subviews": [{"id": "c", "viewController": {}}]}}"#,
         ["/root/viewController/tabBar/prefersLargeTitles"]),
        (withRoot(#"{"id": "a", "contentSize": {"width": 1, "height": 1}, "alwaysBounceVertical": true}"#),
         ["/root/subviews/0/contentSize", "/root/subviews/0/alwaysBounceVertical"]),
        (withRoot(#"{"id": "a", "contentInset": {}, "kind": "view"}"#), ["/root/subviews/0/contentInset"]),
        (#"{"screen": {"width": 1, "height": 1, "scale": 2}, "root": {"id": "r"}}"#, ["/screen/scale"]),
        // unknown device, orientation or enum word
        (#"{"device": "iphone-99", "root": {"id": "r"}}"#, ["/device"]),
        (#"{"device": "iphone-x", "orientation": "sideways", "root": {"id": "r"}}"#, ["/orientation"]),
        (#"{"device": "iphone-x", "layoutDirection": "upwards", "root": {"id": "r"}}"#, ["/layoutDirection"]),
        (withRoot(#"{"id": "a", "kind": "webView"}"#), ["/root/subviews/0/kind"]),
        (withRoot(#"{"id": "a", "pin": "center"}"#), ["/root/subviews/0/pin"]),
        (withRoot(#"{"id": "a", "kind": "scrollView", "contentInsetAdjustmentBehavior": "sometimes"}"#), ["/root/subviews/0/contentInsetAdjustmentBehavior"]),
        (#"{"device": "iphone-x", "root": {"id": "r", "viewController": {"kind": "splitView"}}}"#, ["/root/viewController/kind"]),
        (#"{"device": "iphone-x", "root": {"id": "r", "viewController": {"edgesForExtendedLayout": ["top", "middle"]}}}"#, ["/root/viewController/edgesForExtendedLayout/1"]),
        (#"{"device": "iphone-x", "root": {"id": "r", "viewController": {"edgesForExtendedLayout": "some"}}}"#, ["/root/viewController/edgesForExtendedLayout"]),
        (#"{"screen": {"width": 1, "height": 1, "sizeClass": {"horizontal": "large"}}, "root": {"id": "r"}}"#, ["/screen/sizeClass/horizontal"]),
        // orientation the device lacks
        (#"{"device": "iphone-x", "orientation": "portraitUpsideDown", "root": {"id": "r"}}"#, ["/orientation"]),
        (#"{"device": "apple-tv-4k", "orientation": "portrait", "root": {"id": "r"}}"#, ["/orientation"]),
        // duplicate ids (a duplicated member is no problem: the last counts)
        (withRoot(#"{"id": "a"}, {"id": "b", "subviews": [{"id": "a"}]}"#), ["/root/subviews/1/subviews/0/id"]),
        (withRoot(#"{"id": "r"}"#), ["/root/subviews/0/id"]),
        (withRoot(#"{"id": "a", "kind": "view", "kind": "webView"}"#), ["/root/subviews/0/kind"]),
        // negative widths and heights; positions and insets may be negative
        (withRoot(#"{"id": "a", "frame": {"x": -1, "y": -1, "width": -343, "height": 2}, "layoutMargins": {"top": -3}}"#), ["/root/subviews/0/frame/width"]),
        (withRoot(#"{"id": "a", "kind": "tableView", "contentSize": {"width": 1, "height": -0.5}, "contentInset": {"top": -10}}"#), ["/root/subviews/0/contentSize/height"]),
        (#"{"screen": {"width": -375, "height": 812}, "root": {"id": "r"}}"#, ["/screen/width"]),
        (#"{"screen": {"width": 375, "height": 812, "safeAreaInsets": {"top": -1}, "statusBarHeight": -2}, "root": {"id": "r"}}"#, ["/screen/safeAreaInsets/top", "/screen/statusBarHeight"]),
        (#"{"device": "iphone-x", "root": {"id": "r", "viewController": {"additionalSafeAreaInsets": {"top": 1e9, "bottom": -1.5e9}}}}"#, ["/root/viewController/additionalSafeAreaInsets/bottom"]),
        // non-finite numbers and numbers beyond ±1e9
        (withRoot(#"{"id": "a", "frame": {"x": 1e309, "y": -1e309, "width": 1e309, "height": 2e9}}"#),
         ["/root/subviews/0/frame/x", "/root/subviews/0/frame/y", "/root/subviews/0/frame/width", "/root/subviews/0/frame/height"]),
        (#"{"device": "iphone-x", "systemVersion": 1e309, "root": {"id": "r"}}"#, ["/systemVersion"]),
        // conflicting forms
        (withRoot(#"{"id": "a", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "pin": "bounds"}"#), ["/root/subviews/0/pin"]),
        (withRoot(#"{"id": "a", "pin": "bounds", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}"#), ["/root/subviews/0/frame"]),
        (withRoot(#"{"id": "a", "directionalLayoutMargins": {}, "layoutMargins": {}}"#), ["/root/subviews/0/layoutMargins"]),
        (#"{"device": "iphone-x", "screen": {"width": 1, "height": 1}, "root": {"id": "r"}}"#, ["/screen"]),
        (#"{"screen": {"width": 1, "height": 1}, "device": "iphone-x", "root": {"id": "r"}}"#, ["/device"]),
        // placement of the root and of container-placed views
        (#"{"device": "iphone-x", "root": {"id": "r", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}}"#, ["/root/frame"]),
        (#"{"device": "iphone-x", "root": {"id": "r", "pin": "safeArea"}}"#, ["/root/pin"]),
        (#"{"device": "iphone-x", "root": {"id": "n", "viewController": {"kind": "navigation"}, "subviews": [{"id": "x", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}, {"id": "c", "viewController": {}, "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}]}}"#,
         ["/root/subviews/1/frame"]),
        (#"{"device": "iphone-x", "root": {"id": "t", "viewController": {"kind": "tabBar"}, "subviews": [{"id": "c", "viewController": {}, "pin": "bounds"}, {"id": "d", "viewController": {}, "pin": "bounds"}]}}"#,
         ["/root/subviews/0/pin"]),
        // containers
        (#"{"device": "iphone-x", "root": {"id": "n", "viewController": {"kind": "navigation"}, "subviews": [{"id": "x"}]}}"#, ["/root/viewController/kind"]),
        (#"{"device": "iphone-x", "root": {"id": "n", "viewController": {"kind": "tabBar"}}}"#, ["/root/viewController/kind"]),
        (#"{"device": "apple-tv-4k", "root": {"id": "n", "viewController": {"kind": "navigation"}, "subviews": [{"id": "c", "viewController": {}}]}}"#, ["/root/viewController/kind"]),
        // systemVersion
        (#"{"device": "iphone-x", "systemVersion": 6.9, "root": {"id": "r"}}"#, ["/systemVersion"]),
        // steps
        (#"{"device": "iphone-x", "steps": [{"frames": {"nope": {"x": 0, "y": 0, "width": 1, "height": 1}}}], "root": {"id": "r"}}"#, ["/steps/0/frames/nope"]),
        (#"{"device": "iphone-x", "root": {"id": "r"}, "steps": [{"frames": {}}, {"frames": {"r": {"x": 0, "y": 0, "width": 1, "height": 1}}}]}"#, ["/steps/1/frames/r"]),
        (#"{"device": "iphone-x", "root": {"id": "n", "viewController": {"kind": "navigation"}, "subviews": [{"id": "c", "viewController": {}}]}, "steps": [{"frames": {"c": {"x": 0, "y": 0, "width": 1, "height": 1}}}]}"#,
         ["/steps/0/frames/c"]),
        (#"{"device": "iphone-x", "root": {"id": "r", "subviews": [{"id": "a"}]}, "steps": [{"frames": {"a": {"x": 0, "y": 0, "width": -1, "height": 1}}}, {}, {"frames": {}, "frame": {}}]}"#,
         ["/steps/0/frames/a/width", "/steps/2/frame"]),
    ] as [(String, [String])])
    func reportsContentProblems(body: String, expected: [String]) {
        #expect(pointers(body) == expected)
    }

    @Test func acceptsNegativePositionsAndInsets() throws {
        let body = withRoot(#"{"id": "a", "frame": {"x": -10, "y": -1e9, "width": 0, "height": 0}, "layoutMargins": {"top": -5, "left": -1e9}}"#)
        let root = try decode(body).request.root
        #expect(root.subviews[0].placement == .frame(Rect(x: -10, y: -1e9, width: 0, height: 0)))
    }

    @Test func reportsInfinityAs422() throws {
        let problem = try #require(decodeProblem(withRoot(#"{"id": "a", "frame": {"x": 1e309, "y": 0, "width": 1, "height": 1}}"#)))
        #expect(problem.status == 422)
        #expect(problem.errors == [FieldProblem(pointer: "/root/subviews/0/frame/x", detail: "must be a finite number")])
        let width = try #require(decodeProblem(withRoot(#"{"id": "a", "frame": {"x": 0, "y": 0, "width": -1, "height": 1}}"#)))
        #expect(width.errors == [FieldProblem(pointer: "/root/subviews/0/frame/width", detail: "must be a finite number >= 0")])
        #expect(width.detail == "1 problem in the request")
    }

    // MARK: - Limits

    @Test func limitsNodes() {
        let limits = DecodingLimits(maxNodes: 3)
        #expect(pointers(withRoot(#"{"id": "a"}, {"id": "b"}, {"id": "c", "subviews": [{"id": "d"}]}"#), limits: limits) == ["/root/subviews/2"])
        let many = (0..<10_000).map { #"{"id": "n\#($0)"}"# }
        #expect(pointers(withRoot(many.joined(separator: ","))) == ["/root/subviews/9999"])
        #expect(decodeProblem(withRoot(many.dropLast().joined(separator: ","))) == nil)
    }

    @Test func limitsDepth() {
        func nested(_ depth: Int) -> String {
            var text = #"{"id": "n\#(depth)"}"#
            for level in (1..<depth).reversed() { text = #"{"id": "n\#(level)", "subviews": [\#(text)]}"# }
            return #"{"device": "iphone-x", "root": \#(text)}"#
        }
        #expect(decodeProblem(nested(64)) == nil)
        let expected = "/root" + String(repeating: "/subviews/0", count: 64)
        #expect(pointers(nested(65)) == [expected])
        #expect(pointers(nested(200)) == [expected])
        #expect(pointers(nested(4), limits: DecodingLimits(maxDepth: 3)) == ["/root/subviews/0/subviews/0/subviews/0"])
    }

    @Test func limitsSteps() {
        let step = #"{"frames": {}}"#
        let body = { (count: Int) in #"{"device": "iphone-x", "root": {"id": "r"}, "steps": [\#(Array(repeating: step, count: count).joined(separator: ","))]}"# }
        #expect(decodeProblem(body(1_000)) == nil)
        #expect(pointers(body(1_001)) == ["/steps/1000"])
        #expect(pointers(body(3), limits: DecodingLimits(maxSteps: 2)) == ["/steps/2"])
        let twoNodes = #"{"device": "iphone-x", "root": {"id": "r", "subviews": [{"id": "a"}]}, "steps": [\#(step), \#(step)]}"#
        #expect(pointers(twoNodes, limits: DecodingLimits(maxNodeStates: 5)) == ["/steps"])
        #expect(decodeProblem(twoNodes, limits: DecodingLimits(maxNodeStates: 6)) == nil)
    }

    // MARK: - Ordering and 400s

    @Test func listsEveryProblemInDocumentOrder() throws {
        let body = #"""
        {"steps": [{"frames": {"ghost": {"x": 0, "y": 0, "width": 1, "height": 1}}}],
         "orientation": "sideways",
         "root": {"id": "r", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "subviews": [
            {"kind": "webView", "frame": {"x": 1e309, "y": 0, "width": -1, "height": 1}},
            {"id": "b", "pin": "bounds", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "extra": 1}]},
         "systemVersion": 3}
        """#
        let problem = try #require(decodeProblem(body))
        #expect(problem.status == 422)
        #expect(problem.errors.map(\.pointer) == [
            "/steps/0/frames/ghost", "/orientation", "/root/frame",
            "/root/subviews/0/kind", "/root/subviews/0/frame/x", "/root/subviews/0/frame/width", "/root/subviews/0/id",
            "/root/subviews/1/frame", "/root/subviews/1/extra", "/systemVersion", "/device",
        ])
        #expect(problem.detail == "11 problems in the request")
        #expect(problem.type == "/problems/invalid-request")
    }

    @Test func reportsSyntaxErrorsAs400() throws {
        let problem = try #require(decodeProblem("{\n  \"device\": \"iphone-x\",\n  \"root\": {\"id\": \"r\",}\n}"))
        #expect(problem.status == 400)
        #expect(problem.detail == "The body is not JSON: trailing comma at line 3, column 22")
        #expect(problem.errors == [FieldProblem(pointer: "/root/id", detail: "trailing comma")])
        let empty = try #require(decodeProblem(""))
        #expect(empty.status == 400)
        #expect(empty.errors.isEmpty)
        #expect(decodeProblem("{\"device\": \"iphone-x\"} x")?.status == 400)
        #expect(decodeProblem(String(repeating: "[", count: 600))?.status == 400)
    }

    @Test func reportsWrongTypesAs422WithEveryOtherProblem() throws {
        let problem = try #require(decodeProblem(withRoot(#"{"id": 7, "frame": "wide", "kind": "webView"}"#, extra: #", "systemVersion": "18""#)))
        #expect(problem.status == 422)
        #expect(problem.type == "/problems/invalid-request")
        #expect(problem.errors == [
            FieldProblem(pointer: "/systemVersion", detail: "expected a number, got a string"),
            FieldProblem(pointer: "/root/subviews/0/id", detail: "expected a string, got a number"),
            FieldProblem(pointer: "/root/subviews/0/frame", detail: "expected an object, got a string"),
            FieldProblem(pointer: "/root/subviews/0/kind", detail: #""webView" is not one of view, scrollView, tableView, collectionView, cell, sectionHeader, sectionFooter"#),
        ])
        #expect(problem.detail == "4 problems in the request")
    }

    @Test func namesBothTypesWhereAFieldTakesTwo() throws {
        let guide = try #require(decodeProblem(#"{"device": "iphone-x", "systemVersion": 18, "root": {"id": "r", "keyboardLayoutGuide": "yes"}}"#))
        #expect(guide.errors == [FieldProblem(pointer: "/root/keyboardLayoutGuide", detail: "expected a boolean or an object, got a string")])
        let edges = try #require(decodeProblem(#"{"device": "iphone-x", "root": {"id": "r", "viewController": {"edgesForExtendedLayout": 3}}}"#))
        #expect(edges.errors == [FieldProblem(pointer: "/root/viewController/edgesForExtendedLayout", detail: "expected a string or an array, got a number")])
    }

    @Test func aWrongTypeIsListedBeforeARefusalOfTheFieldAtOnePointer() throws {
        let problem = try #require(decodeProblem(#"{"device": "iphone-x", "systemVersion": 14, "root": {"id": "r", "keyboardLayoutGuide": "yes"}}"#))
        #expect(problem.errors == [
            FieldProblem(pointer: "/root/keyboardLayoutGuide", detail: "expected a boolean or an object, got a string"),
            FieldProblem(pointer: "/root/keyboardLayoutGuide", detail: "needs systemVersion 15 or later"),
        ])
    }

    @Test func nullWhereAValueIsRequiredIsAWrongType() throws {
        let problem = try #require(decodeProblem(withRoot(#"{"id": null, "frame": {"x": 0, "y": null, "width": 1, "height": 1}}"#)))
        #expect(problem.errors == [
            FieldProblem(pointer: "/root/subviews/0/id", detail: "expected a string, got null"),
            FieldProblem(pointer: "/root/subviews/0/frame/y", detail: "expected a number, got null"),
        ])
        let root = try #require(decodeProblem(#"{"device": "iphone-x", "root": null}"#))
        #expect(root.errors == [FieldProblem(pointer: "/root", detail: "expected an object, got null")])
        // An optional field's null is its absence.
        #expect(decodeProblem(#"{"device": "iphone-x", "orientation": null, "root": {"id": "r", "kind": null}}"#) == nil)
    }

    @Test func missingFieldsAreListedAtTheEndOfTheirObjectInTheAllowedOrder() throws {
        let body = #"{"orientation": "sideways", "root": {"subviews": [{"frame": {"width": 1}}], "kind": "webView"}}"#
        let problem = try #require(decodeProblem(body))
        #expect(problem.errors == [
            FieldProblem(pointer: "/orientation", detail: #""sideways" is not one of portrait, portraitUpsideDown, landscapeLeft, landscapeRight"#),
            FieldProblem(pointer: "/root/subviews/0/frame/x", detail: "required"),
            FieldProblem(pointer: "/root/subviews/0/frame/y", detail: "required"),
            FieldProblem(pointer: "/root/subviews/0/frame/height", detail: "required"),
            FieldProblem(pointer: "/root/subviews/0/id", detail: "required"),
            FieldProblem(pointer: "/root/kind", detail: #""webView" is not one of view, scrollView, tableView, collectionView, cell, sectionHeader, sectionFooter"#),
            FieldProblem(pointer: "/root/id", detail: "required"),
            FieldProblem(pointer: "/device", detail: "required (or screen)"),
        ])
    }

    @Test func aRefusedSystemVersionJudgesNoFieldAgainstAVersion() throws {
        for version in ["5", #""18""#] {
            let body = #"{"device": "ipad-pro-11", "systemVersion": \#(version), "window": {"split": "oneThird"}, "root": {"id": "r", "keyboardLayoutGuide": true, "subviews": [{"id": "t", "kind": "tableView", "style": "insetGrouped", "insetsContentViewsToSafeArea": false}]}}"#
            #expect(pointers(body) == ["/systemVersion"], "\(version)")
        }
        // Their own form is still judged.
        #expect(pointers(#"{"device": "iphone-x", "systemVersion": 5, "root": {"id": "r", "keyboardLayoutGuide": 1}}"#) == ["/systemVersion", "/root/keyboardLayoutGuide"])
    }

    @Test func theLastOfADuplicatedMemberCounts() throws {
        let decoded = try decode(#"{"device": "nope", "device": "iphone-8", "root": {"id": "r", "kind": "webView", "kind": "scrollView"}}"#)
        #expect(decoded.device == "iphone-8")
        #expect(decoded.request.root.kind == .scrollView)
    }

    @Test(arguments: [
        ("[]", ""), (#""text""#, ""),
        (#"{"device": 5, "root": {"id": "r"}}"#, "/device"),
        (#"{"device": "iphone-x", "root": []}"#, "/root"),
        (withRoot("null"), "/root/subviews/0"),
        (withRoot(#"{"id": "a", "subviews": {}}"#), "/root/subviews/0/subviews"),
        (withRoot(#"{"id": "a", "layoutMargins": {"top": "8"}}"#), "/root/subviews/0/layoutMargins/top"),
        (withRoot(#"{"id": "a", "insetsLayoutMarginsFromSafeArea": 1}"#), "/root/subviews/0/insetsLayoutMarginsFromSafeArea"),
        (#"{"device": "iphone-x", "root": {"id": "r", "viewController": {"edgesForExtendedLayout": ["top", 1]}}}"#, "/root/viewController/edgesForExtendedLayout/1"),
        (#"{"device": "iphone-x", "root": {"id": "r", "viewController": {"edgesForExtendedLayout": 3}}}"#, "/root/viewController/edgesForExtendedLayout"),
        (#"{"device": "iphone-x", "root": {"id": "r", "viewController": "plain"}}"#, "/root/viewController"),
        (#"{"device": "iphone-x", "root": {"id": "r"}, "steps": {}}"#, "/steps"),
        (#"{"device": "iphone-x", "root": {"id": "r"}, "steps": [{"frames": {"r": null}}]}"#, "/steps/0/frames/r"),
        (#"{"device": "iphone-x", "orientation": true, "root": {"id": "r"}}"#, "/orientation"),
    ])
    func reportsWrongType(body: String, pointer: String) throws {
        let problem = try #require(decodeProblem(body))
        #expect(problem.status == 422)
        #expect(problem.errors.map(\.pointer).first == pointer)
        #expect(problem.errors.first?.detail.hasPrefix("expected ") == true)
    }

    @Test func readsEscapedKeysAndWordsAsTheirText() throws {
        let body = #"{"d\u0065vice": "iphone-x", "root": {"id": "r", "subviews": [{"\u0069d": "a", "p\u0069n": "s\u0061feArea", "k\u0069nd": "view"}]}}"#
        let root = try decode(body).request.root
        #expect(root.subviews == [Node(id: "a", placement: .pin(.safeArea))])
        #expect(try decode(withRoot(#"{"id": "a", "kind": "webView", "k\u0069nd": "scrollView"}"#)).request.root.subviews[0].kind == .scrollView)
    }

    @Test func comparesIDsAsStrings() {
        // Canonically equivalent ids are the same id, as Swift's String compares them.
        #expect(pointers(withRoot(#"{"id": "\u00e9"}, {"id": "e\u0301"}"#)) == ["/root/subviews/1/id"])
        #expect(pointers(withRoot(#"{"id": "K"}, {"id": "\u212a"}"#)) == ["/root/subviews/1/id"])
        #expect(decodeProblem(withRoot(#"{"id": "\u00e9", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}"#, extra: #", "steps": [{"frames": {"e\u0301": {"x": 0, "y": 0, "width": 2, "height": 2}}}]"#)) == nil)
        // Many ids, short and long, then repeats of the first ones.
        let many = (0..<200).map { #"{"id": "\#($0 % 2 == 0 ? "n" : "a-much-longer-node-id-")\#($0)"}"# }
        let repeats = [#"{"id": "n0"}"#, #"{"id": "a-much-longer-node-id-1"}"#, #"{"id": "a-much-longer-node-id-"}"#]
        #expect(pointers(withRoot((many + repeats).joined(separator: ","))) == ["/root/subviews/200/id", "/root/subviews/201/id"])
    }

    @Test func escapesPointerTokens() {
        #expect(pointers(#"{"device": "iphone-x", "root": {"id": "r"}, "a/b~c": 1}"#) == ["/a~1b~0c"])
        #expect(pointers(#"{"device": "iphone-x", "root": {"id": "r"}, "steps": [{"frames": {"x/y": {"x": 0, "y": 0, "width": 1, "height": 1}}}]}"#) == ["/steps/0/frames/x~1y"])
    }
}
