import DeviceCatalog
import Foundation
import HTTPTypes
import InsetEngine
import InsetAPI
import ServiceKit
import ServiceTestSupport
import Testing

/// The device endpoints' bodies: shared/scenarios/devices.json, API.md's examples, 404 and 422.
@Suite struct DevicesEndpointsTests {
    static let catalog: DeviceCatalog = {
        do { return try DeviceCatalog.embedded() } catch { fatalError("\(error)") }
    }()

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    func thrown(_ body: () throws(Problem) -> [UInt8]) -> Problem? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    // MARK: GET /devices

    @Test func listHoldsEveryDevice() throws {
        let body = try object(DevicesEndpoints.list(catalog: Self.catalog, family: nil))
        let devices = try #require(body["devices"] as? [[String: Any]])
        #expect(devices.count == 51)
        #expect(devices.compactMap { $0["id"] as? String } == Self.catalog.devices.map(\.id))
    }

    @Test func listSummaryInAPIKeyOrder() throws {
        let body = text(try DevicesEndpoints.list(catalog: Self.catalog, family: "iphone"))
        #expect(body.hasPrefix("{\"devices\":["))
        #expect(body.contains("{\"id\":\"iphone-x\",\"name\":\"iPhone X\",\"family\":\"iphone\",\"screen\":{\"width\":375,\"height\":812},\"scale\":3,\"sensorHousing\":\"notch\",\"homeIndicator\":true,\"modelIdentifiers\":[\"iPhone10,3\",\"iPhone10,6\"]}"))
        #expect(body.contains("\"sensorHousing\":\"dynamicIsland\""))
    }

    @Test func listFiltersByFamily() throws {
        for (family, count) in [("iphone", 38), ("ipad", 11), ("tv", 2)] {
            let devices = try #require(try object(DevicesEndpoints.list(catalog: Self.catalog, family: family))["devices"] as? [[String: Any]])
            #expect(devices.count == count)
            #expect(devices.allSatisfy { $0["family"] as? String == family })
        }
    }

    @Test func listRejectsAnotherFamily() throws {
        let problem = try #require(thrown { () throws(Problem) in try DevicesEndpoints.list(catalog: Self.catalog, family: "watch") })
        #expect(problem.status == 422)
        #expect(problem.errors.map(\.pointer) == ["/family"])
    }

    // MARK: GET /devices/{id}

    @Test func iPhoneXProfile() throws {
        let body = try object(DevicesEndpoints.device(catalog: Self.catalog, id: "iphone-x", orientation: nil, systemVersion: nil))
        #expect(body["id"] as? String == "iphone-x")
        #expect(body["name"] as? String == "iPhone X")
        #expect(body["family"] as? String == "iphone")
        #expect(body["screen"] as? [String: Int] == ["width": 375, "height": 812])
        #expect(body["scale"] as? Int == 3)
        #expect(body["sensorHousing"] as? String == "notch")
        #expect(body["homeIndicator"] as? Bool == true)
        #expect(body["statusBarHeight"] as? Int == 44)
        #expect(body["cornerRadius"] as? Int == 39)
        #expect(body["sensorHousingSize"] as? [String: Double] == ["width": 222.5, "height": 30.2])
        #expect(body["sensorHousingTop"] as? Int == 0)
        #expect((body["sources"] as? [String: [String]])?["sensorHousingSize"] == ["derived"])
        #expect(body["modelIdentifiers"] as? [String] == ["iPhone10,3", "iPhone10,6"])
        #expect(body["verified"] as? String == "2026-11-22")
        #expect((body["notes"] as? [String])?.isEmpty == false)
        #expect(body["splitViewWindows"] == nil)
        let orientations = try #require(body["orientations"] as? [String: Any])
        #expect(Set(orientations.keys) == ["portrait", "landscapeLeft", "landscapeRight"])
        let sources = try #require(body["sources"] as? [String: [String]])
        #expect(sources["safeArea.landscape"]?.isEmpty == false)
    }

    @Test func profileKeyOrder() throws {
        let body = text(try DevicesEndpoints.device(catalog: Self.catalog, id: "iphone-x", orientation: nil, systemVersion: nil))
        #expect(body.hasPrefix("{\"id\":\"iphone-x\",\"name\":\"iPhone X\",\"family\":\"iphone\",\"screen\":{\"width\":375,\"height\":812},\"scale\":3,\"sensorHousing\":\"notch\",\"homeIndicator\":true,\"modelIdentifiers\":[\"iPhone10,3\",\"iPhone10,6\"],\"verified\":\"2026-11-22\",\"notes\":[\""))
        #expect(body.contains("],\"cornerRadius\":39,\"sensorHousingSize\":{\"width\":222.5,\"height\":30.2},\"sensorHousingTop\":0,\"statusBarHeight\":44,\"sources\":{\"screen\":["))
        #expect(body.contains("\"orientations\":{\"portrait\":{\"orientation\":\"portrait\",\"screen\":{\"width\":375,\"height\":812},\"safeAreaInsets\":{\"top\":44,\"left\":0,\"bottom\":34,\"right\":0},\"statusBar\":{\"hidden\":false,\"height\":44}"))
    }

