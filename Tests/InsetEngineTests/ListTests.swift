import InsetEngine
import Testing
import InsetEngineTestSupport

/// A table view controller's table (the root view) with `rows`.
private func table(_ properties: TableProperties = TableProperties(), scroll: ScrollProperties = ScrollProperties(contentSize: Size(width: 1, height: 4000)), rows: [Node]) -> Node {
    Node(id: "table", kind: .tableView, scroll: scroll, viewController: ViewController(), lists: ListProperties(table: properties), subviews: rows)
}

/// A row of `kind`.
private func row(_ id: String, _ kind: ViewKind = .cell, y: Double? = nil, height: Double = 44, separator: SeparatorInset? = nil, subviews: [Node] = []) -> Node {
    Node(id: id, kind: kind, lists: ListProperties(row: RowProperties(y: y, height: height, separatorInset: separator)), subviews: subviews)
}

/// A table filling its superview whose layout margins are `margins`, not taken from its
/// safe area, passing its whole safe area to its rows (`.never`).
private func marginTable(_ margins: Insets, properties: TableProperties = TableProperties(), rows: [Node]) -> Node {
    Node(id: "table", kind: .tableView, layoutMargins: .physical(margins), insetsLayoutMarginsFromSafeArea: false,
         scroll: ScrollProperties(contentSize: Size(width: 1, height: 1000), behavior: .never), lists: ListProperties(table: properties), subviews: rows)
}

