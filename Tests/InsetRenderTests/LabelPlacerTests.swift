import Foundation
import InsetEngine
@testable import InsetRender
import Testing

/// API.md: a label sits inside its node's area, cut with "…" to its width, never over a
/// label placed before it; one that cannot be placed is written hidden.
@Suite struct LabelPlacerTests {
    static let metrics = TextMetrics(screenWidth: 393)

    /// The shown labels' boxes, read back from the `<text>` elements written.
    static func shownBoxes(_ svg: SVGText) -> [(text: String, box: LabelPlacer.Box)] {
        svg.text.split(separator: "<text").compactMap { element in
            guard !element.contains("data-hidden"), let x = number(element, "x"), let y = number(element, "y"),
                  let open = element.firstIndex(of: ">"), let close = element.range(of: "</text>") else { return nil }
            let text = String(element[element.index(after: open)..<close.lowerBound])
            let width = metrics.width(text.count) + 2 * metrics.padding
            return (text, (x - metrics.padding, y - metrics.fontSize, width, metrics.fontSize * 1.25))
        }
    }

    static func number(_ element: Substring, _ name: String) -> Double? {
        guard let start = element.range(of: " \(name)=\"") else { return nil }
        return Double(element[start.upperBound...].prefix { $0 != "\"" })
    }

    @Test func nestedFullScreenNodesGetLabelsThatDoNotOverlap() {
        var placer = LabelPlacer(screen: Size(width: 393, height: 852), metrics: Self.metrics)
        var svg = SVGText(reservingCapacity: 4096)
        for index in 0..<12 {
            let area = (x: 0.0, y: 59.0, width: 393.0, height: 759.0)
            placer.place("node-\(index)", in: area, fallback: area, into: &svg)
        }
        let boxes = Self.shownBoxes(svg)
        #expect(boxes.count == 12)
        for (i, a) in boxes.enumerated() {
            #expect(a.box.x >= 0 && a.box.x + a.box.width <= 393.001 && a.box.y >= 59 && a.box.y + a.box.height <= 818.001, "\(a.text) lies in its area")
            for b in boxes[(i + 1)...] { #expect(!LabelPlacer.overlaps(a.box, b.box), "\(a.text) and \(b.text)") }
        }
    }

    @Test func aLabelTooWideIsCutAndOneWithNoRoomIsHidden() {
        var placer = LabelPlacer(screen: Size(width: 393, height: 852), metrics: Self.metrics)
        var svg = SVGText(reservingCapacity: 1024)
        let narrow = (x: 10.0, y: 100.0, width: 50.0, height: 40.0)
        placer.place("a-rather-long-identifier", in: narrow, fallback: narrow, into: &svg)
        let low = (x: 100.0, y: 300.0, width: 200.0, height: 8.0)
        placer.place("low", in: low, fallback: low, into: &svg)
        let offScreen = (x: 400.0, y: 300.0, width: 200.0, height: 80.0)
        placer.place("outside", in: offScreen, fallback: offScreen, into: &svg)
        // 50 pt hold six characters at 11 pt (0.6 × 11 each, padding 3.3 a side): five and "…".
        #expect(svg.text.contains(">a-rat…</text>"))
        #expect(Self.shownBoxes(svg).allSatisfy { $0.box.width <= 50.001 })
        #expect(svg.text.contains(#"<text class="insetd-text" data-hidden="true" display="none">low</text>"#))
        #expect(svg.text.contains(#"<text class="insetd-text" data-hidden="true" display="none">outside</text>"#))
    }

    @Test func reservedBoxesAreKeptClear() throws {
        let area = (x: 0.0, y: 0.0, width: 393.0, height: 100.0)
        var placer = LabelPlacer(screen: Size(width: 393, height: 852), metrics: Self.metrics, reserved: [(0, 0, 393, 30)])
        var svg = SVGText(reservingCapacity: 256)
        placer.place("v", in: area, fallback: area, into: &svg)
        let box = try #require(Self.shownBoxes(svg).first).box
        #expect(box.y >= 30)
    }
}
