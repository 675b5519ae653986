import DeviceCatalog
import InsetEngine
import Testing

@Suite struct ResolutionTests {
    static let catalog: DeviceCatalog = {
        do { return try DeviceCatalog.embedded() } catch { fatalError("\(error)") }
    }()

    func resolve(_ id: String, _ orientation: Orientation = .portrait, _ systemVersion: Double = 18, hidden: Bool = false) throws -> DisplayEnvironment {
        try Self.catalog.resolve(id: id, orientation: orientation, systemVersion: systemVersion, statusBarHidden: hidden).environment
    }

    func sources(_ contributions: [Contribution]) -> [InsetSource] { contributions.map(\.source) }

    @Test func everyDeviceResolvesInEverySupportedOrientation() throws {
        for device in Self.catalog.devices {
            for orientation in Orientation.allCases {
                for systemVersion in [13.0, 14, 18, 26] {
                    for hidden in [false, true] {
                        if device.orientations.contains(orientation) {
                            let environment = try device.resolve(orientation: orientation, systemVersion: systemVersion, statusBarHidden: hidden).environment
                            for edge in Edge.allCases {
                                let sum = environment.windowExplain[edge].reduce(0) { $0 + $1.value }
                                #expect(sum == environment.windowSafeArea[edge], "\(device.id) \(orientation) \(edge)")
                            }
                            #expect(environment.windowSafeArea.top + environment.windowSafeArea.bottom < environment.screen.height)
                            #expect(environment.screen.width > environment.screen.height || !orientation.isLandscape)
                        } else {
                            #expect(throws: ResolutionError.unsupportedOrientation(device: device.id, orientation: orientation, supported: device.orientations)) {
                                try device.resolve(orientation: orientation, systemVersion: systemVersion, statusBarHidden: hidden)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The registry resolves a request's device from its plain-values basis (and one flat
    /// array of every device's overrides); the profile resolves through a basis of its own.
    /// Both must give the same environment everywhere, overrides included.
    @Test func theRegistryAndTheProfileResolveAlike() throws {
        var overridden = 0
        for device in Self.catalog.devices {
            for orientation in Orientation.allCases where device.orientations.contains(orientation) {
                for hidden in [false, true] {
                    var seen: Set<DisplayEnvironment> = []
                    for systemVersion in [11.0, 13, 13.9, 14, 15, 17, 18, 25.9, 26, 27] {
                        let registry = try Self.catalog.environment(ofDevice: device.id, orientation: orientation, systemVersion: systemVersion, statusBarHidden: hidden)
                        let profile = try device.environment(orientation: orientation, systemVersion: systemVersion, statusBarHidden: hidden)
                        #expect(registry == profile, "\(device.id) \(orientation) iOS \(systemVersion) hidden \(hidden)")
                        seen.insert(registry)
                    }
                    if !device.overrides.isEmpty, seen.count > 1 { overridden += 1 }
                }
            }
            for orientation in Orientation.allCases where !device.orientations.contains(orientation) {
                #expect(throws: ResolutionError.unsupportedOrientation(device: device.id, orientation: orientation, supported: device.orientations)) {
                    try Self.catalog.environment(ofDevice: device.id, orientation: orientation, systemVersion: 18, statusBarHidden: false)
                }
            }
        }
        // Devices whose overrides change their environment between versions were compared.
        #expect(overridden >= 4)
    }

    @Test func orientationSets() {
        let sets = Dictionary(grouping: Self.catalog.devices, by: \.orientations).mapValues { $0.count }
        #expect(sets[Orientation.allCases] == 5 + 11)
        #expect(sets[[.portrait, .landscapeLeft, .landscapeRight]] == 33)
        #expect(sets[[.landscapeLeft]] == 2)
    }

    @Test func unknownDevice() {
        #expect(throws: ResolutionError.unknownDevice(id: "iphone-99")) {
            try Self.catalog.resolve(id: "iphone-99", orientation: .portrait, systemVersion: 18, statusBarHidden: false)
        }
    }

    @Test func homeButtonIPhone8() throws {
        let portrait = try resolve("iphone-8")
        #expect(portrait.screen == Size(width: 375, height: 667))
        #expect(portrait.windowSafeArea == Insets(top: 20))
        #expect(sources(portrait.windowExplain.top) == [.statusBar])
        #expect(portrait.statusBarHeight == 20)
        #expect(portrait.bars == BarHeights.iPhone(verticalSizeClass: .regular))
        #expect(portrait.systemMinimumLayoutMargins == DirectionalInsets(top: 0, leading: 16, bottom: 0, trailing: 16))
        #expect(try resolve("iphone-8", .portraitUpsideDown) == portrait)
        let landscape = try resolve("iphone-8", .landscapeRight)
        #expect(landscape.screen == Size(width: 667, height: 375))
        #expect(landscape.windowSafeArea == .zero)
        #expect(landscape.statusBarHeight == 0)
        #expect(landscape.sizeClass == SizeClasses(horizontal: .compact, vertical: .compact))
        #expect(landscape.bars?.navigationBar == 32)
        let hidden = try resolve("iphone-8", hidden: true)
        #expect(hidden.windowSafeArea == .zero)
        #expect(hidden.statusBarHeight == 0)
    }

    @Test func notchIPhoneX() throws {
        let portrait = try resolve("iphone-x")
        #expect(portrait.windowSafeArea == Insets(top: 44, bottom: 34))
        #expect(portrait.windowExplain == Explanation(top: [Contribution(.sensorHousing, 44)], bottom: [Contribution(.homeIndicator, 34)]))
        #expect(portrait.statusBarHeight == 44)
        let landscape = try resolve("iphone-x", .landscapeLeft)
        #expect(landscape.screen == Size(width: 812, height: 375))
        #expect(landscape.windowSafeArea == Insets(top: 0, left: 44, bottom: 21, right: 44))
        #expect(landscape.windowExplain == Explanation(left: [Contribution(.sensorHousing, 44)], bottom: [Contribution(.homeIndicator, 21)], right: [Contribution(.sensorHousing, 44)]))
        #expect(landscape.statusBarHeight == 0)
        #expect(landscape.bars == BarHeights(navigationBar: 32, largeTitleNavigationBar: 32, toolbar: 32, tabBar: 32))
        #expect(landscape.systemMinimumLayoutMargins == DirectionalInsets(top: 0, leading: 20, bottom: 0, trailing: 20))
        #expect(try resolve("iphone-x", .landscapeRight) == landscape)
    }

    @Test func miniStatusBarOnIOS14() throws {
        let ios14 = try resolve("iphone-12-mini", .portrait, 14)
        #expect(ios14.windowSafeArea == Insets(top: 50, bottom: 34))
        #expect(ios14.statusBarHeight == 44)
        let ios15 = try resolve("iphone-12-mini", .portrait, 15)
        #expect(ios15.windowSafeArea.top == 50)
        #expect(ios15.statusBarHeight == 50)
        #expect(try resolve("iphone-13-mini", .portrait, 14.8).statusBarHeight == 44)
    }

    @Test func xrBeforeAndFromIOS14() throws {
        let ios13 = try resolve("iphone-xr", .portrait, 13.7)
        #expect(ios13.windowSafeArea == Insets(top: 44, bottom: 34))
        #expect(ios13.statusBarHeight == 44)
        #expect(try resolve("iphone-11", .landscapeLeft, 13).windowSafeArea == Insets(top: 0, left: 44, bottom: 21, right: 44))
        let ios14 = try resolve("iphone-xr", .portrait, 14)
        #expect(ios14.windowSafeArea == Insets(top: 48, bottom: 34))
        #expect(ios14.statusBarHeight == 48)
        #expect(try resolve("iphone-xr", .landscapeLeft).windowSafeArea == Insets(top: 0, left: 48, bottom: 21, right: 48))
    }

    @Test func dynamicIsland14Pro() throws {
        let portrait = try resolve("iphone-14-pro")
        #expect(portrait.screen == Size(width: 393, height: 852))
        #expect(portrait.windowSafeArea == Insets(top: 59, bottom: 34))
        #expect(portrait.statusBarHeight == 54)
        let hidden = try resolve("iphone-14-pro", hidden: true)
        #expect(hidden.windowSafeArea == Insets(top: 59, bottom: 34))
        #expect(sources(hidden.windowExplain.top) == [.sensorHousing])
        #expect(hidden.statusBarHeight == 0)
        #expect(try resolve("iphone-14-pro", .landscapeRight).windowSafeArea == Insets(top: 0, left: 59, bottom: 21, right: 59))
    }

    @Test func iPhone16ProKeepsS1OnEveryVersion() throws {
        #expect(try resolve("iphone-16-pro").windowSafeArea == Insets(top: 62, bottom: 34))
        #expect(try resolve("iphone-16-pro").statusBarHeight == 62)
        #expect(try resolve("iphone-16-pro", .landscapeLeft, 18).windowSafeArea == Insets(top: 0, left: 62, bottom: 21, right: 62))
        #expect(try resolve("iphone-16-pro", .landscapeLeft, 26).windowSafeArea == Insets(top: 0, left: 62, bottom: 20, right: 62))
    }

    @Test func iPhone17BelowAndFrom26() throws {
        #expect(try resolve("iphone-17", .landscapeLeft, 18).windowSafeArea == Insets(top: 0, left: 62, bottom: 21, right: 62))
        let ios26 = try resolve("iphone-17-pro", .landscapeLeft, 26)
        // V4: the devices.md rows (top 20; the Air's bottom 29) are alternatives, not figures.
        #expect(ios26.windowSafeArea == Insets(top: 0, left: 62, bottom: 20, right: 62))
        #expect(ios26.windowExplain.top == [])
        #expect(ios26.statusBarHeight == 0)
        #expect(try resolve("iphone-17-pro-max", .landscapeRight, 26.1).windowSafeArea == Insets(top: 0, left: 62, bottom: 20, right: 62))
        #expect(try resolve("iphone-air", .landscapeLeft, 18.6).windowSafeArea == Insets(top: 0, left: 68, bottom: 21, right: 68))
        #expect(try resolve("iphone-air", .landscapeLeft, 26).windowSafeArea == Insets(top: 0, left: 68, bottom: 20, right: 68))
        #expect(try resolve("iphone-air", .portrait, 26).windowSafeArea == Insets(top: 68, bottom: 34))
    }

    @Test func iPadWithHomeButton() throws {
        let portrait = try resolve("ipad-10-2", .portraitUpsideDown)
        #expect(portrait.screen == Size(width: 810, height: 1080))
        #expect(portrait.windowSafeArea == Insets(top: 20))
        #expect(portrait.statusBarHeight == 20)
        let landscape = try resolve("ipad-10-2", .landscapeLeft)
        #expect(landscape.screen == Size(width: 1080, height: 810))
        #expect(landscape.windowSafeArea == Insets(top: 20))
        #expect(sources(landscape.windowExplain.top) == [.statusBar])
        #expect(landscape.statusBarHeight == 20)
        #expect(landscape.bars == BarHeights.iPad(systemVersion: 18))
        #expect(try resolve("ipad-10-2", .portrait, 11).bars?.navigationBar == 44)
        #expect(try resolve("ipad-10-2", .landscapeLeft, hidden: true).windowSafeArea == .zero)
    }

    /// The screens added for Split View: the 1024×768 and 1112×834 home-button iPads and
    /// the 13-inch Air, in every orientation.
    @Test(arguments: [
        ("ipad-9-7", Size(width: 768, height: 1024), Insets(top: 20), 20.0),
        ("ipad-pro-10-5", Size(width: 834, height: 1112), Insets(top: 20), 20),
        ("ipad-air-13", Size(width: 1024, height: 1366), Insets(top: 24, bottom: 25), 24),
    ])
    func addedIPads(id: String, portraitScreen: Size, safeArea: Insets, statusBar: Double) throws {
        for orientation in Orientation.allCases {
            let environment = try resolve(id, orientation)
            let screen = orientation.isLandscape ? Size(width: portraitScreen.height, height: portraitScreen.width) : portraitScreen
            #expect(environment.screen == screen, "\(id) \(orientation)")
            #expect(environment.windowSafeArea == safeArea, "\(id) \(orientation)")
            #expect(sources(environment.windowExplain.top) == [.statusBar], "\(id) \(orientation)")
            #expect(environment.statusBarHeight == statusBar, "\(id) \(orientation)")
            #expect(environment.sizeClass == SizeClasses(horizontal: .regular, vertical: .regular), "\(id) \(orientation)")
            #expect(environment.bars == BarHeights.iPad(systemVersion: 18), "\(id) \(orientation)")
        }
        let hidden = try resolve(id, .landscapeLeft, hidden: true)
        #expect(hidden.windowSafeArea == Insets(bottom: safeArea.bottom))
        #expect(try resolve(id, .portrait, 11).bars?.navigationBar == 44)
    }

    /// Older phones listed as model identifiers of a profile resolve through it.
    @Test func olderPhonesShareAProfile() throws {
        for (identifier, id) in [("iPhone9,1", "iphone-8"), ("iPhone8,2", "iphone-8-plus"), ("iPod9,1", "iphone-se-1st-gen")] {
            let device = try #require(Self.catalog.device(modelIdentifier: identifier))
            #expect(device.id == id)
            #expect(try device.resolve(orientation: .landscapeLeft, systemVersion: 18, statusBarHidden: false).environment == resolve(id, .landscapeLeft))
        }
    }

    @Test func iPadPro11() throws {
        let landscape = try resolve("ipad-pro-11", .landscapeRight)
        #expect(landscape.screen == Size(width: 1194, height: 834))
        #expect(landscape.windowSafeArea == Insets(top: 24, bottom: 20))
        #expect(landscape.windowExplain == Explanation(top: [Contribution(.statusBar, 24)], bottom: [Contribution(.homeIndicator, 20)]))
        #expect(landscape.statusBarHeight == 24)
        #expect(landscape.sizeClass == SizeClasses(horizontal: .regular, vertical: .regular))
        #expect(landscape.systemMinimumLayoutMargins == DirectionalInsets(top: 0, leading: 20, bottom: 0, trailing: 20))
        let hidden = try resolve("ipad-pro-11", hidden: true)
        #expect(hidden.windowSafeArea == Insets(bottom: 20))
        #expect(hidden.statusBarHeight == 0)
    }

    @Test func appleTV() throws {
        let tv = try resolve("apple-tv-4k", .landscapeLeft)
        #expect(tv.family == .tv)
        #expect(tv.screen == Size(width: 1920, height: 1080))
        #expect(tv.windowSafeArea == Insets(top: 60, left: 80, bottom: 60, right: 80))
        #expect(tv.windowExplain.top == [Contribution(.overscan, 60)])
        #expect(tv.windowExplain.left == [Contribution(.overscan, 80)])
        #expect(tv.statusBarHeight == 0)
        #expect(tv.bars == nil)
        #expect(tv.systemMinimumLayoutMargins == .zero)
        #expect(try resolve("apple-tv-hd", .landscapeLeft, hidden: true) == tv)
        #expect(throws: ResolutionError.self) { try resolve("apple-tv-hd", .portrait) }
    }
}
