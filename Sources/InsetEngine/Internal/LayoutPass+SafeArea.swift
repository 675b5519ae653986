// The pass's safe-area rules (S3–S7) and the explanations of their values.
extension LayoutPass {
    /// The node's safe area (S3–S7) and its explanation; `remembered` is the pass's S5 memory.
    func safeArea(
        of i: Int, role: NodeRole, parent: Int, frame: Rect, window: Rect, parentBounds: Rect,
        placement: ContentPlacement?, additional: Insets?,
        tree: FlatTree, results: UnsafeMutableBufferPointer<NodeResult>, state: PassState, explanations: inout ExplanationTable,
        remembered: inout [Int: Insets]
    ) -> (insets: Insets, explanation: ExplanationSpan) {
        // What the node's rule measures against, the same for every edge.
        var distances = Insets.zero
        var frozen = false
        var consumed: EdgeSet = [], consumedAbove: EdgeSet = []
        switch role {
        case .root, .containerContent:
            break
        case .childController(let reference):
            // Rule S5: against the nearest ancestor controller's view in window coordinates,
            // with no cap; a window-sized view keeps its last value while it is not aligned
            // with the window (0 if it was never aligned).
            frozen = frame.size == environment.screen && window != screenRect
            distances = Insets.distances(of: window, in: state.nodes[reference].window)
            // Rule C2: the edges a scroll view holding this view adjusted. Those from its
            // parent up to the reference's own view (a table view controller's table holds
            // its children too: the ancestors from the reference on in tree order) are
            // consumed here; those of scroll views holding the reference are consumed in the
            // reference's inset already, and stay so: no overhang grows them again (S3's
            // capped offset there), while what controllers inside the scroll view added
            // stands. [GUESS: RULES.md's "stays consumed" read against S5's "no cap"; no
            // source covers a child controller overhanging a consumed edge. A container whose
            // own view is a scroll view, which UIKit has not, places its content by S7 alone.]
            var ancestor = parent
            while ancestor >= 0 {
                if ancestor >= reference {
                    consumed.formUnion(state.nodes[ancestor].included)
                } else {
                    consumedAbove.formUnion(state.nodes[ancestor].included)
                }
                ancestor = tree.nodes[ancestor].parent
            }
        case .splitColumn(let split, _):
            // SV: S5 against the split view's root view, with no cap.
            distances = Insets.distances(of: window, in: state.nodes[split].window)
        case .plain:
            return plainSafeArea(parent: parent, frame: frame, parentBounds: parentBounds, results: results, nodes: state.nodes, explanations: &explanations)
        }
        /// The node's safe area on `edge` before its own controller's additional insets.
        func start(_ edge: Edge) -> EdgeTrail {
            switch role {
            case .root:
                // §1.3: the window's safe area; edgesForExtendedLayout has no effect here.
                return EdgeTrail(value: environment.windowSafeArea[edge], continuing: .window)
            case .containerContent(let container):
                // S7: decided by the container (see `place(content:of:in:state:)`).
                var trail = state.trail(of: container, on: edge)
                placement?.apply(to: &trail, on: edge)
                return trail
            case .childController(let reference):
                if frozen {
                    return .frozen(remembered[i]?[edge] ?? 0)
                }
                var trail = state.trail(of: reference, on: edge)
                // An edge a scroll view holding this view adjusted stays consumed (RULES.md
                // §C2), overhang included: the scroll view's content inset already accounts
                // for that edge. [GUESS: no source covers an overhang here.]
                if consumed.contains(edge) {
                    trail.consume()
                } else if consumedAbove.contains(edge) {
                    trail.applyCappedOffset(distances[edge])
                } else {
                    trail.applyUncappedOffset(distances[edge])
                }
                return trail
            case .splitColumn(let split, let primary):
                return columnTrail(on: edge, primary: primary, of: split, distance: distances[edge], tree: tree, state: state)
            case .plain:
                preconditionFailure("a plain view's safe area is plainSafeArea's")
            }
        }
        // Edge by edge, spelled out so that every `[edge]` above is a plain field access.
        var top = start(.top), left = start(.left), bottom = start(.bottom), right = start(.right)
        if case .childController = role {
            // Rule S5: the kept value excludes the child's own additional insets.
            remembered[i] = Insets(top: top.value, left: left.value, bottom: bottom.value, right: right.value)
        }
        if let additional {
            top.add(additional: additional.top)
            left.add(additional: additional.left)
            bottom.add(additional: additional.bottom)
            right.add(additional: additional.right)
        }
        return explained(top: top, left: left, bottom: bottom, right: right, results: results, explanations: &explanations)
    }

