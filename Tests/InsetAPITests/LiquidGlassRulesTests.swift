import DeviceCatalog
import Foundation
import InsetEngine
import InsetEngineTestSupport
@testable import InsetAPI
import ServiceKit
import ServiceTestSupport
import Testing

/// RULES.md S8 and V1–V11 through the /layout decoder and the engine on the registry: each
/// rule's figures, and each caveat on both sides of its condition (API.md `caveats`).
@Suite struct LiquidGlassRulesTests {
    static let catalog: DeviceCatalog = {
        do { return try DeviceCatalog.embedded() } catch { fatalError("\(error)") }
    }()

    static let navigation = #"{"id": "nav", "viewController": {"kind": "navigation"}, "subviews": [{"id": "content", "viewController": {}}]}"#

    func layout(_ device: String, _ extra: String = "", root: String = Self.navigation) throws -> LayoutResult {
        let body = #"{"device": "\#(device)", \#(extra)"root": \#(root)}"#
        return InsetEngine.layout(try LayoutRequestDecoder(devices: Self.catalog).decode(Array(body.utf8)).request)
    }

    func problems(_ body: String) -> [FieldProblem] {
        do {
            _ = try LayoutRequestDecoder(devices: Self.catalog).decode(Array(body.utf8))
            return []
        } catch {
            return error.errors
        }
    }

    func node(_ result: LayoutResult, _ id: String) -> NodeDetails { result.nodes.details(id)! }
    func navigationBar(_ result: LayoutResult) -> Rect? { node(result, "nav").bars?.navigationBar }
    func top(_ result: LayoutResult, _ id: String = "content") -> Double? { node(result, id).safeAreaInsets?.top }

    // MARK: - S8

