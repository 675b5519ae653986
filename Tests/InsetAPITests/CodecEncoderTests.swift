import HTTPTypes
import InsetEngine
@testable import InsetAPI
import ServiceKit
import ServiceTestSupport
import JSONCore
import Testing
import InsetEngineTestSupport

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// A node written by hand: its result's fields, its id, explanation and extras, which
/// `state(_:)` adds to a state's tables.
@dynamicMemberLookup
private struct HandNode {
    var id: String
    var result: NodeResult
    var explain: Explanation?
    var scroll: ScrollNodeResult?
    var bars: BarFrames?
    /// The earlier node of the state whose explanation this one shares (`explain` unused).
    var sharing: Int?

    subscript<Value>(dynamicMember path: WritableKeyPath<NodeResult, Value>) -> Value {
        get { result[keyPath: path] }
        set { result[keyPath: path] = newValue }
    }

    subscript<Value>(dynamicMember path: KeyPath<NodeResult, Value>) -> Value { result[keyPath: path] }

    /// Every node of `nodes`, an engine's state, as written by hand.
    static func all(_ nodes: NodeResults) -> [HandNode] {
        nodes.details.map { HandNode(id: $0.id, result: $0.result, explain: $0.explain, scroll: $0.scroll, bars: $0.bars) }
    }
}

/// A state of `nodes`, in order.
private func state(_ nodes: some Sequence<HandNode>) -> NodeResults {
    var state = NodeResults()
    for node in nodes {
        if let other = node.sharing {
            state.append(node.result, id: node.id, sharingExplanationOf: other, scroll: node.scroll, bars: node.bars)
        } else {
            state.append(node.result, id: node.id, explain: node.explain, scroll: node.scroll, bars: node.bars)
        }
    }
    return state
}

@Suite struct CodecEncoderTests {
    private static let request = DecodedLayoutRequest(
        device: "iphone-x", orientation: .portrait,
        request: LayoutRequest(
            environment: FakeDevices().environment(id: "iphone-x", orientation: .portrait, systemVersion: 18, statusBarHidden: false)!,
            systemVersion: 18, root: Node(id: "nav")))

    private static let nav = HandNode(id: "nav", result: NodeResult(
        frame: Rect(x: 0, y: 0, width: 375, height: 812), frameInWindow: Rect(x: 0, y: 0, width: 375, height: 812),
        safeAreaInsets: Insets(top: 44, bottom: 34), layoutMargins: Insets(top: 44, left: 16, bottom: 34, right: 16),
        layoutGuides: LayoutGuideLengths(top: 44, bottom: 34)),
        explain: Explanation(top: [Contribution(.sensorHousing, 44)], bottom: [Contribution(.homeIndicator, 34)]),
        bars: BarFrames(statusBar: Rect(x: 0, y: 0, width: 375, height: 44), navigationBar: Rect(x: 0, y: 44, width: 375, height: 44)))

    private static let list = HandNode(id: "list", result: NodeResult(
        frame: Rect(x: 0, y: 0.5, width: 375, height: 100), frameInWindow: Rect(x: 0, y: 88.5, width: 375, height: 100),
        boundsOrigin: Point(x: 0, y: -88), safeAreaInsets: nil, layoutMargins: Insets(top: 8, left: 8, bottom: 8, right: 8)),
        explain: nil,
        scroll: ScrollNodeResult(contentInset: Insets(top: 88), adjustedContentInset: Insets(top: 88), verticalScrollIndicatorInsets: Insets(top: 88),
                                 horizontalScrollIndicatorInsets: .zero, contentOffset: Point(x: 0, y: -88)))

