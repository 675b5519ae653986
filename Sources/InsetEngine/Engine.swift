/// The layout-inset engine: a pure function from a validated request to its result.
///
/// No clocks, no globals, no I/O: the same request always gives the same result.
public enum InsetEngine {
    /// Lays out `request`'s hierarchy, then replays its steps.
    public static func layout(_ request: LayoutRequest) -> LayoutResult {
        fatalError("implemented by the layout engine issue")
    }

    /// Computes one scroll view's adjusted content inset and what follows from it.
    public static func scroll(_ request: ScrollRequest) -> ScrollResult {
        fatalError("implemented by the scroll-view issue")
    }
}
