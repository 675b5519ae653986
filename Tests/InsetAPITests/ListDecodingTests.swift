import InsetEngine
@testable import InsetAPI
import ServiceKit
import ServiceTestSupport
import Testing

/// The `/layout` fields of lists and the keyboard (API.md "POST /layout: windows, split
/// views, lists and the keyboard"): what is read, and the problems inside their objects.
@Suite struct ListDecodingTests {
    private func decode(_ body: String) throws -> LayoutRequest {
        try LayoutRequestDecoder(devices: FakeDevices()).decode(Array(body.utf8)).request
    }

    private func errors(_ body: String) -> [FieldProblem]? {
        decodeProblem(body)?.errors
    }

    @Test func readsRowsAndTheTablesFields() throws {
        let request = try decode(#"""
        {"device": "iphone-x", "systemVersion": 13, "root": {"id": "t", "kind": "tableView", "style": "insetGrouped",
         "insetsContentViewsToSafeArea": false, "cellLayoutMarginsFollowReadableWidth": true,
         "separatorInset": {"left": 4}, "separatorInsetReference": "fromAutomaticInsets",
         "subviews": [{"id": "h", "kind": "sectionHeader", "height": 30}, {"id": "c", "kind": "cell", "y": 100, "separatorInset": {"right": 2}}]}}
        """#)
        let views = request.hierarchy.views
        #expect(views[0].table == TableProperties(style: .insetGrouped, insetsContentViewsToSafeArea: false, cellLayoutMarginsFollowReadableWidth: true,
                                                         separatorInset: SeparatorInset(left: 4), separatorInsetReference: .fromAutomaticInsets))
        #expect(views[1].row == RowProperties(y: nil, height: 30))
        #expect(views[2].row == RowProperties(y: 100, height: 44, separatorInset: SeparatorInset(right: 2)))
    }

    @Test func readsTheKeyboardAndItsGuide() throws {
        let height = try decode(#"{"device": "iphone-x", "keyboard": {"height": 300}, "root": {"id": "r", "keyboardLayoutGuide": true}}"#)
        #expect(height.keyboard == Keyboard(frame: Rect(x: 0, y: 512, width: 375, height: 300)))
        #expect(height.hierarchy.views[0].keyboardLayoutGuide == KeyboardGuideOptions())
        let frame = try decode(#"{"device": "iphone-x", "keyboard": {"frame": {"x": 1, "y": 2, "width": 3, "height": 4}, "docked": false},"#
            + #" "root": {"id": "r", "keyboardLayoutGuide": {"followsUndockedKeyboard": true, "usesBottomSafeArea": false}}}"#)
        #expect(frame.keyboard == Keyboard(frame: Rect(x: 1, y: 2, width: 3, height: 4), docked: false))
        #expect(frame.hierarchy.views[0].keyboardLayoutGuide == KeyboardGuideOptions(followsUndockedKeyboard: true, usesBottomSafeArea: false))
        // `false` counts as absent.
        #expect(try decode(#"{"device": "iphone-x", "root": {"id": "r", "keyboardLayoutGuide": false}}"#).hierarchy.views[0].keyboardLayoutGuide == nil)
        // `usesBottomSafeArea` from 17 on (16 is 422, below).
        let at17 = try decode(#"{"device": "iphone-x", "systemVersion": 17, "root": {"id": "r", "keyboardLayoutGuide": {"usesBottomSafeArea": false}}}"#)
        #expect(at17.hierarchy.views[0].keyboardLayoutGuide == KeyboardGuideOptions(usesBottomSafeArea: false))
    }

    @Test func readsCollectionLayouts() throws {
        let flow = try decode(#"{"device": "iphone-x", "root": {"id": "c", "kind": "collectionView", "layout": {"sectionInsetReference": "fromSafeArea", "sections": [{"sectionInset": {"left": 3}}, {}]}}}"#)
        #expect(flow.hierarchy.collectionLayouts[0] == .flow(.fromSafeArea, sections: [Insets(top: 0, left: 3, bottom: 0, right: 0), .zero]))
        let compositional = try decode(#"{"device": "iphone-x", "root": {"id": "c", "kind": "collectionView", "layout": {"sections": [{"contentInsets": {"leading": 3}, "contentInsetsReference": "none"}], "type": "compositional"}}}"#)
        #expect(compositional.hierarchy.collectionLayouts[0] == .compositional(.automatic, sections: [CompositionalSection(contentInsets: DirectionalInsets(top: 0, leading: 3, bottom: 0, trailing: 0), contentInsetsReference: .none)]))
    }

    @Test(arguments: [
        (#"{"device": "iphone-x", "systemVersion": 16, "root": {"id": "r", "keyboardLayoutGuide": {"usesBottomSafeArea": true}}}"#,
         "/root/keyboardLayoutGuide/usesBottomSafeArea", "needs systemVersion 17 or later"),
        (#"{"device": "iphone-x", "systemVersion": 13, "root": {"id": "c", "kind": "collectionView", "layout": {"type": "compositional"}}}"#,
         "/root/layout/type", "the compositional layout needs systemVersion 14 or later"),
        (#"{"device": "iphone-x", "systemVersion": 10, "root": {"id": "c", "kind": "collectionView", "layout": {"sectionInsetReference": "fromContentInset"}}}"#,
         "/root/layout/sectionInsetReference", "needs systemVersion 11 or later"),
        (#"{"device": "iphone-x", "root": {"id": "c", "kind": "collectionView", "layout": {"sections": []}}}"#,
         "/root/layout/sections", "must hold at least one section"),
        (#"{"device": "iphone-x", "root": {"id": "c", "kind": "collectionView", "layout": {"contentInsetsReference": "none"}}}"#,
         "/root/layout/contentInsetsReference", "only for a compositional layout"),
        (#"{"device": "iphone-x", "root": {"id": "c", "kind": "collectionView", "layout": {"type": "compositional", "sections": [{"sectionInset": {}}]}}}"#,
         "/root/layout/sections/0/sectionInset", "only for a flow layout"),
        (#"{"device": "iphone-x", "root": {"id": "t", "kind": "tableView", "separatorInset": {"top": 1}}}"#,
         "/root/separatorInset/top", #"unknown field "top""#),
        (#"{"device": "iphone-x", "systemVersion": 12, "root": {"id": "t", "kind": "tableView", "style": "insetGrouped"}}"#,
         "/root/style", "insetGrouped needs systemVersion 13 or later, and is not on tvOS"),
        (#"{"device": "iphone-x", "keyboard": {}, "root": {"id": "r"}}"#, "/keyboard", "give frame or height"),
        (#"{"device": "iphone-x", "keyboard": {"frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "height": 3}, "root": {"id": "r"}}"#,
         "/keyboard/height", "give frame or height, not both"),
        (#"{"device": "iphone-x", "keyboard": {"height": 3, "docked": true}, "root": {"id": "r"}}"#, "/keyboard/docked", "docked goes only with frame"),
        (#"{"device": "iphone-x", "keyboard": {"height": -3}, "root": {"id": "r"}}"#, "/keyboard/height", "must be a finite number >= 0"),
        (#"{"device": "apple-tv-4k", "keyboard": {"height": 3}, "root": {"id": "r"}}"#, "/keyboard", "there is no keyboard on tvOS"),
        (#"{"device": "apple-tv-4k", "systemVersion": 13, "root": {"id": "t", "kind": "tableView", "style": "insetGrouped"}}"#,
         "/root/style", "insetGrouped needs systemVersion 13 or later, and is not on tvOS"),
    ])
    func reportsProblemsInsideTheObjects(body: String, pointer: String, detail: String) {
        #expect(errors(body) == [FieldProblem(pointer: pointer, detail: detail)])
    }

    private func fast(_ body: String) -> DecodedLayoutRequest? {
        Array(body.utf8).withUnsafeBufferPointer { LayoutFastPath.decode($0, devices: FakeDevices(), limits: DecodingLimits()) }
    }

    @Test func theFastPathReadsRowsAsTheValidatingDecodingDoes() throws {
        let body = #"{"device": "iphone-x", "systemVersion": 13, "root": {"id": "t", "kind": "tableView", "style": "insetGrouped", "subviews": [{"id": "h", "kind": "sectionHeader", "height": 28}, {"id": "c", "kind": "cell", "y": 50, "subviews": [{"id": "l", "pin": "layoutMargins"}]}]}}"#
        let taken = try #require(fast(body))
        let document = try RequestReader.parse(Array(body.utf8), maxNesting: DecodingLimits().jsonNesting)
        let validated = try LayoutRequestDecoder(devices: FakeDevices()).decode(document: document)
        #expect(taken.request == validated.request)
    }

    @Test(arguments: [
        // insetGrouped below 13, known only at the end.
        #"{"root": {"id": "t", "kind": "tableView", "style": "insetGrouped"}, "device": "iphone-x", "systemVersion": 12}"#,
        // A row whose table's kind comes after its subviews.
        #"{"device": "iphone-x", "root": {"id": "t", "subviews": [{"id": "c", "kind": "cell"}], "kind": "tableView"}}"#,
        // A row outside a table.
        #"{"device": "iphone-x", "root": {"id": "t", "subviews": [{"id": "c", "kind": "cell"}]}}"#,
    ])
    func theFastPathLeavesDoubtfulRowsToTheValidatingDecoding(body: String) {
        #expect(fast(body) == nil)
    }

    @Test func keyboardGuideKeysAreComparedAsStrings() {
        #expect(errors(#"{"device": "iphone-x", "root": {"id": "r", "keyboardLayoutGuide": {"follows": true}}}"#)
            == [FieldProblem(pointer: "/root/keyboardLayoutGuide/follows", detail: #"unknown field "follows""#)])
        #expect(errors(#"{"device": "iphone-x", "root": {"id": "r", "keyboardLayoutGuide": {"usesBottomSafeAria": true}}}"#)
            == [FieldProblem(pointer: "/root/keyboardLayoutGuide/usesBottomSafeAria", detail: #"unknown field "usesBottomSafeAria"; did you mean "usesBottomSafeArea"?"#, suggestion: "usesBottomSafeArea")])
    }

    @Test func aKeyboardOnTVOSKeepsItsOwnProblems() {
        #expect(errors(#"{"device": "apple-tv-4k", "keyboard": {"height": -3, "hieght": 1}, "root": {"id": "r"}}"#) == [
            FieldProblem(pointer: "/keyboard", detail: "there is no keyboard on tvOS"),
            FieldProblem(pointer: "/keyboard/height", detail: "must be a finite number >= 0"),
            FieldProblem(pointer: "/keyboard/hieght", detail: #"unknown field "hieght"; did you mean "height"?"#, suggestion: "height"),
        ])
        #expect(errors(#"{"device": "apple-tv-4k", "keyboard": {}, "root": {"id": "r"}}"#) == [
            FieldProblem(pointer: "/keyboard", detail: "give frame or height"),
            FieldProblem(pointer: "/keyboard", detail: "there is no keyboard on tvOS"),
        ])
    }

    @Test func aFalseKeyboardGuideIsAbsentAtEveryVersion() throws {
        let body = #"{"device": "iphone-x", "systemVersion": 14, "root": {"id": "r", "keyboardLayoutGuide": false}}"#
        let decoded = try LayoutRequestDecoder(devices: FakeDevices()).decode(Array(body.utf8))
        #expect(decoded.request.hierarchy.views[0].keyboardLayoutGuide == nil)
    }
}
