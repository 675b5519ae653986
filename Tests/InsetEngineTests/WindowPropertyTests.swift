import InsetEngine
import InsetEngineTestSupport
import Testing

private let windowSeeds: [UInt64] = Array(1...40)

/// A random window inside `screen`, at least 200 × 200 (API.md `window.frame`).
private func randomWindow(in screen: Size, _ generator: inout Generator) -> Rect {
    let width = 200 + Double(generator.int(0...Int(screen.width - 200)))
    let height = 200 + Double(generator.int(0...Int(screen.height - 200)))
    let x = Double(generator.int(0...Int(screen.width - width)))
    let y = Double(generator.int(0...Int(screen.height - height)))
    return Rect(x, y, width, height)
}

@Test("properties of windows: a full-screen window answers exactly as no window (W3: it keeps the registry's size classes)", arguments: windowSeeds)
func fullScreenWindowIsNoWindow(seed: UInt64) {
    var hierarchy = RandomHierarchy(seed: seed)
    var request = hierarchy.request()
    let plain = InsetEngine.layout(request)
    request.window = Rect(0, 0, request.environment.screen.width, request.environment.screen.height)
    var windowed = InsetEngine.layout(request)
    // From 26 a window.frame raises caveat V11 (API.md), the full screen's too.
    #expect(windowed.caveats.contains(CaveatSet(.V11)) == (request.systemVersion >= 26))
    windowed.caveats.remove(CaveatSet(.V11))
    #expect(windowed == plain)
    #expect(request.appWindow.sizeClass == request.environment.sizeClass)
}

@Test("properties of windows: a window's insets never exceed the screen's; its explanations still sum (W4)", arguments: windowSeeds)
func windowInsetsStayWithinTheScreens(seed: UInt64) {
    var hierarchy = RandomHierarchy(seed: seed)
    var request = hierarchy.request()
    var generator = Generator(seed: seed &* 7919)
    let screen = request.environment.screen
    let full = InsetEngine.layout(request)
    request.window = randomWindow(in: screen, &generator)
    let windowed = request.windowEnvironment
    let result = InsetEngine.layout(request)
    for edge in Edge.allCases {
        #expect(windowed.windowSafeArea[edge] <= request.environment.windowSafeArea[edge])
        #expect(windowed.windowSafeArea[edge] >= 0)
        #expect(windowed.windowExplain[edge].reduce(0) { $0 + $1.value } == windowed.windowSafeArea[edge])
        // The root view's inset is the window's plus its controller's additional insets.
        if let inWindow = result.nodes[0].safeAreaInsets?[edge], let onScreen = full.nodes[0].safeAreaInsets?[edge] {
            #expect(inWindow <= onScreen, "root \(edge)")
        }
    }
    #expect(result.nodes[0].frame == Rect(0, 0, request.window!.width, request.window!.height))
    for node in result.allStates {
        guard let insets = node.safeAreaInsets, let explain = node.explain else { continue }
        for edge in Edge.allCases {
            #expect(explain[edge].reduce(0) { $0 + $1.value } == insets[edge], "\(node.id) \(edge)")
        }
    }
}
