import InsetEngine
import Testing

/// A table view controller's table (the root view) with `rows`.
private func table(_ properties: TableProperties = TableProperties(), scroll: ScrollProperties = ScrollProperties(contentSize: Size(width: 1, height: 4000)), rows: [Node]) -> Node {
    Node(id: "table", kind: .tableView, scroll: scroll, viewController: ViewController(), lists: ListProperties(table: properties), subviews: rows)
}

/// A row of `kind`.
private func row(_ id: String, _ kind: ViewKind = .cell, y: Double? = nil, height: Double = 44, separator: SeparatorInset? = nil, subviews: [Node] = []) -> Node {
    Node(id: id, kind: kind, lists: ListProperties(row: RowProperties(y: y, height: height, separatorInset: separator)), subviews: subviews)
}

/// Table views, RULES.md T1–T5 (sources: ../shared/research/next-rules.md §1).
@Suite struct TableRowTests {
    // T2
    @Test func plainRowsSpanTheTableAndStack() {
        // T2: plain and grouped at x = 0 across the table's full width; y stacked by default (API.md).
        for style in [TableStyle.plain, .grouped] {
            let result = layout(.iPhone8, table(TableProperties(style: style), rows: [row("h", .sectionHeader, height: 30), row("a"), row("b", y: 200, height: 60), row("c")]))
            #expect(result["h"].frame == Rect(0, 0, 375, 30))
            #expect(result["a"].frame == Rect(0, 30, 375, 44))
            #expect(result["b"].frame == Rect(0, 200, 375, 60))
            #expect(result["c"].frame == Rect(0, 260, 375, 44))
        }
    }

    @Test func insetGroupedRowsSitOnTheTablesMargins() {
        // T2 (TOInsetGroupedTableView, §1.4 case 3): x = the table's left margin, width less both.
        let result = layout(.iPhoneX, table(TableProperties(style: .insetGrouped), rows: [row("c")]), orientation: .landscapeLeft)
        #expect(result["c"].frame == Rect(64, 0, 684, 44))
    }

    @Test func insetGroupedRowsFollowAHorizontalOffset() {
        // T2: guides at the resting offset; with contentOffset x = −a the row's x is M.left − a.
        let scroll = ScrollProperties(contentSize: Size(width: 1, height: 4000), contentInset: Insets(0, 30, 0, 0), behavior: .never)
        let result = layout(.iPhone8, table(TableProperties(style: .insetGrouped), scroll: scroll, rows: [row("c")]))
        #expect(result["table"].scroll?.contentOffset.x == -30)
        #expect(result["c"].frame.x == 16 - 30)
    }

    // T1
    @Test func theContentViewAvoidsTheNotch() {
        // T1 (insetsContentViewsToSafeArea doc; §1.4 case 1): (SA.left, 0, width − SA.left − SA.right, height).
        let result = layout(.iPhoneX, table(rows: [row("c")]), orientation: .landscapeLeft)
        #expect(result["c"].safeAreaInsets == Insets(0, 44, 0, 44))
        #expect(result["c"].lists?.contentView?.frame == Rect(44, 0, 724, 44))
        #expect(result["c"].lists?.contentView?.safeAreaInsets == .zero)
    }

    @Test func withoutInsettingTheContentViewIsTheRowsBounds() {
        // T1: without insetsContentViewsToSafeArea, or below 11, the row's bounds.
        let off = layout(.iPhoneX, table(TableProperties(insetsContentViewsToSafeArea: false), rows: [row("c")]), orientation: .landscapeLeft)
        #expect(off["c"].lists?.contentView?.frame == Rect(0, 0, 812, 44))
        #expect(off["c"].lists?.contentView?.safeAreaInsets == Insets(0, 44, 0, 44))
        let legacy = layout(.iPhoneX, table(rows: [row("c")]), orientation: .landscapeLeft, systemVersion: 10)
        #expect(legacy["c"].lists?.contentView?.frame == Rect(0, 0, 812, 44))
        #expect(legacy["c"].lists?.contentView?.safeAreaInsets == nil)
    }

    @Test func aRowsSubviewsLiveInItsContentView() {
        // T1: a row's subviews' frames are in the content view's coordinates; frameInWindow the window's;
        // explain still sums to the inset.
        let label = Node(id: "label", placement: .pin(.layoutMargins))
        let result = layout(.iPhoneX, table(rows: [row("c", subviews: [label, .view("edge", frame: Rect(-44, 0, 100, 44))])]), orientation: .landscapeLeft)
        #expect(result["label"].frame == Rect(20, 8, 684, 28))
        #expect(result["label"].frameInWindow == Rect(64, 8, 684, 28))
        // S3 with the S4 cap against the content view (inset 0 on the left): an overhang adds nothing.
        #expect(result["edge"].safeAreaInsets == .zero)
        #expect(result["edge"].explain?.entries(.left) == ["sensorHousing 44", "offset -44"])
        for id in ["label", "edge"] {
            let node = result[id]
            for edge in Edge.allCases {
                #expect(node.explain![edge].reduce(0) { $0 + $1.value } == node.safeAreaInsets![edge], "\(id) \(edge)")
            }
        }
    }

