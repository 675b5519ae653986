import DeviceCatalog
import InsetEngine
import Testing

/// Model identifiers across the whole registry, and the form they take.
@Suite struct ModelIdentifierTests {
    static let catalog: DeviceCatalog = {
        do { return try DeviceCatalog.embedded() } catch { fatalError("\(error)") }
    }()

    @Test func everyIdentifierIsListedOnceAndResolves() {
        var owners: [String: [String]] = [:]
        for device in Self.catalog.devices {
            for identifier in device.modelIdentifiers { owners[identifier, default: []].append(device.id) }
        }
        #expect(owners.count >= 100)
        for (identifier, devices) in owners {
            #expect(devices.count == 1, "\(identifier) is listed by \(devices)")
            #expect(ModelIdentifier.isWellFormed(identifier), "\(identifier)")
            #expect(Self.catalog.device(modelIdentifier: identifier)?.id == devices.first, "\(identifier)")
            #expect(Self.catalog.device(resolving: identifier)?.id == devices.first, "\(identifier)")
        }
    }

    @Test func idsResolveToThemselves() {
        for (position, device) in Self.catalog.devices.enumerated() {
            #expect(Self.catalog.position(resolving: device.id) == position)
            #expect(Self.catalog.device(modelIdentifier: device.id) == nil)
        }
        #expect(Self.catalog.device(resolving: "iPhone99,9") == nil)
        #expect(Self.catalog.device(resolving: "iphone16,1") == nil)
    }

    @Test func knownIdentifiers() {
        let expected = [
            "iPhone16,1": "iphone-15-pro", "iPhone10,6": "iphone-x", "AppleTV5,3": "apple-tv-hd",
            "iPhone7,2": "iphone-8", "iPhone8,1": "iphone-8", "iPhone9,3": "iphone-8",
            "iPhone7,1": "iphone-8-plus", "iPhone9,4": "iphone-8-plus", "iPod9,1": "iphone-se-1st-gen",
            "iPad11,1": "ipad-9-7", "iPad6,11": "ipad-9-7", "iPad7,3": "ipad-pro-10-5",
            "iPad11,4": "ipad-pro-10-5", "iPad14,10": "ipad-air-13", "iPad16,11": "ipad-air-13", "iPad6,8": "ipad-pro-12-9-2nd-gen",
        ]
        for (identifier, id) in expected {
            #expect(Self.catalog.device(modelIdentifier: identifier)?.id == id, "\(identifier)")
        }
    }

    @Test func theForm() {
        for good in ["iPhone16,1", "iPad13,16", "AppleTV5,3", "iPod9,1", "x1,2"] {
            #expect(ModelIdentifier.isWellFormed(good), "\(good)")
        }
        for bad in ["", "iPhone", "16,1", "iPhone16", "iPhone16,", "iPhone,1", "iPhone16,1,2", "iPhone-16,1", " iPhone16,1", "iPhone16,1 ", "iPhone16.1", "iPhone١٦,1"] {
            #expect(!ModelIdentifier.isWellFormed(bad), "\(bad)")
        }
    }

    @Test func verifiedDates() {
        let added = ["ipad-9-7", "ipad-pro-10-5", "ipad-air-13"]
        for device in Self.catalog.devices {
            #expect(device.verified == (added.contains(device.id) ? "2026-11-26" : "2026-11-22"), "\(device.id)")
            #expect(!device.notes.isEmpty, "\(device.id)")
        }
    }
}