/// The same with `side` on the left and right (8 on top and bottom) and `style`.
private func marginTable(_ side: Double, style: TableStyle = .plain, rows: [Node]) -> Node {
    marginTable(Insets(8, side, 8, side), properties: TableProperties(style: style), rows: rows)
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

    @Test func headersAndFootersAreRowsToo() {
        // T2/T1: sectionHeader and sectionFooter rows are placed and stacked like cells and have
        // a content view; T5: only cells have a separator.
        let result = layout(.iPhoneX, table(rows: [row("h", .sectionHeader, height: 30), row("c"), row("f", .sectionFooter, height: 20)]), orientation: .landscapeLeft)
        #expect(result["f"].frame == Rect(0, 74, 812, 20))
        #expect(result["h"].contentView?.frame == Rect(44, 0, 724, 30))
        #expect(result["f"].contentView?.frame == Rect(44, 0, 724, 20))
        #expect(result["f"].separatorInset == nil)
        #expect(result["c"].separatorInset != nil)
    }

    @Test func rowFramesAreInTheTablesContentCoordinates() {
        // T2: y is in content coordinates; the table rests at contentOffset y = −44 (adjusted top),
        // so the first row sits under the status bar in the window, and C2 passes it no top inset.
        let result = layout(.iPhoneX, table(rows: [row("c")]))
        #expect(result["table"].scroll?.contentOffset == Point(x: 0, y: -44))
        #expect(result["c"].frame == Rect(0, 0, 375, 44))
        #expect(result["c"].frameInWindow == Rect(0, 44, 375, 44))
        #expect(result["c"].safeAreaInsets == .zero)
    }

    // T1
    @Test func theContentViewAvoidsTheNotch() {
        // T1 (insetsContentViewsToSafeArea doc; §1.4 case 1): (SA.left, 0, width − SA.left − SA.right, height).
        let result = layout(.iPhoneX, table(rows: [row("c")]), orientation: .landscapeLeft)
        #expect(result["c"].safeAreaInsets == Insets(0, 44, 0, 44))
        #expect(result["c"].contentView?.frame == Rect(44, 0, 724, 44))
        #expect(result["c"].contentView?.safeAreaInsets == .zero)
    }

    @Test func withoutInsettingTheContentViewIsTheRowsBounds() {
        // T1: without insetsContentViewsToSafeArea, or below 11, the row's bounds.
        let off = layout(.iPhoneX, table(TableProperties(insetsContentViewsToSafeArea: false), rows: [row("c")]), orientation: .landscapeLeft)
        #expect(off["c"].contentView?.frame == Rect(0, 0, 812, 44))
        #expect(off["c"].contentView?.safeAreaInsets == Insets(0, 44, 0, 44))
        let legacy = layout(.iPhoneX, table(rows: [row("c")]), orientation: .landscapeLeft, systemVersion: 10)
        #expect(legacy["c"].contentView?.frame == Rect(0, 0, 812, 44))
        #expect(legacy["c"].contentView?.safeAreaInsets == nil)
    }

    @Test func theContentViewsWidthIsNeverNegative() {
        // T1: max(0, width − SA.left − SA.right): a 30-wide table whose rows see 44 on the left.
        let narrow = Node(id: "table", kind: .tableView, placement: .frame(Rect(0, 0, 30, 375)), scroll: ScrollProperties(contentSize: Size(width: 1, height: 1000), behavior: .never),
                          lists: ListProperties(table: TableProperties()), subviews: [row("c")])
        let result = layout(.iPhoneX, .controller("root", subviews: [narrow]), orientation: .landscapeLeft)
        #expect(result["c"].safeAreaInsets == Insets(0, 44, 0, 0))
        #expect(result["c"].contentView?.frame == Rect(44, 0, 0, 44))
    }

    @Test func onlyLeftAndRightAreInset() {
        // T1: a row with a bottom inset (a table that passes everything, the row at the bottom)
        // keeps its content view full height; the content view keeps that bottom inset.
        let scroll = ScrollProperties(contentSize: Size(width: 1, height: 4000), behavior: .never)
        let result = layout(.iPhoneX, table(scroll: scroll, rows: [row("c", y: 331)]), orientation: .landscapeLeft)
        #expect(result["c"].safeAreaInsets == Insets(0, 44, 21, 44))
        #expect(result["c"].contentView?.frame == Rect(44, 0, 724, 44))
        #expect(result["c"].contentView?.safeAreaInsets == Insets(0, 0, 21, 0))
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
        #expect(result["c"].contentView?.layoutMargins == Insets(8, 20, 8, 20))
        #expect(result["c"].contentView?.layoutMarginsGuide == Rect(20, 8, 684, 28))
    }

    @Test func groupedRowsHaveTheTablesHorizontalMarginsToo() {
        // T3: grouped rows, like plain ones, reach the table's layout-margins guide (10 here),
        // not the system minimum (16) that insetGrouped rows take; their top is 8 + the status
        // bar's 20, which the table passes (`.never`).
        let result = layout(.iPhone8, .controller("root", subviews: [marginTable(10, style: .grouped, rows: [row("c")])]))
        #expect(result["c"].layoutMargins == Insets(8 + 20, 10, 8, 10))
    }

    @Test func insetGroupedRowsAddTheirOwnSafeArea() {
        // T3: a table whose margins (10, not from its safe area) are narrower than the notch
        // places its insetGrouped row at x = 10, where the row still sees 34 of the 44:
        // the row's margins are 20 + 34.
        let result = layout(.iPhoneX, .controller("root", subviews: [marginTable(10, style: .insetGrouped, rows: [row("c")])]), orientation: .landscapeLeft)
        #expect(result["c"].frame == Rect(10, 0, 792, 44))
        #expect(result["c"].safeAreaInsets == Insets(0, 34, 0, 34))
        #expect(result["c"].layoutMargins == Insets(8, 54, 8, 54))
    }

    @Test func insetGroupedRowsTakeTheWindowsSystemMinimum() {
        // T3 with W3: in a 375-wide Split View window on an iPad the system minimum is 16, not
        // the full screen's 20.
        var request = LayoutRequest(environment: Device.iPadPro11.environment(.landscapeLeft), systemVersion: 18, root: table(TableProperties(style: .insetGrouped), rows: [row("c")]))
        request.window = Rect(0, 0, 375, 834)
        let result = InsetEngine.layout(request)
        #expect(result["c"].frame == Rect(16, 0, 343, 44))
        #expect(result["c"].layoutMargins == Insets(8, 16, 8, 16))
        let full = layout(.iPadPro11, table(TableProperties(style: .insetGrouped), rows: [row("c")]), orientation: .landscapeLeft)
        #expect(full["c"].layoutMargins == Insets(8, 20, 8, 20))
    }

    @Test func rowsVerticalMarginsAddTheBottomSafeAreaUntil27Point1() {
        // T3: the bottom too is 8 + the row's safe-area bottom; 27 still has the 8.
        let scroll = ScrollProperties(contentSize: Size(width: 1, height: 4000), behavior: .never)
        let result = layout(.iPhoneX, table(scroll: scroll, rows: [row("c"), row("last", y: 768)]))
        #expect(result["last"].layoutMargins.bottom == 8 + 34)
        let twentySeven = layout(.iPhoneX, table(scroll: scroll, rows: [row("c"), row("last", y: 768)]), systemVersion: 27)
        #expect(twentySeven["c"].layoutMargins.top == 8 + 44)
        #expect(twentySeven["last"].layoutMargins.bottom == 8 + 34)
        let newer = layout(.iPhoneX, table(scroll: scroll, rows: [row("c"), row("last", y: 768)]), systemVersion: 27.1)
        #expect(newer["last"].layoutMargins.bottom == 34)
    }

    @Test func theContentViewsMarginsMayBeNegative() {
        // T3: a table with margins of 10 (not from its safe area) in landscape: the row's left
        // margin is 10, its content view starts at 44, so the content view's margin is −34, and
        // a label pinned to it starts at the table's margin, x = 10 in the window.
        let label = Node(id: "label", placement: .pin(.layoutMargins))
        let result = layout(.iPhoneX, .controller("root", subviews: [marginTable(10, rows: [row("c", subviews: [label])])]), orientation: .landscapeLeft)
        #expect(result["c"].layoutMargins == Insets(8, 10, 8, 10))
        #expect(result["c"].contentView?.frame == Rect(44, 0, 724, 44))
        #expect(result["c"].contentView?.layoutMargins == Insets(8, -34, 8, -34))
        #expect(result["label"].frame == Rect(-34, 8, 792, 28))
        #expect(result["label"].frameInWindow == Rect(10, 8, 792, 28))
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

    @Test func readableWidthRowsCanBeTurnedOffBelow12() {
        // T4: the flag given false below 12 wins over the version's default.
        let off = layout(.iPadPro11, table(TableProperties(cellLayoutMarginsFollowReadableWidth: false), rows: [row("c")]), systemVersion: 11)
        #expect(off["c"].layoutMargins == Insets(8, 20, 8, 20))
    }

    @Test func aReadableGuideNarrowerThan672IsTheMarginsGuide() {
        // T4/R1: min(672, guide width): on a 375-wide iPhone the readable guide is the margins
        // guide, so readable-width rows keep the table's margins.
        let eleven = layout(.iPhone8, table(rows: [row("c")]), systemVersion: 11)
        #expect(eleven["c"].layoutMargins == Insets(8, 16, 8, 16))
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
        #expect(layout(.iPhoneX, table(rows: [row("c")]), orientation: .landscapeLeft)["c"].separatorInset == SeparatorInset(left: 64, right: 0))
        #expect(layout(.iPadPro11, table(rows: [row("c")]))["c"].separatorInset == SeparatorInset(left: 20, right: 20))
        let tv = layout(.appleTV, table(rows: [row("c")]))
        #expect(tv["c"].separatorInset?.right == 0)
        // The iPad's right is the right margin, not a copy of the left.
        #expect(LayoutPassProbe(.iPadPro11).separator(given: nil, margins: Insets(8, 10, 8, 30)) == SeparatorInset(left: 10, right: 30))
        // Headers and footers have no separator.
        #expect(layout(.iPhone8, table(rows: [row("h", .sectionHeader)]))["h"].separatorInset == nil)
    }

    @Test func givenSeparatorFromCellEdgesAndTheCellsOwnWins() {
        // T5: fromCellEdges (the default from 11): exactly the given values; a cell's own wins over the table's.
        let properties = TableProperties(separatorInset: SeparatorInset(left: 5, right: 6))
        let result = layout(.iPhoneX, table(properties, rows: [row("a"), row("b", separator: SeparatorInset(left: 1))]), orientation: .landscapeLeft)
        #expect(result["a"].separatorInset == SeparatorInset(left: 5, right: 6))
        #expect(result["b"].separatorInset == SeparatorInset(left: 1, right: 0))
    }

    @Test func givenSeparatorFromAutomaticInsetsAddsToTheDefault() {
        // T5: fromAutomaticInsets, and always below 11: the default plus the given values.
        let given = SeparatorInset(left: 5, right: 6)
        let automatic = layout(.iPhoneX, table(TableProperties(separatorInset: given, separatorInsetReference: .fromAutomaticInsets), rows: [row("c")]), orientation: .landscapeLeft)
        #expect(automatic["c"].separatorInset == SeparatorInset(left: 69, right: 6))
        let legacy = layout(.iPhone8, table(TableProperties(separatorInset: given), rows: [row("c")]), systemVersion: 10)
        #expect(legacy["c"].separatorInset == SeparatorInset(left: 21, right: 6))
    }

    @Test func fromCellEdgesIsTheDefaultFrom11() {
        // T5: at 11 a given inset is taken exactly (below 11 it adds to the default).
        let result = layout(.iPhone8, table(TableProperties(separatorInset: SeparatorInset(left: 5, right: 6)), rows: [row("c")]), systemVersion: 11)
        #expect(result["c"].separatorInset == SeparatorInset(left: 5, right: 6))
    }

    @Test func negativeValuesCountAsZeroBeforeTheyAdd() {
        // T5: a negative given value counts as 0 before it is added to the default (16 + 0, not
        // 16 − 5); a negative default counts as 0 before the given value is added (0 + 5).
        let given = layout(.iPhone8, table(TableProperties(separatorInset: SeparatorInset(left: -5, right: 3), separatorInsetReference: .fromAutomaticInsets), rows: [row("c")]))
        #expect(given["c"].separatorInset == SeparatorInset(left: 16, right: 3))
        let pass = LayoutPassProbe(.iPhone8)
        #expect(pass.separator(given: SeparatorInset(left: 5), reference: .fromAutomaticInsets, margins: Insets(8, -4, 8, 16)) == SeparatorInset(left: 5, right: 0))
    }

    @Test func negativeSeparatorValuesCountAsZero() {
        // T5: negative values count as 0, the default's included.
        let result = layout(.iPhone8, table(TableProperties(separatorInset: SeparatorInset(left: -5, right: 3)), rows: [row("c")]))
        #expect(result["c"].separatorInset == SeparatorInset(left: 0, right: 3))
        let pass = LayoutPassProbe(.iPhone8)
        #expect(pass.separator(given: nil, margins: Insets(8, -4, 8, 16)) == SeparatorInset(left: 0, right: 0))
    }

    @Test func rightToLeftSwapsAndMirrors() {
        // T5: RTL swaps the given left and right; the default mirrors (the iPhone's 0 to the left).
        let given = layout(.iPhone8, table(TableProperties(separatorInset: SeparatorInset(left: 5, right: 6)), rows: [row("c")]), direction: .rightToLeft)
        #expect(given["c"].separatorInset == SeparatorInset(left: 6, right: 5))
        let automatic = layout(.iPhone8, table(rows: [row("c")]), direction: .rightToLeft)
        #expect(automatic["c"].separatorInset == SeparatorInset(left: 0, right: 16))
        // fromAutomaticInsets: the swapped given values add to the mirrored default.
        let added = layout(.iPhone8, table(TableProperties(separatorInset: SeparatorInset(left: 5, right: 6), separatorInsetReference: .fromAutomaticInsets), rows: [row("c")]), direction: .rightToLeft)
        #expect(added["c"].separatorInset == SeparatorInset(left: 6, right: 21))
    }
}

/// Reaches T5's rule directly for margins no table layout produces.
private struct LayoutPassProbe {
    let device: Device
    init(_ device: Device) { self.device = device }

    /// The separator of a cell whose margins are `margins`: a cell pinned by a table whose
    /// margins are set so.
    func separator(given: SeparatorInset?, reference: SeparatorInsetReference = .fromCellEdges, margins: Insets) -> SeparatorInset? {
        let tableNode = marginTable(margins, properties: TableProperties(separatorInset: given, separatorInsetReference: reference), rows: [row("c")])
        return layout(device, .controller("root", subviews: [tableNode]))["c"].separatorInset
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
        #expect(result["cv"].sections?.insets == [Insets(0, 0, 21, 0)])
        let given = layout(.iPhoneX, collection(.flow(.fromContentInset, sections: [Insets(5, 10, 5, 10)])), orientation: .landscapeLeft)
        #expect(given["cv"].sections?.insets == [Insets(5, 10, 26, 10)])
        #expect(given["cv"].sections?.explain[0].left == SectionEdgeExplanation(reference: "fromContentInset", clampedToContentInset: false))
    }

    @Test func flowFromSafeAreaAndMarginsClampToTheContentInset() {
        // C3: fromSafeArea SA.e + inset, fromLayoutMargins M.e + inset; the content inset wins over a smaller sum.
        let safe = layout(.iPhoneX, collection(.flow(.fromSafeArea, sections: [Insets(0, 10, 0, 0)]), contentInset: Insets(0, 0, 0, 100)), orientation: .landscapeLeft)
        #expect(safe["cv"].sections?.insets == [Insets(0, 54, 21, 100)])
        #expect(safe["cv"].sections?.explain[0].right.clampedToContentInset == true)
        #expect(safe["cv"].sections?.explain[0].left.clampedToContentInset == false)
        let margins = layout(.iPhoneX, collection(.flow(.fromLayoutMargins, sections: [Insets(0, 10, 0, 0), .zero])), orientation: .landscapeLeft)
        #expect(margins["cv"].sections?.insets == [Insets(0, 74, 21, 64), Insets(0, 64, 21, 64)])
    }

    @Test func flowReferencesAreTheCollectionViewsOwn() {
        // C3: SA and M are the collection view's own: one at x = 100 in landscape sees no notch
        // (its left 0, not the window's 44) and has a plain view's margins (8 + its safe area).
        func subview(_ reference: FlowSectionInsetReference) -> Node {
            Node(id: "cv", kind: .collectionView, placement: .frame(Rect(100, 0, 600, 375)), scroll: ScrollProperties(contentSize: Size(width: 1, height: 2000)),
                 lists: ListProperties(collectionLayout: .flow(reference, sections: [Insets(0, 10, 0, 0)])))
        }
        let safe = layout(.iPhoneX, .controller("root", subviews: [subview(.fromSafeArea)]), orientation: .landscapeLeft)
        #expect(safe["cv"].safeAreaInsets == Insets(0, 0, 21, 0))
        #expect(safe["cv"].sections?.insets == [Insets(0, 10, 21, 0)])
        let margins = layout(.iPhoneX, .controller("root", subviews: [subview(.fromLayoutMargins)]), orientation: .landscapeLeft)
        #expect(margins["cv"].sections?.insets == [Insets(8, 18, 29, 8)])
    }

    @Test func aClampedSectionAddsNoSectionInset() {
        // C3: where adjusted.e (100) exceeds the sum (64 or 44, + 10) the section starts at the
        // content inset, without the section inset; an equal sum (bottom: 21 + 0 = 21) is not clamped.
        for (reference, left) in [(FlowSectionInsetReference.fromLayoutMargins, 64.0), (.fromSafeArea, 44)] {
            let result = layout(.iPhoneX, collection(.flow(reference, sections: [Insets(0, 0, 0, 10)]), contentInset: Insets(0, 0, 0, 100)), orientation: .landscapeLeft)
            #expect(result["cv"].sections?.insets == [Insets(0, left, 21, 100)], "\(reference)")
            #expect(result["cv"].sections?.explain[0].right.clampedToContentInset == true, "\(reference)")
            #expect(result["cv"].sections?.explain[0].bottom.clampedToContentInset == false, "\(reference)")
        }
    }

    @Test func compositionalReferences() {
        // C4: none adjusted + inset; safeArea max(adjusted, SA) + inset (the layout's automatic);
        // layoutMargins M + inset; readableContent from the readable guide (§2.3 case 3: 54 / 10 / 74 / 80).
        let sections = [ContentInsetsReference.automatic, .none, .layoutMargins, .readableContent].map {
            CompositionalSection(contentInsets: DirectionalInsets(top: 0, leading: 10, bottom: 0, trailing: 0), contentInsetsReference: $0)
        }
        let result = layout(.iPhoneX, collection(.compositional(.automatic, sections: sections)), orientation: .landscapeLeft)
        #expect(result["cv"].sections?.insets.map(\.left) == [54, 10, 74, 80])
        #expect(result["cv"].sections?.explain.map(\.left.reference) == ["safeArea", "none", "layoutMargins", "readableContent"])
        // The layout's own reference applies to automatic sections.
        let none = layout(.iPhoneX, collection(.compositional(.none, sections: [sections[0]])), orientation: .landscapeLeft)
        #expect(none["cv"].sections?.insets == [Insets(0, 10, 21, 0)])
    }

    @Test func compositionalSafeAreaTakesTheLargerContentInset() {
        // C4: safeArea is max(adjusted.e, SA.e): the content inset over a smaller safe area is flagged.
        let result = layout(.iPhoneX, collection(.compositional(.safeArea, sections: [CompositionalSection()]), contentInset: Insets(0, 0, 0, 100)), orientation: .landscapeLeft)
        #expect(result["cv"].sections?.insets == [Insets(0, 44, 21, 100)])
        #expect(result["cv"].sections?.explain[0].right.clampedToContentInset == true)
    }

    @Test func compositionalReferencesAgainstALargeContentInset() {
        // C4: safeArea adds the section's inset to the max (100 + 10, unlike C3's clamp);
        // layoutMargins and readableContent take top and bottom from the margins (21), not from
        // adjusted (121); none from adjusted. Readable: 684-wide margins guide, 672 centred (+6).
        let sections = [ContentInsetsReference.safeArea, .layoutMargins, .readableContent, .none].map {
            CompositionalSection(contentInsets: $0 == .safeArea ? DirectionalInsets(top: 0, leading: 0, bottom: 5, trailing: 10) : .zero, contentInsetsReference: $0)
        }
        let result = layout(.iPhoneX, collection(.compositional(.automatic, sections: sections), contentInset: Insets(0, 0, 100, 100)), orientation: .landscapeLeft)
        #expect(result["cv"].scroll?.adjustedContentInset == Insets(0, 0, 121, 100))
        #expect(result["cv"].sections?.insets == [Insets(0, 44, 126, 110), Insets(0, 64, 21, 64), Insets(0, 70, 21, 70), Insets(0, 0, 121, 100)])
        #expect(result["cv"].sections?.explain[0].bottom.clampedToContentInset == true)
        #expect(result["cv"].sections?.explain[1].bottom.clampedToContentInset == false)
    }

    @Test func compositionalInsetsAreDirectional() {
        // C4: section contentInsets are directional: leading is right in RTL.
        let section = CompositionalSection(contentInsets: DirectionalInsets(top: 0, leading: 10, bottom: 0, trailing: 0), contentInsetsReference: .none)
        let result = layout(.iPhoneX, collection(.compositional(.automatic, sections: [section])), orientation: .landscapeLeft, direction: .rightToLeft)
        #expect(result["cv"].sections?.insets == [Insets(0, 0, 21, 10)])
    }
}
