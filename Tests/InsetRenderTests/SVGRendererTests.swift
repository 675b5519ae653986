import DeviceCatalog
import Foundation
import InsetEngine
@testable import InsetRender
import Testing
import InsetEngineTestSupport

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
        // The island floats 11.3 pt below the top edge, a pill.
        #expect(text.contains(#"<g data-part="sensorHousing" data-kind="dynamicIsland"><rect class="insetd-hw" x="134" y="11.3" width="125" height="36.7" rx="18.35"/>"#))
        #expect(!text.contains("data-derived"))
        // Everything but the outline and the legend lies in the group clipped to the screen.
        #expect(text.contains(#"<clipPath id="insetd-screen-393x852r55"><rect x="0" y="0" width="393" height="852" rx="55"/></clipPath>"#))
        let clipped = try #require(text.range(of: #"<g clip-path="url(#insetd-screen-393x852r55)">"#))
        let outline = try #require(text.range(of: #"<rect data-part="screen""#))
        for part in ["statusBar", "tabBar", "navigationBar", "homeIndicator", "sensorHousing"] {
            let place = try #require(text.range(of: "data-part=\"\(part)\""), "\(part)")
            #expect(place.lowerBound > clipped.upperBound && place.lowerBound < outline.lowerBound, "\(part)")
        }
        #expect(text.range(of: #"<g data-part="legend">"#)!.lowerBound > outline.upperBound)
        // Every node is labelled with its id, and the title names the platform.
        for id in ["tabs", "nav", "feed", "card"] { #expect(text.contains(">\(id)</text>"), "\(id)") }
        #expect(text.contains("<title>iPhone 15 Pro, portrait, iOS 18</title>"))
        #expect(text.contains("@media (prefers-color-scheme: dark)"))
    }

    @Test func housingOnTheLeftInLandscapeRightWithEveryLayerAndOneNodeAtHalfScale() throws {
        let scene = try Self.scene("iphone-14-pro", .landscapeRight, root: Self.navigationAndPlain)
        let options = RenderOptions(show: Set(RenderLayer.allCases), scale: 0.5, node: "content")
        let svg = SVGRenderer.render(scene, options: options)
        try expectGolden("nav-iphone-14-pro-landscapeRight.svg", svg)
        let text = String(decoding: svg, as: UTF8.self)
        // Half the points, the legend's band included.
        #expect(text.contains(#"width="426" height="#))
        #expect(text.contains(#"viewBox="0 0 852 "#))
        // Drawn in portrait coordinates, turned to the left edge.
        #expect(text.contains(#"<g data-part="sensorHousing" data-kind="dynamicIsland" transform="translate(0 393) rotate(-90)">"#))
        // Only the chosen node's guides and label (each style once more in the legend).
        #expect(text.components(separatedBy: "class=\"insetd-unsafe\"").count == 3)
        #expect(text.components(separatedBy: "class=\"insetd-margins\"").count == 3)
        #expect(text.contains(#"data-label="node-left""#))
        #expect(text.contains(">content</text>"))
        #expect(!text.contains(">label</text>"))
    }

    @Test func aNotchIsFlushWithItsEdgeAndANotchWithoutASizeIsABand() throws {
        let scene = try Self.scene("iphone-x", .landscapeLeft, root: Self.navigationAndPlain)
        let svg = SVGRenderer.render(scene, options: RenderOptions(show: [.frames, .safeArea]))
        try expectGolden("nav-iphone-x-landscapeLeft.svg", svg)
        let text = String(decoding: svg, as: UTF8.self)
        #expect(text.contains(#"<g data-part="sensorHousing" data-kind="notch" transform="translate(812 0) rotate(90)"><path class="insetd-hw" d="M68.7 0Q76.25 0 76.25 7.55V15.1Q"#))
        #expect(!text.contains("data-part=\"navigationBar\""))
        #expect(!text.contains("data-label"))
        #expect(!text.contains("<text"))
        #expect(!text.contains("data-part=\"legend\""))
        #expect(text.contains(#"data-safe-area="32 44 21 44""#))

        let xr = try Self.scene("iphone-xr", .portrait, root: Self.navigationAndPlain)
        let band = String(decoding: SVGRenderer.render(xr), as: UTF8.self)
        #expect(band.contains(#"<g data-part="sensorHousing" data-kind="notch" data-derived="true"><rect class="insetd-hw" fill-opacity=".55" x="91.08" y="0" width="231.84" height="48"/>"#))
        #expect(band.contains("no source gives its size"))
    }

    /// Every notch and Dynamic Island phone draws its housing, in each orientation.
    @Test func everyHousingIsDrawn() throws {
        for device in Self.catalog.devices where device.sensorHousing != .none {
            for orientation in device.orientations {
                let text = String(decoding: SVGRenderer.render(try Self.scene(device.id, orientation, root: Node(id: "v"))), as: UTF8.self)
                #expect(text.contains("data-part=\"sensorHousing\" data-kind=\"\(device.sensorHousing.rawValue)\""), "\(device.id) \(orientation)")
            }
        }
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

    /// API.md: text is at least 11 × (view box width / 400) points; a label that does not
    /// fit is hidden and the id stays in the node's title.
    @Test func labelsGrowWithTheScreenAndHideWhereTheyCannotFit() throws {
        let root = Node(id: "root", viewController: ViewController(), subviews: [
            Node(id: "narrow-column-with-a-long-name", placement: .frame(Rect(x: 100, y: 300, width: 60, height: 200))),
            Node(id: "sliver", placement: .frame(Rect(x: 300, y: 300, width: 300, height: 10))),
        ])
        let scene = try Self.scene("apple-tv-4k", .landscapeLeft, root: root)
        let text = String(decoding: SVGRenderer.render(scene), as: UTF8.self)
        #expect(text.contains(#"font-size="52.8""#))
        // One size, on the root, for every text: none is smaller.
        #expect(text.components(separatedBy: "font-size=").count == 2)
        #expect(text.contains("<title>Apple TV 4K (1st-3rd generation), landscapeLeft, tvOS 18</title>"))
        #expect(text.contains(#"<text class="insetd-text" data-hidden="true" display="none">sliver</text>"#))
        #expect(text.contains("<title>sliver</title>"))
        let ipad = try Self.scene("ipad-pro-13-m4", .portrait, root: root)
        let narrow = String(decoding: SVGRenderer.render(ipad), as: UTF8.self)
        #expect(narrow.contains(#"font-size="28.38""#))
        // 60 pt hold one character and "…" at 28.38 pt.
        #expect(narrow.contains(">n…</text>"))
    }

    @Test func aKeyboardIsDrawnWithItsHeightAndTheGuideDashed() throws {
        let device = try #require(Self.catalog.device(id: "iphone-16-pro"))
        let environment = try Self.catalog.environment(ofDevice: device.id, orientation: .portrait, systemVersion: 18, statusBarHidden: false)
        var request = LayoutRequest(environment: environment, systemVersion: 18, root: Node(id: "v", viewController: ViewController(), subviews: [
            Node(id: "composer", keyboardLayoutGuide: KeyboardGuideOptions()),
        ]))
        let keyboard = Keyboard(height: 336, screen: environment.screen)
        request.keyboard = keyboard
        let result = InsetEngine.layout(request)
        let scene = RenderScene(device: DeviceOutline(device), orientation: .portrait, systemVersion: 18, screen: result.screen, windowSafeArea: result.windowSafeArea, keyboard: keyboard, nodes: result.nodes)
        let text = String(decoding: SVGRenderer.render(scene), as: UTF8.self)
        #expect(text.contains(#"<g data-part="keyboard"><rect class="insetd-kb" x="0" y="538" width="402" height="336"/>"#))
        #expect(text.contains(">Keyboard 336 pt</text>"))
        #expect(text.contains(#"<rect data-keyboard-guide="" class="insetd-guide" x="0" y="538""#))
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
        #expect(text.contains(#"data-node="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;amp;\u0001""#))
        #expect(text.contains(#"data-node="]]&gt;&lt;!--""#))
        #expect(text.contains(#"data-label="node-top""#))
    }

    /// Issue 41: ids that differ only in C0 controls (or a backslash) stay distinct.
    @Test func idsDifferingInControlsStayDistinct() throws {
        let ids = ["a\u{1}", "a\u{2}", "a\t", "a\n", "a\r", "a\u{FFFE}", "a\u{FFFF}", "a\\u0001", "a"]
        let root = Node(id: "root", subviews: ids.map { Node(id: $0) })
        let text = String(decoding: SVGRenderer.render(try Self.scene("iphone-x", .portrait, root: root)), as: UTF8.self)
        let written = ["a\\u0001", "a\\u0002", "a\\u0009", "a\\u000A", "a\\u000D", "a\\uFFFE", "a\\uFFFF", "a\\\\u0001", "a"]
        for id in written { #expect(text.contains("data-node=\"\(id)\""), "\(id)") }
        #expect(Set(written).count == ids.count)
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
