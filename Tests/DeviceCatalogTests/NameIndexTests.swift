@testable import DeviceCatalog
import InsetEngine
import Testing

@Suite struct NameIndexTests {
    static let catalog: DeviceCatalog = {
        do { return try DeviceCatalog.embedded() } catch { fatalError("\(error)") }
    }()

    @Test func everyIdAndModelIdentifierFindsItsDevice() {
        for (position, device) in Self.catalog.devices.enumerated() {
            #expect(Self.catalog.position(of: device.id) == position, "\(device.id)")
            for identifier in device.modelIdentifiers {
                #expect(Self.catalog.position(resolving: identifier) == position, "\(identifier)")
                #expect(Self.catalog.position(of: identifier) == nil, "\(identifier) is no id")
            }
        }
    }

    /// Names of a stored name's length, prefixes and extensions of it: found only by its
    /// own bytes.
    @Test func nearMissesAreNotFound() {
        let index = NameIndex([("iphone-15-pro", 0), ("iphone-15-pro-max", 1), ("tv", 2), ("iphone-16-pro", 3)])
        #expect(index.position(of: "iphone-15-pro") == 0)
        #expect(index.position(of: "iphone-15-pro-max") == 1)
        #expect(index.position(of: "tv") == 2)
        #expect(index.position(of: "iphone-16-pro") == 3)
        for miss in ["", "t", "tw", "tvs", "iphone-15-prO", "iphone-15-pr", "iphone-15-pro-", "iphone-15-pro-maxi", "iphone-17-pro"] {
            #expect(index.position(of: miss) == nil, "\(miss)")
        }
    }

    /// Many names in a small table: probing past collisions finds each one.
    @Test func collisionsAreProbedPast() {
        let names = (0..<300).map { "device-\($0)" }
        let index = NameIndex(names.enumerated().map { ($1, $0) })
        for (position, name) in names.enumerated() { #expect(index.position(of: name) == position) }
        #expect(index.position(of: "device-300") == nil)
    }

    /// Every environment the registry resolves takes its window explanation from the ones
    /// made at start-up (none is made per call).
    @Test func everyWindowSafeAreaHasItsExplanationMade() throws {
        for (position, device) in Self.catalog.devices.enumerated() {
            let made = Self.catalog.bases[position].explanations.map { Self.catalog.explanations[$0] }
            for orientation in device.orientations {
                for hidden in [false, true] {
                    for systemVersion in [11.0, 13, 14, 15, 17, 18, 26, 27] {
                        let environment = try Self.catalog.environment(ofDevice: device.id, orientation: orientation, systemVersion: systemVersion, statusBarHidden: hidden)
                        let entry = made.first { $0.insets == environment.windowSafeArea }
                        #expect(entry?.explain == environment.windowExplain, "\(device.id) \(orientation) iOS \(systemVersion) hidden \(hidden)")
                    }
                }
            }
        }
    }
}
