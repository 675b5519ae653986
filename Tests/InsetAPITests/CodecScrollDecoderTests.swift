import HTTPTypes
import InsetEngine
@testable import InsetAPI
import ServiceKit
import ServiceTestSupport
import Testing

private func decode(_ body: String) throws(Problem) -> ScrollRequest {
    try ScrollRequestDecoder(devices: FakeDevices()).decode(Array(body.utf8))
}

@Suite struct CodecScrollDecoderTests {
    @Test func decodesTheAPIExample() throws {
        let body = #"""
        {
          "systemVersion": 18,
          "contentInsetAdjustmentBehavior": "automatic",
          "bounds": {"width": 375, "height": 812},
          "contentSize": {"width": 375, "height": 2000},
          "contentInset": {"top": 0, "left": 0, "bottom": 0, "right": 0},
          "safeAreaInsets": {"top": 88, "left": 0, "bottom": 34, "right": 0},
          "alwaysBounceVertical": false,
          "alwaysBounceHorizontal": false,
          "automaticallyAdjustsScrollIndicatorInsets": true,
          "context": {"inNavigationController": true, "automaticallyAdjustsScrollViewInsets": true,
                      "isContentScrollView": true}
        }
        """#
        let request = try decode(body)
        #expect(request == ScrollRequest(
            systemVersion: 18, bounds: Size(width: 375, height: 812),
            properties: ScrollProperties(contentSize: Size(width: 375, height: 2000)),
            safeArea: .explicit(Insets(top: 88, bottom: 34)),
            context: ScrollContext(inNavigationController: true)))
    }

    @Test func decodesEveryPropertyAndDefaults() throws {
        let body = #"""
        {"systemVersion": 10, "contentInsetAdjustmentBehavior": "scrollableAxes", "bounds": {"width": 10, "height": 20},
         "contentSize": {"width": 30, "height": 40}, "contentInset": {"top": -1}, "safeAreaInsets": {"left": 5},
         "alwaysBounceVertical": true, "alwaysBounceHorizontal": true, "automaticallyAdjustsScrollIndicatorInsets": false,
         "verticalScrollIndicatorInsets": {"top": 2}, "horizontalScrollIndicatorInsets": {"left": 3},
         "context": {"automaticallyAdjustsScrollViewInsets": false, "isContentScrollView": false}}
        """#
        let request = try decode(body)
        #expect(request.systemVersion == 10)
        #expect(request.properties == ScrollProperties(
            contentSize: Size(width: 30, height: 40), contentInset: Insets(top: -1), behavior: .scrollableAxes,
            alwaysBounceVertical: true, alwaysBounceHorizontal: true, automaticallyAdjustsScrollIndicatorInsets: false,
            verticalScrollIndicatorInsets: Insets(top: 2), horizontalScrollIndicatorInsets: Insets(left: 3)))
        #expect(request.context == ScrollContext(inNavigationController: false, automaticallyAdjustsScrollViewInsets: false, isContentScrollView: false))
        let minimal = try decode(#"{"bounds": {"width": 1, "height": 2}, "safeAreaInsets": {}}"#)
        #expect(minimal == ScrollRequest(bounds: Size(width: 1, height: 2), properties: ScrollProperties(), safeArea: .explicit(.zero), context: ScrollContext()))
    }

    @Test func aNavigationContextPutsADeviceScrollViewUnderANavigationBar() throws {
        let request = try decode(#"{"device": "iphone-x", "frame": {"x": 0, "y": 0, "width": 375, "height": 812}, "context": {"inNavigationController": true}}"#)
        let environment = try #require(FakeDevices().environment(id: "iphone-x", orientation: .portrait, systemVersion: 18, statusBarHidden: false))
        #expect(request.safeArea == .device(environment: environment, frame: Rect(x: 0, y: 0, width: 375, height: 812),
                                            navigationBar: BarConfiguration(hidden: false), toolbar: nil, tabBar: nil))
        let outside = try decode(#"{"device": "iphone-x", "frame": {"x": 0, "y": 0, "width": 375, "height": 812}, "context": {"inNavigationController": false}}"#)
        #expect(outside.safeArea == .device(environment: environment, frame: Rect(x: 0, y: 0, width: 375, height: 812),
                                            navigationBar: nil, toolbar: nil, tabBar: nil))
        // tvOS has no navigation controller to be in (the 422 is among the problems below).
        let tv = try decode(#"{"device": "apple-tv-4k", "frame": {"x": 0, "y": 0, "width": 1920, "height": 1080}, "context": {"inNavigationController": false}}"#)
        #expect(tv.context.inNavigationController == false)
    }

    @Test func derivesTheSafeAreaFromADevice() throws {
        let body = #"{"device": "iphone-x", "orientation": "landscapeLeft", "statusBarHidden": true, "frame": {"x": 0, "y": 0, "width": 812, "height": 375}, "navigationBar": {"prefersLargeTitles": true}, "tabBar": {"translucent": false}}"#
        let request = try decode(body)
        let environment = try #require(FakeDevices().environment(id: "iphone-x", orientation: .landscapeLeft, systemVersion: 18, statusBarHidden: true))
        #expect(request.safeArea == .device(environment: environment, frame: Rect(x: 0, y: 0, width: 812, height: 375),
                                            navigationBar: BarConfiguration(hidden: false, prefersLargeTitles: true), toolbar: nil,
                                            tabBar: BarConfiguration(hidden: false, translucent: false)))
        #expect(request.bounds == Size(width: 812, height: 375))
        #expect(request.context.inNavigationController)
    }

    @Test func impliesTheNavigationControllerOfAToolbar() throws {
        let request = try decode(#"{"device": "iphone-x", "frame": {"x": 0, "y": 0, "width": 375, "height": 812}, "bounds": {"width": 375, "height": 812}, "toolbar": {}}"#)
        let environment = try #require(FakeDevices().environment(id: "iphone-x", orientation: .portrait, systemVersion: 18, statusBarHidden: false))
        #expect(request.safeArea == .device(environment: environment, frame: Rect(x: 0, y: 0, width: 375, height: 812),
                                            navigationBar: BarConfiguration(hidden: false), toolbar: BarConfiguration(hidden: true), tabBar: nil))
        #expect(request.context.inNavigationController)
        let explicit = try decode(#"{"device": "iphone-x", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "navigationBar": {}, "context": {"inNavigationController": false}}"#)
        #expect(!explicit.context.inNavigationController)
        let tabOnly = try decode(#"{"device": "iphone-x", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "tabBar": {}}"#)
        #expect(!tabOnly.context.inNavigationController)
    }

    @Test(arguments: [
        (#"{"bounds": {"width": 1, "height": 1}}"#, ["/safeAreaInsets"]),
        (#"{"bounds": {"width": 1, "height": 1}, "safeAreaInsets": {}, "device": "iphone-x", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}"#, ["/device"]),
        (#"{"device": "iphone-x", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "safeAreaInsets": {}}"#, ["/safeAreaInsets"]),
        (#"{"safeAreaInsets": {}}"#, ["/bounds"]),
        (#"{"bounds": {"width": 2, "height": 1}, "safeAreaInsets": {}, "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}"#, ["/frame"]),
        (#"{"frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "bounds": {"width": 2, "height": 1}, "safeAreaInsets": {}}"#, ["/bounds"]),
        (#"{"device": "iphone-x", "bounds": {"width": 1, "height": 1}}"#, ["/frame"]),
        (#"{"bounds": {"width": 1, "height": 1}, "safeAreaInsets": {}, "orientation": "portrait", "statusBarHidden": true, "navigationBar": {}, "toolbar": {}, "tabBar": {}}"#,
         ["/orientation", "/statusBarHidden", "/navigationBar", "/toolbar", "/tabBar"]),
        (#"{"device": "apple-tv-4k", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "tabBar": {}}"#, ["/tabBar"]),
        (#"{"device": "apple-tv-4k", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "context": {"isContentScrollView": true, "inNavigationController": true}, "toolbar": {}}"#,
         ["/context/inNavigationController", "/toolbar"]),
        (#"{"device": "iphone-99", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}"#, ["/device"]),
        (#"{"device": "iphone-x", "orientation": "portraitUpsideDown", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}"#, ["/orientation"]),
        (#"{"bounds": {"width": 1, "height": 1}, "safeAreaInsets": {}, "colour": 1, "context": {"owner": "x"}}"#, ["/colour", "/context/owner"]),
        (#"{"bounds": {"width": -1, "height": 1e309}, "safeAreaInsets": {"top": 1e309}}"#, ["/bounds/width", "/bounds/height", "/safeAreaInsets/top"]),
        (#"{"systemVersion": 5, "bounds": {"width": 1, "height": 1}, "safeAreaInsets": {}, "contentInsetAdjustmentBehavior": "maybe"}"#, ["/systemVersion", "/contentInsetAdjustmentBehavior"]),
        (#"{"bounds": {"width": 1, "height": 1}, "safeAreaInsets": {}, "contentSize": {"width": 1}}"#, ["/contentSize/height"]),
        (#"{"device": "iphone-x", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "navigationBar": {"large": true}}"#, ["/navigationBar/large"]),
        (#"{"bounds": {"width": 1, "height": 1}, "safeAreaInsets": {}, "bounds": {"width": -1, "height": 1}}"#, ["/bounds/width"]),
        (#"{"contentSize": {"width": 1, "height": 1}}"#, ["/bounds", "/safeAreaInsets"]),
        ("[]", [""]),
        (#"{"bounds": "wide", "safeAreaInsets": {}}"#, ["/bounds"]),
        (#"{"bounds": {"width": 1, "height": 1}, "safeAreaInsets": {}, "context": {"inNavigationController": "yes"}}"#, ["/context/inNavigationController"]),
        (#"{"device": 1, "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}"#, ["/device"]),
        // A window without a device: its own form, then that it needs one.
        (#"{"bounds": {"width": 1, "height": 1}, "safeAreaInsets": {}, "window": {"side": "leading"}}"#, ["/window", "/window", "/window/side"]),
    ] as [(String, [String])])
    func reportsContentProblems(body: String, expected: [String]) throws {
        let problem = try #require(scrollProblem(body))
        #expect(problem.status == 422)
        #expect(problem.errors.map(\.pointer) == expected)
    }

    @Test(arguments: [("", nil), ("{", ""), ("tru", nil)] as [(String, String?)])
    func reportsMalformedBodies(body: String, pointer: String?) throws {
        let problem = try #require(scrollProblem(body))
        #expect(problem.status == 400)
        #expect(problem.errors.first?.pointer == pointer)
    }

    @Test func decodesTheScenarioBodies() throws {
        let short = try decode(#"{"bounds": {"width": 375, "height": 812}, "contentSize": {"width": 375, "height": 300}, "safeAreaInsets": {"top": 88, "left": 0, "bottom": 34, "right": 0}, "context": {"inNavigationController": true}, "contentInsetAdjustmentBehavior": "automatic"}"#)
        #expect(short.context.inNavigationController)
        #expect(short.properties.contentSize == Size(width: 375, height: 300))
        let tall = try decode(#"{"bounds": {"width": 375, "height": 812}, "contentSize": {"width": 375, "height": 2000}, "safeAreaInsets": {"top": 88, "left": 0, "bottom": 34, "right": 0}, "context": {"inNavigationController": true}, "contentInsetAdjustmentBehavior": "scrollableAxes"}"#)
        #expect(tall.properties.behavior == .scrollableAxes)
    }
}

@Suite struct ScrollDecoderNamesTests {
    @Test func takesAModelIdentifierAndSuggestsFieldsAndWords() throws {
        let decoder = ScrollRequestDecoder(devices: FakeDevices())
        _ = try decoder.decode(Array(#"{"device": "iPhone16,1", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}"#.utf8))
        do {
            _ = try decoder.decode(Array(#"{"bounds": {"width": 1, "height": 1}, "safeAreaInset": {}, "contentInsetAdjustmentBehavior": "Never"}"#.utf8))
            Issue.record("decoded")
        } catch {
            #expect(error.errors == [
                FieldProblem(pointer: "/safeAreaInset", detail: #"unknown field "safeAreaInset"; did you mean "safeAreaInsets"?"#, suggestion: "safeAreaInsets"),
                FieldProblem(pointer: "/contentInsetAdjustmentBehavior", detail: #""Never" is not one of automatic, scrollableAxes, never, always; did you mean "never"?"#, suggestion: "never"),
                FieldProblem(pointer: "/safeAreaInsets", detail: "required (or device)"),
            ])
        }
    }
}
