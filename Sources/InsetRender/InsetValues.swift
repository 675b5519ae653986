import InsetEngine

/// The inset values written beside the edges: the window's non-zero insets beside the
/// screen's edges and every inset of the chosen node beside its frame's. Each sits inside
/// its unsafe band where the band holds the text, else just past the safe edge; never on a
/// line. Placed before the node labels, so that no label is written over a value.
struct InsetValues {
    struct Value {
        var label: String
        var window: Bool
        var x: Double
        var y: Double
        var value: Double
    }

    let values: [Value]
    let metrics: TextMetrics

    init(_ scene: RenderScene, selected: String?, origin: (x: Double, y: Double), metrics: TextMetrics) {
        self.metrics = metrics
        var values: [Value] = []
        if let insets = scene.windowSafeArea {
            let w = scene.window
            values += Self.edges(frame: (w.x, w.y, w.width, w.height), insets: insets, window: true, metrics: metrics)
        }
        if let selected, let node = scene.nodes[id: selected], let insets = node.safeAreaInsets ?? Self.legacyInsets(node) {
            let f = node.frameInWindow
            values += Self.edges(frame: (origin.x + f.x, origin.y + f.y, f.width, f.height), insets: insets, window: false, metrics: metrics)
        }
        self.values = values
    }

    /// The box each value's text takes (centred on `x`, baseline at `y`).
    var boxes: [LabelPlacer.Box] {
        values.map { value in
            let width = metrics.width(SVGText.format(value.value).count) + metrics.padding
            return (value.x - width / 2, value.y - metrics.fontSize, width, metrics.fontSize * 1.2)
        }
    }

    func draw(into svg: inout SVGText) {
        svg.raw("<g font-weight=\"600\" text-anchor=\"middle\">\n")
        for value in values {
            svg.raw(value.window ? "<text class=\"insetd-text insetd-win-n\" data-label=\"window-" : "<text class=\"insetd-text insetd-node-n\" data-label=\"node-")
            svg.word(value.label)
            svg.raw("\"")
            svg.attribute("x", value.x)
            svg.attribute("y", value.y)
            svg.raw(">")
            svg.number(value.value)
            svg.raw("</text>\n")
        }
        svg.raw("</g>\n")
    }

    /// In the legacy model a view controller's layout guides stand for its top and bottom.
    private static func legacyInsets(_ node: NodeResult) -> Insets? {
        node.layoutGuides.map { Insets(top: $0.top, left: 0, bottom: $0.bottom, right: 0) }
    }

    private static func edges(frame: (x: Double, y: Double, width: Double, height: Double), insets: Insets, window: Bool, metrics: TextMetrics) -> [Value] {
        let fontSize = metrics.fontSize
        // The distance of a value's centre from its edge: the band's middle where the band
        // holds the text, else a line's height past the safe edge.
        func depth(_ inset: Double, across: Double) -> Double {
            let inset = max(inset, 0)
            return inset >= across * 1.4 ? inset / 2 : inset + across * 0.8
        }
        // Window values sit near the start of their edge, clear of a centred housing and
        // inside the rounded corner; a node's at three quarters, clear of the window's.
        let along = window ? 0.15 : 0.75
        let half = fontSize * 0.35
        let places: [(Edge, Double, Double, Double)] = [
            (.top, insets.top, frame.x + frame.width * along, frame.y + depth(insets.top, across: fontSize) + half),
            (.left, insets.left, frame.x + depth(insets.left, across: fontSize * 1.6), frame.y + frame.height * along + half),
            (.bottom, insets.bottom, frame.x + frame.width * along, frame.y + frame.height - depth(insets.bottom, across: fontSize) + half),
            (.right, insets.right, frame.x + frame.width - depth(insets.right, across: fontSize * 1.6), frame.y + frame.height * along + half),
        ]
        return places.filter { !(window && $0.1 == 0) }.map { Value(label: $0.0.rawValue, window: window, x: $0.2, y: $0.3, value: $0.1) }
    }
}
