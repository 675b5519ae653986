import DeviceCatalog
import Foundation
import InsetEngine
@testable import InsetAPI
import ServiceKit
import ServiceTestSupport
import Testing

/// Bodies whose answers an independent reference model disagreed with (issue "Answers that
/// teach", pinned to systemVersion 18), answered as RULES.md says, against the registry.
@Suite struct ListAnswerTests {
    /// The node `id` of the answer to `body`, as JSON.
    private func node(_ id: String, of body: String) throws -> [String: Any] {
        let decoded = try LayoutRequestDecoder(devices: WindowRequestTests.catalog).decode(Array(body.utf8))
        let answer = LayoutResponseEncoder.encode(InsetEngine.layout(decoded.request), for: decoded)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer)) as? [String: Any])
        let nodes = try #require(object["nodes"] as? [String: Any])
        return try #require(nodes[id] as? [String: Any])
    }

    @Test("S3/S4: a row's content view overhanging its row gains no inset on the overhanging edge")
    func overhangingContentView() throws {
        let body = #"{"device":"iphone-x","systemVersion":18,"orientation":"landscapeLeft","root":{"id":"c","viewController":{"kind":"plain"},"subviews":[{"id":"t","kind":"tableView","frame":{"x":0,"y":0,"width":10,"height":100},"contentInsetAdjustmentBehavior":"never","subviews":[{"id":"cell","kind":"cell"}]}]}}"#
        let contentView = try #require(try node("cell", of: body)["contentView"] as? [String: Any])
        #expect(contentView["safeAreaInsets"] as? [String: Double] == ["top": 0, "left": 0, "bottom": 0, "right": 0])
        // A subview exactly filling that content view gets the same.
        let filled = body.replacingOccurrences(of: #"{"id":"cell","kind":"cell"}"#, with: #"{"id":"cell","kind":"cell","subviews":[{"id":"fill"}]}"#)
        #expect(try node("fill", of: filled)["safeAreaInsets"] as? [String: Double] == ["top": 0, "left": 0, "bottom": 0, "right": 0])
    }

    @Test("C4 with R1: readableContent sections in a margins guide with no width left")
    func readableContentInANarrowGuide() throws {
        let body = #"{"device":"iphone-8","systemVersion":18,"root":{"id":"c","viewController":{"kind":"plain"},"subviews":[{"id":"cv","kind":"collectionView","frame":{"x":0,"y":0,"width":10,"height":100},"layout":{"type":"compositional","contentInsetsReference":"readableContent"}}]}}"#
        let sections = try #require(try node("cv", of: body)["sectionInsets"] as? [[String: Double]])
        // The margins guide starts at 8 and has no width: the readable guide ends 2 pt from
        // the right edge.
        #expect(sections.first?["left"] == 8)
        #expect(sections.first?["right"] == 2)
    }

    @Test("K2: a docked keyboard that does not reach the view leaves K1's guide, above the view's top or not")
    func keyboardBelowAShortView() throws {
        func guide(_ height: Int) throws -> [String: Double]? {
            let body = #"{"device":"iphone-x","systemVersion":18,"keyboard":{"height":\#(height)},"root":{"id":"c","viewController":{"kind":"plain"},"subviews":[{"id":"v","frame":{"x":0,"y":790,"width":375,"height":10},"keyboardLayoutGuide":true}]}}"#
            return try node("v", of: body)["keyboardLayoutGuide"] as? [String: Double]
        }
        #expect(try guide(10) == ["x": 0, "y": -12, "width": 375, "height": 22])
        #expect(try guide(20) == ["x": 0, "y": 0, "width": 375, "height": 10])
    }

    @Test("keyboardLayoutGuide false below 15 is absent, not 422, also in a matrix")
    func falseGuideBelow15() throws {
        let body = #"{"device":"iphone-x","systemVersion":14,"root":{"id":"c","viewController":{"kind":"plain"},"keyboardLayoutGuide":false}}"#
        #expect(try node("c", of: body)["keyboardLayoutGuide"] == nil)
        let matrix = try MatrixRequestDecoder(catalog: WindowRequestTests.catalog).decode(Array(#"{"devices":["iphone-x"],"orientations":["portrait"],"systemVersions":[14],"root":{"id":"c","keyboardLayoutGuide":false}}"#.utf8))
        #expect(matrix.combinations.map(\.skipReason) == [nil])
    }
}
