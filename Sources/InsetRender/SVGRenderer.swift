import DeviceCatalog
import InsetEngine

/// Draws a ``RenderScene`` as a standalone SVG 1.1 document (API.md "POST /render").
///
/// The picture's view box is the screen in points; back to front it holds the screen, the
/// window (when smaller than the screen), each node as a `<g data-node data-safe-area>`
/// with its frame, the unsafe bands of its safe area and its margins guide, the bars, the
/// status bar, the home indicator, the sensor housing, and the labels. Styles are
/// presentation attributes, not a `<style>` sheet, so that pictures placed inline in a
/// page neither restyle it nor each other.
public enum SVGRenderer {
    /// The SVG document for `scene`, as UTF-8 bytes.
    public static func render(_ scene: RenderScene, options: RenderOptions = RenderOptions()) -> [UInt8] {
        var svg = SVGText(reservingCapacity: 1024 + scene.nodes.count * 400)
        let screen = scene.screen
        svg.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"")
        svg.attribute("width", screen.width * options.scale)
        svg.attribute("height", screen.height * options.scale)
        svg.raw(" viewBox=\"0 0 ")
        svg.number(screen.width)
        svg.raw(" ")
        svg.number(screen.height)
        svg.raw("\" font-family=\"-apple-system, Helvetica, Arial, sans-serif\">\n<title>")
        svg.escaped(title(scene))
        svg.raw("</title>\n<desc>")
        svg.escaped(description(scene))
        svg.raw("</desc>\n")

