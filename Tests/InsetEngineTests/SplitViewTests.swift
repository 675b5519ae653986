import InsetEngine
import Testing
import InsetEngineTestSupport

private func pro11Landscape() -> DisplayEnvironment { Device.iPadPro11.environment(.landscapeLeft) }

private func split(_ controller: ViewController = ViewController(kind: .split), primary: Node = .controller("primary"), secondary: Node = .controller("secondary"), extra: [Node] = []) -> Node {
    Node(id: "split", viewController: controller, subviews: extra + [primary, secondary])
}

private func splitLayout(on environment: DisplayEnvironment = pro11Landscape(), systemVersion: Double = 18, direction: LayoutDirection = .leftToRight, _ root: Node) -> LayoutResult {
    InsetEngine.layout(LayoutRequest(environment: environment, systemVersion: systemVersion, layoutDirection: direction, root: root))
}

private func style(_ style: SplitViewStyle, width: Double = 320) -> ViewController {
    var controller = ViewController(kind: .split)
    controller.splitStyle = style
    controller.preferredPrimaryColumnWidth = width
    return controller
}

/// RULES.md "Split view controller (SV1–SV3)"; sources: next-rules.md §4.1–4.4 (useyourloaf:
/// maximum primary width 320; CalendarKit #320, qanswer.space, LNPopupController #390: the
/// 100-pt buffer; Apple forum thread 832918: the iOS 26 secondary).
@Suite struct SplitViewTests {
    @Test("SV: the first subview with a view controller is the primary, the second the secondary; others are plain views")
    func columnsAreTheControllerSubviews() {
        let result = splitLayout(split(style(.classic), extra: [.view("backdrop", frame: Rect(5, 5, 10, 10))]))
        #expect(result["backdrop"].frame == Rect(5, 5, 10, 10))
        #expect(result["primary"].frame == Rect(0, 0, 320, 834))
        #expect(result["secondary"].frame == Rect(320, 0, 874, 834))
    }

    @Test("SV classic: the primary preferredPrimaryColumnWidth wide at x = 0, clamped to the split view; the secondary fills the rest (§4.4 case 3)")
    func classicColumns() {
        let wide = splitLayout(split(style(.classic, width: 500)))
        #expect(wide["primary"].frame == Rect(0, 0, 500, 834))
        #expect(wide["secondary"].frame == Rect(500, 0, 694, 834))
        let clamped = splitLayout(split(style(.classic, width: 5000)))
        #expect(clamped["primary"].frame == Rect(0, 0, 1194, 834))
        #expect(clamped["secondary"].frame == Rect(1194, 0, 0, 834))
    }

    @Test("SV: classic is the only style below systemVersion 14, doubleColumn the default from 14")
    func defaultStyles() {
        #expect(splitLayout(systemVersion: 13, split())["primary"].frame == Rect(0, 0, 320, 834))
        #expect(splitLayout(systemVersion: 14, split())["primary"].frame == Rect(-100, 0, 420, 834))
    }

    @Test("SV doubleColumn: the primary's view is 100 pt wider and starts 100 pt off the leading edge, offset +100 (CalendarKit #320, LNPopupController #390)")
    func doubleColumnBuffer() {
        let result = splitLayout(split())
        #expect(result["primary"].frame == Rect(-100, 0, 420, 834))
        #expect(result["primary"].safeAreaInsets == Insets(24, 100, 20, 0))
        #expect(result["primary"].explain?.entries(.left) == ["offset 100"])
        #expect(result["primary"].layoutMarginsGuide == Rect(120, 24, 280, 790))
        #expect(result["secondary"].frame == Rect(320, 0, 874, 834))
    }

