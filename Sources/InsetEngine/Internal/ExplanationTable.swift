/// One layout's explanations as they are made: their entries, one table for the whole state
/// (``NodeResults``' table), and what lets a view share an explanation made before it.
/// Valid for one pass, where every node's explanation is final once made.
struct ExplanationTable {
    /// Every explanation's entries so far (see ``ExplanationSpan``), plain data written in
    /// place (an array checks its uniqueness and capacity at every append).
    private var entries: TableRoom<Contribution>

    /// The explanation made last, and the trails it was made from: a view that adds the same
    /// entries to the same lists as the view before it (a table's cells below their scroll
    /// view's consumed edges) shares it instead of making an equal one. (Meaningless while
    /// it is `.none`.)
    private var lastExplanation = ExplanationSpan.none
    private var lastTop = EdgeTrail(value: 0, continuing: .none), lastLeft = EdgeTrail(value: 0, continuing: .none)
    private var lastBottom = EdgeTrail(value: 0, continuing: .none), lastRight = EdgeTrail(value: 0, continuing: .none)

    /// The safe area and explanation of the last plain view worked out edge by edge, its
    /// superview (-1 before the first) and its reaches (see `LayoutPass.plainSafeArea`).
    private var plainParent = -1
    private var plainReaches = Insets.zero
    private var plainInsets = Insets.zero
    private var plainExplanation = ExplanationSpan.none

    /// A table writing its entries in `room` (the caller's: the state's storage) while they
    /// fit, in room of its own after.
    init(room: UnsafeMutableBufferPointer<Contribution>) {
        entries = TableRoom(room: room.baseAddress!, capacity: room.count)
    }

    /// The entries written: in the room given unless ``inGivenRoom`` is false.
    var written: UnsafeBufferPointer<Contribution> { entries.written }

    /// Whether every entry is in the room the table was given.
    var inGivenRoom: Bool { !entries.ownsRoom }

    /// Frees the table's own room, if it has any (once ``written`` was copied out).
    func release() {
        entries.release()
    }

    /// The kept result of a plain view under the view at `parent` with these `reaches`, if
    /// the last such view was under the same superview with the same reaches.
    func plainResult(under parent: Int, reaches: Insets) -> (insets: Insets, explanation: ExplanationSpan)? {
        guard plainParent == parent, plainReaches == reaches else { return nil }
        return (plainInsets, plainExplanation)
    }

    /// Keeps `result`, a plain view's under the view at `parent` with these `reaches`, for
    /// `plainResult(under:reaches:)`.
    mutating func keepPlainResult(_ result: (insets: Insets, explanation: ExplanationSpan), under parent: Int, reaches: Insets) {
        (plainParent, plainReaches, plainInsets, plainExplanation) = (parent, reaches, result.insets, result.explanation)
    }

    /// The explanation made last, if it was made from trails that continue the same lists
    /// with the same entries on every edge (the next cell of a list), else `nil`.
    func explanation(top: EdgeTrail, left: EdgeTrail, bottom: EdgeTrail, right: EdgeTrail) -> ExplanationSpan? {
        guard lastExplanation.start >= 0, lastTop.continuesAlike(top), lastLeft.continuesAlike(left),
              lastBottom.continuesAlike(bottom), lastRight.continuesAlike(right) else { return nil }
        return lastExplanation
    }

    /// A new explanation made from these trails, each edge's list its origin's entries
    /// (`window`'s, or a laid-out node's in `results`) and then the added ones; remembered
    /// for `explanation(top:left:bottom:right:)`.
    mutating func make(
        top: EdgeTrail, left: EdgeTrail, bottom: EdgeTrail, right: EdgeTrail, window: Explanation, results: UnsafeMutableBufferPointer<NodeResult>
    ) -> ExplanationSpan {
        let start = entries.count
        let span = ExplanationSpan(
            start: start, top: append(top, on: .top, window: window, results: results), left: append(left, on: .left, window: window, results: results),
            bottom: append(bottom, on: .bottom, window: window, results: results), right: append(right, on: .right, window: window, results: results)
        )
        (lastTop, lastLeft, lastBottom, lastRight) = (top, left, bottom, right)
        lastExplanation = span
        return span
    }

    /// Appends `trail`'s list on `edge`; returns its count. (Inlined: a call passes the
    /// trail through memory, and does more than the copy of a short list.)
    @inline(__always)
    private mutating func append(_ trail: EdgeTrail, on edge: Edge, window: Explanation, results: UnsafeMutableBufferPointer<NodeResult>) -> Int {
        let before = entries.count
        if let node = trail.origin.node {
            let origin = results[node].explanation.range(on: edge)
            entries.reserve(origin.count + trail.added.count)
            // Entry by entry: lists are short, and a bulk copy is a call to `memmove`.
            let end = entries.end
            for index in origin { (end + index - origin.lowerBound).initialize(to: entries[index]) }
            entries.didWrite(origin.count)
        } else if trail.origin == .window {
            window[edge].withUnsafeBufferPointer { list in
                entries.reserve(list.count + trail.added.count)
                // (Entry by entry too: `initialize(from:count:)` is a call to `memcpy`.)
                let end = entries.end
                for index in list.indices { (end + index).initialize(to: list[index]) }
                entries.didWrite(list.count)
            }
        } else {
            entries.reserve(trail.added.count)
        }
        let end = entries.end
        for index in 0..<trail.added.count { (end + index).initialize(to: trail.added[index]) }
        entries.didWrite(trail.added.count)
        return entries.count - before
    }
}
