import InsetEngine
@testable import InsetAPI
import ServiceKit
import ServiceTestSupport

// Shared fixtures of the codec tests.

/// A tiny stand-in for the device registry: an iPhone X and 15 Pro (no upside-down portrait;
/// the 15 Pro also as its model identifier iPhone16,1), an iPhone 8 (all four orientations)
/// and an Apple TV (landscapeLeft only).
struct FakeDevices: DeviceDirectory {
    let ids = ["iphone-x", "iphone-8", "iphone-15-pro", "ipad-pro-11", "apple-tv-4k"]

    func resolve(_ name: String) -> String? {
        name == "iPhone16,1" ? "iphone-15-pro" : family(of: name) == nil ? nil : name
    }

    func family(of id: String) -> DeviceFamily? {
        switch id {
        case "iphone-x", "iphone-8", "iphone-15-pro": .iphone
        case "apple-tv-4k": .tv
        case "ipad-pro-11": .ipad
        default: nil
        }
    }

    func orientations(of id: String) -> [Orientation]? {
        switch id {
        case "iphone-x", "iphone-15-pro": [.portrait, .landscapeLeft, .landscapeRight]
        case "iphone-8", "ipad-pro-11": Orientation.allCases
        case "apple-tv-4k": [.landscapeLeft]
        default: nil
        }
    }

    func environment(id: String, orientation: Orientation, systemVersion: Double, statusBarHidden: Bool) -> DisplayEnvironment? {
        guard let family = family(of: id), orientations(of: id)?.contains(orientation) == true else { return nil }
        let portrait = family == .tv ? Size(width: 1920, height: 1080) : family == .ipad ? Size(width: 834, height: 1194) : Size(width: 375, height: 812)
        let screen = orientation.isLandscape && family != .tv ? Size(width: portrait.height, height: portrait.width) : portrait
        let top: Double = orientation.isLandscape || statusBarHidden ? 0 : 44
        let sizeClass = SizeClasses(horizontal: .compact, vertical: orientation.isLandscape ? .compact : .regular)
        return DisplayEnvironment(
            family: family,
            screen: screen,
            windowSafeArea: Insets(top: top, bottom: 34),
            windowExplain: Explanation(top: top > 0 ? [Contribution(.sensorHousing, top)] : [], bottom: [Contribution(.homeIndicator, 34)]),
            statusBarHeight: top,
            sizeClass: sizeClass,
            bars: family == .tv ? nil : .iPhone(verticalSizeClass: sizeClass.vertical),
            systemMinimumLayoutMargins: DisplayEnvironment.systemMinimumLayoutMargins(family: family, screenWidth: screen.width, sizeClass: sizeClass)
        )
    }
}

/// The problem a decode throws, or `nil` when it succeeds.
func decodeProblem(_ body: String, limits: DecodingLimits = DecodingLimits()) -> Problem? {
    do {
        _ = try LayoutRequestDecoder(devices: FakeDevices(), limits: limits).decode(Array(body.utf8))
        return nil
    } catch {
        return error
    }
}