    // T3
    @Test func plainRowsHaveTheTablesHorizontalMargins() {
        // T3: left = guide.minX − row.minX, right = row.maxX − guide.maxX; vertically 8 + the row's SA.
        let result = layout(.iPhoneX, table(rows: [row("c")]), orientation: .landscapeLeft)
        #expect(result["c"].layoutMargins == Insets(8, 64, 8, 64))
    }

    @Test func insetGroupedRowsHaveTheSystemMinimumPlusTheirSafeArea() {
        // T3: an insetGrouped row's margins are the window's system minimum plus its own safe area.
        let result = layout(.iPhoneX, table(TableProperties(style: .insetGrouped), rows: [row("c")]), orientation: .landscapeLeft)
        #expect(result["c"].safeAreaInsets == .zero)
        #expect(result["c"].layoutMargins == Insets(8, 20, 8, 20))
        let portrait = layout(.iPhone8, table(TableProperties(style: .insetGrouped), rows: [row("c")]), systemVersion: 13)
        #expect(portrait["c"].layoutMargins == Insets(8, 16, 8, 16))
    }

    @Test func rowsVerticalMarginsAreThePlainViewDefault() {
        // T3: vertically the plain-view default (8; 0 from 27.1) plus the row's safe-area top and bottom.
        let scroll = ScrollProperties(contentSize: Size(width: 1, height: 4000), behavior: .never)
        let result = layout(.iPhoneX, table(scroll: scroll, rows: [row("c")]))
        #expect(result["c"].layoutMargins.top == 8 + 44)
        let newer = layout(.iPhoneX, table(scroll: scroll, rows: [row("c")]), systemVersion: 27.1)
        #expect(newer["c"].layoutMargins.top == 44)
    }

    @Test func theContentViewsMarginsAreTheRowsLessItsOffset() {
        // T3: the content view's margins are the row's less its offset inside the row.
        let result = layout(.iPhoneX, table(rows: [row("c")]), orientation: .landscapeLeft)
        #expect(result["c"].lists?.contentView?.layoutMargins == Insets(8, 20, 8, 20))
        #expect(result["c"].lists?.contentView?.layoutMarginsGuide == Rect(20, 8, 684, 28))
    }

    // T4
    @Test func readableWidthRowsByVersion() {
        // T4 (useyourloaf; §6.3): true below 12 (readable 672 centred in the margins guide), false from 12.
        let eleven = layout(.iPadPro11, table(rows: [row("c")]), systemVersion: 11)
        #expect(eleven["c"].layoutMargins == Insets(8, 81, 8, 81))
        let twelve = layout(.iPadPro11, table(rows: [row("c")]), systemVersion: 12)
        #expect(twelve["c"].layoutMargins == Insets(8, 20, 8, 20))
        let asked = layout(.iPadPro11, table(TableProperties(cellLayoutMarginsFollowReadableWidth: true), rows: [row("c")]), systemVersion: 12)
        #expect(asked["c"].layoutMargins == Insets(8, 81, 8, 81))
    }

    @Test func readableWidthWinsOverInsetGroupedMinimum() {
        // T4: for insetGrouped rows at their T2 place the readable guide wins when the flag is true.
        let result = layout(.iPadPro11, table(TableProperties(style: .insetGrouped, cellLayoutMarginsFollowReadableWidth: true), rows: [row("c")]))
        #expect(result["c"].frame == Rect(20, 0, 794, 44))
        #expect(result["c"].layoutMargins == Insets(8, 61, 8, 61))
    }

    // T5
    @Test func defaultSeparatorByDevice() {
        // T5: left = the cell's left margin; right 0 on iPhone, the right margin on iPad, 0 on tvOS.
        #expect(layout(.iPhoneX, table(rows: [row("c")]), orientation: .landscapeLeft)["c"].lists?.separatorInset == SeparatorInset(left: 64, right: 0))
        #expect(layout(.iPadPro11, table(rows: [row("c")]))["c"].lists?.separatorInset == SeparatorInset(left: 20, right: 20))
        let tv = layout(.appleTV, table(rows: [row("c")]))
        #expect(tv["c"].lists?.separatorInset?.right == 0)
        // Headers and footers have no separator.
        #expect(layout(.iPhone8, table(rows: [row("h", .sectionHeader)]))["h"].lists?.separatorInset == nil)
    }

