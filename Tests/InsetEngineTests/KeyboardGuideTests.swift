import InsetEngine
import InsetEngineTestSupport
import Testing

/// Keyboard layout guides, RULES.md K1–K3 (sources: ../shared/research/next-rules.md §3).
@Suite struct KeyboardGuideTests {
    private func guide(_ keyboard: Keyboard?, _ options: KeyboardGuideOptions = KeyboardGuideOptions(), frame: Rect? = nil) -> (Rect?, NodeDetails) {
        let view = Node(id: "v", placement: frame.map { .frame($0) } ?? .fill, keyboardLayoutGuide: options)
        var request = LayoutRequest(environment: Device.iPhoneX.environment(), root: .controller("root", subviews: [view]))
        request.keyboard = keyboard
        let result = InsetEngine.layout(request)
        return (result["v"].keyboardLayoutGuide, result["v"])
    }

    @Test func hiddenKeyboardIsTheBottomSafeArea() {
        // K1 (Apple: "height equal to the bottom of the current safeAreaInsets").
        #expect(guide(nil).0 == Rect(0, 778, 375, 34))
        #expect(guide(nil, KeyboardGuideOptions(usesBottomSafeArea: false)).0 == Rect(0, 812, 375, 0))
    }

    @Test func undockedKeyboardNotFollowedIsK1() {
        // K1: an undocked keyboard while the guide does not follow undocked keyboards.
        let floating = Keyboard(frame: Rect(20, 300, 300, 250), docked: false)
        #expect(guide(floating).0 == Rect(0, 778, 375, 34))
    }

    @Test func dockedKeyboardIsTheGuide() {
        // K2: the keyboard's top converted to the view, its bottom the view's bottom.
        #expect(guide(Keyboard(frame: Rect(0, 477, 375, 335))).0 == Rect(0, 477, 375, 335))
        #expect(guide(Keyboard(height: 335, screen: Size(width: 375, height: 812))).0 == Rect(0, 477, 375, 335))
        // Converted: a view starting at y = 100.
        #expect(guide(Keyboard(frame: Rect(0, 477, 375, 335)), frame: Rect(0, 100, 375, 712)).0 == Rect(0, 377, 375, 335))
    }

    @Test func dockedKeyboardIsClampedBetweenK1AndTheViewsTop() {
        // K2: never below where K1 puts it, never above the view's top.
        #expect(guide(Keyboard(frame: Rect(0, 800, 375, 12))).0 == Rect(0, 778, 375, 34))
        #expect(guide(Keyboard(frame: Rect(0, 100, 375, 712)), frame: Rect(0, 300, 375, 200)).0 == Rect(0, 0, 375, 200))
    }

    @Test func followedUndockedKeyboardIsItsFrame() {
        // K3: the keyboard's frame converted to the view.
        let floating = Keyboard(frame: Rect(20, 300, 300, 250), docked: false)
        #expect(guide(floating, KeyboardGuideOptions(followsUndockedKeyboard: true), frame: Rect(10, 100, 300, 600)).0 == Rect(10, 200, 300, 250))
    }

    @Test func theGuideSpansTheViewNotTheKeyboard() {
        // K2: x 0 and the view's width (300, not the keyboard's 375); the bottom is the view's
        // bottom even where the keyboard ends higher.
        #expect(guide(Keyboard(frame: Rect(0, 477, 375, 335)), frame: Rect(10, 100, 300, 600)).0 == Rect(0, 377, 300, 223))
        #expect(guide(Keyboard(frame: Rect(0, 400, 375, 100))).0 == Rect(0, 400, 375, 412))
    }

    @Test func dockedKeyboardWithoutTheBottomSafeArea() {
        // K2 over K1 with usesBottomSafeArea false: K1 is the bottom edge, so a keyboard 12 high
        // is the guide (with the safe area it would be held at 778).
        #expect(guide(Keyboard(frame: Rect(0, 800, 375, 12)), KeyboardGuideOptions(usesBottomSafeArea: false)).0 == Rect(0, 800, 375, 12))
    }

