/// The layout-inset engine: a pure function from a validated request to its result.
///
/// No clocks, no globals, no I/O: the same request always gives the same result.
public enum InsetEngine {
    /// Lays out `request`'s hierarchy, then replays its steps: every state of
    /// ``LayoutStates``, collected.
    ///
    /// The hierarchy, in depth-first order, is laid out in one forward pass per state, so
    /// the work is linear in nodes × (steps + 1). Step frames naming an unknown id, the root
    /// or a container-placed view are ignored (the decoder rejects them).
    public static func layout(_ request: LayoutRequest) -> LayoutResult {
        var states = LayoutStates(request)
        let nodes = states.next()!
        var steps: [NodeResults] = []
        // (Reserving room for none would allocate an empty buffer.)
        if states.count > 1 { steps.reserveCapacity(states.count - 1) }
        while let step = states.next() { steps.append(step) }
        return LayoutResult(screen: states.screen, windowSafeArea: states.windowSafeArea, nodes: nodes, steps: steps, caveats: states.caveats)
    }

    /// Computes one scroll view's adjusted content inset and what follows from it.
    ///
    /// With `.device(...)` the safe area is derived by laying out the equivalent hierarchy
    /// (the containers the bar objects imply › a plain controller › the scroll view); the
    /// `context` then decides the compatibility rule (11+) or the legacy writing of the
    /// layout guides into `contentInset` (below 11).
    public static func scroll(_ request: ScrollRequest) -> ScrollResult {
        ScrollEvaluation.evaluate(request)
    }
}
