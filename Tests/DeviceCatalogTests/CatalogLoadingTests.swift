@testable import DeviceCatalog
import Foundation
import InsetEngine
import Testing

@Suite struct CatalogLoadingTests {
    @Test func embeddedRegistryHoldsEveryDevice() throws {
        let catalog = try DeviceCatalog.embedded()
        #expect(EmbeddedDevices.files.count == 51)
        #expect(catalog.devices.count == 51)
        #expect(catalog.devices(family: .iphone).count == 38)
        #expect(catalog.devices(family: .ipad).count == 11)
        #expect(catalog.devices(family: .tv).count == 2)
        #expect(Set(catalog.devices.map(\.id)).count == 51)
        #expect(catalog.devices(family: .ipad).prefix(4).map(\.id) == ["ipad-9-7", "ipad-10-2", "ipad-air-11", "ipad-air-13"])
        #expect(catalog.devices.prefix(3).map(\.id) == ["iphone-8", "iphone-8-plus", "iphone-11"])
        #expect(catalog.devices.last?.id == "apple-tv-hd")
    }

    @Test func embeddedTextIsTheFileText() throws {
        let entry = try #require(EmbeddedDevices.files.first { $0.file == "iphone-x.json" })
        #expect(entry.json.hasPrefix("{\n  \"id\": \"iphone-x\","))
        #expect(entry.json.hasSuffix("}\n"))
    }

    @Test func lookupByID() throws {
        let catalog = try DeviceCatalog.embedded()
        let device = try #require(catalog.device(id: "iphone-14-pro"))
        #expect(device.name == "iPhone 14 Pro")
        #expect(device.sensorHousing == .dynamicIsland)
        #expect(device.sensorHousingSize == Size(width: 126, height: 37.33))
        #expect(device.sensorHousingTop == 11)
        #expect(device.cornerRadius == 55)
        #expect(catalog.device(id: "iphone-99") == nil)
    }

    /// Every notch and Dynamic Island phone says where its housing is; only a notch no
    /// source gives nor derives lacks a size (the picture's fallback band).
    @Test func everyHousingHasItsPlace() throws {
        for device in try DeviceCatalog.embedded().devices {
            #expect((device.sensorHousingTop == nil) == (device.sensorHousing == .none), "\(device.id)")
            if device.sensorHousing == .notch { #expect(device.sensorHousingTop == 0, "\(device.id)") }
            if device.sensorHousing == .dynamicIsland { #expect(device.sensorHousingSize != nil && device.sensorHousingTop! > 0, "\(device.id)") }
        }
        let unsized = try DeviceCatalog.embedded().devices.filter { $0.sensorHousing != .none && $0.sensorHousingSize == nil }.map(\.id)
        #expect(unsized.sorted() == ["iphone-11", "iphone-xr"])
    }

    @Test func everyFigureHasSources() throws {
        for device in try DeviceCatalog.embedded().devices {
            #expect(device.sources.allSatisfy { !$0.sources.isEmpty })
            #expect(device.sources.contains { $0.figure == "safeArea.landscape" })
            #expect(device.overrides.allSatisfy { !$0.sources.isEmpty })
        }
    }

    @Test func disagreeingValuesAreKeptAsAlternatives() throws {
        let catalog = try DeviceCatalog.embedded()
        let x = try #require(catalog.device(id: "iphone-x"))
        #expect(x.alternatives.map(\.value) == [.insets(Insets(top: 0, left: 44, bottom: 24, right: 44))])
        let tv = try #require(catalog.device(id: "apple-tv-4k"))
        #expect(tv.alternatives.first?.value == .insets(Insets(top: 60, left: 90, bottom: 60, right: 90)))
        #expect(tv.safeArea.landscape == Insets(top: 60, left: 80, bottom: 60, right: 80))
    }

    @Test func derivedFiguresAreMarked() throws {
        let catalog = try DeviceCatalog.embedded()
        let pro = try #require(catalog.device(id: "iphone-16-pro"))
        #expect(pro.statusBarHeight == 62)
        #expect(pro.sources.first { $0.figure == "statusBarHeight" }?.sources == ["derived"])
        let ipad = try #require(catalog.device(id: "ipad-pro-11"))
        #expect(ipad.sources.first { $0.figure == "bars.portrait" }?.sources == ["derived"])
    }

    @Test func theDigestFollowsTheFilesBytes() throws {
        let embedded = try DeviceCatalog.embedded()
        let x = try #require(EmbeddedDevices.files.first { $0.file == "iphone-x.json" })
        let one = try DeviceCatalog(files: [x])
        let edited = try DeviceCatalog(files: [(x.file, x.json.replacingOccurrences(of: "\"verified\": \"2026-11-22\"", with: "\"verified\": \"2026-11-23\""))])
        #expect(one.digest != edited.digest)
        #expect(one.digest != embedded.digest)
        #expect(try DeviceCatalog(files: [x]).digest == one.digest)
        #expect(try DeviceCatalog(files: EmbeddedDevices.files.reversed()).digest == embedded.digest)
        #expect(embedded.digest.utf8.count == 16)
        #expect(embedded.digest.allSatisfy { $0.isHexDigit })
    }
}
