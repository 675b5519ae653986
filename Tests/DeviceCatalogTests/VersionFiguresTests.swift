import DeviceCatalog
import InsetEngine
import Testing

/// The registry's figures from iOS 26 (RULES.md V3, V4), on every profile they concern, and
/// the figures before 26 they leave alone.
@Suite struct VersionFiguresTests {
    static let catalog: DeviceCatalog = {
        do { return try DeviceCatalog.embedded() } catch { fatalError("\(error)") }
    }()

    func window(_ device: DeviceProfile, _ orientation: Orientation, _ systemVersion: Double) throws -> DisplayEnvironment {
        try device.resolve(orientation: orientation, systemVersion: systemVersion, statusBarHidden: false).environment
    }

    @Test("V4: every iPhone with a home indicator is, in landscape from 26, top 0, sides = the portrait top, bottom 20 (21 before, S1)")
    func iPhoneLandscape() throws {
        let phones = Self.catalog.devices.filter { $0.family == .iphone && $0.homeIndicator }
        #expect(phones.count == 33)
        for phone in phones {
            for version in [11.0, 18, 18.6, 26, 26.5, 27, 27.1] {
                let side = try window(phone, .portrait, version).windowSafeArea.top
                for orientation in [Orientation.landscapeLeft, .landscapeRight] {
                    let expected = Insets(top: 0, left: side, bottom: version >= 26 ? 20 : 21, right: side)
                    #expect(try window(phone, orientation, version).windowSafeArea == expected, "\(phone.id) \(version)")
                }
            }
            // Portrait is unchanged (V4).
            #expect(try window(phone, .portrait, 26).windowSafeArea == window(phone, .portrait, 18).windowSafeArea, "\(phone.id)")
        }
        #expect(try window(Self.catalog.device(id: "iphone-air")!, .portrait, 27.1).windowSafeArea == Insets(top: 68, bottom: 34))
    }

    @Test("V3: iPads with a home indicator are 32/0/25/0 with a 32-pt status bar from 26; home-button devices keep their figures")
    func iPads() throws {
        for device in Self.catalog.devices where device.family != .tv {
            for orientation in device.orientations {
                let before = try window(device, orientation, 18)
                let after = try window(device, orientation, 26)
                if device.family == .ipad && device.homeIndicator {
                    #expect(after.windowSafeArea == Insets(top: 32, bottom: 25), "\(device.id) \(orientation)")
                    #expect(after.statusBarHeight == 32)
                    #expect(after.windowExplain.top == [Contribution(.statusBar, 32)])
                    #expect(before.windowSafeArea.top == 24, "\(device.id)")
                    let hidden = try device.resolve(orientation: orientation, systemVersion: 26, statusBarHidden: true).environment
                    #expect(hidden.windowSafeArea == Insets(top: 0, bottom: 25))
                } else if !device.homeIndicator {
                    #expect(after.windowSafeArea == before.windowSafeArea, "\(device.id) \(orientation)")
                    #expect(after.statusBarHeight == before.statusBarHeight)
                }
            }
        }
    }

    @Test("The devices.md landscape rows V4 contradicts are alternatives, not figures")
    func replacedRowsAreAlternatives() throws {
        let air = try #require(Self.catalog.device(id: "iphone-air"))
        #expect(air.alternatives.contains { $0.figure == "safeArea.landscape" && $0.value == .insets(Insets(top: 20, left: 68, bottom: 29, right: 68)) })
        for id in ["iphone-17", "iphone-17-pro", "iphone-17-pro-max"] {
            let phone = try #require(Self.catalog.device(id: id))
            #expect(phone.alternatives.contains { $0.value == .insets(Insets(top: 20, left: 62, bottom: 20, right: 62)) }, "\(id)")
            #expect(!phone.overrides.contains { $0.safeAreaLandscape?.top == 20 }, "\(id)")
        }
    }
}
