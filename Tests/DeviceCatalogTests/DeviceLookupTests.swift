@testable import DeviceCatalog
import InsetEngine
import Testing

/// The registry's look-ups by name, and the window explanations it makes at start-up.
@Suite struct DeviceLookupTests {
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
                        // The very object made at start-up, not an equal one made here.
                        #expect(entry?.explain === environment.sharedWindowExplain, "\(device.id) \(orientation) iOS \(systemVersion) hidden \(hidden)")
                    }
                }
            }
        }
    }
}
