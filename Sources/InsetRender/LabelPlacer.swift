import InsetEngine

/// Text sizes in proportion to the picture: at least 11 × (view box width / 400) points,
/// so that text is 11 px tall when the picture is shown 400 px wide (API.md "POST /render");
/// a text's width is estimated as 0.6 × font size per character.
struct TextMetrics {
    /// The font size of every text, in points.
    let fontSize: Double

    init(screenWidth: Double) {
        fontSize = 11 * max(screenWidth, 400) / 400
    }

    /// The estimated width of `characters` characters.
    func width(_ characters: Int) -> Double { Double(characters) * 0.6 * fontSize }

    /// The padding around a text.
    var padding: Double { fontSize * 0.3 }

    /// `text` as it fits in `width`: whole, or cut with "…"; `nil` where not even "…" fits.
    func fitted(_ text: String, width: Double) -> String? {
        let room = Int(((width - 2 * padding) / (0.6 * fontSize)).rounded(.down))
        guard room >= 1 else { return nil }
        let scalars = text.unicodeScalars
        guard SVGText.shownLength(scalars[...]) > room else { return text }
        var kept = String.UnicodeScalarView()
        var used = 0
        for scalar in scalars {
            let length = SVGText.shownLength(String.UnicodeScalarView([scalar])[...])
            guard used + length <= room - 1 else { break }
            kept.append(scalar)
            used += length
        }
        return String(kept) + "…"
    }
}

/// Places the nodes' id labels: each inside its node's area (the safe-area guide, or the
/// frame where the guide is too small), clipped to the screen, cut with "…" to the width,
/// never over a label already placed (parents are placed first) nor over an inset value. A label that cannot be
/// placed is written hidden, and the id stays in the node's `<title>`.
struct LabelPlacer {
    typealias Box = (x: Double, y: Double, width: Double, height: Double)

    let screen: Box
    let metrics: TextMetrics
    private var placed: [Box] = []

    /// A placer for `screen`, whose labels keep clear of `reserved` (the inset values).
    init(screen: Size, metrics: TextMetrics, reserved: [Box] = []) {
        self.screen = (0, 0, screen.width, screen.height)
        self.metrics = metrics
        placed = reserved
        placed.reserveCapacity(reserved.count + 64)
    }

    /// Writes the `<text>` of `id`, placed in `area` (or `fallback` where `area` is too
    /// small for any label) or hidden.
    mutating func place(_ id: String, in area: Box, fallback: Box, into svg: inout SVGText) {
        let fontSize = metrics.fontSize
        var box = Self.intersection(area, screen)
        if box.height < fontSize + metrics.padding || metrics.fitted(id, width: box.width) == nil {
            box = Self.intersection(fallback, screen)
        }
        if box.height >= fontSize + metrics.padding, let text = metrics.fitted(id, width: box.width) {
            let width = metrics.width(SVGText.shownLength(text.unicodeScalars[...])) + 2 * metrics.padding
            let height = fontSize * 1.25
            let line = fontSize * 1.3
            // Corners first, then lines further in, until one is free (tried in place, no
            // list: this runs for every node of every picture).
            for row in 0..<4 {
                let top = box.y + Double(row) * line
                let bottom = box.y + box.height - height - Double(row) * line
                for side in 0..<4 {
                    let y = side < 2 ? top : bottom
                    let x = side % 2 == 0 ? box.x : box.x + box.width - width
                    let spot = (x: x, y: y, width: width, height: height)
                    guard y >= box.y, y + height <= box.y + box.height + 0.001,
                          !placed.contains(where: { Self.overlaps($0, spot) }) else { continue }
                    placed.append(spot)
                    svg.raw("<text class=\"insetd-text\"")
                    svg.attribute("x", spot.x + metrics.padding)
                    svg.attribute("y", spot.y + fontSize)
                    svg.raw(">")
                    svg.escaped(text)
                    svg.raw("</text>")
                    return
                }
            }
        }
        svg.raw("<text class=\"insetd-text\" data-hidden=\"true\" display=\"none\">")
        svg.escaped(id)
        svg.raw("</text>")
    }

    static func intersection(_ a: Box, _ b: Box) -> Box {
        let x = max(a.x, b.x)
        let y = max(a.y, b.y)
        return (x, y, max(0, min(a.x + a.width, b.x + b.width) - x), max(0, min(a.y + a.height, b.y + b.height) - y))
    }

    static func overlaps(_ a: Box, _ b: Box) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }
}
