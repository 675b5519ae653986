import InsetEngine

/// The legend: a band below the screen naming each colour and line style the picture uses,
/// its entries flowing left to right over as many lines as the width needs.
struct SVGLegend {
    /// What an entry's swatch looks like.
    enum Swatch {
        case fill(String), line(String), text(String)
    }

    let entries: [(swatch: Swatch, name: String)]
    let metrics: TextMetrics
    let width: Double
    /// Each entry's line and left edge.
    private let spots: [(line: Int, x: Double)]
    /// The band's height in points.
    let bandHeight: Double

    init(scene: RenderScene, options: RenderOptions, values: InsetValues, metrics: TextMetrics) {
        var entries: [(Swatch, String)] = []
        let show = options.show
        if show.contains(.frames) { entries.append((.line("insetd-frame"), "frame")) }
        if options.node != nil { entries.append((.line("insetd-sel"), "chosen node")) }
        if show.contains(.safeArea), scene.windowSafeArea != nil { entries.append((.fill("insetd-unsafe"), "outside the safe area")) }
        if show.contains(.layoutMargins) { entries.append((.line("insetd-margins"), "layout margins")) }
        if show.contains(.bars), scene.nodes.contains(where: { scene.nodes.bars(of: $0).map { !$0.isEmpty } ?? false }) { entries.append((.fill("insetd-bar"), "bars")) }
        if scene.keyboard != nil { entries.append((.fill("insetd-kb"), "keyboard")) }
        if scene.nodes.contains(where: { scene.nodes.keyboardLayoutGuide(of: $0) != nil }) { entries.append((.line("insetd-guide"), "keyboard layout guide")) }
        if scene.hasSmallerWindow { entries.append((.fill("insetd-other"), "other apps")) }
        if values.values.contains(where: \.window) { entries.append((.text("insetd-win-n"), "window inset (pt)")) }
        if values.values.contains(where: { !$0.window }) { entries.append((.text("insetd-node-n"), "node inset (pt)")) }
        self.entries = entries
        self.metrics = metrics
        width = scene.screen.width
        var spots: [(Int, Double)] = []
        var line = 0
        var x = metrics.padding
        for entry in entries {
            let entryWidth = Self.entryWidth(entry, metrics)
            if x > metrics.padding, x + entryWidth > width - metrics.padding {
                line += 1
                x = metrics.padding
            }
            spots.append((line, x))
            x += entryWidth + metrics.fontSize
        }
        self.spots = spots
        bandHeight = entries.isEmpty ? 0 : Double(line + 1) * metrics.fontSize * 1.6 + metrics.fontSize * 0.6
    }

    private static func entryWidth(_ entry: (swatch: Swatch, name: String), _ metrics: TextMetrics) -> Double {
        nameOffset(entry.swatch, metrics) + metrics.width(entry.name.count)
    }

    /// Where an entry's name starts after its swatch: a square, or a sample value "12"
    /// (bold, at the full font size like every text).
    private static func nameOffset(_ swatch: Swatch, _ metrics: TextMetrics) -> Double {
        if case .text = swatch { return metrics.fontSize * 1.8 }
        return metrics.fontSize * 1.4
    }

    /// Writes the legend's group, its band starting at `top`.
    func draw(top: Double, into svg: inout SVGText) {
        guard !entries.isEmpty else { return }
        let fontSize = metrics.fontSize
        svg.raw("<g data-part=\"legend\">\n")
        for (entry, spot) in zip(entries, spots) {
            let y = top + fontSize * 0.6 + Double(spot.line) * fontSize * 1.6
            switch entry.swatch {
            case .fill(let style):
                svg.raw("<rect class=\"")
                svg.word(style)
                svg.raw("\"")
                svg.rectAttributes((spot.x, y + fontSize * 0.1, fontSize, fontSize))
                svg.raw("/>")
            case .line(let style):
                svg.raw("<rect class=\"")
                svg.word(style)
                svg.raw("\"")
                svg.rectAttributes((spot.x + 1, y + fontSize * 0.1 + 1, fontSize - 2, fontSize - 2))
                svg.raw("/>")
            case .text(let style):
                svg.raw("<text font-weight=\"600\" class=\"")
                svg.word(style)
                svg.raw("\"")
                svg.attribute("x", spot.x)
                svg.attribute("y", y + fontSize * 0.95)
                svg.raw(">12</text>")
            }
            svg.raw("<text class=\"insetd-dim\"")
            svg.attribute("x", spot.x + Self.nameOffset(entry.swatch, metrics))
            svg.attribute("y", y + fontSize * 0.95)
            svg.raw(">")
            svg.escaped(entry.name)
            svg.raw("</text>\n")
        }
        svg.raw("</g>\n")
    }
}