    @Test func writesEveryInsetSourceByItsRawValue() throws {
        let sources: [InsetSource] = [
            .statusBar, .sensorHousing, .homeIndicator, .overscan, .screen, .navigationBar, .toolbar, .tabBar,
            .additionalSafeAreaInsets, .offset, .frozen, .scrollViewConsumed, .floor, .primaryColumn, .navigationBarOffset,
        ]
        var node = Self.nav
        node.explain = Explanation(top: sources.map { Contribution($0, 1) })
        let result = LayoutResult(screen: Size(width: 375, height: 812), windowSafeArea: .zero, nodes: state([node]), steps: [])
        let document = try JSONDocument(parsing: LayoutResponseEncoder.encode(result, for: Self.request))
        let written = text(LayoutResponseEncoder.encode(result, for: Self.request))
        let expected = sources.map { #"{"source":"\#($0.rawValue)","value":1}"# }.joined(separator: ",")
        #expect(written.contains(#""top":["# + expected + "]"))
        #expect(document.count(of: document.root) == 6)   // well-formed: device … nodes
    }

    /// A node's `frameInWindow` takes its frame's size bytes only when its size holds the
    /// same bits: each is written as a rect alone is, whatever the other's size (`-0` and NaN
    /// too, and sizes long enough to be copied by `memmove`).
    @Test func writesEachFrameInWindowWithItsOwnSize() {
        let long = 369.66700000000003, sizes: [(Double, Double)] = [(375, 812), (375, 44), (320, 812), (-0.0, 812), (.nan, 812), (long, -long)]
        for frame in sizes {
            for inWindow in sizes {
                var node = Self.nav
                node.frame = Rect(x: 1, y: 2, width: frame.0, height: frame.1)
                node.frameInWindow = Rect(x: 3, y: long, width: inWindow.0, height: inWindow.1)
                let result = LayoutResult(screen: Size(width: 375, height: 812), windowSafeArea: .zero, nodes: state([node]), steps: [])
                var rects = JSONWriter()
                rects.beginObject()
                rects.field("frame", node.frame)
                rects.field("frameInWindow", node.frameInWindow)
                #expect(text(LayoutResponseEncoder.encode(result, for: Self.request)).contains(#""nav":\#(rects.string),"#), "\(frame) \(inWindow)")
            }
        }
    }

    /// The head's and the window's names are written from constants: each the engine's raw value.
    @Test func namesOrientationsAndSizeClassesByTheirRawValues() {
        for orientation in Orientation.allCases { #expect(Cursor.name(of: orientation).description == orientation.rawValue) }
        for sizeClass in [SizeClass.compact, .regular] { #expect(Cursor.name(of: sizeClass).description == sizeClass.rawValue) }
    }

    /// `"steps": []` in the request is answered with `"steps":[]`; no `steps`, no key.
    @Test func answersAnEmptyStepsArrayOnlyWhenAsked() {
        let result = LayoutResult(screen: Size(width: 375, height: 812), windowSafeArea: .zero, nodes: state([Self.nav]), steps: [])
        var asked = Self.request
        asked.hasSteps = true
        #expect(text(LayoutResponseEncoder.encode(result, for: asked)).hasSuffix(#"}},"steps":[]}"#))
        #expect(!text(LayoutResponseEncoder.encode(result, for: Self.request)).contains(#""steps""#))
    }

    @Test func encodesALayoutResult() {
        let result = LayoutResult(screen: Size(width: 375, height: 812), windowSafeArea: Insets(top: 44, bottom: 34), nodes: state([Self.nav, Self.list]), steps: [])
        let expected = #"{"device":"iphone-x","orientation":"portrait","systemVersion":18,"screen":{"width":375,"height":812},"#
            + #""window":{"safeAreaInsets":{"top":44,"left":0,"bottom":34,"right":0},"frame":{"x":0,"y":0,"width":375,"height":812},"sizeClass":{"horizontal":"compact","vertical":"regular"}},"nodes":{"#
            + #""nav":{"frame":{"x":0,"y":0,"width":375,"height":812},"frameInWindow":{"x":0,"y":0,"width":375,"height":812},"#
            + #""safeAreaInsets":{"top":44,"left":0,"bottom":34,"right":0},"safeAreaLayoutGuide":{"x":0,"y":44,"width":375,"height":734},"#
            + #""layoutMargins":{"top":44,"left":16,"bottom":34,"right":16},"directionalLayoutMargins":{"top":44,"leading":16,"bottom":34,"trailing":16},"#
            + #""layoutMarginsGuide":{"x":16,"y":44,"width":343,"height":734},"topLayoutGuide":44,"bottomLayoutGuide":34,"#
            + #""bars":{"statusBar":{"x":0,"y":0,"width":375,"height":44},"navigationBar":{"x":0,"y":44,"width":375,"height":44}},"#
            + #""explain":{"top":[{"source":"sensorHousing","value":44}],"left":[],"bottom":[{"source":"homeIndicator","value":34}],"right":[]}},"#
            + #""list":{"frame":{"x":0,"y":0.5,"width":375,"height":100},"frameInWindow":{"x":0,"y":88.5,"width":375,"height":100},"#
            + #""layoutMargins":{"top":8,"left":8,"bottom":8,"right":8},"directionalLayoutMargins":{"top":8,"leading":8,"bottom":8,"trailing":8},"#
            + #""layoutMarginsGuide":{"x":8,"y":-80,"width":359,"height":84},"#
            + #""contentInset":{"top":88,"left":0,"bottom":0,"right":0},"adjustedContentInset":{"top":88,"left":0,"bottom":0,"right":0},"#
            + #""verticalScrollIndicatorInsets":{"top":88,"left":0,"bottom":0,"right":0},"horizontalScrollIndicatorInsets":{"top":0,"left":0,"bottom":0,"right":0},"#
            + #""contentOffset":{"x":0,"y":-88}}}}"#
        #expect(text(LayoutResponseEncoder.encode(result, for: Self.request)) == expected)
    }

    /// An explanation sharing its lists with the node before is copied from that node's;
    /// equal lists in other storage, a different one in between, and one after a node
    /// without any are written anew: the same bytes either way.
    @Test func repeatsSharedExplanationsByteForByte() throws {
        let shared = try #require(Self.nav.explain)
        var nodes: [HandNode] = []
        func node(_ id: String, _ explain: Explanation?, sharing: Int? = nil) {
            var node = Self.list
            node.id = id
            (node.explain, node.sharing) = (explain, sharing)
            nodes.append(node)
        }
        node("a", shared)
        node("b", nil, sharing: 0)
        node("c", Explanation(top: [Contribution(.statusBar, 20)], left: shared.left, bottom: shared.bottom, right: [Contribution(.offset, -0.5)]))
        node("d", nil, sharing: 0)
        node("e", Explanation(top: [Contribution(.sensorHousing, 44)], bottom: [Contribution(.homeIndicator, 34)]))   // equal, not shared
        node("f", nil)
        node("g", nil, sharing: 0)
        let result = LayoutResult(screen: Size(width: 375, height: 812), windowSafeArea: .zero, nodes: state(nodes), steps: [state(nodes)])
        let encoded = text(LayoutResponseEncoder.encode(result, for: Self.request))
        let first = #""explain":{"top":[{"source":"sensorHousing","value":44}],"left":[],"bottom":[{"source":"homeIndicator","value":34}],"right":[]}"#
        let other = #""explain":{"top":[{"source":"statusBar","value":20}],"left":[],"bottom":[{"source":"homeIndicator","value":34}],"right":[{"source":"offset","value":-0.5}]}"#
        let node = #"{"frame":{"x":0,"y":0.5,"width":375,"height":100},"frameInWindow":{"x":0,"y":88.5,"width":375,"height":100},"#
            + #""layoutMargins":{"top":8,"left":8,"bottom":8,"right":8},"directionalLayoutMargins":{"top":8,"leading":8,"bottom":8,"trailing":8},"#
            + #""layoutMarginsGuide":{"x":8,"y":-80,"width":359,"height":84},"#
            + #""contentInset":{"top":88,"left":0,"bottom":0,"right":0},"adjustedContentInset":{"top":88,"left":0,"bottom":0,"right":0},"#
            + #""verticalScrollIndicatorInsets":{"top":88,"left":0,"bottom":0,"right":0},"horizontalScrollIndicatorInsets":{"top":0,"left":0,"bottom":0,"right":0},"#
            + #""contentOffset":{"x":0,"y":-88}"#
        let explains = ["a": first, "b": first, "c": other, "d": first, "e": first, "f": nil, "g": first]
        let written = "{" + "abcdefg".map { id in
            #""\#(id)":"# + node + (explains[String(id)]!.map { "," + $0 } ?? "") + "}"
        }.joined(separator: ",") + "}"
        #expect(encoded.hasSuffix(#""nodes":\#(written),"steps":[{"nodes":\#(written)}]}"#))
        #expect(try JSONDocument(parsing: Array(encoded.utf8)).count(of: JSONDocument(parsing: Array(encoded.utf8)).root) == 7)
    }

    /// Safe areas, margins and explanations equal to the ones written last are copied from
    /// there: the answer is the one of each node written alone, where nothing is shared.
    @Test func repeatsSharedMembersByteForByte() throws {
        let explain = try #require(Self.nav.explain)
        // Margins whose directional form turns with the layout's direction.
        let margins = Insets(top: 8, left: 16, bottom: 8, right: 20), turned = Insets(top: 8, left: 20, bottom: 8, right: 16)
        var nodes: [HandNode] = []
        func node(_ safeArea: Insets?, _ margins: Insets, _ explain: Explanation?, direction: LayoutDirection = .leftToRight) {
            var node = Self.nav
            node.id = "n\(nodes.count)"
            node.frame.y = Double(nodes.count)
            (node.safeAreaInsets, node.layoutMargins, node.layoutDirection, node.explain) = (safeArea, margins, direction, explain)
            nodes.append(node)
        }
        node(Insets(top: 44, bottom: 34), margins, explain)
        node(Insets(top: 44, bottom: 34), margins, explain)
        node(nil, margins, nil)
        node(Insets(top: 44, bottom: 34), margins, explain)
        node(Insets(top: 0.5), margins, Explanation(top: [Contribution(.statusBar, 0.5)]))
        node(Insets(top: 0), margins, explain)
        // The same margins, other directional ones; then those directional ones from other margins.
        node(Insets(top: -0.0), margins, explain, direction: .rightToLeft)
        node(Insets(top: 0), turned, explain)
        node(Insets(top: 0), margins, Explanation(top: explain.top, left: explain.left, bottom: explain.bottom, right: [Contribution(.offset, 1)]))
        let written = try "{" + nodes.map(Self.alone).joined(separator: ",") + "}"
        let reversed = try "{" + nodes.reversed().map(Self.alone).joined(separator: ",") + "}"
        let result = LayoutResult(screen: Size(width: 375, height: 812), windowSafeArea: .zero, nodes: state(nodes), steps: [state(nodes.reversed())])
        let encoded = text(LayoutResponseEncoder.encode(result, for: Self.request))
        #expect(encoded.hasSuffix(#""nodes":\#(written),"steps":[{"nodes":\#(reversed)}]}"#))
        #expect(written.ranges(of: #""safeAreaInsets":{"top":0,"left":0,"bottom":0,"right":0}"#).count == 4)
    }

    /// A plain view's members after its frames, equal to those of one of the last few plain
    /// views written, are copied from there (and else shared member by member): cells with
    /// one and with three subviews, five views in turn (more than are remembered), views
    /// between that are not plain, and views that differ in one member each. The answer is
    /// the one of each node written alone.
    @Test func repeatsPlainViewsMembersByteForByte() throws {
        let explain = try #require(Self.nav.explain)
        var nodes: [HandNode] = []
        func plain(
            _ width: Double, safeArea: Insets? = .zero, explain: Explanation? = explain, margin: Double = 8, right: Double? = nil,
            direction: LayoutDirection = .leftToRight
        ) {
            var node = HandNode(id: "p\(nodes.count)", result: NodeResult(
                frame: Rect(x: 0, y: Double(nodes.count), width: width, height: 44), frameInWindow: Self.nav.frameInWindow,
                safeAreaInsets: safeArea, layoutMargins: Insets(top: margin, left: margin, bottom: margin, right: right ?? margin),
                layoutDirection: direction
            ))
            node.explain = explain
            nodes.append(node)
        }
        for _ in 0..<3 { plain(375); plain(359) }
        for _ in 0..<3 { plain(375); plain(100); plain(200); plain(300) }
        for _ in 0..<2 { for width in [1.0, 2, 3, 4, 5] { plain(width) } }
        nodes.append(Self.list)
        plain(375)
        nodes.append(Self.nav)
        plain(375)
        plain(375, safeArea: nil)
        plain(375, explain: nil)
        plain(375, explain: Explanation(top: explain.top, left: explain.left, bottom: explain.bottom, right: [Contribution(.offset, 1)]))
        plain(375, safeArea: Insets(top: -0.0))
        plain(375, margin: 16)
        plain(375, margin: .nan)
        plain(375, margin: .nan)
        plain(375)
        // The same margins in the other direction (no explanation, so that the two may be alike): other directional margins.
        plain(375, explain: nil, right: 16)
        plain(375, explain: nil, right: 16, direction: .rightToLeft)
        let written = try "{" + nodes.map(Self.alone).joined(separator: ",") + "}"
        let reversed = try "{" + nodes.reversed().map(Self.alone).joined(separator: ",") + "}"
        let result = LayoutResult(screen: Size(width: 375, height: 812), windowSafeArea: .zero, nodes: state(nodes), steps: [state(nodes.reversed())])
        let encoded = text(LayoutResponseEncoder.encode(result, for: Self.request))
        #expect(encoded.hasSuffix(#""nodes":\#(written),"steps":[{"nodes":\#(reversed)}]}"#))
    }

    /// A table row's members after its frames are copied like a plain view's only when all of
    /// them are alike: rows that differ only in their content view (a table that does not
    /// inset it by the safe area) or in their separator are written anew. The answer is the
    /// one of each node written alone.
    @Test func repeatsRowsMembersOnlyWhenAllAreAlike() throws {
        func table(_ id: String, insetsContentViews: Bool) -> Node {
            func row(_ name: String, _ kind: ViewKind = .cell, separator: SeparatorInset? = nil, label: Bool = false) -> Node {
                Node(id: id + name, kind: kind, lists: ListProperties(row: RowProperties(separatorInset: separator)),
                     subviews: label ? [Node(id: id + name + "-label", placement: .pin(.layoutMargins))] : [])
            }
            return Node(
                id: id, kind: .tableView, scroll: ScrollProperties(contentSize: Size(width: 1, height: 4000), behavior: .never),
                lists: ListProperties(table: TableProperties(insetsContentViewsToSafeArea: insetsContentViews)),
                subviews: [row("a"), row("b"), row("h", .sectionHeader), row("s", separator: SeparatorInset(left: 4)), row("l", label: true), row("c", label: true), row("d")]
            )
        }
        let environment = try #require(FakeDevices().environment(id: "iphone-x", orientation: .landscapeLeft, systemVersion: 18, statusBarHidden: false))
        // A safe area on the left and right only, which the tables and their rows share with
        // the root, explanation included.
        let root = Node(id: "root", viewController: ViewController(additionalSafeAreaInsets: Insets(top: 0, left: 30, bottom: -34, right: 20)),
                        subviews: [table("t1", insetsContentViews: true), table("t2", insetsContentViews: false)])
        let result = InsetEngine.layout(LayoutRequest(environment: environment, root: root))
        // The premise: the two tables' rows differ in their content views alone.
        let byID = Dictionary(uniqueKeysWithValues: result.nodes.details.map { ($0.id, $0) })
        #expect(byID["t1a"]?.contentView?.frame == Rect(x: 30, y: 0, width: 762, height: 44))
        #expect(byID["t2a"]?.contentView?.frame == Rect(x: 0, y: 0, width: 812, height: 44))
        #expect(byID["t1a"]?.safeAreaInsets == byID["t2a"]?.safeAreaInsets)
        #expect(byID["t1a"]?.explanationIdentity == byID["t2a"]?.explanationIdentity)
        #expect(byID["t1s"]?.separatorInset != byID["t1a"]?.separatorInset)
        let written = try "{" + HandNode.all(result.nodes).map(Self.alone).joined(separator: ",") + "}"
        let encoded = text(LayoutResponseEncoder.encode(result, for: Self.request))
        #expect(encoded.hasSuffix(#""nodes":\#(written)}"#))
    }

    /// The members of `node` as written alone, where nothing is shared.
    private static func alone(_ node: HandNode) throws -> String {
        let result = LayoutResult(screen: Size(width: 375, height: 812), windowSafeArea: .zero, nodes: state([node]), steps: [])
        let encoded = text(LayoutResponseEncoder.encode(result, for: Self.request))
        let members = try #require(encoded.firstRange(of: #""nodes":{"#)).upperBound
        return String(encoded[members...].dropLast(2))
    }

    @Test func encodesStepsAndTheLegacyModel() {
        var legacy = Self.request
        legacy.request.systemVersion = 10.3
        var moved = Self.list
        moved.frame.y = -1
        let result = LayoutResult(screen: Size(width: 375, height: 812), windowSafeArea: nil, nodes: state([Self.list]), steps: [state([moved]), state([Self.list])])
        let encoded = text(LayoutResponseEncoder.encode(result, for: legacy))
        // Below 11 the window keeps its frame and size classes, without a safe area.
        #expect(encoded.hasPrefix(#"{"device":"iphone-x","orientation":"portrait","systemVersion":10.3,"screen":{"width":375,"height":812},"#
            + #""window":{"frame":{"x":0,"y":0,"width":375,"height":812},"sizeClass":{"horizontal":"compact","vertical":"regular"}},"nodes":{"list":{"#))
        #expect(!encoded.contains("safeAreaInsets"))
        #expect(encoded.contains(#"}}},"steps":[{"nodes":{"list":{"frame":{"x":0,"y":-1,"width":375,"height":100},"#))
        #expect(encoded.contains(#"}}},{"nodes":{"list":{"frame":{"x":0,"y":0.5,"#))
        #expect(encoded.hasSuffix(#""contentOffset":{"x":0,"y":-88}}}}]}"#))
    }

    @Test func encodesAScrollResult() {
        let result = ScrollResult(
            adjustedContentInset: Insets(top: 88, bottom: 34), systemInset: Insets(top: 88, bottom: 34),
            adjustedEdges: [.top, .bottom], scrollableAxes: ScrollableAxes(vertical: true, horizontal: false),
            verticalScrollIndicatorInsets: Insets(top: 88, bottom: 34), horizontalScrollIndicatorInsets: Insets(top: 88, bottom: 34),
            contentOffset: ContentOffsetRange(initial: Point(x: 0, y: -88), min: Point(x: 0, y: -88), max: Point(x: 0, y: 1222)),
            subviewSafeAreaInsets: .zero,
            explain: ["vertical axis scrollable: contentSize.height 2000 > bounds.height 812", "a \"quoted\" word"])
        let expected = #"{"adjustedContentInset":{"top":88,"left":0,"bottom":34,"right":0},"systemInset":{"top":88,"left":0,"bottom":34,"right":0},"#
            + #""adjustedEdges":["top","bottom"],"scrollableAxes":{"vertical":true,"horizontal":false},"#
            + #""verticalScrollIndicatorInsets":{"top":88,"left":0,"bottom":34,"right":0},"horizontalScrollIndicatorInsets":{"top":88,"left":0,"bottom":34,"right":0},"#
            + #""contentOffset":{"initial":{"x":0,"y":-88},"min":{"x":0,"y":-88},"max":{"x":0,"y":1222}},"#
            + #""subviewSafeAreaInsets":{"top":0,"left":0,"bottom":0,"right":0},"#
            + #""explain":["vertical axis scrollable: contentSize.height 2000 > bounds.height 812","a \"quoted\" word"]}"#
        #expect(text(ScrollResponseEncoder.encode(result)) == expected)
    }

    @Test func encodesProblems() {
        let invalid = Problem.invalid([FieldProblem(pointer: "/root/subviews/0/frame/width", detail: "must be a finite number >= 0")])
        #expect(text(ProblemEncoder.encode(invalid)) ==
            #"{"type":"/problems/invalid-request","title":"Invalid request","status":422,"detail":"1 problem in the request","#
            + #""errors":[{"pointer":"/root/subviews/0/frame/width","detail":"must be a finite number >= 0"}]}"#)
        #expect(text(ProblemEncoder.encode(Problem(status: 404, detail: "no such device"))) ==
            #"{"type":"/problems/not-found","title":"Not found","status":404,"detail":"no such device"}"#)
        #expect(ProblemEncoder.mediaType == "application/problem+json")
    }

    @Test func encodesTheDecodersProblems() throws {
        let problem = try #require(decodeProblem("{\"root\": [}"))
        let encoded = text(ProblemEncoder.encode(problem))
        #expect(encoded == #"{"type":"/problems/malformed-json","title":"Malformed JSON","status":400,"detail":"The body is not JSON: expected a value at line 1, column 11","errors":[{"pointer":"/root/0","detail":"expected a value"}]}"#)
    }
}