    @Test func givenSeparatorFromCellEdgesAndTheCellsOwnWins() {
        // T5: fromCellEdges (the default from 11): exactly the given values; a cell's own wins over the table's.
        let properties = TableProperties(separatorInset: SeparatorInset(left: 5, right: 6))
        let result = layout(.iPhoneX, table(properties, rows: [row("a"), row("b", separator: SeparatorInset(left: 1))]), orientation: .landscapeLeft)
        #expect(result["a"].lists?.separatorInset == SeparatorInset(left: 5, right: 6))
        #expect(result["b"].lists?.separatorInset == SeparatorInset(left: 1, right: 0))
    }

    @Test func givenSeparatorFromAutomaticInsetsAddsToTheDefault() {
        // T5: fromAutomaticInsets, and always below 11: the default plus the given values.
        let given = SeparatorInset(left: 5, right: 6)
        let automatic = layout(.iPhoneX, table(TableProperties(separatorInset: given, separatorInsetReference: .fromAutomaticInsets), rows: [row("c")]), orientation: .landscapeLeft)
        #expect(automatic["c"].lists?.separatorInset == SeparatorInset(left: 69, right: 6))
        let legacy = layout(.iPhone8, table(TableProperties(separatorInset: given), rows: [row("c")]), systemVersion: 10)
        #expect(legacy["c"].lists?.separatorInset == SeparatorInset(left: 21, right: 6))
    }

    @Test func negativeSeparatorValuesCountAsZero() {
        // T5: negative values count as 0, the default's included.
        let result = layout(.iPhone8, table(TableProperties(separatorInset: SeparatorInset(left: -5, right: 3)), rows: [row("c")]))
        #expect(result["c"].lists?.separatorInset == SeparatorInset(left: 0, right: 3))
        let pass = LayoutPassProbe(.iPhone8)
        #expect(pass.separator(given: nil, margins: Insets(8, -4, 8, 16)) == SeparatorInset(left: 0, right: 0))
    }

    @Test func rightToLeftSwapsAndMirrors() {
        // T5: RTL swaps the given left and right; the default mirrors (the iPhone's 0 to the left).
        let given = layout(.iPhone8, table(TableProperties(separatorInset: SeparatorInset(left: 5, right: 6)), rows: [row("c")]), direction: .rightToLeft)
        #expect(given["c"].lists?.separatorInset == SeparatorInset(left: 6, right: 5))
        let automatic = layout(.iPhone8, table(rows: [row("c")]), direction: .rightToLeft)
        #expect(automatic["c"].lists?.separatorInset == SeparatorInset(left: 0, right: 16))
    }
}

/// Reaches T5's rule directly for margins no table layout produces.
private struct LayoutPassProbe {
    let device: Device
    init(_ device: Device) { self.device = device }

    /// The separator of a cell whose margins are `margins`: a cell pinned by a table whose
    /// margins are set so.
    func separator(given: SeparatorInset?, margins: Insets) -> SeparatorInset? {
        let scroll = ScrollProperties(contentSize: Size(width: 1, height: 1000), behavior: .never)
        let tableNode = Node(id: "table", kind: .tableView, layoutMargins: .physical(margins), insetsLayoutMarginsFromSafeArea: false, scroll: scroll,
                             lists: ListProperties(table: TableProperties(separatorInset: given)), subviews: [row("c")])
        return layout(device, .controller("root", subviews: [tableNode]))["c"].lists?.separatorInset
    }
}

/// A collection view controller's collection view with `layout`.
private func collection(_ layout: CollectionLayout?, contentInset: Insets = .zero) -> Node {
    Node(id: "cv", kind: .collectionView, scroll: ScrollProperties(contentSize: Size(width: 1, height: 2000), contentInset: contentInset),
         viewController: ViewController(), lists: layout.map { ListProperties(collectionLayout: $0) })
}

/// Collection views, RULES.md C3–C4 (sources: ../shared/research/next-rules.md §2).
@Suite struct CollectionSectionTests {
    @Test func flowFromContentInsetIsNeverClamped() {
        // C3: fromContentInset (default) = adjusted.e + sectionInset.e; one section by default.
        let result = layout(.iPhoneX, collection(nil), orientation: .landscapeLeft)
        #expect(result["cv"].lists?.sections?.insets == [Insets(0, 0, 21, 0)])
        let given = layout(.iPhoneX, collection(.flow(.fromContentInset, sections: [Insets(5, 10, 5, 10)])), orientation: .landscapeLeft)
        #expect(given["cv"].lists?.sections?.insets == [Insets(5, 10, 26, 10)])
        #expect(given["cv"].lists?.sections?.explain[0].left == SectionEdgeExplanation(reference: "fromContentInset", clampedToContentInset: false))
    }

