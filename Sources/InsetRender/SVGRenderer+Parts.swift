import DeviceCatalog
import InsetEngine

/// The parts of the picture around the nodes: bars, the keyboard and its guide, the
/// hardware, and the inset values.
extension SVGRenderer {
    // MARK: - Bars and the keyboard

    static func drawBars(_ scene: RenderScene, origin: (x: Double, y: Double), into svg: inout SVGText) {
        for node in scene.nodes {
            guard let bars = scene.nodes.bars(of: node) else { continue }
            let x = origin.x + node.frameInWindow.x
            let y = origin.y + node.frameInWindow.y
            let shown: [(String, Rect?)] = [
                ("statusBar", bars.statusBar), ("navigationBar", bars.navigationBar),
                ("toolbar", bars.toolbar), ("tabBar", bars.tabBar),
            ]
            for case let (name, bar?) in shown {
                svg.raw("<rect data-part=\"")
                svg.word(name)
                svg.raw("\" class=\"insetd-bar\"")
                svg.rectAttributes((x + bar.x, y + bar.y, bar.width, bar.height))
                svg.raw("/>\n")
            }
        }
    }

    /// The keyboard, docked or floating, with its height written on it.
    static func drawKeyboard(_ scene: RenderScene, metrics: TextMetrics, into svg: inout SVGText) {
        guard let keyboard = scene.keyboard else { return }
        let frame = keyboard.frame
        svg.raw("<g data-part=\"keyboard\"><rect class=\"insetd-kb\"")
        svg.rectAttributes((frame.x, frame.y, frame.width, frame.height))
        if !keyboard.docked { svg.attribute("rx", metrics.fontSize) }
        svg.raw("/>")
        let text = "\(keyboard.docked ? "Keyboard" : "Floating keyboard") \(SVGText.format(frame.height)) pt"
        if frame.height >= metrics.fontSize * 1.5, let shown = metrics.fitted(text, width: frame.width) {
            svg.raw("<text class=\"insetd-dim\" text-anchor=\"middle\"")
            svg.attribute("x", frame.x + frame.width / 2)
            svg.attribute("y", frame.y + frame.height / 2 + metrics.fontSize * 0.35)
            svg.raw(">")
            svg.escaped(shown)
            svg.raw("</text>")
        }
        svg.raw("</g>\n")
    }

    /// The chosen node's keyboard layout guide (or every node's when none is chosen), dashed.
    static func drawKeyboardGuide(_ scene: RenderScene, selected: String?, origin: (x: Double, y: Double), into svg: inout SVGText) {
        for node in scene.nodes where selected == nil || selected == scene.nodes.id(of: node) {
            guard let guide = scene.nodes.keyboardLayoutGuide(of: node) else { continue }
            let frame = node.frameInWindow
            // The guide is in the node's bounds, which a scroll view moves by its offset.
            let offset = scene.nodes.scroll(of: node)?.contentOffset ?? Point(x: 0, y: 0)
            svg.raw("<rect data-keyboard-guide=\"\" class=\"insetd-guide\"")
            svg.rectAttributes((origin.x + frame.x + guide.x - offset.x, origin.y + frame.y + guide.y - offset.y, guide.width, guide.height))
            svg.raw("/>\n")
        }
    }

    // MARK: - Hardware

    /// The home indicator and the sensor housing, over everything the app draws.
    static func drawHardware(_ scene: RenderScene, into svg: inout SVGText) {
        let screen = scene.screen
        guard let device = scene.device else { return }
        if device.homeIndicator {
            let width = min(134, screen.width * 0.36)
            svg.raw("<rect data-part=\"homeIndicator\" class=\"insetd-home\"")
            svg.rectAttributes(((screen.width - width) / 2, screen.height - 13, width, 5))
            svg.raw(" rx=\"2.5\"/>\n")
        }
        guard device.sensorHousing != .none else { return }
        // Drawn in portrait coordinates (a screen `across` points wide), then turned to the
        // edge the housing is on: the right in landscapeLeft, the left in landscapeRight.
        let across = scene.orientation.isLandscape ? screen.height : screen.width
        svg.raw("<g data-part=\"sensorHousing\" data-kind=\"")
        svg.word(device.sensorHousing.rawValue)
        svg.raw("\"")
        if device.sensorHousingSize == nil { svg.raw(" data-derived=\"true\"") }
        switch scene.orientation {
        case .portrait: break
        case .portraitUpsideDown:
            svg.raw(" transform=\"rotate(180 ")
            svg.number(screen.width / 2)
            svg.raw(" ")
            svg.number(screen.height / 2)
            svg.raw(")\"")
        case .landscapeLeft:
            svg.raw(" transform=\"translate(")
            svg.number(screen.width)
            svg.raw(" 0) rotate(90)\"")
        case .landscapeRight:
            svg.raw(" transform=\"translate(0 ")
            svg.number(screen.height)
            svg.raw(") rotate(-90)\"")
        }
        svg.raw(">")
        guard let size = device.sensorHousingSize else {
            // No sourced size: a band of the inset's height across a fixed share of the width.
            let width = across * fallbackShare(device.sensorHousing)
            svg.raw("<rect class=\"insetd-hw\" fill-opacity=\".55\"")
            svg.rectAttributes(((across - width) / 2, device.sensorHousingTop, width, max(device.portraitTopInset - device.sensorHousingTop, 0)))
            svg.raw("/></g>\n")
            return
        }
        let left = (across - size.width) / 2
        if device.sensorHousing == .dynamicIsland {
            svg.raw("<rect class=\"insetd-hw\"")
            svg.rectAttributes((left, device.sensorHousingTop, size.width, size.height))
            svg.attribute("rx", size.height / 2)
            svg.raw("/></g>\n")
            return
        }
        // A notch: flush with the edge, its lower corners rounded, its upper corners
        // flaring into the edge.
        let r = min(size.height / 2, size.width / 4)
        let flare = r / 2
        svg.raw("<path class=\"insetd-hw\" d=\"M")
        svg.number(left - flare)
        svg.raw(" 0Q")
        svg.number(left)
        svg.raw(" 0 ")
        svg.number(left)
        svg.raw(" ")
        svg.number(flare)
        svg.raw("V")
        svg.number(size.height - r)
        svg.raw("Q")
        svg.number(left)
        svg.raw(" ")
        svg.number(size.height)
        svg.raw(" ")
        svg.number(left + r)
        svg.raw(" ")
        svg.number(size.height)
        svg.raw("H")
        svg.number(left + size.width - r)
        svg.raw("Q")
        svg.number(left + size.width)
        svg.raw(" ")
        svg.number(size.height)
        svg.raw(" ")
        svg.number(left + size.width)
        svg.raw(" ")
        svg.number(size.height - r)
        svg.raw("V")
        svg.number(flare)
        svg.raw("Q")
        svg.number(left + size.width)
        svg.raw(" 0 ")
        svg.number(left + size.width + flare)
        svg.raw(" 0Z\"/></g>\n")
    }
}
