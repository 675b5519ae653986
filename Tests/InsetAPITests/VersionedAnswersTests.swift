import DeviceCatalog
import Foundation
import InsetEngine
@testable import InsetAPI
import ServiceKit
import ServiceTestSupport
import Testing

/// What the version changes in the device routes (`bars`, `alternatives`) and the matrix
/// (skipped combinations, per-result caveats).
@Suite struct VersionedAnswersTests {
    static let catalog: DeviceCatalog = {
        do { return try DeviceCatalog.embedded() } catch { fatalError("\(error)") }
    }()

    func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    func bars(_ id: String, _ orientation: String, _ version: String?) throws -> [String: Double]? {
        try object(DevicesEndpoints.device(catalog: Self.catalog, id: id, orientation: orientation, systemVersion: version))["bars"] as? [String: Double]
    }

    @Test("GET /devices/{id}: bars per ?systemVersion=, Liquid Glass from 26 (V5–V9)")
    func barsPerVersion() throws {
        #expect(try bars("iphone-x", "portrait", "18") == ["navigationBar": 44, "largeTitleNavigationBar": 96, "toolbar": 44, "tabBar": 49])
        #expect(try bars("iphone-x", "portrait", nil) == ["navigationBar": 54, "largeTitleNavigationBar": 96, "toolbar": 48, "tabBar": 49])
        #expect(try bars("iphone-x", "landscapeLeft", "26") == ["navigationBar": 32, "largeTitleNavigationBar": 32, "toolbar": 32, "tabBar": 32])
        #expect(try bars("iphone-17-pro", "landscapeLeft", "26") == ["navigationBar": 54, "largeTitleNavigationBar": 54, "toolbar": 32, "tabBar": 32])
        #expect(try bars("ipad-pro-11-m4", "portrait", "27.1") == ["navigationBar": 54, "largeTitleNavigationBar": 102, "toolbar": 50, "tabBar": 50])
        #expect(try bars("ipad-pro-11-m4", "portrait", "18") == ["navigationBar": 50, "largeTitleNavigationBar": 102, "toolbar": 50, "tabBar": 50])
        let profile = try object(DevicesEndpoints.device(catalog: Self.catalog, id: "ipad-pro-11-m4", orientation: nil, systemVersion: nil))
        #expect(profile["statusBarHeight"] as? Double == 32)
        let portrait = (profile["orientations"] as? [String: Any])?["portrait"] as? [String: Any]
        #expect(portrait?["safeAreaInsets"] as? [String: Double] == ["top": 32, "left": 0, "bottom": 25, "right": 0])
    }

    @Test("GET /devices/{id}: alternatives in API.md's shape, [] when none; the same on every version")
    func alternatives() throws {
        func list(_ id: String, _ version: String? = nil) throws -> [[String: Any]] {
            try #require(try object(DevicesEndpoints.device(catalog: Self.catalog, id: id, orientation: nil, systemVersion: version))["alternatives"] as? [[String: Any]])
        }
        #expect(try list("iphone-8").isEmpty)
        let air = try list("iphone-air")
        #expect(air.count == 1)
        #expect(air.first?["figure"] as? String == "safeAreaInsets.landscape")
        #expect(air.first?["value"] as? [String: Double] == ["top": 20, "left": 68, "bottom": 29, "right": 68])
        #expect((air.first?["context"] as? String)?.contains("V4") == true)
        #expect((air.first?["sources"] as? [String])?.isEmpty == false)
        #expect(try list("iphone-x", "18").count == list("iphone-x", "27.1").count)
        let text = String(decoding: try DevicesEndpoints.device(catalog: Self.catalog, id: "apple-tv-4k", orientation: nil, systemVersion: nil), as: UTF8.self)
        #expect(text.contains(#""alternatives":[{"figure":"safeAreaInsets.landscape","value":{"top":60,"left":90,"bottom":60,"right":90},"context":"#))
        #expect(text.contains(#"]}],"orientations":{"#))
        // The ?orientation= answer does not carry them.
        #expect(try object(DevicesEndpoints.device(catalog: Self.catalog, id: "iphone-air", orientation: "portrait", systemVersion: nil))["alternatives"] == nil)
    }

    func matrix(_ body: String, fields: String? = nil) throws -> [String: Any] {
        let decoded = try MatrixRequestDecoder(catalog: Self.catalog).decode(Array(body.utf8))
        let format = try MatrixFormat.from(fields: fields, given: fields != nil, type: .json)
        return try object(MatrixAnswer(decoded, format: format).whole())
    }

    @Test("The matrix: designRequiresCompatibility and window.split skip the versions that lack them; each result its caveats")
    func matrixVersions() throws {
        let root = #"{"id": "nav", "viewController": {"kind": "navigation"}, "subviews": [{"id": "content", "viewController": {}}]}"#
        let answer = try matrix(#"{"devices": ["iphone-x", "iphone-17-pro"], "orientations": ["portrait"], "systemVersions": [18, 26, 27.1], "designRequiresCompatibility": true, "root": \#(root)}"#)
        let results = try #require(answer["results"] as? [[String: Any]])
        let skipped = try #require(answer["skipped"] as? [[String: Any]])
        #expect(results.map { "\($0["device"]!) \($0["systemVersion"]!)" } == ["iphone-x 26", "iphone-x 27.1", "iphone-17-pro 26", "iphone-17-pro 27.1"])
        #expect(skipped.map { "\($0["device"]!) \($0["systemVersion"]!)" } == ["iphone-x 18", "iphone-17-pro 18"])
        #expect(skipped.allSatisfy { $0["reason"] as? String == "/designRequiresCompatibility: " + LayoutRules.designBeforeLiquidGlass })
        #expect(results.map { ($0["caveats"] as? [[String: String]])?.map { $0["rule"]! } } == [nil, nil, ["S8"], ["S8"]])

        let glass = try matrix(#"{"devices": ["iphone-x", "iphone-17-pro"], "orientations": ["portrait"], "root": \#(root)}"#, fields: "safeAreaInsets")
        let caveats = (glass["results"] as? [[String: Any]])?.map { ($0["caveats"] as? [[String: String]])?.map { $0["rule"]! } }
        #expect(caveats == [["V6"], nil])

        let split = try matrix(#"{"devices": ["ipad-pro-11"], "orientations": ["landscapeLeft"], "systemVersions": [18, 26], "window": {"split": "oneHalf"}, "root": {"id": "r"}}"#)
        #expect((split["results"] as? [[String: Any]])?.map { $0["systemVersion"] as? Double } == [18])
        #expect((split["skipped"] as? [[String: Any]])?.map { $0["systemVersion"] as? Double } == [26])
        // A version V1 refuses is 422 for the whole request, at its item.
        do throws(Problem) {
            _ = try MatrixRequestDecoder(catalog: Self.catalog).decode(Array(#"{"systemVersions": [18, 20, 30, 5], "root": {"id": "r"}}"#.utf8))
            Issue.record("refused versions were accepted")
        } catch {
            #expect(error.errors.map(\.pointer) == ["/systemVersions/1", "/systemVersions/2", "/systemVersions/3"])
            #expect(error.errors.map(\.detail) == [SystemVersion.Refusal.noSuchRelease, .newerThanLatest, .belowMinimum].map(\.detail))
        }
    }
}