    @Test func landscapeOrientationMatchesTheAPIExample() throws {
        let body = text(try DevicesEndpoints.device(catalog: Self.catalog, id: "iphone-x", orientation: "landscapeLeft", systemVersion: nil))
        #expect(body == """
            {"device":"iphone-x","orientation":"landscapeLeft","screen":{"width":812,"height":375},\
            "safeAreaInsets":{"top":0,"left":44,"bottom":20,"right":44},"statusBar":{"hidden":true,"height":0},\
            "sizeClass":{"horizontal":"compact","vertical":"compact"},\
            "bars":{"navigationBar":32,"largeTitleNavigationBar":32,"toolbar":32,"tabBar":32},\
            "systemMinimumLayoutMargins":{"top":0,"leading":20,"bottom":0,"trailing":20}}
            """)
    }

    @Test func systemVersionSelectsOverrides() throws {
        let mini = try object(DevicesEndpoints.device(catalog: Self.catalog, id: "iphone-12-mini", orientation: nil, systemVersion: "14"))
        #expect(mini["statusBarHeight"] as? Int == 44)
        let sources = try #require(mini["sources"] as? [String: [String]])
        #expect(sources["statusBarHeight (systemVersion < 15)"]?.isEmpty == false)
        let xr = try object(DevicesEndpoints.device(catalog: Self.catalog, id: "iphone-xr", orientation: "portrait", systemVersion: "13.5"))
        #expect(xr["safeAreaInsets"] as? [String: Int] == ["top": 44, "left": 0, "bottom": 34, "right": 0])
        let air = try object(DevicesEndpoints.device(catalog: Self.catalog, id: "iphone-air", orientation: "landscapeRight", systemVersion: "26"))
        #expect(air["safeAreaInsets"] as? [String: Int] == ["top": 0, "left": 68, "bottom": 20, "right": 68])
    }

    @Test func appleTVHasNoBarsAndOneOrientation() throws {
        let body = try object(DevicesEndpoints.device(catalog: Self.catalog, id: "apple-tv-4k", orientation: nil, systemVersion: nil))
        #expect(body["screen"] as? [String: Int] == ["width": 1920, "height": 1080])
        #expect(body["statusBarHeight"] as? Int == 0)   // no status bar on tvOS
        let orientations = try #require(body["orientations"] as? [String: [String: Any]])
        #expect(Array(orientations.keys) == ["landscapeLeft"])
        let landscape = try #require(orientations["landscapeLeft"])
        #expect(landscape["bars"] == nil)
        #expect(landscape["safeAreaInsets"] as? [String: Int] == ["top": 60, "left": 80, "bottom": 60, "right": 80])
    }

    @Test func unknownDeviceIs404() throws {
        let problem = try #require(thrown { () throws(Problem) in
            try DevicesEndpoints.device(catalog: Self.catalog, id: "iphone-99", orientation: "sideways", systemVersion: "x")
        })
        #expect(problem.status == 404)
        #expect(problem.type == "/problems/not-found")
        let emulation = try #require(thrown { () throws(Problem) in
            try DevicesEndpoints.emulation(catalog: Self.catalog, id: "nope", orientation: nil, systemVersion: nil, format: .json)
        })
        #expect(emulation.status == 404)
    }

    @Test func badOrientationIs422() throws {
        for (id, orientation) in [("iphone-x", "sideways"), ("iphone-x", "portraitUpsideDown"), ("apple-tv-hd", "portrait"), ("iphone-8", "")] {
            let found = try #require(thrown { () throws(Problem) in
                try DevicesEndpoints.device(catalog: Self.catalog, id: id, orientation: orientation, systemVersion: nil)
            })
            #expect(found.status == 422)
            #expect(found.errors.map(\.pointer) == ["/orientation"])
        }
        let emulation = try #require(thrown { () throws(Problem) in
            try DevicesEndpoints.emulation(catalog: Self.catalog, id: "iphone-x", orientation: "portraitUpsideDown", systemVersion: nil, format: .css)
        })
        #expect(emulation.errors.map(\.pointer) == ["/orientation"])
    }

    @Test func badSystemVersionIs422() throws {
        let notANumber = "must be a number", below = "must be at least 7"
        let newer = "newer than the latest modelled release, 27", gap = "there is no iOS 19 to 25: the release after 18 is 26"
        let cases = [
            ("abc", notANumber), ("nan", notANumber), ("inf", notANumber), ("-Infinity", notANumber), ("", notANumber),
            ("0x10", notANumber), ("+18", notANumber), (".5", notANumber), ("18.", notANumber), ("018", notANumber), ("1e", notANumber),
            ("6.9", below), ("-1e999", below), ("28", newer), ("1e10", newer), ("1e999", newer), ("1e9", newer),
            ("19", gap), ("25.99", gap), ("2.5e1", gap),
        ]
        for (version, detail) in cases {
            let found = try #require(thrown { () throws(Problem) in
                try DevicesEndpoints.device(catalog: Self.catalog, id: "iphone-x", orientation: nil, systemVersion: version)
            }, "\(version)")
            #expect(found.status == 422)
            #expect(found.errors.map(\.pointer) == ["/systemVersion"])
            #expect(found.errors.map(\.detail) == [detail], "\(version)")
        }
        for version in ["7", "10.3", "18.6", "26", "27.1", "27.99", "1.8e1"] {
            #expect(throws: Never.self) { try DevicesEndpoints.device(catalog: Self.catalog, id: "iphone-x", orientation: nil, systemVersion: version) }
        }
        let both = try #require(thrown { () throws(Problem) in
            try DevicesEndpoints.emulation(catalog: Self.catalog, id: "iphone-x", orientation: "up", systemVersion: "5", format: .json)
        })
        #expect(both.errors.map(\.pointer) == ["/orientation", "/systemVersion"])
        #expect(both.detail == "2 problems in the request")
    }

    // MARK: GET /devices/{id}/emulation

    @Test func iPhoneXEmulationMatchesTheAPIExample() throws {
        let body = text(try DevicesEndpoints.emulation(catalog: Self.catalog, id: "iphone-x", orientation: nil, systemVersion: nil, format: .json))
        #expect(body == """
            {"device":"iphone-x","orientation":"portrait",\
            "viewport":{"width":375,"height":812,"deviceScaleFactor":3,"isMobile":true,"hasTouch":true},\
            "cdp":{"method":"Emulation.setSafeAreaInsetsOverride",\
            "params":{"insets":{"top":44,"topMax":44,"left":0,"leftMax":0,"bottom":34,"bottomMax":34,"right":0,"rightMax":0}}},\
            "css":":root { --safe-area-inset-top: 44px; --safe-area-inset-right: 0px; --safe-area-inset-bottom: 34px; --safe-area-inset-left: 0px; }"}
            """)
    }

    @Test func emulationAsCSS() throws {
        let css = text(try DevicesEndpoints.emulation(catalog: Self.catalog, id: "iphone-14-pro", orientation: "landscapeRight", systemVersion: nil, format: .css))
        // V4: bottom 20 from 26 (the default 27.1), 21 before (S1).
        #expect(css == ":root { --safe-area-inset-top: 0px; --safe-area-inset-right: 59px; --safe-area-inset-bottom: 20px; --safe-area-inset-left: 59px; }")
        let ios18 = text(try DevicesEndpoints.emulation(catalog: Self.catalog, id: "iphone-14-pro", orientation: "landscapeRight", systemVersion: "18", format: .css))
        #expect(ios18 == ":root { --safe-area-inset-top: 0px; --safe-area-inset-right: 59px; --safe-area-inset-bottom: 21px; --safe-area-inset-left: 59px; }")
    }

    @Test func emulationDefaultsToLandscapeOnAppleTV() throws {
        let body = try object(DevicesEndpoints.emulation(catalog: Self.catalog, id: "apple-tv-hd", orientation: nil, systemVersion: nil, format: .json))
        #expect(body["orientation"] as? String == "landscapeLeft")
        let viewport = try #require(body["viewport"] as? [String: Any])
        #expect(viewport["width"] as? Int == 1920)
        #expect(viewport["deviceScaleFactor"] as? Int == 1)
        #expect(viewport["isMobile"] as? Bool == false)
    }

    @Test func everyDeviceAndOrientationAnswers() throws {
        for device in Self.catalog.devices {
            for orientation in device.orientations {
                let body = try object(DevicesEndpoints.device(catalog: Self.catalog, id: device.id, orientation: orientation.rawValue, systemVersion: nil))
                #expect(body["device"] as? String == device.id)
                _ = try DevicesEndpoints.emulation(catalog: Self.catalog, id: device.id, orientation: orientation.rawValue, systemVersion: "26", format: .json)
            }
        }
    }

    @Test func openAPIDocumentIsEmbedded() {
        #expect(EmbeddedOpenAPI.yaml.hasPrefix("openapi: 3.1.0"))
    }
}
