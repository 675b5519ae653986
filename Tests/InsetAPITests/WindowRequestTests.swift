import DeviceCatalog
import Foundation
import InsetEngine
@testable import InsetAPI
import ServiceKit
import ServiceTestSupport
import Testing

/// `window` and `kind: "split"` in /layout and /scroll bodies, against the registry:
/// the answers' additions and every new 422 at API.md's pointer ("Pointers of the new 422s").
@Suite struct WindowRequestTests {
    static let catalog: DeviceCatalog = {
        do { return try DeviceCatalog.embedded() } catch { fatalError("\(error)") }
    }()

    func answer(_ body: String) throws -> String {
        let decoded = try LayoutRequestDecoder(devices: Self.catalog).decode(Array(body.utf8))
        return String(decoding: LayoutResponseEncoder.encode(InsetEngine.layout(decoded.request), for: decoded), as: UTF8.self)
    }

    func problems(_ body: String) -> [String] {
        do {
            _ = try LayoutRequestDecoder(devices: Self.catalog).decode(Array(body.utf8))
            return []
        } catch {
            return error.errors.map(\.pointer)
        }
    }

    /// A body on `device` with `extra` top-level members and a plain root.
    func body(on device: String = "ipad-pro-11", _ extra: String = "", root: String = #"{"id": "r", "viewController": {}}"#) -> String {
        // iPadOS 9–18's Split View, unless the case names its version.
        let version = extra.contains("systemVersion") ? "" : #""systemVersion": 18, "#
        return #"{"device": "\#(device)", \#(version)\#(extra)"root": \#(root)}"#
    }

