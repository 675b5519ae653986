import ServiceKit
/// Limits the request decoders enforce (API.md "Errors": 422 beyond them).
public struct DecodingLimits: Hashable, Sendable {
    /// The most nodes a `/layout` hierarchy may hold.
    public var maxNodes: Int
    /// The deepest a node may be (the root is depth 1). Decoding stops descending past it.
    public var maxDepth: Int
    /// The most `steps` a `/layout` request may give.
    public var maxSteps: Int
    /// The most node states, nodes × (steps + 1), a `/layout` request may ask for.
    public var maxNodeStates: Int

    /// Creates limits; the defaults are API.md's.
    public init(maxNodes: Int = 10_000, maxDepth: Int = 64, maxSteps: Int = 1_000, maxNodeStates: Int = 100_000) {
        self.maxNodes = maxNodes
        self.maxDepth = maxDepth
        self.maxSteps = maxSteps
        self.maxNodeStates = maxNodeStates
    }

    /// The JSON nesting the reader allows: deep enough for `maxDepth` nodes (two levels
    /// each, a node and its `subviews`) to be reported as 422 rather than 400.
    var jsonNesting: Int { max(512, 2 * maxDepth + 8) }
}
