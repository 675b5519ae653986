/// How a split view controller lays out its columns (RULES.md SV), in the split view's
/// bounds coordinates.
struct SplitColumns: Sendable {
    /// The primary column's visible width.
    var primaryWidth: Double
    var primary: Rect
    var secondary: Rect
    /// Whether the secondary spans the split view under the primary (doubleColumn from
    /// systemVersion 26), its inset on the primary's side then growing by `primaryWidth`.
    var secondarySpans: Bool

    /// The columns of `controller`'s split view with `bounds`: classic, the primary
    /// `preferredPrimaryColumnWidth` wide (clamped to the split view's width) at the leading
    /// edge and the secondary filling the rest (no divider); doubleColumn, the primary's
    /// view 100 pt wider, reaching 100 pt past the leading edge; from 26, a doubleColumn
    /// secondary spanning the whole split view. `rightToLeft` mirrors them.
    init(_ controller: ViewController, bounds: Rect, systemVersion: Double, direction: LayoutDirection) {
        let width = bounds.width, height = bounds.height
        let style = controller.splitStyle ?? .default(systemVersion: systemVersion)
        primaryWidth = Swift.min(Swift.max(0, controller.preferredPrimaryColumnWidth), width)
        secondarySpans = style == .doubleColumn && systemVersion >= 26
        let buffer: Double = style == .doubleColumn ? 100 : 0
        let leftToRight = direction == .leftToRight
        primary = Rect(x: leftToRight ? -buffer : width - primaryWidth, y: 0, width: primaryWidth + buffer, height: height)
        secondary = secondarySpans
            ? Rect(x: 0, y: 0, width: width, height: height)
            : Rect(x: leftToRight ? primaryWidth : 0, y: 0, width: width - primaryWidth, height: height)
        primary.x += bounds.x
        primary.y += bounds.y
        secondary.x += bounds.x
        secondary.y += bounds.y
    }
}

// The pass's split view controller rules (SV1–SV3).
extension LayoutPass {
    /// The columns of the split view controller whose view is node `split`.
    func columns(of split: Int, in tree: FlatTree, state: PassState) -> SplitColumns {
        SplitColumns(
            tree.viewController(of: tree.nodes[split]) ?? ViewController(kind: .split),
            bounds: state.nodes[split].bounds, systemVersion: systemVersion, direction: direction
        )
    }

    /// The frame of a column's view (the primary's or the secondary's) in the split view.
    func frame(ofColumn primary: Bool, of split: Int, in tree: FlatTree, state: PassState) -> Rect {
        let columns = columns(of: split, in: tree, state: state)
        return primary ? columns.primary : columns.secondary
    }

    /// A column's safe area on `edge` before its own additional insets: S5 against the split
    /// view's (`distance` from its edge, no cap: the doubleColumn primary's overhang adds
    /// `offset` +100), and, for a secondary spanning under the primary, the primary's visible
    /// width on the primary's side (`primaryColumn`).
    func columnTrail(on edge: Edge, primary: Bool, of split: Int, distance: Double, tree: FlatTree, state: PassState) -> EdgeTrail {
        var trail = state.trail(of: split, on: edge)
        trail.applyUncappedOffset(distance)
        if !primary, edge == (direction == .leftToRight ? .left : .right) {
            let columns = columns(of: split, in: tree, state: state)
            if columns.secondarySpans { trail.append(.primaryColumn, columns.primaryWidth) }
        }
        return trail
    }
}