    /// A plain view's safe area (S3/S4, C2 under a scroll view) at `frame` under the view at
    /// `parent`, and its explanation. (Apart from `safeArea(of:...)`, whose other rules most
    /// views skip: a call with its arguments costs more than these rules.) The common cases
    /// are taken here, inline in both paths that ask (transparent: `@inline(__always)` left
    /// it a call from the plain path, its arguments and the caller's registers passed
    /// through memory); the rest is `plainSafeAreaByEdges`'s.
    @_transparent
    func plainSafeArea(
        parent: Int, frame: Rect, parentBounds: Rect,
        results: UnsafeMutableBufferPointer<NodeResult>, nodes: UnsafeMutableBufferPointer<NodeState>, explanations: inout ExplanationTable
    ) -> (insets: Insets, explanation: ExplanationSpan) {
        let distances = Insets.distances(of: frame, in: parentBounds)
        let inherited = nodes[parent].safeArea
        let included = nodes[parent].included
        // How far the view's edge lies inside the superview's inset there, as far as it
        // matters: S3 with the S4 cap subtracts exactly this. 0 where the scroll view consumed
        // the edge (consumed, the edge is 0 wherever it lies), or where the view's edge lies
        // on or outside the superview's. So the safe area and explanation depend on the
        // superview and these four numbers alone.
        let reaches = Insets(
            top: Self.reach(distances.top, inherited.top, consumed: included.contains(.top)),
            left: Self.reach(distances.left, inherited.left, consumed: included.contains(.left)),
            bottom: Self.reach(distances.bottom, inherited.bottom, consumed: included.contains(.bottom)),
            right: Self.reach(distances.right, inherited.right, consumed: included.contains(.right))
        )
        // (A consumed edge of an infinite inset is left to the rules edge by edge: its entry
        // is not a plain number.)
        let isReused = included.isEmpty || (inherited.top.isFinite && inherited.left.isFinite && inherited.bottom.isFinite && inherited.right.isFinite)
        if isReused {
            // The common case, taken whole: nothing consumed or reached, so no edge adds an
            // entry. The view has its superview's insets and shares its explanation, exactly
            // as the edge-by-edge rules would give.
            if included.isEmpty, reaches == .zero {
                return (inherited, results[parent].explanation)
            }
            // The next cell of a table: the previous one's result, exactly as the rules edge
            // by edge would give it again.
            if let kept = explanations.plainResult(under: parent, reaches: reaches) {
                return kept
            }
        }
        return plainSafeAreaByEdges(
            parent: parent, distances: distances, reaches: reaches, isReused: isReused, results: results, nodes: nodes, explanations: &explanations
        )
    }

    /// `plainSafeArea`'s reach on one edge: see there.
    @_transparent
    static func reach(_ distance: Double, _ inherited: Double, consumed: Bool) -> Double {
        consumed || distance <= 0 ? 0 : Swift.min(distance, inherited)
    }

    /// `plainSafeArea` edge by edge, where its common cases do not hold; kept for the next
    /// view alike when `isReused`.
    @inline(never)
    func plainSafeAreaByEdges(
        parent: Int, distances: Insets, reaches: Insets, isReused: Bool,
        results: UnsafeMutableBufferPointer<NodeResult>, nodes: UnsafeMutableBufferPointer<NodeState>, explanations: inout ExplanationTable
    ) -> (insets: Insets, explanation: ExplanationSpan) {
        let included = nodes[parent].included
        /// S3 with the S4 cap, after C2's consumption under a scroll view.
        func trail(_ edge: Edge) -> EdgeTrail {
            var trail = EdgeTrail(value: nodes[parent].safeArea[edge], continuing: .node(parent))
            if included.contains(edge) { trail.consume() }
            trail.applyCappedOffset(distances[edge])
            return trail
        }
        let top = trail(.top), left = trail(.left), bottom = trail(.bottom), right = trail(.right)
        let result = explained(top: top, left: left, bottom: bottom, right: right, results: results, explanations: &explanations)
        if isReused {
            explanations.keepPlainResult(result, under: parent, reaches: reaches)
        }
        return result
    }

    /// The safe area that finished edge trails give, and its explanation: a laid-out node's
    /// when the trails add nothing to its lists, else the one made last when it was made
    /// alike, else a new one.
    func explained(
        top: EdgeTrail, left: EdgeTrail, bottom: EdgeTrail, right: EdgeTrail,
        results: UnsafeMutableBufferPointer<NodeResult>, explanations: inout ExplanationTable
    ) -> (insets: Insets, explanation: ExplanationSpan) {
        let insets = Insets(top: top.value, left: left.value, bottom: bottom.value, right: right.value)
        // No entry added to one node's lists on any edge: that node's explanation, shared.
        if let origin = top.origin.node, top.added.isEmpty, left.added.isEmpty, bottom.added.isEmpty, right.added.isEmpty,
           left.origin == top.origin, bottom.origin == top.origin, right.origin == top.origin {
            return (insets, explanation(of: origin, in: results))
        }
        if let shared = explanations.explanation(top: top, left: left, bottom: bottom, right: right) {
            return (insets, shared)
        }
        return (insets, explanations.make(top: top, left: left, bottom: bottom, right: right, window: environment.sharedWindowExplain.explanation, results: results))
    }

    /// Laid-out node `k`'s explanation (in the safe-area model, every node has one).
    private func explanation(of k: Int, in results: UnsafeMutableBufferPointer<NodeResult>) -> ExplanationSpan {
        results[k].explanation
    }
}