    @Test("S8: 5 pt + 1 px above a 59-pt inset (measured: no caveat), 5 pt + 2 px above 62 and 68 (caveat S8)")
    func dynamicIslandShift() throws {
        let fourteen = try layout("iphone-14-pro", #""systemVersion": 18, "#)
        #expect(navigationBar(fourteen) == Rect(x: 0, y: 53.667, width: 393, height: 44))
        #expect(top(fourteen) == 97.667)
        #expect(node(fourteen, "content").explain?.top == [Contribution(.sensorHousing, 59), Contribution(.navigationBarOffset, -5.333), Contribution(.navigationBar, 44)])
        #expect(fourteen.caveats.isEmpty)
        let sixteen = try layout("iphone-16-pro", #""systemVersion": 18.6, "#)
        #expect(navigationBar(sixteen)?.y == 56.333)
        #expect(top(sixteen) == 100.333)
        #expect(sixteen.caveats.list == [.S8])
        let air = try layout("iphone-air", #""systemVersion": 18, "#)
        #expect(navigationBar(air)?.y == 62.333)
        #expect(top(air) == 106.333)
        #expect(air.caveats.list == [.S8])
        // With the opt-out from 26 the pre-26 bars keep the shift.
        let compatible = try layout("iphone-17-pro", #""systemVersion": 26, "designRequiresCompatibility": true, "#)
        #expect(navigationBar(compatible) == Rect(x: 0, y: 56.333, width: 402, height: 44))
        #expect(compatible.caveats.list == [.S8])
    }

    @Test("S8's conditions: each one unmet puts the bar at the container's safe-area top, without the caveat")
    func dynamicIslandShiftConditions() throws {
        let version = #""systemVersion": 18, "#
        // The status bar hidden: the top inset stays (S2), the bar starts at it.
        let hidden = try layout("iphone-16-pro", version + #""statusBarHidden": true, "#)
        #expect(navigationBar(hidden)?.y == 62)
        #expect(hidden.caveats.isEmpty)
        // Compact height (landscape): no status bar, no shift.
        let landscape = try layout("iphone-16-pro", version + #""orientation": "landscapeLeft", "#)
        #expect(navigationBar(landscape)?.y == 0)
        // A container lower than the window's top.
        let child = #"{"id": "root", "viewController": {}, "subviews": [{"id": "nav", "frame": {"x": 0, "y": 100, "width": 402, "height": 700}, "viewController": {"kind": "navigation"}, "subviews": [{"id": "content", "viewController": {}}]}]}"#
        let lower = try layout("iphone-16-pro", version, root: child)
        #expect(navigationBar(lower)?.y == 0)
        #expect(lower.caveats.isEmpty)
        // additionalSafeAreaInsets on top: its own, or an ancestor's, even when they cancel out.
        let own = #"{"id": "nav", "viewController": {"kind": "navigation", "additionalSafeAreaInsets": {"top": 10}}, "subviews": [{"id": "content", "viewController": {}}]}"#
        #expect(navigationBar(try layout("iphone-16-pro", version, root: own))?.y == 72)
        let cancelling = #"{"id": "root", "viewController": {"additionalSafeAreaInsets": {"top": 5}}, "subviews": [{"id": "nav", "viewController": {"kind": "navigation", "additionalSafeAreaInsets": {"top": -5}}, "subviews": [{"id": "content", "viewController": {}}]}]}"#
        let cancelled = try layout("iphone-16-pro", version, root: cancelling)
        #expect(navigationBar(cancelled)?.y == 62)
        #expect(cancelled.caveats.isEmpty)
        // A left inset of its own does not count; the shift stays.
        let sideways = #"{"id": "nav", "viewController": {"kind": "navigation", "additionalSafeAreaInsets": {"left": 10}}, "subviews": [{"id": "content", "viewController": {}}]}"#
        #expect(navigationBar(try layout("iphone-16-pro", version, root: sideways))?.y == 56.333)
        // A notch phone, and the legacy model, have no shift.
        #expect(navigationBar(try layout("iphone-x", version))?.y == 44)
        #expect(navigationBar(try layout("iphone-14-pro", #""systemVersion": 10, "#))?.y == 54)
    }

    @Test("S8 in a step: the caveat counts the whole answer, its steps included")
    func shiftInAStepRaisesTheCaveat() throws {
        let child = #"{"id": "root", "viewController": {}, "subviews": [{"id": "nav", "frame": {"x": 0, "y": 100, "width": 402, "height": 874}, "viewController": {"kind": "navigation"}, "subviews": [{"id": "content", "viewController": {}}]}]}"#
        let moved = try layout("iphone-16-pro", #""systemVersion": 18, "steps": [{"frames": {"nav": {"x": 0, "y": 0, "width": 402, "height": 874}}}], "#, root: child)
        #expect(moved.nodes.bars(of: moved.nodes[1])?.navigationBar?.y == 0)
        #expect(moved.steps[0].bars(of: moved.steps[0][1])?.navigationBar?.y == 56.333)
        #expect(moved.caveats.list == [.S8])
    }

    // MARK: - V5–V9

    @Test("V6, V7: 54 at the safe-area top in regular height; 24 below it in compact height, 54 or 32 by phone size")
    func liquidGlassNavigationBar() throws {
        let pro = try layout("iphone-17-pro")
        #expect(navigationBar(pro) == Rect(x: 0, y: 62, width: 402, height: 54))
        #expect(pro.caveats.isEmpty)
        let proLandscape = try layout("iphone-17-pro", #""orientation": "landscapeRight", "#)
        #expect(navigationBar(proLandscape) == Rect(x: 0, y: 24, width: 874, height: 54))
        #expect(node(proLandscape, "content").explain?.top == [Contribution(.navigationBarOffset, 24), Contribution(.navigationBar, 54)])
        #expect(proLandscape.caveats.isEmpty)
        let x = try layout("iphone-x")
        #expect(top(x) == 98)
        #expect(x.caveats.list == [.V6])
        let xLandscape = try layout("iphone-x", #""orientation": "landscapeLeft", "#)
        #expect(navigationBar(xLandscape) == Rect(x: 0, y: 24, width: 812, height: 32))
        #expect(xLandscape.caveats.list == [.V7])
        let max = try layout("iphone-11-pro-max", #""orientation": "landscapeLeft", "#)
        #expect(navigationBar(max)?.height == 54)
        #expect(max.caveats.list == [.V7])
        let pad = try layout("ipad-pro-11-m4", #""systemVersion": 26, "#)
        #expect(navigationBar(pad) == Rect(x: 0, y: 32, width: 834, height: 54))
        #expect(top(pad) == 86)
        #expect(pad.caveats.list == [.V6])
        // The pre-26 bars raise none of them.
        #expect(try layout("iphone-x", #""systemVersion": 18, "#).caveats.isEmpty)
        #expect(try layout("ipad-pro-11-m4", #""systemVersion": 18.6, "#).caveats.isEmpty)
        // A hidden bar raises nothing.
        let hidden = #"{"id": "nav", "viewController": {"kind": "navigation", "navigationBar": {"hidden": true}}, "subviews": [{"id": "content", "viewController": {}}]}"#
        #expect(try layout("iphone-x", root: hidden).caveats.isEmpty)
    }

    @Test("Custom screens: iPad figures from 768 wide (V6); narrower, V6 in regular height, V7 in compact height, large when horizontally regular")
    func customScreens() throws {
        func result(_ screen: String) throws -> LayoutResult {
            let body = #"{"screen": \#(screen), "root": \#(Self.navigation)}"#
            return InsetEngine.layout(try LayoutRequestDecoder(devices: Self.catalog).decode(Array(body.utf8)).request)
        }
        let phone = try result(#"{"width": 400, "height": 800, "safeAreaInsets": {"top": 20}}"#)
        #expect(navigationBar(phone) == Rect(x: 0, y: 20, width: 400, height: 54))
        #expect(phone.caveats.list == [.V6])
        let pad = try result(#"{"width": 800, "height": 400}"#)
        #expect(navigationBar(pad) == Rect(x: 0, y: 0, width: 800, height: 54))
        #expect(pad.caveats.list == [.V6])
        let small = try result(#"{"width": 700, "height": 400}"#)
        #expect(navigationBar(small) == Rect(x: 0, y: 24, width: 700, height: 32))
        #expect(small.caveats.list == [.V7])
        let large = try result(#"{"width": 700, "height": 400, "sizeClass": {"horizontal": "regular"}}"#)
        #expect(navigationBar(large) == Rect(x: 0, y: 24, width: 700, height: 54))
        #expect(large.caveats.list == [.V7])
        #expect(try result(#"{"width": 700, "height": 400}"#.dropLast() + #", "statusBarHeight": 0}"#).caveats.list == [.V7])
    }

    @Test("V5: large titles keep the pre-26 figure with the caveat; in compact height the bar is V7's")
    func largeTitles() throws {
        let large = #"{"id": "nav", "viewController": {"kind": "navigation", "navigationBar": {"prefersLargeTitles": true}}, "subviews": [{"id": "content", "viewController": {}}]}"#
        let portrait = try layout("iphone-17-pro", root: large)
        #expect(navigationBar(portrait) == Rect(x: 0, y: 62, width: 402, height: 96))
        #expect(portrait.caveats.list == [.V5])
        let landscape = try layout("iphone-17-pro", #""orientation": "landscapeLeft", "#, root: large)
        #expect(navigationBar(landscape) == Rect(x: 0, y: 24, width: 874, height: 54))
        #expect(landscape.caveats.list == [.V5])
        #expect(try layout("iphone-14-pro", #""systemVersion": 18, "#, root: large).caveats.isEmpty)
        #expect(try layout("iphone-17-pro", #""systemVersion": 18, "#, root: large).caveats.list == [.S8])
        #expect(try layout("iphone-17-pro", #""systemVersion": 27, "designRequiresCompatibility": true, "#, root: large).caveats.list == [.S8])
    }

    @Test("V8, V9: the toolbar 48 and the tab bar unchanged on iPhone in regular height; the caveats elsewhere")
    func toolbarAndTabBar() throws {
        let toolbar = #"{"id": "nav", "viewController": {"kind": "navigation", "toolbar": {"hidden": false}}, "subviews": [{"id": "content", "viewController": {}}]}"#
        let portrait = try layout("iphone-17-pro", root: toolbar)
        #expect(node(portrait, "nav").bars?.toolbar == Rect(x: 0, y: 874 - 34 - 48, width: 402, height: 48))
        #expect(node(portrait, "content").safeAreaInsets?.bottom == 82)
        #expect(portrait.caveats.isEmpty)
        #expect(try layout("iphone-17-pro", #""orientation": "landscapeLeft", "#, root: toolbar).caveats.list == [.V8])
        #expect(try layout("ipad-air-13", root: toolbar).caveats.list == [.V6, .V8])
        #expect(node(try layout("iphone-17-pro", #""systemVersion": 18, "#, root: toolbar), "nav").bars?.toolbar?.height == 44)

        let tabs = #"{"id": "tabs", "viewController": {"kind": "tabBar"}, "subviews": [{"id": "content", "viewController": {}}]}"#
        let tabPortrait = try layout("iphone-17-pro", root: tabs)
        #expect(node(tabPortrait, "tabs").bars?.tabBar == Rect(x: 0, y: 874 - 83, width: 402, height: 83))
        #expect(tabPortrait.caveats.isEmpty)
        #expect(try layout("iphone-17-pro", #""orientation": "landscapeLeft", "#, root: tabs).caveats.list == [.V9])
        #expect(try layout("ipad-9-7", #""systemVersion": 18, "#, root: tabs).caveats.isEmpty)
        #expect(try layout("ipad-pro-13-m4", root: tabs).caveats.list == [.V9])
    }

    @Test("Caveats: each rule once, in API.md's order, whatever the order of the bars")
    func caveatOrder() throws {
        let root = #"{"id": "tabs", "viewController": {"kind": "tabBar"}, "subviews": [{"id": "nav", "viewController": {"kind": "navigation", "navigationBar": {"prefersLargeTitles": true}, "toolbar": {"hidden": false}}, "subviews": [{"id": "content", "viewController": {}}]}]}"#
        let result = try layout("iphone-x", #""orientation": "landscapeLeft", "#, root: root)
        #expect(result.caveats.list == [.V5, .V7, .V8, .V9])
        let answer = String(decoding: LayoutResponseEncoder.encode(result, for: try LayoutRequestDecoder(devices: Self.catalog).decode(Array(#"{"device": "iphone-x", "orientation": "landscapeLeft", "root": \#(root)}"#.utf8))), as: UTF8.self)
        #expect(answer.hasSuffix(#""caveats":[{"rule":"V5","detail":"large-title height on iOS 26 is not sourced; the iOS 18 figure is used"},"# + #"{"rule":"V7","detail":"\#(Caveat.V7.detail)"},{"rule":"V8","detail":"\#(Caveat.V8.detail)"},{"rule":"V9","detail":"\#(Caveat.V9.detail)"}]}"#))
        // No caveat, no key.
        let plain = #"{"device": "iphone-17-pro", "root": {"id": "r"}}"#
        let decoded = try LayoutRequestDecoder(devices: Self.catalog).decode(Array(plain.utf8))
        #expect(!String(decoding: LayoutResponseEncoder.encode(InsetEngine.layout(decoded.request), for: decoded), as: UTF8.self).contains("caveats"))
    }

    // MARK: - V2, V3, V11

    @Test("V2: designRequiresCompatibility exists from 26; below it is 422, and not judged when the version is refused")
    func designRequiresCompatibilityGate() {
        let detail = LayoutRules.designBeforeLiquidGlass
        for version in ["18", "18.6", "10"] {
            let found = problems(#"{"device": "iphone-x", "systemVersion": \#(version), "designRequiresCompatibility": false, "root": {"id": "r"}}"#)
            #expect(found.map(\.pointer) == ["/designRequiresCompatibility"], "\(version)")
            #expect(found.map(\.detail) == [detail])
        }
        #expect(problems(#"{"device": "iphone-x", "systemVersion": 26, "designRequiresCompatibility": true, "root": {"id": "r"}}"#).isEmpty)
        #expect(problems(#"{"device": "iphone-x", "designRequiresCompatibility": true, "root": {"id": "r"}}"#).isEmpty)
        #expect(problems(#"{"device": "iphone-x", "systemVersion": 30, "designRequiresCompatibility": true, "root": {"id": "r"}}"#).map(\.pointer) == ["/systemVersion"])
    }

    @Test("V3: a home-button iPad keeps its pre-26 window, with the caveat from 26 only")
    func homeButtonIPad() throws {
        let root = #"{"id": "r", "viewController": {}}"#
        let ios26 = try layout("ipad-9-7", #""systemVersion": 26, "#, root: root)
        #expect(ios26.windowSafeArea == Insets(top: 20, bottom: 0))
        #expect(ios26.caveats.list == [.V3])
        #expect(try layout("ipad-9-7", #""systemVersion": 18, "#, root: root).caveats.isEmpty)
        let indicator = try layout("ipad-pro-11-m4", root: root)
        #expect(indicator.windowSafeArea == Insets(top: 32, bottom: 25))
        #expect(indicator.caveats.isEmpty)
    }

    @Test("V11: window.split is 422 from 26 whatever the preset; window.frame keeps W1-W4 with the caveat")
    func iPadOS26Windows() throws {
        for split in ["oneThird", "oneHalf", "twoThirds"] {
            for orientation in ["portrait", "landscapeLeft"] {
                let found = problems(#"{"device": "ipad-pro-11", "systemVersion": 26, "orientation": "\#(orientation)", "window": {"split": "\#(split)"}, "root": {"id": "r"}}"#)
                #expect(found.map(\.pointer) == ["/window/split"], "\(split) \(orientation)")
                #expect(found.first?.detail.contains("window.frame") == true)
            }
        }
        let frame = #""window": {"frame": {"x": 0, "y": 0, "width": 700, "height": 800}}, "#
        let ios26 = try layout("ipad-pro-11", #""systemVersion": 26, "# + frame, root: #"{"id": "r", "viewController": {}}"#)
        #expect(ios26.windowSafeArea == Insets(top: 32, bottom: 0))
        #expect(ios26.caveats.list == [.V11])
        #expect(try layout("ipad-pro-11", #""systemVersion": 18, "# + frame, root: #"{"id": "r", "viewController": {}}"#).caveats.isEmpty)
        #expect(problems(#"{"device": "ipad-pro-11", "systemVersion": 18, "window": {"split": "oneThird"}, "root": {"id": "r"}}"#).isEmpty)
    }

    // MARK: - V1

    @Test("V1: 27.1 by default; below 7, 19 to 25 and 28 or more refused with the fixed details; fractions valid")
    func versions() throws {
        #expect(try LayoutRequestDecoder(devices: Self.catalog).decode(Array(#"{"device": "iphone-x", "root": {"id": "r"}}"#.utf8)).request.systemVersion == 27.1)
        let cases: [(String, String)] = [
            ("6.99", "must be at least 7"), ("-1e300", "must be at least 7"), ("19", "there is no iOS 19 to 25: the release after 18 is 26"),
            ("25.999", "there is no iOS 19 to 25: the release after 18 is 26"), ("28", "newer than the latest modelled release, 27"),
            ("1e300", "newer than the latest modelled release, 27"), ("2e9", "newer than the latest modelled release, 27"),
        ]
        for (version, detail) in cases {
            let found = problems(#"{"device": "iphone-x", "systemVersion": \#(version), "root": {"id": "r"}}"#)
            #expect(found.map(\.pointer) == ["/systemVersion"], "\(version)")
            #expect(found.map(\.detail) == [detail], "\(version)")
        }
        for version in ["7", "18.6", "26", "26.5", "27.99"] {
            #expect(problems(#"{"device": "iphone-x", "systemVersion": \#(version), "root": {"id": "r"}}"#).isEmpty, "\(version)")
        }
        // A refused version gates nothing: a field the default version lacks is not judged.
        #expect(problems(#"{"device": "ipad-pro-11", "systemVersion": 22, "window": {"split": "oneThird"}, "root": {"id": "r"}}"#).map(\.pointer) == ["/systemVersion"])
    }

    @Test("/scroll: the same versions, designRequiresCompatibility, and the Liquid Glass bar in the derived safe area")
    func scroll() throws {
        let decoder = ScrollRequestDecoder(devices: Self.catalog)
        func request(_ extra: String) throws(Problem) -> ScrollRequest {
            try decoder.decode(Array(#"{"device": "iphone-17-pro", \#(extra)"navigationBar": {}, "frame": {"x": 0, "y": 0, "width": 402, "height": 874}, "contentSize": {"width": 402, "height": 3000}}"#.utf8))
        }
        #expect(InsetEngine.scroll(try request("")).adjustedContentInset.top == 116)
        #expect(InsetEngine.scroll(try request(#""systemVersion": 26, "designRequiresCompatibility": true, "#)).adjustedContentInset.top == 100.333)
        // A refused version gates nothing: neither the opt-out nor a Split View preset is judged.
        let split = #"{"device": "ipad-pro-11", "systemVersion": 22, "designRequiresCompatibility": true, "window": {"split": "oneThird"}, "frame": {"x": 0, "y": 0, "width": 320, "height": 1194}}"#
        do throws(Problem) {
            _ = try decoder.decode(Array(split.utf8))
            Issue.record("a refused version was accepted")
        } catch {
            #expect(error.errors.map(\.pointer) == ["/systemVersion"])
        }
        for (extra, pointer) in [(#""systemVersion": 18, "designRequiresCompatibility": true, "#, "/designRequiresCompatibility"), (#""systemVersion": 20, "#, "/systemVersion"), (#""systemVersion": 28, "#, "/systemVersion")] {
            do throws(Problem) {
                _ = try request(extra)
                Issue.record("no problem for \(extra)")
            } catch {
                #expect(error.errors.map(\.pointer) == [pointer], "\(extra)")
            }
        }
    }
}
