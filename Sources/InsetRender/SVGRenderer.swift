import DeviceCatalog
import InsetEngine

/// Draws a ``RenderScene`` as a standalone SVG 1.1 document (API.md "POST /render").
///
/// The view box is the screen in points, plus the legend's band below it. Back to front:
/// inside a group clipped to the screen's outline, the screen, the other apps' area and
/// the window, the bars and the keyboard, each node as a `<g data-node data-safe-area>`
/// (frame, unsafe band, margins guide, label), the keyboard layout guide, the home
/// indicator and the sensor housing, and the inset values; then the outline, and the
/// legend. Colours come from one inline `<style>` (``SVGStyle``) with a dark palette.
public enum SVGRenderer {
    /// The SVG document for `scene`, as UTF-8 bytes.
    public static func render(_ scene: RenderScene, options: RenderOptions = RenderOptions()) -> [UInt8] {
        var svg = SVGText(reservingCapacity: 4096 + scene.nodes.count * 500)
        let screen = scene.screen
        let metrics = TextMetrics(screenWidth: screen.width)
        let origin = (x: scene.window.x, y: scene.window.y)
        let values = options.show.contains(.labels) ? InsetValues(scene, selected: options.node, origin: origin, metrics: metrics) : nil
        let legend = values.map { SVGLegend(scene: scene, options: options, values: $0, metrics: metrics) }
        let height = screen.height + (legend?.bandHeight ?? 0)
        svg.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"")
        svg.attribute("width", screen.width * options.scale)
        svg.attribute("height", height * options.scale)
        svg.raw(" viewBox=\"0 0 ")
        svg.number(screen.width)
        svg.raw(" ")
        svg.number(height)
        svg.raw("\"")
        svg.attribute("font-size", metrics.fontSize)
        svg.raw(" font-family=\"system-ui, -apple-system, sans-serif\">\n<title>")
        svg.escaped(title(scene))
        svg.raw("</title>\n<desc>")
        svg.escaped(description(scene))
        svg.raw("</desc>\n")
        svg.raw(SVGStyle.element)

        let clip = clipID(scene)
        svg.raw("<defs><clipPath id=\"")
        svg.word(clip)
        svg.raw("\"><rect")
        screenRectAttributes(scene, into: &svg)
        svg.raw("/></clipPath></defs>\n<g clip-path=\"url(#")
        svg.word(clip)
        svg.raw(")\">\n<rect class=\"insetd-bg\"")
        svg.rectAttributes((0, 0, screen.width, screen.height))
        svg.raw("/>\n")
        drawWindow(scene, metrics: metrics, into: &svg)
        if options.show.contains(.bars) { drawBars(scene, origin: origin, into: &svg) }
        drawKeyboard(scene, metrics: metrics, into: &svg)

