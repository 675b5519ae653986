import DeviceCatalog
import Foundation
import InsetEngine
@testable import InsetRender
import Testing

/// Golden pictures: each was looked at once as a PNG, then recorded; a change to the
/// drawing shows as a byte difference here. Set `INSETD_RECORD_GOLDEN=1` to record anew.
@Suite struct SVGRendererTests {
    static let catalog = try! DeviceCatalog.embedded()
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Golden")

    /// The scene of `root` laid out on a registry device.
    static func scene(_ id: String, _ orientation: Orientation, systemVersion: Double = 18, statusBarHidden: Bool = false, root: Node, step: [LayoutStep] = []) throws -> RenderScene {
        let device = try #require(catalog.device(id: id))
        let environment = try catalog.environment(ofDevice: id, orientation: orientation, systemVersion: systemVersion, statusBarHidden: statusBarHidden)
        let result = InsetEngine.layout(LayoutRequest(environment: environment, systemVersion: systemVersion, root: root, steps: step))
        return RenderScene(
            device: DeviceOutline(device), orientation: orientation, systemVersion: systemVersion,
            screen: result.screen, windowSafeArea: result.windowSafeArea, nodes: result.steps.last ?? result.nodes
        )
    }

    static let tabsAndScrollView = Node(id: "tabs", viewController: ViewController(kind: .tabBar), subviews: [
        Node(id: "nav", viewController: ViewController(kind: .navigation), subviews: [
            Node(id: "feed", kind: .scrollView, scroll: ScrollProperties(contentSize: Size(width: 0, height: 2000)), viewController: ViewController(), subviews: [
                Node(id: "card", placement: .frame(Rect(x: 16, y: 16, width: 370, height: 180))),
            ]),
        ]),
    ])

    static let navigationAndPlain = Node(id: "nav", viewController: ViewController(kind: .navigation), subviews: [
        Node(id: "content", viewController: ViewController(), subviews: [
            Node(id: "label", placement: .pin(.layoutMargins)),
        ]),
    ])

    func expectGolden(_ name: String, _ svg: [UInt8]) throws {
        let url = Self.goldenFolder.appending(path: name)
        if ProcessInfo.processInfo.environment["INSETD_RECORD_GOLDEN"] == "1" {
            try Data(svg).write(to: url)
        }
        let golden = try [UInt8](Data(contentsOf: url))
        #expect(svg == golden, "\(name) differs from its golden file")
    }

    @Test func tabBarNavigationScrollViewOnADynamicIslandIPhone() throws {
        let scene = try Self.scene("iphone-15-pro", .portrait, root: Self.tabsAndScrollView)
        let svg = SVGRenderer.render(scene)
        try expectGolden("tabs-iphone-15-pro-portrait.svg", svg)
        let text = String(decoding: svg, as: UTF8.self)
        // S8: the navigation bar meets the status bar's bottom, 5 pt + 1 px above the inset.
        #expect(text.contains(#"<g data-node="feed" data-safe-area="97.667 0 83 0">"#))
        #expect(text.contains(#"data-sensor-housing="dynamicIsland""#))
        #expect(!text.contains("housing size unknown"))
    }

    @Test func housingOnTheLeftInLandscapeRightWithEveryLayerAndOneNodeAtHalfScale() throws {
        let scene = try Self.scene("iphone-14-pro", .landscapeRight, root: Self.navigationAndPlain)
        let options = RenderOptions(show: Set(RenderLayer.allCases), scale: 0.5, node: "content")
        let svg = SVGRenderer.render(scene, options: options)
        try expectGolden("nav-iphone-14-pro-landscapeRight.svg", svg)
        let text = String(decoding: svg, as: UTF8.self)
        #expect(text.contains(#"width="426" height="196.5" viewBox="0 0 852 393""#))
        // Flush with the left edge, centred vertically.
        #expect(text.contains(#"<rect data-sensor-housing="dynamicIsland" x="0""#))
        // Only the chosen node's guides: one unsafe band, one margins guide.
        #expect(text.components(separatedBy: "data-unsafe").count == 2)
        #expect(text.components(separatedBy: "data-layout-margins").count == 2)
        #expect(text.contains(#"data-label="node-left""#))
    }

    @Test func aNotchWithoutASizeIsNotOutlinedAndSaysSo() throws {
        let scene = try Self.scene("iphone-x", .landscapeLeft, root: Self.navigationAndPlain)
        let svg = SVGRenderer.render(scene, options: RenderOptions(show: [.frames, .safeArea]))
        try expectGolden("nav-iphone-x-landscapeLeft.svg", svg)
        let text = String(decoding: svg, as: UTF8.self)
        #expect(text.contains("housing size unknown"))
        #expect(!text.contains("data-sensor-housing"))
        #expect(!text.contains("data-bar"))
        #expect(!text.contains("data-label"))
        #expect(text.contains(#"data-safe-area="32 44 21 44""#))
    }

    @Test func theLegacyModelHasNoSafeAreaAttributes() throws {
        let scene = try Self.scene("iphone-8", .portrait, systemVersion: 10, root: Self.navigationAndPlain)
        let svg = SVGRenderer.render(scene, options: RenderOptions(node: "content"))
        try expectGolden("nav-iphone-8-ios10.svg", svg)
        let text = String(decoding: svg, as: UTF8.self)
        #expect(!text.contains("data-safe-area"))
        #expect(text.contains("legacy layout model"))
        #expect(text.contains(#"data-label="node-top""#))
    }

    @Test func theSameSceneGivesTheSameBytes() throws {
        let scene = try Self.scene("iphone-15-pro", .portrait, root: Self.tabsAndScrollView)
        #expect(SVGRenderer.render(scene) == SVGRenderer.render(scene))
    }

    @Test func hostileIDsAreDrawnAsText() throws {
        let hostile = "\"><script>alert('x')</script>&amp;\u{1}"
        let root = Node(id: hostile, viewController: ViewController(), subviews: [Node(id: "]]><!--")])
        let scene = try Self.scene("iphone-x", .portrait, root: root)
        let text = String(decoding: SVGRenderer.render(scene, options: RenderOptions(node: hostile)), as: UTF8.self)
        #expect(!text.contains("<script"))
        #expect(!text.contains("<!--"))
        #expect(text.contains(#"data-node="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;amp;\#u{FFFD}""#))
        #expect(text.contains(#"data-node="]]&gt;&lt;!--""#))
        #expect(text.contains(#"data-label="node-top""#))
    }

    static let numbers: [(Double, String)] = [
        (0, "0"), (-0.0, "0"), (44, "44"), (-40, "-40"), (0.5, "0.5"), (47.33, "47.33"),
        (1.0 / 3, "0.333"), (-0.0004, "0"), (2.0005, "2.001"), (1e9, "1000000000"),
    ]

    @Test(arguments: numbers)
    func numbersAreWrittenOneWay(value: Double, text: String) {
        var svg = SVGText(reservingCapacity: 8)
        svg.number(value)
        #expect(svg.text == text)
    }
}