        drawScreen(scene, into: &svg)
        let origin = (x: scene.window.x, y: scene.window.y)
        let selected = options.node
        let layers = NodeLayers(frames: options.show.contains(.frames), safeArea: options.show.contains(.safeArea), layoutMargins: options.show.contains(.layoutMargins))
        svg.raw("<g fill=\"none\">\n")
        for node in scene.nodes {
            drawNode(node, origin: origin, guides: selected == nil || selected == node.id, layers: layers, into: &svg)
        }
        svg.raw("</g>\n")
        if options.show.contains(.bars) { drawBars(scene, origin: origin, into: &svg) }
        drawHardware(scene, into: &svg)
        if options.show.contains(.labels) { drawLabels(scene, selected: selected, origin: origin, into: &svg) }
        svg.raw("</svg>\n")
        return svg.bytes
    }

    // MARK: - Title and description

    private static func title(_ scene: RenderScene) -> String {
        "\(scene.device?.name ?? "Custom screen"), \(scene.orientation.rawValue), iOS \(SVGText.format(scene.systemVersion))"
    }

    private static func description(_ scene: RenderScene) -> String {
        var text = "Screen \(SVGText.format(scene.screen.width)) × \(SVGText.format(scene.screen.height)) pt"
        if scene.window != Rect(x: 0, y: 0, width: scene.screen.width, height: scene.screen.height) {
            text += "; window \(rectText(scene.window))"
        }
        if let insets = scene.windowSafeArea {
            text += "; window safe area top \(SVGText.format(insets.top)), left \(SVGText.format(insets.left)), bottom \(SVGText.format(insets.bottom)), right \(SVGText.format(insets.right))"
        } else {
            text += "; legacy layout model (below iOS 11): no safe area"
        }
        text += "; \(scene.nodes.count == 1 ? "1 node" : "\(scene.nodes.count) nodes")."
        if let device = scene.device, device.sensorHousing != .none, device.sensorHousingSize == nil {
            text += " Sensor housing (\(device.sensorHousing.rawValue)): housing size unknown, not outlined."
        }
        return text
    }

    private static func rectText(_ rect: Rect) -> String {
        "x \(SVGText.format(rect.x)), y \(SVGText.format(rect.y)), \(SVGText.format(rect.width)) × \(SVGText.format(rect.height))"
    }

    // MARK: - Screen, window, hardware

    private static func drawScreen(_ scene: RenderScene, into svg: inout SVGText) {
        svg.raw("<rect data-screen=\"\"")
        svg.rectAttributes((0, 0, scene.screen.width, scene.screen.height))
        if let radius = scene.device?.cornerRadius, radius > 0 { svg.attribute("rx", radius) }
        svg.raw(" fill=\"#f2f2f7\" stroke=\"#1c1c1e\" stroke-width=\"2\"/>\n")
        let window = scene.window
        if window != Rect(x: 0, y: 0, width: scene.screen.width, height: scene.screen.height) {
            svg.raw("<rect data-window=\"\"")
            svg.rectAttributes((window.x, window.y, window.width, window.height))
            svg.raw(" fill=\"#ffffff\" stroke=\"#636366\" stroke-width=\"1.5\"/>\n")
        }
    }

    /// The home indicator and the sensor housing, over everything the app draws.
    private static func drawHardware(_ scene: RenderScene, into svg: inout SVGText) {
        let screen = scene.screen
        guard let device = scene.device else { return }
        if device.homeIndicator {
            let width = min(134, screen.width * 0.36)
            svg.raw("<rect data-home-indicator=\"\"")
            svg.rectAttributes(((screen.width - width) / 2, screen.height - 13, width, 5))
            svg.raw(" rx=\"2.5\" fill=\"#1c1c1e\"/>\n")
        }
        guard device.sensorHousing != .none, let size = device.sensorHousingSize else { return }
        let frame: (x: Double, y: Double, width: Double, height: Double)
        switch scene.orientation {
        case .portrait:
            frame = ((screen.width - size.width) / 2, 0, size.width, size.height)
        case .portraitUpsideDown:
            frame = ((screen.width - size.width) / 2, screen.height - size.height, size.width, size.height)
        case .landscapeLeft:
            frame = (screen.width - size.height, (screen.height - size.width) / 2, size.height, size.width)
        case .landscapeRight:
            frame = (0, (screen.height - size.width) / 2, size.height, size.width)
        }
        svg.raw("<rect data-sensor-housing=\"")
        svg.word(device.sensorHousing.rawValue)
        svg.raw("\"")
        svg.rectAttributes(frame)
        // A notch is flush with the edge and rounded on its inner corners only, which one
        // rect cannot say; its inner radius reads well enough. An island is a capsule.
        let radius = device.sensorHousing == .dynamicIsland ? min(frame.width, frame.height) / 2 : min(frame.width, frame.height) / 4
        svg.attribute("rx", radius)
        svg.raw(" fill=\"#000000\"/>\n")
    }

    // MARK: - Nodes

    /// The layers drawn per node, read once from `render.show` rather than per node.
    private struct NodeLayers {
        var frames: Bool
        var safeArea: Bool
        var layoutMargins: Bool
    }

    private static func drawNode(_ node: NodeResult, origin: (x: Double, y: Double), guides: Bool, layers: NodeLayers, into svg: inout SVGText) {
        let frame = node.frameInWindow
        let x = origin.x + frame.x
        let y = origin.y + frame.y
        svg.raw("<g data-node=\"")
        svg.escaped(node.id)
        svg.raw("\"")
        if let insets = node.safeAreaInsets {
            svg.raw(" data-safe-area=\"")
            svg.number(insets.top)
            svg.raw(" ")
            svg.number(insets.left)
            svg.raw(" ")
            svg.number(insets.bottom)
            svg.raw(" ")
            svg.number(insets.right)
            svg.raw("\"")
        }
        svg.raw(">")
        if layers.frames {
            svg.raw("<rect")
            svg.rectAttributes((x, y, frame.width, frame.height))
            svg.raw(" stroke=\"#0a84ff\" stroke-width=\"1\"/>")
        }
        if guides, layers.safeArea, let insets = node.safeAreaInsets {
            drawBands(x: x, y: y, width: frame.width, height: frame.height, insets: insets, into: &svg)
        }
        if guides, layers.layoutMargins {
            let margins = node.layoutMargins
            svg.raw("<rect data-layout-margins=\"\"")
            svg.rectAttributes((x + margins.left, y + margins.top, frame.width - margins.left - margins.right, frame.height - margins.top - margins.bottom))
            svg.raw(" stroke=\"#30b0c7\" stroke-width=\"1\" stroke-dasharray=\"4 3\"/>")
        }
        svg.raw("</g>\n")
    }

    /// The unsafe band: the frame less its safe-area guide, shaded (even-odd path).
    private static func drawBands(x: Double, y: Double, width: Double, height: Double, insets: Insets, into svg: inout SVGText) {
        guard insets != .zero, width > 0, height > 0 else { return }
        let top = min(max(insets.top, 0), height)
        let bottom = min(max(insets.bottom, 0), height - top)
        let left = min(max(insets.left, 0), width)
        let right = min(max(insets.right, 0), width - left)
        svg.raw("<path data-unsafe=\"\" d=\"M")
        point(x, y, &svg)
        svg.raw("h")
        svg.number(width)
        svg.raw("v")
        svg.number(height)
        svg.raw("h")
        svg.number(-width)
        svg.raw("zM")
        point(x + left, y + top, &svg)
        svg.raw("v")
        svg.number(height - top - bottom)
        svg.raw("h")
        svg.number(width - left - right)
        svg.raw("v")
        svg.number(-(height - top - bottom))
        svg.raw("z\" fill=\"#ff3b30\" fill-opacity=\"0.14\" fill-rule=\"evenodd\"/>")
    }

    private static func point(_ x: Double, _ y: Double, _ svg: inout SVGText) {
        svg.number(x)
        svg.raw(" ")
        svg.number(y)
    }

    // MARK: - Bars

    private static func drawBars(_ scene: RenderScene, origin: (x: Double, y: Double), into svg: inout SVGText) {
        svg.raw("<g fill=\"#d1d1d6\" fill-opacity=\"0.85\" font-size=\"11\">\n")
        for node in scene.nodes {
            guard let bars = node.bars else { continue }
            let x = origin.x + node.frameInWindow.x
            let y = origin.y + node.frameInWindow.y
            let shown: [(String, Rect?)] = [
                ("statusBar", bars.statusBar), ("navigationBar", bars.navigationBar),
                ("toolbar", bars.toolbar), ("tabBar", bars.tabBar),
            ]
            for case let (name, bar?) in shown {
                svg.raw("<rect data-bar=\"")
                svg.word(name)
                svg.raw("\"")
                svg.rectAttributes((x + bar.x, y + bar.y, bar.width, bar.height))
                svg.raw("/>")
                if bar.height >= 12, bar.width >= 60 {
                    svg.raw("<text")
                    svg.attribute("x", x + bar.x + 6)
                    svg.attribute("y", y + bar.y + min(bar.height, 44) / 2 + 4)
                    svg.raw(" fill=\"#3a3a3c\" fill-opacity=\"1\">")
                    svg.word(name)
                    svg.raw("</text>")
                }
                svg.raw("\n")
            }
        }
        svg.raw("</g>\n")
    }

    // MARK: - Labels

    /// The window's non-zero insets on the screen's edges, and every inset of the selected
    /// node on its frame's edges.
    private static func drawLabels(_ scene: RenderScene, selected: String?, origin: (x: Double, y: Double), into svg: inout SVGText) {
        svg.raw("<g font-size=\"12\" font-weight=\"600\" text-anchor=\"middle\">\n")
        if let insets = scene.windowSafeArea {
            let w = scene.window
            edgeLabels(frame: (w.x, w.y, w.width, w.height), insets: insets, skipZero: true, prefix: "window", color: "#c9341f", into: &svg)
        }
        if let selected, let node = scene.nodes.first(where: { $0.id == selected }), let insets = node.safeAreaInsets ?? legacyInsets(node) {
            let f = node.frameInWindow
            edgeLabels(frame: (origin.x + f.x, origin.y + f.y, f.width, f.height), insets: insets, skipZero: false, prefix: "node", color: "#0a60c2", into: &svg)
        }
        svg.raw("</g>\n")
    }

    /// In the legacy model a view controller's layout guides stand for its top and bottom.
    private static func legacyInsets(_ node: NodeResult) -> Insets? {
        node.layoutGuides.map { Insets(top: $0.top, left: 0, bottom: $0.bottom, right: 0) }
    }

    private static func edgeLabels(frame: (x: Double, y: Double, width: Double, height: Double), insets: Insets, skipZero: Bool, prefix: String, color: String, into svg: inout SVGText) {
        // Window labels sit a quarter along their edge, clear of a centred housing; node
        // labels at three quarters, clear of the window's. A zero inset's label sits just
        // inside its edge.
        let along = prefix == "window" ? 0.25 : 0.75
        let places: [(Edge, Double, Double, Double)] = [
            (.top, insets.top, frame.x + frame.width * along, frame.y + (insets.top > 0 ? insets.top / 2 + 4 : 14)),
            (.left, insets.left, frame.x + max(insets.left, 0) / 2 + (insets.left > 0 ? 0 : 12), frame.y + frame.height * along),
            (.bottom, insets.bottom, frame.x + frame.width * along, frame.y + frame.height - (insets.bottom > 0 ? insets.bottom / 2 - 4 : 4)),
            (.right, insets.right, frame.x + frame.width - max(insets.right, 0) / 2 - (insets.right > 0 ? 0 : 12), frame.y + frame.height * along),
        ]
        for (edge, value, x, y) in places where !(skipZero && value == 0) {
            svg.raw("<text data-label=\"")
            svg.word(prefix)
            svg.raw("-")
            svg.word(edge.rawValue)
            svg.raw("\"")
            svg.attribute("x", x)
            svg.attribute("y", y)
            svg.raw(" fill=\"")
            svg.word(color)
            svg.raw("\">")
            svg.number(value)
            svg.raw("</text>\n")
        }
    }
}