        var labels = LabelPlacer(screen: screen, metrics: metrics, reserved: values?.boxes ?? [])
        let layers = NodeLayers(options)
        for node in scene.nodes {
            drawNode(node, id: scene.nodes.id(of: node), origin: origin, selected: options.node, layers: layers, labels: &labels, into: &svg)
        }
        drawKeyboardGuide(scene, selected: options.node, origin: origin, into: &svg)
        drawHardware(scene, into: &svg)
        values?.draw(into: &svg)
        // The outline lies just inside the screen's edge, so that the view box holds it whole.
        svg.raw("</g>\n<rect data-part=\"screen\" class=\"insetd-outline\"")
        svg.rectAttributes((1, 1, screen.width - 2, screen.height - 2))
        if let radius = scene.device?.cornerRadius, radius > 1 { svg.attribute("rx", radius - 1) }
        svg.raw("/>\n")
        legend?.draw(top: screen.height, into: &svg)
        svg.raw("</svg>\n")
        return svg.bytes
    }

    // MARK: - Title and description

    /// "iPhone 16 Pro, landscapeLeft, iOS 27.1": iPads say iPadOS from 13, Apple TVs tvOS.
    private static func title(_ scene: RenderScene) -> String {
        let version = SVGText.format(scene.systemVersion)
        guard let device = scene.device else {
            return "Custom screen \(SVGText.format(scene.screen.width)) × \(SVGText.format(scene.screen.height)), \(scene.orientation.rawValue), iOS \(version)"
        }
        let platform = switch device.family {
        case .tv: "tvOS"
        case .ipad: scene.systemVersion >= 13 ? "iPadOS" : "iOS"
        case .iphone: "iOS"
        }
        return "\(device.name), \(scene.orientation.rawValue), \(platform) \(version)"
    }

    private static func description(_ scene: RenderScene) -> String {
        var text = "Screen \(SVGText.format(scene.screen.width)) × \(SVGText.format(scene.screen.height)) pt"
        if scene.hasSmallerWindow { text += "; window \(rectText(scene.window))" }
        if let insets = scene.windowSafeArea {
            text += "; window safe area top \(SVGText.format(insets.top)), left \(SVGText.format(insets.left)), bottom \(SVGText.format(insets.bottom)), right \(SVGText.format(insets.right))"
        } else {
            text += "; legacy layout model (below iOS 11): no safe area"
        }
        if let keyboard = scene.keyboard {
            text += "; \(keyboard.docked ? "docked" : "floating") keyboard \(rectText(keyboard.frame))"
        }
        text += "; \(scene.nodes.count == 1 ? "1 node" : "\(scene.nodes.count) nodes")."
        if let device = scene.device {
            if device.sensorHousing != .none, device.sensorHousingSize == nil {
                text += " Sensor housing (\(device.sensorHousing.rawValue)): no source gives its size; drawn as a band of the inset's height across \(SVGText.format(fallbackShare(device.sensorHousing) * 100)) % of the screen width (derived)."
            }
            if device.cornerRadius == nil { text += " Corner radius: no source gives it; drawn square." }
        }
        return text
    }

    private static func rectText(_ rect: Rect) -> String {
        "x \(SVGText.format(rect.x)), y \(SVGText.format(rect.y)), \(SVGText.format(rect.width)) × \(SVGText.format(rect.height))"
    }

    // MARK: - Screen and window

    /// The clip path's id: the same outline gives the same id, so pictures placed inline
    /// in one page may share it without clipping each other wrongly.
    private static func clipID(_ scene: RenderScene) -> String {
        let id = "insetd-screen-\(SVGText.format(scene.screen.width))x\(SVGText.format(scene.screen.height))r\(SVGText.format(scene.device?.cornerRadius ?? 0))"
        return String(id.map { $0 == "." ? "_" : $0 })
    }

    private static func screenRectAttributes(_ scene: RenderScene, into svg: inout SVGText) {
        svg.rectAttributes((0, 0, scene.screen.width, scene.screen.height))
        if let radius = scene.device?.cornerRadius, radius > 0 { svg.attribute("rx", radius) }
    }

    /// An iPad window smaller than the screen: the rest of the screen shaded and labelled
    /// as the other apps' area, then the window's own frame.
    private static func drawWindow(_ scene: RenderScene, metrics: TextMetrics, into svg: inout SVGText) {
        guard scene.hasSmallerWindow else { return }
        let screen = scene.screen
        let window = scene.window
        svg.raw("<g data-part=\"otherApps\"><path class=\"insetd-other\" fill-rule=\"evenodd\" d=\"M0 0h")
        svg.number(screen.width)
        svg.raw("v")
        svg.number(screen.height)
        svg.raw("h")
        svg.number(-screen.width)
        svg.raw("zM")
        svg.number(window.x)
        svg.raw(" ")
        svg.number(window.y)
        svg.raw("v")
        svg.number(window.height)
        svg.raw("h")
        svg.number(window.width)
        svg.raw("v")
        svg.number(-window.height)
        svg.raw("z\"/>")
        // The label goes in the widest strip beside the window.
        let strips = [
            (window.x, 0.0, window.x, screen.height),
            (screen.width - window.x - window.width, window.x + window.width, screen.width - window.x - window.width, screen.height),
        ]
        if let strip = strips.max(by: { $0.0 < $1.0 }), let text = metrics.fitted("Other apps", width: strip.2) {
            svg.raw("<text class=\"insetd-dim\" text-anchor=\"middle\"")
            svg.attribute("x", strip.1 + strip.2 / 2)
            svg.attribute("y", strip.3 / 2)
            svg.raw(">")
            svg.escaped(text)
            svg.raw("</text>")
        }
        svg.raw("</g>\n<rect data-part=\"window\" class=\"insetd-win\"")
        svg.rectAttributes((window.x, window.y, window.width, window.height))
        svg.raw("/>\n")
    }

    /// The share of the screen width the fallback band spans where no size is known.
    static func fallbackShare(_ housing: SensorHousing) -> Double {
        housing == .dynamicIsland ? 0.31 : 0.56
    }

    // MARK: - Nodes

    /// The layers drawn per node, read once from `render.show` rather than per node.
    struct NodeLayers {
        var frames: Bool
        var safeArea: Bool
        var layoutMargins: Bool
        var labels: Bool

        init(_ options: RenderOptions) {
            frames = options.show.contains(.frames)
            safeArea = options.show.contains(.safeArea)
            layoutMargins = options.show.contains(.layoutMargins)
            labels = options.show.contains(.labels)
        }
    }

    private static func drawNode(_ node: NodeResult, id: String, origin: (x: Double, y: Double), selected: String?, layers: NodeLayers, labels: inout LabelPlacer, into svg: inout SVGText) {
        let frame = node.frameInWindow
        let x = origin.x + frame.x
        let y = origin.y + frame.y
        let guides = selected == nil || selected == id
        svg.raw("<g data-node=\"")
        svg.escaped(id)
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
        svg.raw("><title>")
        svg.escaped(id)
        svg.raw("</title>")
        if layers.frames || selected == id {
            svg.raw(selected == id ? "<rect class=\"insetd-sel\"" : "<rect class=\"insetd-frame\"")
            svg.rectAttributes((x, y, frame.width, frame.height))
            svg.raw("/>")
        }
        if guides, layers.safeArea, let insets = node.safeAreaInsets {
            drawBands(x: x, y: y, width: frame.width, height: frame.height, insets: insets, into: &svg)
        }
        if guides, layers.layoutMargins {
            let margins = node.layoutMargins
            svg.raw("<rect class=\"insetd-margins\"")
            svg.rectAttributes((x + margins.left, y + margins.top, frame.width - margins.left - margins.right, frame.height - margins.top - margins.bottom))
            svg.raw("/>")
        }
        if layers.labels, guides {
            var area = (x: x, y: y, width: frame.width, height: frame.height)
            if let insets = node.safeAreaInsets {
                area = (x + insets.left, y + insets.top, frame.width - insets.left - insets.right, frame.height - insets.top - insets.bottom)
            }
            labels.place(id, in: area, fallback: (x, y, frame.width, frame.height), into: &svg)
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
        svg.raw("<path class=\"insetd-unsafe\" fill-rule=\"evenodd\" d=\"M")
        svg.number(x)
        svg.raw(" ")
        svg.number(y)
        svg.raw("h")
        svg.number(width)
        svg.raw("v")
        svg.number(height)
        svg.raw("h")
        svg.number(-width)
        svg.raw("zM")
        svg.number(x + left)
        svg.raw(" ")
        svg.number(y + top)
        svg.raw("v")
        svg.number(height - top - bottom)
        svg.raw("h")
        svg.number(width - left - right)
        svg.raw("v")
        svg.number(-(height - top - bottom))
        svg.raw("z\"/>")
    }
}