/// The API.md example request.
let apiExampleRequest = #"""
{
  "device": "iphone-x",
  "orientation": "portrait",
  "systemVersion": 18,
  "statusBarHidden": false,
  "layoutDirection": "leftToRight",
  "root": {"id": "nav", "viewController": {"kind": "navigation"},
           "subviews": [{"id": "feed", "viewController": {"kind": "plain"},
                         "subviews": [{"id": "card", "frame": {"x": 16, "y": 100, "width": 343, "height": 200}}]}]},
  "steps": [ {"frames": {"card": {"x": 16, "y": 40, "width": 343, "height": 200}}} ]
}
"""#

/// `shared/bench/layout-31.json`, the benchmark request (31 nodes).
let benchRequest = #"""
{"device": "iphone-15-pro", "orientation": "portrait", "systemVersion": 18, "root": {"id": "tabs", "viewController": {"kind": "tabBar"}, "subviews": [{"id": "nav", "viewController": {"kind": "navigation", "navigationBar": {"prefersLargeTitles": true}}, "subviews": [{"id": "table", "kind": "tableView", "contentSize": {"width": 393, "height": 1616}, "viewController": {"kind": "plain"}, "subviews": [{"id": "cell0", "frame": {"x": 0, "y": 0, "width": 393, "height": 44}, "subviews": [{"id": "label0", "pin": "layoutMargins"}]}, {"id": "cell1", "frame": {"x": 0, "y": 44, "width": 393, "height": 44}, "subviews": [{"id": "label1", "pin": "layoutMargins"}]}, {"id": "cell2", "frame": {"x": 0, "y": 88, "width": 393, "height": 44}, "subviews": [{"id": "label2", "pin": "layoutMargins"}]}, {"id": "cell3", "frame": {"x": 0, "y": 132, "width": 393, "height": 44}, "subviews": [{"id": "label3", "pin": "layoutMargins"}]}, {"id": "cell4", "frame": {"x": 0, "y": 176, "width": 393, "height": 44}, "subviews": [{"id": "label4", "pin": "layoutMargins"}]}, {"id": "cell5", "frame": {"x": 0, "y": 220, "width": 393, "height": 44}, "subviews": [{"id": "label5", "pin": "layoutMargins"}]}, {"id": "cell6", "frame": {"x": 0, "y": 264, "width": 393, "height": 44}, "subviews": [{"id": "label6", "pin": "layoutMargins"}]}, {"id": "cell7", "frame": {"x": 0, "y": 308, "width": 393, "height": 44}, "subviews": [{"id": "label7", "pin": "layoutMargins"}]}, {"id": "cell8", "frame": {"x": 0, "y": 352, "width": 393, "height": 44}, "subviews": [{"id": "label8", "pin": "layoutMargins"}]}, {"id": "cell9", "frame": {"x": 0, "y": 396, "width": 393, "height": 44}, "subviews": [{"id": "label9", "pin": "layoutMargins"}]}, {"id": "cell10", "frame": {"x": 0, "y": 440, "width": 393, "height": 44}, "subviews": [{"id": "label10", "pin": "layoutMargins"}]}, {"id": "cell11", "frame": {"x": 0, "y": 484, "width": 393, "height": 44}, "subviews": [{"id": "label11", "pin": "layoutMargins"}]}, {"id": "cell12", "frame": {"x": 0, "y": 528, "width": 393, "height": 44}, "subviews": [{"id": "label12", "pin": "layoutMargins"}]}, {"id": "cell13", "frame": {"x": 0, "y": 572, "width": 393, "height": 44}, "subviews": [{"id": "label13", "pin": "layoutMargins"}]}]}]}]}}
"""#

/// The problem a `/scroll` decode throws, or `nil` when it succeeds.
func scrollProblem(_ body: String) -> Problem? {
    do {
        _ = try ScrollRequestDecoder(devices: FakeDevices()).decode(Array(body.utf8))
        return nil
    } catch {
        return error
    }
}

/// A `/layout` body that gives every field a node and a view controller can have.
let everyFieldRequest = #"""
{"device": "iphone-8", "orientation": "portraitUpsideDown", "systemVersion": 10.3, "statusBarHidden": true,
 "layoutDirection": "rightToLeft",
 "root": {"id": "nav", "viewController": {"kind": "navigation", "additionalSafeAreaInsets": {"top": 1, "left": -2},
          "edgesForExtendedLayout": ["top", "bottom"], "extendedLayoutIncludesOpaqueBars": true,
          "automaticallyAdjustsScrollViewInsets": false, "viewRespectsSystemMinimumLayoutMargins": false,
          "navigationBar": {"hidden": true, "translucent": false, "prefersLargeTitles": true},
          "toolbar": {"hidden": false}},
  "layoutMargins": {"top": 3}, "insetsLayoutMarginsFromSafeArea": false, "preservesSuperviewLayoutMargins": true,
  "subviews": [
    {"id": "list", "kind": "collectionView", "viewController": {"edgesForExtendedLayout": "none"},
     "contentSize": {"width": 10, "height": 20}, "contentInset": {"bottom": 5},
     "contentInsetAdjustmentBehavior": "never", "alwaysBounceVertical": true, "alwaysBounceHorizontal": true,
     "automaticallyAdjustsScrollIndicatorInsets": false, "verticalScrollIndicatorInsets": {"right": 2},
     "horizontalScrollIndicatorInsets": {"bottom": 1},
     "subviews": [{"id": "a", "frame": {"x": -5, "y": 0.5, "width": 0, "height": 1e9}, "directionalLayoutMargins": {"leading": 4, "trailing": 6}},
                  {"id": "b", "pin": "readableContent", "kind": "view"}]}]}}
"""#