    @Test("SV: the columns are S5 against the split view, no cap: the primary keeps the left inset, the secondary loses it by S3 (§4.4 case 5)")
    func columnsAgainstTheSplitView() {
        let phone = Device.iPhoneX.environment(.landscapeLeft)
        let result = splitLayout(on: phone, split(style(.classic)))
        #expect(result["primary"].safeAreaInsets == Insets(0, 44, 21, 0))
        #expect(result["secondary"].safeAreaInsets == Insets(0, 0, 21, 44))
        #expect(result["secondary"].explain?.entries(.left) == ["sensorHousing 44", "offset -44"])
        let double = splitLayout(on: phone, split())
        #expect(double["primary"].safeAreaInsets == Insets(0, 144, 21, 0))
        #expect(double["primary"].explain?.entries(.left) == ["sensorHousing 44", "offset 100"])
    }

    @Test("SV: a navigation controller in a column lays out its bars inside that column (S7)")
    func navigationInAColumn() {
        let result = splitLayout(split(primary: .navigation("primaryNav", content: .controller("list")),
                                       secondary: .navigation("detailNav", content: .controller("detail"))))
        #expect(result["primaryNav"].bars?.navigationBar == Rect(0, 24, 420, 50))
        #expect(result["list"].safeAreaInsets == Insets(74, 100, 20, 0))
        #expect(result["detailNav"].bars?.navigationBar == Rect(0, 24, 874, 50))
        #expect(result["detail"].explain?.entries(.top) == ["statusBar 24", "navigationBar 50"])
    }

    @Test("SV: the split has no bars (only the root's status bar); the columns' edgesForExtendedLayout has no effect, below 11 too")
    func noBarsNoExtendedLayout() {
        let columns = ViewController(edgesForExtendedLayout: [])
        for version in [10.0, 18] {
            let result = splitLayout(systemVersion: version, split(style(.classic), primary: .controller("primary", columns), secondary: .controller("secondary", columns)))
            #expect(result["split"].bars == BarFrames(statusBar: Rect(0, 0, 1194, 24)))
            #expect(result["primary"].frame == Rect(0, 0, 320, 834))
            #expect(result["secondary"].frame == Rect(320, 0, 874, 834))
        }
    }

    @Test("SV: as a container's content, the split view controller's own properties are consulted (S7 nested containers)")
    func splitAsContent() {
        var controller = style(.classic)
        controller.edgesForExtendedLayout = []
        let result = splitLayout(.tabBar("tabs", content: split(controller)))
        // The split itself does not extend under the tab bar: it ends at the bar's top.
        #expect(result["split"].frame == Rect(0, 0, 1194, 834 - 20 - 50))
        #expect(result["split"].safeAreaInsets == Insets(24, 0, 0, 0))
    }

    @Test("SV: in rightToLeft the columns mirror; the doubleColumn primary reaches 100 pt past the right edge")
    func rightToLeft() {
        let result = splitLayout(direction: .rightToLeft, split())
        #expect(result["primary"].frame == Rect(874, 0, 420, 834))
        #expect(result["primary"].safeAreaInsets == Insets(24, 0, 20, 100))
        #expect(result["primary"].explain?.entries(.right) == ["offset 100"])
        #expect(result["secondary"].frame == Rect(0, 0, 874, 834))
    }

    @Test("SV from 26, doubleColumn: the secondary spans under the primary, its leading inset + the primary's width as primaryColumn (forum thread 832918)")
    func iOS26Secondary() {
        let result = splitLayout(systemVersion: 26, split())
        #expect(result["primary"].frame == Rect(-100, 0, 420, 834))
        #expect(result["secondary"].frame == Rect(0, 0, 1194, 834))
        #expect(result["secondary"].safeAreaInsets == Insets(24, 320, 20, 0))
        #expect(result["secondary"].explain?.entries(.left) == ["primaryColumn 320"])
        let rtl = splitLayout(systemVersion: 26, direction: .rightToLeft, split())
        #expect(rtl["secondary"].safeAreaInsets == Insets(24, 0, 20, 320))
        // classic stays as below 26.
        let classic = splitLayout(systemVersion: 26, split(style(.classic)))
        #expect(classic["secondary"].frame == Rect(320, 0, 874, 834))
        #expect(classic["secondary"].safeAreaInsets == Insets(24, 0, 20, 0))
    }
}
