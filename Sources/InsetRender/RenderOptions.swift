/// A layer of the picture that `render.show` switches on.
public enum RenderLayer: String, CaseIterable, Hashable, Sendable {
    /// The shaded unsafe band of each node's safe area.
    case safeArea
    /// Each node's layout-margins guide, dashed.
    case layoutMargins
    /// Each node's frame.
    case frames
    /// The status bar and every shown navigation bar, toolbar and tab bar.
    case bars
    /// Each node's id (the chosen node's alone when one is chosen), the window's and the
    /// chosen node's inset values beside the edges, and the legend below the screen.
    case labels
}

/// What `render` asks of a picture (API.md "POST /render").
public struct RenderOptions: Hashable, Sendable {
    /// The layers drawn by default: all but `layoutMargins`.
    public static let defaultLayers: Set<RenderLayer> = [.safeArea, .frames, .bars, .labels]
    /// The smallest and largest `scale`.
    public static let scaleRange: ClosedRange<Double> = 0.25...4

    /// The layers drawn.
    public var show: Set<RenderLayer>
    /// The state drawn: 0 the first layout, n the state after step n.
    public var step: Int
    /// Pixels per point of the picture's `width` and `height`.
    public var scale: Double
    /// The node whose guides alone are drawn and whose insets are labelled; `nil` for all
    /// nodes' guides and the window's labels only.
    public var node: String?

    /// Creates options; the defaults are `render`'s when absent.
    public init(show: Set<RenderLayer> = RenderOptions.defaultLayers, step: Int = 0, scale: Double = 1, node: String? = nil) {
        self.show = show
        self.step = step
        self.scale = scale
        self.node = node
    }
}
