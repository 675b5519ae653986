import InsetEngine
import Testing
import InsetEngineTestSupport

/// The iPad Pro 12.9" (2nd generation) of next-rules.md §4.3: 1024 × 1366, status bar 20,
/// no home indicator.
private func iPadPro129(_ orientation: Orientation = .landscapeLeft, statusBarHidden: Bool = false) -> DisplayEnvironment {
    let screen = orientation.isLandscape ? Size(width: 1366, height: 1024) : Size(width: 1024, height: 1366)
    let top: Double = statusBarHidden ? 0 : 20
    let sizeClass = SizeClasses(horizontal: .regular, vertical: .regular)
    return DisplayEnvironment(
        family: .ipad, screen: screen, windowSafeArea: Insets(top: top),
        windowExplain: Explanation(top: top > 0 ? [Contribution(.statusBar, top)] : []),
        statusBarHeight: top, sizeClass: sizeClass, bars: .iPad(systemVersion: 18),
        systemMinimumLayoutMargins: DisplayEnvironment.systemMinimumLayoutMargins(family: .ipad, screenWidth: screen.width, sizeClass: sizeClass)
    )
}

private func layout(_ environment: DisplayEnvironment, window: Rect? = nil, systemVersion: Double = 18, direction: LayoutDirection = .leftToRight, _ root: Node) -> LayoutResult {
    var request = LayoutRequest(environment: environment, systemVersion: systemVersion, layoutDirection: direction, root: root)
    request.window = window
    return InsetEngine.layout(request)
}

private func preset(_ preset: SplitViewPreset, _ environment: DisplayEnvironment, side: WindowSide = .leading) -> Rect? {
    WindowRules.frame(of: preset, side: side, screen: environment.screen)
}

/// RULES.md "Windows (W1–W4)"; sources: next-rules.md §4 (Apple's multitasking guide,
/// pointfreeco and lunij swift-snapshot-testing tables, jazzychad's size classes).
@Suite struct WindowTests {
    @Test("W1: the root view fills the window; frameInWindow is in window coordinates (next-rules §4.2 W1)")
    func rulesRunAgainstTheWindow() {
        let window = Rect(300, 0, 500, 1024)
        let result = layout(iPadPro129(), window: window, .controller("root", subviews: [.view("card", frame: Rect(10, 30, 100, 100))]))
        #expect(result["root"].frame == Rect(0, 0, 500, 1024))
        #expect(result["root"].frameInWindow == Rect(0, 0, 500, 1024))
        #expect(result["card"].frameInWindow == Rect(10, 30, 100, 100))
        #expect(result.screen == Size(width: 1366, height: 1024))
    }

    @Test("W1: size classes and the system minimum margins come from the window (pointfreeco 375 compact → 16)")
    func sizeClassAndMarginsFromTheWindow() {
        let environment = iPadPro129()
        var request = LayoutRequest(environment: environment, root: .controller("root"))
        request.window = preset(.oneThird, environment)
        #expect(request.appWindow == AppWindow(frame: Rect(0, 0, 375, 1024), sizeClass: SizeClasses(horizontal: .compact, vertical: .regular)))
        #expect(InsetEngine.layout(request)["root"].layoutMargins == Insets(20, 16, 0, 16))
    }

    @Test("W2: Split View widths with a 10-pt divider (pointfreeco View.swift, lunij DeviceProfile+iPad: §4.3 table)")
    func splitViewWidths() {
        let table: [(Size, [Double?])] = [
            (Size(width: 1024, height: 768), [320, 507, 694]), (Size(width: 768, height: 1024), [320, nil, 438]),
            (Size(width: 1080, height: 810), [320, 535, 750]), (Size(width: 810, height: 1080), [320, nil, 480]),
            (Size(width: 1112, height: 834), [320, 551, 782]), (Size(width: 834, height: 1112), [320, nil, 504]),
            (Size(width: 1194, height: 834), [375, 592, 809]), (Size(width: 834, height: 1194), [320, nil, 504]),
            (Size(width: 1366, height: 1024), [375, 678, 981]), (Size(width: 1024, height: 1366), [375, nil, 639]),
        ]
        for (screen, widths) in table {
            #expect(SplitViewPreset.allCases.map { WindowRules.width(of: $0, screen: screen) } == widths, "\(screen)")
        }
    }

