import HTTPTypes
import InsetEngine
@testable import InsetAPI
import ServiceKit
import ServiceTestSupport
import Testing

/// The clauses of RULES.md T1, T5 and the keyboard that live in the reading of a request
/// rather than in the engine: fields a version lacks, the custom screen's iPad width, a
/// keyboard frame off the screen.
@Suite struct ListRuleGateTests {
    @Test(arguments: [
        // T1: insetsContentViewsToSafeArea exists from systemVersion 11.
        (#"{"device": "iphone-x", "systemVersion": 10.3, "root": {"id": "t", "kind": "tableView", "insetsContentViewsToSafeArea": true}}"#,
         "/root/insetsContentViewsToSafeArea"),
        // T5: below 11 a separator inset is always from the automatic insets.
        (#"{"device": "iphone-x", "systemVersion": 10, "root": {"id": "t", "kind": "tableView", "separatorInsetReference": "fromCellEdges"}}"#,
         "/root/separatorInsetReference"),
    ])
    func tableFieldsBefore11Are422(body: String, pointer: String) {
        let problem = decodeProblem(body)
        #expect(problem?.status == 422)
        #expect(problem?.errors == [FieldProblem(pointer: pointer, detail: "needs systemVersion 11 or later")])
    }

    @Test func tableFieldsFrom11AreTaken() throws {
        let body = #"{"device": "iphone-x", "systemVersion": 11, "root": {"id": "t", "kind": "tableView", "insetsContentViewsToSafeArea": false, "separatorInsetReference": "fromAutomaticInsets"}}"#
        let table = try LayoutRequestDecoder(devices: FakeDevices()).decode(Array(body.utf8)).request.hierarchy.views[0].table
        #expect(table == TableProperties(insetsContentViewsToSafeArea: false, separatorInsetReference: .fromAutomaticInsets))
    }

    /// T5: the default separator's right is the cell's right margin on custom screens at
    /// least 768 wide (as for bars), 0 below: 768 is an iPad (regular, margins 20), 767 a
    /// phone (compact, at least 414 wide: margins 20 too).
    @Test(arguments: [(768, SeparatorInset(left: 20, right: 20)), (767, SeparatorInset(left: 20, right: 0))] as [(Int, SeparatorInset)])
    func customScreenSeparatorFollowsTheIPadWidth(width: Int, separator: SeparatorInset) throws {
        let body = #"{"screen": {"width": \#(width), "height": 1024}, "root": {"id": "t", "kind": "tableView", "viewController": {}, "subviews": [{"id": "c", "kind": "cell"}]}}"#
        let request = try LayoutRequestDecoder(devices: FakeDevices()).decode(Array(body.utf8)).request
        let cell = InsetEngine.layout(request).nodes[id: "c"]
        #expect(cell?.layoutMargins.left == 20)
        #expect(cell?.separatorInset == separator)
    }

    /// Keyboard: a frame partly or wholly off the screen is any finite Rect, taken as given.
    @Test func keyboardFramesOffTheScreenAreRead() throws {
        let body = #"{"device": "iphone-x", "keyboard": {"frame": {"x": -100, "y": 900, "width": 300, "height": 400}, "docked": false}, "root": {"id": "r"}}"#
        let request = try LayoutRequestDecoder(devices: FakeDevices()).decode(Array(body.utf8)).request
        #expect(request.keyboard == Keyboard(frame: Rect(x: -100, y: 900, width: 300, height: 400), docked: false))
    }
}
