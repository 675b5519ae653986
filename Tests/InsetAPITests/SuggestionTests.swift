import InsetEngine
@testable import InsetAPI
import ServiceKit
import ServiceTestSupport
import Testing

/// API.md "Errors": suggestions ("did you mean"), their distance, and the allowed lists.
@Suite struct SuggestionTests {
    private func distance(_ a: String, _ b: String) -> Int {
        Suggestion.distance(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }

    @Test func theDistanceIsTheOptimalStringAlignment() {
        #expect(distance("devic", "device") == 1)
        #expect(distance("frmae", "frame") == 1)     // one swap
        #expect(distance("ca", "abc") == 3)          // no part edited twice (Damerau–Levenshtein says 2)
        #expect(distance("", "top") == 3)
        #expect(distance("Frame", "frame") == 1)     // case-sensitive
        #expect(distance("é", "e") == 1)             // code points
    }

    @Test(arguments: [
        ("devic", ["device", "screen"], "device"),
        ("frmae", ["id", "kind", "frame"], "frame"),
        ("landscape_left", ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"], "landscapeLeft"),
        ("TABLE_VIEW", ["view", "scrollView", "tableView"], "tableView"),
        ("yy", ["x", "y", "width", "height"], "y"),
        ("iphone-15pro", ["iphone-15", "iphone-15-pro"], "iphone-15-pro"),
        // A tie goes to the word earlier in the list; equality ignoring case counts as 0.
        ("tob", ["top", "tab"], "top"),
        ("Top", ["tip", "top"], "top"),
        ("abcd", ["abxy"], "abxy"),           // 2 is at most a third of 4, rounded up
    ] as [(String, [String], String)])
    func namesTheNearestCloseWord(word: String, allowed: [String], expected: String) {
        #expect(Suggestion.nearest(to: word, in: allowed) == expected)
    }

    @Test(arguments: [
        ("", ["a"]),
        ("zz", ["x", "y"]),                   // 2 from each: more than a third of 2, rounded up
        ("abcde", ["abxyz"]),                 // 3 is more than 2
        (String(repeating: "a", count: 65), [String(repeating: "a", count: 64)]),
    ] as [(String, [String])])
    func namesNoneWhenNoneIsClose(word: String, allowed: [String]) {
        #expect(Suggestion.nearest(to: word, in: allowed) == nil)
    }

    @Test func quotesWordsAsJSONStrings() {
        #expect(Suggestion.quoted("a\"b\\c\u{1}é") == #""a\"b\\c\u0001é""#)
        #expect(Suggestion.unknownWord("sideways", allowed: ["up", "down"]).detail == #""sideways" is not one of up, down"#)
        #expect(Suggestion.unknownField("devic", allowed: ["device"]) == (#"unknown field "devic"; did you mean "device"?"#, "device"))
        #expect(Suggestion.unknownDevice("", ids: ["iphone-x"]) == (#"unknown device ""; GET /devices lists every id"#, nil))
    }

    /// The allowed lists of API.md "Suggestions", in their order, read from the readers' own
    /// tables. (`designRequiresCompatibility` is listed by API.md; a build whose schema lacks
    /// it lists the rest in the same order.)
    @Test func theAllowedListsAreAPIsInItsOrder() {
        func keeps(_ derived: [String], _ api: [String]) {
            #expect(derived == api.filter(Set(derived).contains))
            #expect(Set(api).subtracting(derived).isSubset(of: ["designRequiresCompatibility"]))
        }
        let schema = LayoutSchema.shared
        keeps(schema.body.names, ["device", "screen", "orientation", "systemVersion", "designRequiresCompatibility", "statusBarHidden", "layoutDirection", "root", "steps", "window", "keyboard"])
        keeps(RenderRequestDecoder(layout: LayoutRequestDecoder(devices: FakeDevices())).layout.bodyFields,
              ["device", "screen", "orientation", "systemVersion", "designRequiresCompatibility", "statusBarHidden", "layoutDirection", "root", "steps", "window", "keyboard", "render"])
        keeps(MatrixRequestDecoder.bodyFields,
              ["devices", "orientations", "systemVersions", "systemVersion", "designRequiresCompatibility", "statusBarHidden", "layoutDirection", "root", "window", "keyboard"])
        #expect(schema.node.names == [
            "id", "kind", "frame", "pin", "layoutMargins", "directionalLayoutMargins", "insetsLayoutMarginsFromSafeArea", "preservesSuperviewLayoutMargins",
            "contentSize", "contentInset", "contentInsetAdjustmentBehavior", "alwaysBounceVertical", "alwaysBounceHorizontal",
            "automaticallyAdjustsScrollIndicatorInsets", "verticalScrollIndicatorInsets", "horizontalScrollIndicatorInsets", "viewController", "subviews",
            "y", "height", "style", "insetsContentViewsToSafeArea", "cellLayoutMarginsFollowReadableWidth", "separatorInset", "separatorInsetReference", "layout", "keyboardLayoutGuide",
        ])
        #expect(schema.controller.names == [
            "kind", "additionalSafeAreaInsets", "edgesForExtendedLayout", "extendedLayoutIncludesOpaqueBars", "automaticallyAdjustsScrollViewInsets",
            "viewRespectsSystemMinimumLayoutMargins", "navigationBar", "toolbar", "tabBar", "style", "preferredPrimaryColumnWidth",
        ])
        #expect(schema.screen.names == ["width", "height", "safeAreaInsets", "statusBarHeight", "sizeClass"])
        #expect(schema.window.names == ["split", "side", "frame"])
        #expect(schema.keyboard.names == ["frame", "docked", "height"])
        #expect(schema.viewKinds.names == ["view", "scrollView", "tableView", "collectionView", "cell", "sectionHeader", "sectionFooter"])
        #expect(schema.behaviors.names == ["automatic", "scrollableAxes", "never", "always"])
        #expect(schema.contentInsetsReferences.names == ["automatic", "none", "safeArea", "layoutMargins", "readableContent"])
        #expect(schema.flowReferences.names == ["fromContentInset", "fromSafeArea", "fromLayoutMargins"])
        #expect(NodeField.allCases.map(\.rawValue) == [
            "frame", "frameInWindow", "layoutMargins", "directionalLayoutMargins", "layoutMarginsGuide", "safeAreaInsets", "safeAreaLayoutGuide", "explain",
            "contentInset", "adjustedContentInset", "verticalScrollIndicatorInsets", "horizontalScrollIndicatorInsets", "contentOffset",
            "topLayoutGuide", "bottomLayoutGuide", "bars", "contentView", "separatorInset", "sectionInsets", "sectionExplain", "keyboardLayoutGuide",
        ])
    }

    @Test func unknownFieldsAndWordsNameTheNearestInTheirPlace() {
        let problem = decodeProblem(#"{"devic": "iphone-x", "orientation": "landscape_left", "root": {"id": "r", "kind": "TABLE_VIEW", "frmae": {}, "viewController": {"navigationBar": {"hiden": true}, "kind": "navigaton"}, "subviews": [{"id": "a", "frame": {"x": 0, "yy": 0, "width": 1, "height": 1}}]}}"#)
        #expect(problem?.errors == [
            FieldProblem(pointer: "/devic", detail: #"unknown field "devic"; did you mean "device"?"#, suggestion: "device"),
            FieldProblem(pointer: "/orientation", detail: #""landscape_left" is not one of portrait, portraitUpsideDown, landscapeLeft, landscapeRight; did you mean "landscapeLeft"?"#, suggestion: "landscapeLeft"),
            FieldProblem(pointer: "/root/kind", detail: #""TABLE_VIEW" is not one of view, scrollView, tableView, collectionView, cell, sectionHeader, sectionFooter; did you mean "tableView"?"#, suggestion: "tableView"),
            FieldProblem(pointer: "/root/frmae", detail: #"unknown field "frmae"; did you mean "frame"?"#, suggestion: "frame"),
            FieldProblem(pointer: "/root/viewController/navigationBar/hiden", detail: #"unknown field "hiden"; did you mean "hidden"?"#, suggestion: "hidden"),
            FieldProblem(pointer: "/root/viewController/kind", detail: #""navigaton" is not one of plain, navigation, tabBar, split; did you mean "navigation"?"#, suggestion: "navigation"),
            FieldProblem(pointer: "/root/subviews/0/frame/yy", detail: #"unknown field "yy"; did you mean "y"?"#, suggestion: "y"),
            FieldProblem(pointer: "/root/subviews/0/frame/y", detail: "required"),
            FieldProblem(pointer: "/device", detail: "required (or screen)"),
        ])
    }

    @Test func aModelIdentifierNamesTheProfile() throws {
        let decoded = try LayoutRequestDecoder(devices: FakeDevices()).decode(Array(#"{"device": "iPhone16,1", "root": {"id": "r"}}"#.utf8))
        #expect(decoded.device == "iphone-15-pro")
        let problem = decodeProblem(#"{"device": "iphone-15pro", "root": {"id": "r"}}"#)
        #expect(problem?.errors == [FieldProblem(
            pointer: "/device",
            detail: #"unknown device "iphone-15pro"; did you mean "iphone-15-pro"? nearest ids: "iphone-15-pro", "iphone-x", "iphone-8"; GET /devices lists every id"#,
            suggestion: "iphone-15-pro"
        )])
    }
}
