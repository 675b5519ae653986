/// A safe area under construction: per-edge values together with the contributions that
/// produced them, in the order they were applied.
///
/// Every value is built by adding its contributions one after the other, so each edge's
/// `explain` list sums exactly (in floating point, too) to that edge's inset.
struct SafeAreaTrail: Hashable, Sendable {
    private(set) var insets: Insets
    private(set) var explain: Explanation

    /// No inset, no contribution.
    static let zero = SafeAreaTrail(insets: .zero, explain: .empty)

    /// A trail starting from a known value and its explanation (the window's).
    init(insets: Insets, explain: Explanation) {
        self.insets = insets
        self.explain = explain
    }

    /// Adds one contribution on one edge; a contribution of 0 is not recorded.
    mutating func append(_ source: InsetSource, _ value: Double, on edge: Edge) {
        guard value != 0 else { return }
        insets[edge] += value
        explain[edge].append(Contribution(source, value))
    }

    /// Rule C2: an edge its scroll-view ancestor adjusted for is consumed (set to 0).
    mutating func consume(_ edge: Edge) {
        append(.scrollViewConsumed, -insets[edge], on: edge)
    }

    /// Rules S3 + S4: the edge lies `distance` inside its superview's edge; the inherited
    /// inset shrinks by that much, never below 0, and never grows when the edge lies outside.
    mutating func applyCappedOffset(_ distance: Double, on edge: Edge) {
        guard distance > 0 else { return }
        append(.offset, -Swift.min(distance, insets[edge]), on: edge)
    }

    /// Rule S5: like `applyCappedOffset`, but an edge lying outside its reference edge
    /// (`distance < 0`) grows by the overhang (seed 001: 54 against 44).
    mutating func applyUncappedOffset(_ distance: Double, on edge: Edge) {
        if distance > 0 {
            append(.offset, -Swift.min(distance, insets[edge]), on: edge)
        } else {
            append(.offset, -distance, on: edge)
        }
    }

    /// Rule S6: a view controller's `additionalSafeAreaInsets`, edge by edge.
    mutating func add(additional: Insets) {
        for edge in Edge.allCases {
            append(.additionalSafeAreaInsets, additional[edge], on: edge)
        }
    }

    /// Rule S6 (RULES.md): each edge is floored at 0; the `floor` entry records what it added.
    mutating func floorAtZero() {
        for edge in Edge.allCases where insets[edge] < 0 {
            append(.floor, -insets[edge], on: edge)
        }
    }

    /// Rule S5: a frozen edge is explained by one `frozen` entry holding the kept value.
    static func frozen(_ value: Insets) -> SafeAreaTrail {
        var trail = SafeAreaTrail.zero
        for edge in Edge.allCases {
            trail.append(.frozen, value[edge], on: edge)
        }
        return trail
    }

    /// The trail with one edge cleared (a view starting at a bar's far edge has inset 0 there).
    mutating func clear(_ edge: Edge) {
        insets[edge] = 0
        explain[edge] = []
    }
}
