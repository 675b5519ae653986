/// One edge of a safe area under construction: its value together with the contributions
/// that produced it, in the order they were applied.
///
/// The value is built by adding its contributions one after the other, so the edge's
/// `explain` list sums exactly (in floating point, too) to its inset.
///
/// A trail continues a finished list (the window's, the superview's, the reference view's)
/// named by `origin`, not copied; the few entries one view adds wait inline. Plain data, so
/// building a trail costs no reference counting: the edge's list is made once at the end
/// (`ExplanationBuilder.list(for:on:)`).
struct EdgeTrail: Sendable {
    private(set) var value: Double
    /// Whose finished list on this edge the trail continues.
    private(set) var origin: TrailOrigin
    /// What was added to that list since.
    private(set) var added = Additions()

    /// A trail continuing `origin`'s list, whose entries sum to `value`.
    init(value: Double, continuing origin: TrailOrigin) {
        self.value = value
        self.origin = origin
    }

    /// Adds one contribution; a contribution of 0 is not recorded. (This and the rules below
    /// are inlined: they run on every edge of every node.)
    @inline(__always)
    mutating func append(_ source: InsetSource, _ contribution: Double) {
        guard contribution != 0 else { return }
        value += contribution
        added.append(source, contribution)
    }

    /// Rule C2: an edge its scroll-view ancestor adjusted for is consumed (set to 0).
    @inline(__always)
    mutating func consume() {
        append(.scrollViewConsumed, -value)
    }

    /// Rules S3 + S4: the edge lies `distance` inside its superview's edge; the inherited
    /// inset shrinks by that much, never below 0, and never grows when the edge lies outside.
    @inline(__always)
    mutating func applyCappedOffset(_ distance: Double) {
        guard distance > 0 else { return }
        append(.offset, -Swift.min(distance, value))
    }

    /// Rule S5: like `applyCappedOffset`, but an edge lying outside its reference edge
    /// (`distance < 0`) grows by the overhang (seed 001: 54 against 44).
    mutating func applyUncappedOffset(_ distance: Double) {
        if distance > 0 {
            append(.offset, -Swift.min(distance, value))
        } else {
            append(.offset, -distance)
        }
    }

    /// Rule S6: a view controller's `additionalSafeAreaInsets` on this edge, then the floor
    /// (RULES.md): the edge is floored at 0, the `floor` entry recording what it added.
    mutating func add(additional: Double) {
        append(.additionalSafeAreaInsets, additional)
        if value < 0 { append(.floor, -value) }
    }

    /// Rule S5: a frozen edge is explained by one `frozen` entry holding the kept value.
    static func frozen(_ kept: Double) -> EdgeTrail {
        var trail = EdgeTrail(value: 0, continuing: .none)
        trail.append(.frozen, kept)
        return trail
    }

    /// Whether both continue the same list with the same entries, so their lists are equal.
    func continuesAlike(_ other: EdgeTrail) -> Bool {
        // Most edges add nothing: two empty additions match without the call comparing them.
        origin == other.origin && added.count == other.added.count && (added.isEmpty || added.matches(other.added))
    }

    /// The edge cleared (a view starting at a bar's far edge has inset 0 there).
    mutating func clear() {
        self = EdgeTrail(value: 0, continuing: .none)
    }
}

/// The finished list an edge trail continues: the window's, a laid-out node's, or none.
/// A node index or a negative sentinel, so that a trail is a few plain words.
struct TrailOrigin: Hashable, Sendable {
    private var raw: Int

    /// The window's (`DisplayEnvironment.windowExplain`).
    static var window: TrailOrigin { TrailOrigin(raw: -1) }
    /// No list: the trail starts empty.
    static var none: TrailOrigin { TrailOrigin(raw: -2) }
    /// Node `index`'s, in the flattened tree.
    static func node(_ index: Int) -> TrailOrigin { TrailOrigin(raw: index) }

    /// The node whose list this is, if it is a node's.
    var node: Int? { raw >= 0 ? raw : nil }
}

/// The entries one view adds to one edge, kept inline (sources and values apart, so that the
/// whole is a few plain words). One rule adds at most one entry (an offset, a consumed edge
/// or a frozen value) or, for a navigation bar, two (`navigationBarOffset` and the bar), and a
/// view controller two (additional insets, the floor), so four always suffice.
struct Additions: Sendable {
    private(set) var count = 0
    private var sources: (InsetSource, InsetSource, InsetSource, InsetSource) = (.offset, .offset, .offset, .offset)
    private var values: (Double, Double, Double, Double) = (0, 0, 0, 0)

    var isEmpty: Bool { count == 0 }

    subscript(index: Int) -> Contribution {
        switch index {
        case 0: Contribution(sources.0, values.0)
        case 1: Contribution(sources.1, values.1)
        case 2: Contribution(sources.2, values.2)
        default: Contribution(sources.3, values.3)
        }
    }

    mutating func append(_ source: InsetSource, _ value: Double) {
        switch count {
        case 0: (sources.0, values.0) = (source, value)
        case 1: (sources.1, values.1) = (source, value)
        case 2: (sources.2, values.2) = (source, value)
        default:
            precondition(count == 3, "more than four contributions on one edge of one view")
            (sources.3, values.3) = (source, value)
        }
        count += 1
    }

    /// Whether both hold the same entries, values compared bit for bit. A slot past `count`
    /// always holds its initial value (entries are only ever appended), so comparing all
    /// four slots compares the entries, without a loop.
    func matches(_ other: Additions) -> Bool {
        count == other.count && sources == other.sources
            && values.0.bitPattern == other.values.0.bitPattern && values.1.bitPattern == other.values.1.bitPattern
            && values.2.bitPattern == other.values.2.bitPattern && values.3.bitPattern == other.values.3.bitPattern
    }
}