    @Test func flowFromSafeAreaAndMarginsClampToTheContentInset() {
        // C3: fromSafeArea SA.e + inset, fromLayoutMargins M.e + inset; the content inset wins over a smaller sum.
        let safe = layout(.iPhoneX, collection(.flow(.fromSafeArea, sections: [Insets(0, 10, 0, 0)]), contentInset: Insets(0, 0, 0, 100)), orientation: .landscapeLeft)
        #expect(safe["cv"].lists?.sections?.insets == [Insets(0, 54, 21, 100)])
        #expect(safe["cv"].lists?.sections?.explain[0].right.clampedToContentInset == true)
        #expect(safe["cv"].lists?.sections?.explain[0].left.clampedToContentInset == false)
        let margins = layout(.iPhoneX, collection(.flow(.fromLayoutMargins, sections: [Insets(0, 10, 0, 0), .zero])), orientation: .landscapeLeft)
        #expect(margins["cv"].lists?.sections?.insets == [Insets(0, 74, 21, 64), Insets(0, 64, 21, 64)])
    }

    @Test func compositionalReferences() {
        // C4: none adjusted + inset; safeArea max(adjusted, SA) + inset (the layout's automatic);
        // layoutMargins M + inset; readableContent from the readable guide (§2.3 case 3: 54 / 10 / 74 / 80).
        let sections = [ContentInsetsReference.automatic, .none, .layoutMargins, .readableContent].map {
            CompositionalSection(contentInsets: DirectionalInsets(top: 0, leading: 10, bottom: 0, trailing: 0), contentInsetsReference: $0)
        }
        let result = layout(.iPhoneX, collection(.compositional(.automatic, sections: sections)), orientation: .landscapeLeft)
        #expect(result["cv"].lists?.sections?.insets.map(\.left) == [54, 10, 74, 80])
        #expect(result["cv"].lists?.sections?.explain.map(\.left.reference) == ["safeArea", "none", "layoutMargins", "readableContent"])
        // The layout's own reference applies to automatic sections.
        let none = layout(.iPhoneX, collection(.compositional(.none, sections: [sections[0]])), orientation: .landscapeLeft)
        #expect(none["cv"].lists?.sections?.insets == [Insets(0, 10, 21, 0)])
    }

    @Test func compositionalSafeAreaTakesTheLargerContentInset() {
        // C4: safeArea is max(adjusted.e, SA.e): the content inset over a smaller safe area is flagged.
        let result = layout(.iPhoneX, collection(.compositional(.safeArea, sections: [CompositionalSection()]), contentInset: Insets(0, 0, 0, 100)), orientation: .landscapeLeft)
        #expect(result["cv"].lists?.sections?.insets == [Insets(0, 44, 21, 100)])
        #expect(result["cv"].lists?.sections?.explain[0].right.clampedToContentInset == true)
    }

    @Test func compositionalInsetsAreDirectional() {
        // C4: section contentInsets are directional: leading is right in RTL.
        let section = CompositionalSection(contentInsets: DirectionalInsets(top: 0, leading: 10, bottom: 0, trailing: 0), contentInsetsReference: .none)
        let result = layout(.iPhoneX, collection(.compositional(.automatic, sections: [section])), orientation: .landscapeLeft, direction: .rightToLeft)
        #expect(result["cv"].lists?.sections?.insets == [Insets(0, 0, 21, 10)])
    }
}

/// Keyboard layout guides, RULES.md K1–K3 (sources: ../shared/research/next-rules.md §3).
@Suite struct KeyboardGuideTests {
    private func guide(_ keyboard: Keyboard?, _ options: KeyboardGuideOptions = KeyboardGuideOptions(), frame: Rect? = nil) -> (Rect?, NodeResult) {
        let view = Node(id: "v", placement: frame.map { .frame($0) } ?? .fill, keyboardLayoutGuide: options)
        var request = LayoutRequest(environment: Device.iPhoneX.environment(), root: .controller("root", subviews: [view]))
        request.keyboard = keyboard
        let result = InsetEngine.layout(request)
        return (result["v"].lists?.keyboardLayoutGuide, result["v"])
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

    @Test func scrollViewsGetNoKeyboardInset() {
        // K: the engine adds no keyboard inset to scroll views.
        let node = Node.controller("root", kind: .scrollView, scroll: ScrollProperties(contentSize: Size(width: 1, height: 2000)))
        var request = LayoutRequest(environment: Device.iPhoneX.environment(), root: node)
        let before = InsetEngine.layout(request)["root"].scroll
        request.keyboard = Keyboard(frame: Rect(0, 477, 375, 335))
        #expect(InsetEngine.layout(request)["root"].scroll == before)
    }
}