    @Test("A full-screen window answers byte for byte as no window; both carry window.frame and sizeClass")
    func fullScreenWindowIsNoWindow() throws {
        for (orientation, frame) in [("portrait", #"{"x": 0, "y": 0, "width": 834, "height": 1194}"#), ("landscapeLeft", #"{"x": 0, "y": 0, "width": 1194, "height": 834}"#)] {
            let root = #"{"id": "nav", "viewController": {"kind": "navigation"}, "subviews": [{"id": "list", "kind": "tableView", "viewController": {}, "contentSize": {"width": 10, "height": 5000}}]}"#
            let plain = try answer(body(#""orientation": "\#(orientation)", "#, root: root))
            let windowed = try answer(body(#""orientation": "\#(orientation)", "window": {"frame": \#(frame)}, "#, root: root))
            #expect(plain == windowed)
            #expect(plain.contains(#""window":{"safeAreaInsets":"#))
            #expect(plain.contains(#""sizeClass":{"horizontal":"regular","vertical":"regular"}},"nodes""#))
        }
    }

    @Test("Below systemVersion 11 the window carries frame and sizeClass only")
    func legacyWindow() throws {
        let text = try answer(body(#""systemVersion": 10, "window": {"split": "oneThird"}, "#))
        #expect(text.contains(#""window":{"frame":{"x":0,"y":0,"width":320,"height":1194},"sizeClass":{"horizontal":"compact","vertical":"regular"}}"#))
    }

    @Test("A trailing Split View window: frame in screen coordinates, the root at the window's origin")
    func trailingWindow() throws {
        let text = try answer(body(#""orientation": "landscapeRight", "window": {"split": "twoThirds", "side": "trailing"}, "#))
        #expect(text.contains(#""window":{"safeAreaInsets":{"top":24,"left":0,"bottom":20,"right":0},"frame":{"x":385,"y":0,"width":809,"height":834}"#))
        #expect(text.contains(#""r":{"frame":{"x":0,"y":0,"width":809,"height":834}"#))
    }

    /// API.md: a keyboard's frame is in screen coordinates; a free window 100 pt down the
    /// screen meets a 300-pt docked keyboard 100 pt higher in its own coordinates.
    @Test("A keyboard in screen coordinates meets a free window in the window's coordinates")
    func keyboardInAFreeWindow() throws {
        let root = #"{"id": "r", "viewController": {}, "keyboardLayoutGuide": {"usesBottomSafeArea": false}}"#
        let text = try answer(body(#""orientation": "landscapeLeft", "window": {"frame": {"x": 100, "y": 100, "width": 600, "height": 700}}, "keyboard": {"height": 300}, "#, root: root))
        // The keyboard spans screen y 534–834; the window's y 434–700 of it.
        #expect(text.contains(#""keyboardLayoutGuide":{"x":0,"y":434,"width":600,"height":266}"#), "\(text)")
    }

    @Test("API.md: the pointers of the window's 422s")
    func windowProblems() {
        let cases: [(String, [String])] = [
            (body(on: "iphone-x", #""window": {"split": "oneThird"}, "#), ["/window"]),
            (#"{"screen": {"width": 1024, "height": 768}, "window": {"split": "oneThird"}, "root": {"id": "r"}}"#, ["/window"]),
            (body(#""systemVersion": 8, "window": {"split": "oneThird"}, "#), ["/window"]),
            (body(#""window": {}, "#), ["/window"]),
            (body(#""window": {"side": "leading"}, "#), ["/window", "/window/side"]),
            (body(on: "iphone-x", #""window": {"side": "leading", "frame": {"x": 0, "y": 0, "width": 100, "height": 300}}, "#), ["/window", "/window/side", "/window/frame/width"]),
            (body(#""window": {"split": "oneThird", "frame": {"x": 0, "y": 0, "width": 300, "height": 300}}, "#), ["/window/frame"]),
            (body(#""window": {"split": "oneHalf"}, "#), ["/window/split"]),
            (body(#""window": {"frame": {"x": 0, "y": 0, "width": 300, "height": 300}, "side": "trailing"}, "#), ["/window/side"]),
            (body(#""window": {"frame": {"x": 0, "y": 0, "width": 199, "height": 150}}, "#), ["/window/frame/width", "/window/frame/height"]),
            (body(#""window": {"frame": {"x": 700, "y": 0, "width": 200, "height": 300}}, "#), ["/window/frame"]),
            (body(#""window": {"split": "oneThird", "frame": {"x": 0, "y": 0, "width": 300, "height": 300}, "side": "trailing"}, "#), ["/window/frame"]),
            (body(#""window": {"split": "half"}, "#), ["/window/split"]),
            (body(#""window": {"split": "oneThird", "height": 3}, "#), ["/window/height"]),
        ]
        for (body, pointers) in cases {
            #expect(problems(body) == pointers, "\(body)")
        }
    }

    @Test("API.md: the pointers of the split view controller's 422s")
    func splitProblems() {
        let columns = #"[{"id": "p", "viewController": {}}, {"id": "s", "viewController": {}}]"#
        let split = { (controller: String, subviews: String) in #"{"id": "split", "viewController": \#(controller), "subviews": \#(subviews)}"# }
        let landscape = #""orientation": "landscapeLeft", "#
        let cases: [(String, [String])] = [
            (body(landscape, root: split(#"{"kind": "split"}"#, columns)), []),
            (body(landscape, root: split(#"{"kind": "split"}"#, #"[{"id": "p", "viewController": {}}]"#)), ["/root/subviews"]),
            (body(landscape, root: #"{"id": "split", "viewController": {"kind": "split"}}"#), ["/root/subviews"]),
            (body(on: "iphone-x", "", root: split(#"{"kind": "split"}"#, columns)), ["/root/viewController/kind"]),
            (body(#""orientation": "landscapeLeft", "window": {"split": "oneHalf"}, "#, root: split(#"{"kind": "split"}"#, columns)), ["/root/viewController/kind"]),
            (body(on: "apple-tv-4k", "", root: split(#"{"kind": "split"}"#, columns)), ["/root/viewController/kind"]),
            (body(#""systemVersion": 13, "#, root: split(#"{"kind": "split", "style": "doubleColumn"}"#, columns)), ["/root/viewController/style"]),
            (body(root: split(#"{"kind": "split", "style": "triple"}"#, columns)), ["/root/viewController/style"]),
            (body(root: split(#"{"kind": "split", "preferredPrimaryColumnWidth": -1}"#, columns)), ["/root/viewController/preferredPrimaryColumnWidth"]),
            (body(root: #"{"id": "r", "viewController": {"style": "classic"}}"#), ["/root/viewController/style"]),
            (body(root: split(#"{"kind": "split", "navigationBar": {}}"#, columns)), ["/root/viewController/navigationBar"]),
            (body(root: split(#"{"kind": "split"}"#, #"[{"id": "p", "viewController": {}, "pin": "safeArea"}, {"id": "s", "viewController": {}}]"#)), ["/root/subviews/0/pin"]),
            (body(#""steps": [{"frames": {"s": {"x": 0, "y": 0, "width": 1, "height": 1}}}], "#, root: split(#"{"kind": "split"}"#, columns)), ["/steps/0/frames/s"]),
            // A window refused for its frame or preset still sets the size class the split is
            // judged against, as given; one refused as a whole leaves the screen's.
            (body(#""orientation": "landscapeLeft", "window": {"frame": {"x": 0, "y": 0, "width": 199, "height": 300}}, "#, root: split(#"{"kind": "split"}"#, columns)),
             ["/window/frame/width", "/root/viewController/kind"]),
            (body(#""window": {"split": "oneHalf"}, "#, root: split(#"{"kind": "split"}"#, columns)), ["/window/split", "/root/viewController/kind"]),
            (body(#""orientation": "landscapeLeft", "window": {"frame": {"x": 600, "y": 0, "width": 700, "height": 300}}, "#, root: split(#"{"kind": "split"}"#, columns)),
             ["/window/frame"]),
            (body(#""orientation": "landscapeLeft", "window": {"side": "leading"}, "#, root: split(#"{"kind": "split"}"#, columns)), ["/window", "/window/side"]),
            // A refused orientation leaves the preset and the split's size class unjudged,
            // not whether a window suits the device.
            (body(#""orientation": "sideways", "window": {"split": "oneHalf"}, "#, root: split(#"{"kind": "split"}"#, columns)), ["/orientation"]),
            (body(on: "iphone-x", #""orientation": "portraitUpsideDown", "window": {"split": "oneHalf"}, "#), ["/orientation", "/window"]),
        ]
        for (body, pointers) in cases {
            #expect(problems(body) == pointers, "\(body)")
        }
    }

    @Test("/scroll: a window with a device (its frame in window coordinates); without a device, window is 422 at /window")
    func scrollWindow() throws {
        let decoder = ScrollRequestDecoder(devices: Self.catalog)
        let request = try decoder.decode(Array(#"{"device": "ipad-pro-11", "systemVersion": 18, "window": {"frame": {"x": 0, "y": 440, "width": 500, "height": 754}}, "frame": {"x": 0, "y": 0, "width": 500, "height": 754}, "contentSize": {"width": 500, "height": 3000}}"#.utf8))
        #expect(InsetEngine.scroll(request).adjustedContentInset == Insets(top: 0, left: 0, bottom: 20, right: 0))
        #expect(throws: Problem.self) { try decoder.decode(Array(#"{"safeAreaInsets": {}, "window": {"split": "oneThird"}, "bounds": {"width": 1, "height": 1}}"#.utf8)) }
        do {
            _ = try decoder.decode(Array(#"{"device": "iphone-x", "window": {"split": "oneThird"}, "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}"#.utf8))
            Issue.record("an iPhone window was taken")
        } catch {
            #expect(error.errors.map(\.pointer) == ["/window"])
        }
    }

    @Test("GET /devices/{id}: splitViewWindows on iPads only, the W2 presets per orientation with their W3 size classes")
    func splitViewWindows() throws {
        let pad = try JSONSerialization.jsonObject(with: Data(DevicesEndpoints.device(catalog: Self.catalog, id: "ipad-pro-12-9-2nd-gen", orientation: nil, systemVersion: nil))) as? [String: Any]
        let windows = pad?["splitViewWindows"] as? [String: [[String: Any]]]
        #expect(windows?["portrait"]?.map { $0["split"] as? String } == ["oneThird", "twoThirds"])
        #expect(windows?["portrait"]?.map { $0["width"] as? Double } == [375, 639])
        #expect(windows?["landscape"]?.map { $0["width"] as? Double } == [375, 678, 981])
        #expect(windows?["landscape"]?.map { ($0["sizeClass"] as? [String: String])?["horizontal"] } == ["compact", "regular", "regular"])
        #expect(windows?["landscape"]?.first?["height"] as? Double == 1024)
        let phone = try JSONSerialization.jsonObject(with: Data(DevicesEndpoints.device(catalog: Self.catalog, id: "iphone-x", orientation: nil, systemVersion: nil))) as? [String: Any]
        #expect(phone?["splitViewWindows"] == nil)
        #expect(phone?["verified"] != nil)
    }
}