    @Test func aDockedKeyboardIsK2EvenWhenUndockedOnesAreFollowed() {
        // K2: followsUndockedKeyboard does not make a docked keyboard's frame the guide.
        #expect(guide(Keyboard(frame: Rect(0, 800, 375, 12)), KeyboardGuideOptions(followsUndockedKeyboard: true)).0 == Rect(0, 778, 375, 34))
    }

    @Test func keyboardFramesOffTheScreenAreTakenAsGiven() {
        // K: a frame partly or wholly off the screen is taken as given, then K2's clamp applies;
        // a followed undocked keyboard partly off the screen is its frame, unclipped.
        #expect(guide(Keyboard(frame: Rect(0, 700, 375, 335))).0 == Rect(0, 700, 375, 112))
        #expect(guide(Keyboard(frame: Rect(0, 900, 375, 335))).0 == Rect(0, 778, 375, 34))
        let dragged = Keyboard(frame: Rect(-100, 600, 300, 400), docked: false)
        #expect(guide(dragged, KeyboardGuideOptions(followsUndockedKeyboard: true)).0 == Rect(-100, 600, 300, 400))
    }

    @Test func theGuideIsInTheViewsBoundsCoordinates() {
        // K1–K2: a scroll view resting at contentOffset y = −44 reports its guide in its bounds
        // (origin y −44): at rest 768 − 34 = 734; a keyboard at screen y 477 at 433.
        let node = Node(id: "v", kind: .scrollView, scroll: ScrollProperties(contentSize: Size(width: 1, height: 2000)), viewController: ViewController(),
                        keyboardLayoutGuide: KeyboardGuideOptions())
        var request = LayoutRequest(environment: Device.iPhoneX.environment(), root: node)
        #expect(InsetEngine.layout(request)["v"].scroll?.contentOffset == Point(x: 0, y: -44))
        #expect(InsetEngine.layout(request)["v"].keyboardLayoutGuide == Rect(0, 734, 375, 34))
        request.keyboard = Keyboard(frame: Rect(0, 477, 375, 335))
        #expect(InsetEngine.layout(request)["v"].keyboardLayoutGuide == Rect(0, 433, 375, 335))
    }

    @Test func scrollViewsGetNoKeyboardInset() {
        // K: the engine adds no keyboard inset to scroll views.
        let node = Node.controller("root", kind: .scrollView, scroll: ScrollProperties(contentSize: Size(width: 1, height: 2000)))
        var request = LayoutRequest(environment: Device.iPhoneX.environment(), root: node)
        let before = InsetEngine.layout(request)["root"].scroll
        request.keyboard = Keyboard(frame: Rect(0, 477, 375, 335))
        #expect(InsetEngine.layout(request)["root"].scroll == before)
    }

    @Test func rowsGuidesBeyondTheRoomForExtrasAreAllKept() {
        // The pass keeps room for the extras of the nodes that may have them, not rows: a
        // table whose rows all ask for the guide outgrows it (the state's tables copied once).
        func layout(guides: KeyboardGuideOptions?) -> LayoutResult {
            let rows = (0..<9).map { Node(id: "r\($0)", kind: .cell, lists: ListProperties(row: RowProperties()), keyboardLayoutGuide: guides) }
            let table = Node(id: "t", kind: .tableView, scroll: ScrollProperties(contentSize: Size(width: 1, height: 4000), behavior: .never), subviews: rows)
            return InsetEngine.layout(LayoutRequest(environment: Device.iPhoneX.environment(), root: table))
        }
        let result = layout(guides: KeyboardGuideOptions()), without = layout(guides: nil)
        #expect(result["t"].scroll == without["t"].scroll && result["t"].explain == without["t"].explain)
        for index in 0..<9 {
            let row = result["r\(index)"], alone = without["r\(index)"]
            #expect(row.frame == alone.frame && row.safeAreaInsets == alone.safeAreaInsets && row.layoutMargins == alone.layoutMargins && row.explain == alone.explain)
            // K2 without a keyboard: the bottom safe-area region, clamped to the row: its bottom edge.
            #expect(row.keyboardLayoutGuide == Rect(0, 44, 375, 0))
        }
    }
}
