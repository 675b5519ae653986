import DeviceCatalog
import Foundation
import InsetEngine
import InsetAPI
import ServiceKit
import HTTPTypes
import ServiceTestSupport
import MicroHTTP
import Testing

/// `GET /devices?format=playwright` (API.md): Playwright's descriptor shape plus the window's
/// safe area, Safari's user agent per platform and version, its filters and its 422s.
@Suite struct PlaywrightDescriptorsTests {
    static let catalog: DeviceCatalog = {
        do { return try DeviceCatalog.embedded() } catch { fatalError("\(error)") }
    }()

    func answer(_ query: [(String, String)]) throws(Problem) -> RouteResponse {
        try PlaywrightDescriptors.answer(catalog: Self.catalog, query: query.map { QueryItem(name: $0.0, value: $0.1) })
    }

    func descriptors(_ query: [(String, String)]) throws -> [String: [String: Any]] {
        let response = try answer([("format", "playwright")] + query)
        #expect(response.status == 200)
        return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: [String: Any]])
    }

    /// The `userAgent` of the device with registry id `id`, in portrait.
    func userAgent(_ id: String, systemVersion: String) throws -> String {
        let name = try #require(Self.catalog.devices.first { $0.id == id }?.name)
        return try #require(try descriptors([("systemVersion", systemVersion)])[name]?["userAgent"] as? String)
    }

    func problems(_ query: [(String, String)]) -> [FieldProblem] {
        do {
            _ = try answer(query)
            return []
        } catch {
            #expect(error.status == 422)
            return error.errors
        }
    }

    @Test func everyPhoneAndPadInBothOrientationsNoTV() throws {
        let all = try descriptors([])
        let expected = Self.catalog.devices.filter { $0.family != .tv }.flatMap { [$0.name, $0.name + " landscape"] }
        #expect(Set(all.keys) == Set(expected))
        #expect(all.count == expected.count)
        let body = String(decoding: try answer([("format", "playwright")]).body, as: UTF8.self)
        let firstKeys = expected.prefix(2).map { "\"\($0)\":" }
        #expect(body.hasPrefix("{" + firstKeys[0]), "registry order, portrait first")
        #expect(body.range(of: firstKeys[0])!.lowerBound < body.range(of: firstKeys[1])!.lowerBound)
    }

    @Test func descriptorInPlaywrightsShapeWithTheWindowsSafeArea() throws {
        let body = String(decoding: try answer([("format", "playwright"), ("systemVersion", "18.6")]).body, as: UTF8.self)
        let expected = "\"iPhone X landscape\":{\"userAgent\":\"Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1\","
            + "\"viewport\":{\"width\":812,\"height\":375},\"screen\":{\"width\":812,\"height\":375},\"deviceScaleFactor\":3,\"isMobile\":true,\"hasTouch\":true,"
            + "\"defaultBrowserType\":\"webkit\",\"safeAreaInsets\":{\"top\":0,\"left\":44,\"bottom\":21,\"right\":44},\"insetdId\":\"iphone-x\"}"
        #expect(body.contains(expected))
    }

    @Test func safeAreaIsTheOrientationAnswersForEveryDevice() throws {
        for version in ["18", "26"] {
            let all = try descriptors([("systemVersion", version)])
            for device in Self.catalog.devices where device.family != .tv {
                for (orientation, suffix) in [("portrait", ""), ("landscapeLeft", " landscape")] {
                    let profile = try #require(try JSONSerialization.jsonObject(with: Data(DevicesEndpoints.device(
                        catalog: Self.catalog, id: device.id, orientation: orientation, systemVersion: version))) as? [String: Any])
                    let descriptor = try #require(all[device.name + suffix])
                    #expect(descriptor["safeAreaInsets"] as? [String: Double] == profile["safeAreaInsets"] as? [String: Double], "\(device.id) \(orientation) \(version)")
                    #expect(descriptor["viewport"] as? [String: Double] == profile["screen"] as? [String: Double])
                    #expect(descriptor["insetdId"] as? String == device.id)
                }
            }
        }
    }

    @Test func sourcedStringsAsPrinted() throws {
        #expect(try userAgent("iphone-8", systemVersion: "11") == "Mozilla/5.0 (iPhone; CPU iPhone OS 11_0 like Mac OS X) AppleWebKit/604.1.38 (KHTML, like Gecko) Version/11.0 Mobile/15A372 Safari/604.1")
        #expect(try userAgent("iphone-16", systemVersion: "18.6") == "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1")
        #expect(try userAgent("iphone-17-pro", systemVersion: "26.3") == "Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.3 Mobile/15E148 Safari/604.1")
    }

    @Test func derivedStringsFollowTheNearestSourcedOne() throws {
        // 17 lies nearer 18.6 than 13.7: its tokens, the version set to 17.0.
        #expect(try userAgent("iphone-15", systemVersion: "17") == "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1")
        // From 26 the OS token is frozen: 27.1 keeps 26.3's 18_7.
        #expect(try userAgent("iphone-17-pro", systemVersion: "27.1") == "Mozilla/5.0 (iPhone; CPU iPhone OS 18_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/27.1 Mobile/15E148 Safari/604.1")
    }

    @Test func iPadsSendTheMacStringFromIPadOS13() throws {
        let name = "ipad-9-7"
        #expect(try userAgent(name, systemVersion: "12") == "Mozilla/5.0 (iPad; CPU OS 12_0 like Mac OS X) AppleWebKit/604.1.34 (KHTML, like Gecko) Version/12.0 Mobile/15A5341f Safari/604.1")
        #expect(try userAgent(name, systemVersion: "13.1") == "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0.1 Safari/605.1.15")
        #expect(try userAgent(name, systemVersion: "26") == "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Safari/605.1.15")
    }

    @Test func profileNotesSayWhenTheStringIsDerived() throws {
        func notes(_ id: String, _ version: String) throws -> [String] {
            let profile = try #require(try JSONSerialization.jsonObject(with: Data(DevicesEndpoints.device(catalog: Self.catalog, id: id, orientation: nil, systemVersion: version))) as? [String: Any])
            return try #require(profile["notes"] as? [String]).filter { $0.hasPrefix("userAgent") }
        }
        #expect(try notes("iphone-x", "26").isEmpty, "26.0 is sourced")
        let derived = try notes("iphone-x", "27.1")
        #expect(derived.count == 1)
        #expect(derived.first?.contains("derived from Safari's string on iOS 26.3") == true, "\(derived)")
        #expect(try notes("apple-tv-4k", "18").isEmpty, "tvOS has no Safari")
    }

    @Test func familyAndModelFilter() throws {
        let pads = try descriptors([("family", "ipad")])
        #expect(!pads.isEmpty)
        #expect(pads.values.allSatisfy { ($0["insetdId"] as? String)?.hasPrefix("ipad") == true })
        #expect(try descriptors([("family", "tv")]).isEmpty)
        let one = try descriptors([("model", "iPhone16,1")])
        #expect(one.count == 2)
        #expect(one.values.allSatisfy { $0["insetdId"] as? String == "iphone-15-pro" })
    }

    @Test func otherWordsAre422InQueryOrder() {
        #expect(problems([("format", "xml")]).map(\.pointer) == ["/format"])
        #expect(problems([("format", "xml")]).first?.detail == "\"xml\" is not one of playwright")
        #expect(problems([("format", "xml"), ("family", "watch")]).map(\.pointer) == ["/format", "/family"])
        #expect(problems([("family", "watch"), ("format", "xml")]).map(\.pointer) == ["/family", "/format"])
        #expect(problems([("format", "playwright"), ("systemVersion", "x")]).map(\.pointer) == ["/systemVersion"])
    }
}