    @Test("W2: leading at x = 0, trailing flush with the screen's right edge; the screen's height")
    func splitViewSides() {
        let environment = iPadPro129()
        #expect(preset(.twoThirds, environment) == Rect(0, 0, 981, 1024))
        #expect(preset(.oneThird, environment, side: .trailing) == Rect(991, 0, 375, 1024))
    }

    @Test("W4: the safe area is the overlap with the screen's inset bands, with the screen's sources (snapshot libraries keep the insets)")
    func safeAreaIsTheOverlap() {
        let pro11 = Device.iPadPro11.environment(.landscapeLeft)
        let split = layout(pro11, window: preset(.oneHalf, pro11), .controller("root"))
        #expect(split["root"].safeAreaInsets == Insets(24, 0, 20, 0))
        #expect(split["root"].explain?.entries(.top) == ["statusBar 24"])
        #expect(split["root"].explain?.entries(.bottom) == ["homeIndicator 20"])
        // A free window part-way into the bands: 24 − 10 at the top, 20 − (834 − 824) at the bottom.
        let free = layout(pro11, window: Rect(100, 10, 600, 814), .controller("root"))
        #expect(free["root"].safeAreaInsets == Insets(14, 0, 10, 0))
        #expect(free["root"].explain?.entries(.top) == ["statusBar 14"])
        // Below the status bar and above the home indicator: no inset at all.
        let inside = layout(pro11, window: Rect(100, 100, 600, 600), .controller("root"))
        #expect(inside["root"].safeAreaInsets == .zero)
        #expect(inside["root"].bars == nil)
    }

    @Test("W4: statusBarHidden removes the status-bar inset before the overlap (S2: an iPad's top inset is its status bar)")
    func statusBarHiddenInAWindow() {
        let hidden = iPadPro129(statusBarHidden: true)
        let result = layout(hidden, window: preset(.oneThird, hidden), .controller("root"))
        #expect(result["root"].safeAreaInsets == .zero)
        #expect(result["root"].bars == nil)
    }

    @Test("API.md: the root's bars.statusBar is the part of the status bar over the window, in window coordinates")
    func statusBarOverTheWindow() {
        let result = layout(iPadPro129(), window: Rect(400, 8, 500, 500), .controller("root"))
        #expect(result["root"].bars?.statusBar == Rect(0, 0, 500, 12))
    }

    @Test("W3: horizontal regular iff at least 640 pt wide (lunij regularWidth; pointfreeco 639 compact, 678 regular); vertical regular")
    func windowSizeClasses() {
        #expect(WindowRules.sizeClass(ofWidth: 639) == SizeClasses(horizontal: .compact, vertical: .regular))
        #expect(WindowRules.sizeClass(ofWidth: 640) == SizeClasses(horizontal: .regular, vertical: .regular))
        #expect(WindowRules.sizeClass(ofWidth: 678) == SizeClasses(horizontal: .regular, vertical: .regular))
        // A full-screen window keeps the registry's.
        let phone = Device.iPhoneX.environment(.landscapeLeft)
        #expect(phone.windowed(Rect(0, 0, 812, 375)) == phone)
    }

    @Test("W3: the system minimum margins keep M's width rule: a compact 504-pt window gets 20, a 320-pt one 16 (next-rules §4.2 W5)")
    func minimumMarginsInNarrowWindows() {
        let portrait = Device.iPadPro11.environment(.portrait)
        #expect(portrait.windowed(Rect(0, 0, 504, 1194)).systemMinimumLayoutMargins == DirectionalInsets(top: 0, leading: 20, bottom: 0, trailing: 20))
        #expect(portrait.windowed(Rect(0, 0, 320, 1194)).systemMinimumLayoutMargins == DirectionalInsets(top: 0, leading: 16, bottom: 0, trailing: 16))
    }

    @Test("W3: bar heights keep the iPad figures at every width (S7: 50 from systemVersion 12)")
    func barsInANarrowWindow() {
        let environment = iPadPro129()
        let result = layout(environment, window: preset(.oneThird, environment), .navigation("nav", content: .controller("content")))
        #expect(result["content"].safeAreaInsets == Insets(70, 0, 0, 0))
        #expect(result["nav"].bars?.navigationBar == Rect(0, 20, 375, 50))
    }
}
