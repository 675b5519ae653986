import DeviceCatalog
import Foundation
import InsetAPI
import ServiceKit
import HTTPTypes
import ServiceTestSupport
import MicroHTTP
import Testing

/// Lookup by model identifier (`?model=`, a model identifier in place of an id) and the
/// `ETag` / `If-None-Match` of `GET /devices`, through the service's routes.
@Suite struct DevicesLookupTests {
    static let catalog: DeviceCatalog = {
        do { return try DeviceCatalog.embedded() } catch { fatalError("\(error)") }
    }()
    static let service = HTTPService(configuration: ServiceConfiguration(accessLog: false), routes: ProductRoutes.all(catalog: catalog))

    func get(_ path: String, _ query: [(String, String)] = [], headers: RawHeaders = RawHeaders(), method: RawMethod = .get) -> RawResponse {
        Self.service.respond(to: RawRequest(method: method, path: path, query: query.map { QueryItem(name: $0.0, value: $0.1) }, headers: headers))
    }

    func ids(_ response: RawResponse) -> [String]? {
        (response.jsonObject?["devices"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
    }

    func pointers(_ response: RawResponse) -> [String]? {
        (response.jsonObject?["errors"] as? [[String: Any]])?.compactMap { $0["pointer"] as? String }
    }

    // MARK: ?model=

    @Test func modelKeepsTheDeviceListingIt() {
        let response = get("/devices", [("model", "iPhone16,1")])
        #expect(response.status == 200)
        #expect(ids(response) == ["iphone-15-pro"])
        #expect(ids(get("/devices", [("model", "iPhone9,3")])) == ["iphone-8"])
        #expect(ids(get("/devices", [("model", "iPad11,2")])) == ["ipad-9-7"])
        #expect(ids(get("/devices", [("model", "AppleTV5,3")])) == ["apple-tv-hd"])
    }

    @Test func modelMatchesExactlyAndMayMatchNothing() {
        for model in ["iphone16,1", "IPHONE16,1", "iPhone16,10", "iPhone99,1", "iPhone016,1"] {
            let response = get("/devices", [("model", model)])
            #expect(response.status == 200, "\(model)")
            #expect(response.text == #"{"devices":[]}"#, "\(model)")
        }
    }

    @Test func modelAndFamilyMustBothHold() {
        #expect(ids(get("/devices", [("family", "iphone"), ("model", "iPhone16,1")])) == ["iphone-15-pro"])
        #expect(ids(get("/devices", [("family", "ipad"), ("model", "iPhone16,1")])) == [])
        #expect(ids(get("/devices", [("family", "ipad"), ("model", "iPad7,4")])) == ["ipad-pro-10-5"])
    }

    @Test func aValueNotOfTheFormIs422AtModel() {
        for model in ["", "iPhone", "16,1", "iPhone16", "iPhone16,1,2", "iphone-15-pro", "iPhone 16,1", "iPhone16,1;", "*"] {
            let response = get("/devices", [("model", model)])
            #expect(response.status == 422, "\(model)")
            #expect(pointers(response) == ["/model"], "\(model)")
            #expect(response.headers["ETag"] == nil, "\(model)")
        }
        let both = get("/devices", [("family", "watch"), ("model", "x")])
        #expect(pointers(both) == ["/family", "/model"])
    }

    @Test func everyIdentifierFindsItsDeviceThroughBothLookups() {
        for device in Self.catalog.devices {
            for identifier in device.modelIdentifiers {
                #expect(ids(get("/devices", [("model", identifier)])) == [device.id], "\(identifier)")
                let profile = get("/devices/\(identifier)")
                #expect(profile.status == 200, "\(identifier)")
                #expect(profile.jsonObject?["id"] as? String == device.id, "\(identifier)")
            }
        }
    }

    // MARK: A model identifier in place of an id

    @Test func profileByModelIdentifierIsTheProfile() throws {
        let byModel = get("/devices/iPhone16,1")
        #expect(byModel.status == 200)
        #expect(byModel.body == get("/devices/iphone-15-pro").body)
        let body = try #require(byModel.jsonObject)
        #expect(body["id"] as? String == "iphone-15-pro")
        #expect((body["modelIdentifiers"] as? [String])?.contains("iPhone16,1") == true)
        #expect(body["statusBarHeight"] as? Int == 54)
    }

    @Test func orientationAndEmulationByModelIdentifier() {
        let landscape = get("/devices/iPhone10,6", [("orientation", "landscapeLeft")])
        #expect(landscape.jsonObject?["device"] as? String == "iphone-x")
        #expect(landscape.body == get("/devices/iphone-x", [("orientation", "landscapeLeft")]).body)
        let emulation = get("/devices/iPad14,10/emulation", [("orientation", "landscapeRight")])
        #expect(emulation.status == 200)
        #expect(emulation.jsonObject?["device"] as? String == "ipad-air-13")
        #expect(emulation.body == get("/devices/ipad-air-13/emulation", [("orientation", "landscapeRight")]).body)
        #expect(get("/devices/iPhone7,2", [("orientation", "portraitUpsideDown")]).status == 200)
    }

    @Test func unknownIdOrIdentifierIs404() {
        for id in ["iPhone99,9", "iphone16,1", "iPhone16,1 ", "ipad-9-8"] {
            let response = get("/devices/\(id)")
            #expect(response.status == 404, "\(id)")
            #expect(response.jsonObject?["type"] as? String == "/problems/not-found")
            #expect(get("/devices/\(id)/emulation").status == 404, "\(id)")
        }
        // API.md "Errors": the unknown-device text, with `suggestion` on the problem object.
        let close = get("/devices/iphone-15pro").jsonObject
        #expect(close?["detail"] as? String == #"unknown device "iphone-15pro"; did you mean "iphone-15-pro"? nearest ids: "iphone-15-pro", "iphone-11-pro", "iphone-12-pro"; GET /devices lists every id"#)
        #expect(close?["suggestion"] as? String == "iphone-15-pro")
        let far = get("/devices/pixel-8/emulation").jsonObject
        #expect(far?["detail"] as? String == #"unknown device "pixel-8"; nearest ids: "iphone-8", "iphone-x", "ipad-9-7"; GET /devices lists every id"#)
        #expect(far?["suggestion"] == nil)
        let long = String(repeating: "x", count: 65)
        #expect(get("/devices/\(long)").jsonObject?["detail"] as? String == "unknown device \"\(long)\"; GET /devices lists every id")
        // Model identifiers are matched exactly and never suggested.
        #expect(get("/devices/iphone16,1").jsonObject?["suggestion"] == nil)
    }

    @Test func queryProblemsFollowTheQueryString() {
        #expect(pointers(get("/devices", [("model", "x"), ("family", "watch")])) == ["/model", "/family"])
        #expect(pointers(get("/devices", [("family", "watch"), ("model", "x")])) == ["/family", "/model"])
        #expect(pointers(get("/devices/iphone-x", [("systemVersion", "1"), ("orientation", "up")])) == ["/systemVersion", "/orientation"])
    }

    // MARK: ETag and If-None-Match

    @Test func theListCarriesAStrongQuotedTag() throws {
        let response = get("/devices")
        let tag = try #require(response.headers["ETag"])
        #expect(tag == "\"\(Self.catalog.digest)\"")
        #expect(tag.utf8.count == 18)
        #expect(!tag.hasPrefix("W/"))
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(get("/devices", [("family", "tv")]).headers["ETag"] == tag)
        #expect(get("/devices", [("model", "iPhone16,1")]).headers["ETag"] == tag)
        #expect(get("/devices", method: .head).headers["ETag"] == tag)
    }

    @Test func ifNoneMatchWithTheTagIs304() throws {
        let full = get("/devices")
        let tag = try #require(full.headers["ETag"])
        for field in [tag, "W/\(tag)", "\"other\", \(tag)", " \(tag) ", "\"a\" ,, W/\(tag)", "*", " * "] {
            let response = get("/devices", headers: ["If-None-Match": field])
            #expect(response.status == 304, "\(field)")
            #expect(response.headers["ETag"] == tag, "\(field)")
            #expect(response.headers["Content-Type"] == nil, "\(field)")
            // libmicrohttpd sends no body with a 304; the bytes it holds set Content-Length to the 200's.
            #expect(response.body == full.body, "\(field)")
        }
        let split: RawHeaders = RawHeaders([RawField(name: "If-None-Match", value: "\"a\""), RawField(name: "if-none-match", value: tag)])
        #expect(get("/devices", headers: split).status == 304)
        #expect(get("/devices", [("family", "ipad")], headers: ["If-None-Match": tag]).status == 304)
        #expect(get("/devices", headers: ["If-None-Match": tag], method: .head).status == 304)
    }

    @Test func ifNoneMatchWithoutTheTagIs200() throws {
        let tag = try #require(get("/devices").headers["ETag"])
        let opaque = String(tag.dropFirst().dropLast())
        let others = [
            "\"other\"", opaque, "\"\(opaque)", "\(tag)x", "W/\"\"", "", "*, \(tag)", "\(tag), *", "\(tag) \"b\"",
            "\(tag), \"a", "\"a\u{7}\", \(tag)", "w/\(tag)",
        ]
        for field in others {
            let response = get("/devices", headers: ["If-None-Match": field])
            #expect(response.status == 200, "\(field)")
            #expect(response.headers["ETag"] == tag, "\(field)")
        }
    }

    @Test func aBadFilterIs422WhateverThePrecondition() throws {
        let tag = try #require(get("/devices").headers["ETag"])
        let response = get("/devices", [("family", "watch")], headers: ["If-None-Match": tag])
        #expect(response.status == 422)
        #expect(pointers(response) == ["/family"])
    }
}
