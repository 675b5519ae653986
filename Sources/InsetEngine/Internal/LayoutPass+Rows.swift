// The pass's table-row rules (RULES.md T1–T5).
extension LayoutPass {
    /// Lays out row `i` (a `cell`, `sectionHeader` or `sectionFooter`) of the table at its
    /// superview: T2 places it, T3/T4 give its margins, T1 its content view, T5 a cell's
    /// separator. Its subviews live in its content view: what they read of it (`state`) is
    /// the content view's bounds, window frame, safe area and margins.
    ///
    /// Reads the row's fields in place, as `layOutPlainView` does (the pass calls both for
    /// most of a list's nodes).
    func layOutRow(
        _ i: Int, in tree: FlatTree, results: UnsafeMutableBufferPointer<NodeResult>,
        state: inout PassState, explanations: inout ExplanationTable
    ) {
        let table = tree.nodes[i].parent
        let tableState = state.nodes[table]
        let properties = tree.table(of: table) ?? TableProperties()
        let tableMargins = tableState.margins
        let tableBounds = tableState.bounds
        let placed: Rect
        if case .frame(let rect) = tree.nodes[i].placement { placed = rect } else { placed = Rect(x: 0, y: 0, width: 0, height: 44) }

        // T2: plain and grouped rows span the table at x = 0; insetGrouped ones sit on its
        // margins, taken in its bounds at the resting offset.
        var frame = Rect(x: 0, y: placed.y, width: tableBounds.width, height: placed.height)
        if properties.style == .insetGrouped {
            frame.x = tableBounds.x + tableMargins.left
            frame.width = Swift.max(0, tableBounds.width - tableMargins.left - tableMargins.right)
        }
        let window = self.window(of: frame, under: table, parentBounds: tableBounds, state: state)

        var safeArea = Insets.zero
        var explanation = ExplanationSpan.none
        if usesSafeAreaModel {
            (safeArea, explanation) = plainSafeArea(parent: table, frame: frame, parentBounds: tableBounds, results: results, nodes: state.nodes, explanations: &explanations)
        }
        let margins = rowMargins(frame: frame, style: properties.style, follows: properties.cellLayoutMarginsFollowReadableWidth ?? (systemVersion < 12), tableBounds: tableBounds, tableMargins: tableMargins, safeArea: safeArea)

        // T1. (The flag is kept only where it moves the content view, so that results with
        // the same answer compare equal.)
        let insetsContentView = usesSafeAreaModel && properties.insetsContentViewsToSafeArea && (safeArea.left != 0 || safeArea.right != 0)
        let content = ContentViewResult(
            rowSize: frame.size, safeArea: usesSafeAreaModel ? safeArea : nil, margins: margins, insetsToSafeArea: insetsContentView
        )
        let rowBounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        let separator = tree.nodes[i].kind == .cell
            ? separatorInset(given: tree.separatorInset(of: i) ?? properties.separatorInset, reference: properties.separatorInsetReference, margins: margins)
            : nil
        let keyboardGuide = tree.keyboardLayoutGuide(of: i).map { keyboardLayoutGuide($0, bounds: rowBounds, window: window, safeArea: safeArea) }

        // (A row's only extra, rare: no blank extras built for the others.)
        var extras: Int32 = -1
        if let keyboardGuide { extras = state.appendExtras(NodeExtras(keyboardLayoutGuide: keyboardGuide)) }
        results.initializeElement(at: i, to: NodeResult(
            index: i, frame: frame, frameInWindow: window, boundsOrigin: Point(x: 0, y: 0),
            safeAreaInsets: usesSafeAreaModel ? safeArea : nil, layoutMargins: margins, layoutDirection: direction,
            explanation: explanation, inline: .row(insetsContentView: insetsContentView, separatorInset: separator),
            extras: extras
        ))
        // What the row's subviews read: its content view's.
        let contentWindow = Rect(x: window.x + content.frame.x, y: window.y, width: content.frame.width, height: content.frame.height)
        state.append(NodeState(
            bounds: Rect(x: 0, y: 0, width: content.frame.width, height: content.frame.height), window: contentWindow,
            safeArea: content.safeAreaInsets ?? .zero, margins: content.layoutMargins, included: [], cover: tableState.cover
        ))
    }

    /// T3/T4: a row's margins. Horizontally a `plain` or `grouped` row's reach the table's
    /// layout-margins guide, an `insetGrouped` row's are the system minimum plus the row's
    /// safe area; readable-width rows (`follows`) reach the table's readable content guide
    /// instead. Vertically the plain-view default plus the row's safe area.
    private func rowMargins(frame: Rect, style: TableStyle, follows: Bool, tableBounds: Rect, tableMargins: Insets, safeArea: Insets) -> Insets {
        let guide = tableBounds.inset(by: tableMargins)
        var left: Double, right: Double
        if follows {
            let readable = guide.readableContentGuide
            left = readable.minX - frame.minX
            right = frame.maxX - readable.maxX
        } else if style == .insetGrouped {
            let minimum = Insets(environment.systemMinimumLayoutMargins, direction: direction)
            left = minimum.left + safeArea.left
            right = minimum.right + safeArea.right
        } else {
            left = guide.minX - frame.minX
            right = frame.maxX - guide.maxX
        }
        let vertical: Double = systemVersion >= 27.1 ? 0 : 8
        return Insets(top: vertical + safeArea.top, left: left, bottom: vertical + safeArea.bottom, right: right)
    }

    /// T5: a cell's effective separator inset from its edges. The default: left the cell's
    /// left margin, right 0 on iPhone (and tvOS) and the right margin on iPad, mirrored in
    /// right-to-left layouts. A given inset is taken as is (`fromCellEdges`, from 11) or
    /// added to the default (`fromAutomaticInsets`, and always below 11), its left and right
    /// swapped in right-to-left layouts. Negative values count as 0.
    func separatorInset(given: SeparatorInset?, reference: SeparatorInsetReference, margins: Insets) -> SeparatorInset {
        let both = environment.family == .ipad
        let automatic: SeparatorInset
        switch direction {
        case .leftToRight: automatic = SeparatorInset(left: Swift.max(0, margins.left), right: both ? Swift.max(0, margins.right) : 0)
        case .rightToLeft: automatic = SeparatorInset(left: both ? Swift.max(0, margins.left) : 0, right: Swift.max(0, margins.right))
        }
        guard let given else { return automatic }
        var inset = SeparatorInset(left: Swift.max(0, given.left), right: Swift.max(0, given.right))
        if direction == .rightToLeft { inset = SeparatorInset(left: inset.right, right: inset.left) }
        if reference == .fromAutomaticInsets || systemVersion < 11 {
            inset = SeparatorInset(left: automatic.left + inset.left, right: automatic.right + inset.right)
        }
        return inset
    }

    /// The safe area of a view inside row `row`'s content view (S3/S4 against the content
    /// view, whose own inset is the row's less its offset inside the row): explained as the
    /// row's contributions, the content view's offset, then the view's own. (Transparent:
    /// as a call from the plain path, its arguments and the caller's registers went through
    /// memory.)
    @_transparent
    func rowSubviewSafeArea(
        row: Int, frame: Rect, results: UnsafeMutableBufferPointer<NodeResult>, nodes: UnsafeMutableBufferPointer<NodeState>, explanations: inout ExplanationTable
    ) -> (insets: Insets, explanation: ExplanationSpan) {
        // Read in place (a whole result is large): the row's safe area, and the content
        // view's offset inside the row from the two window frames.
        let rowSafeArea = results[row].safeAreaInsets ?? .zero
        let rowWindow = results[row].frameInWindow
        let contentWindow = nodes[row].window
        let offsets = Insets(top: 0, left: contentWindow.x - rowWindow.x, bottom: 0, right: rowWindow.maxX - contentWindow.maxX)
        let distances = Insets.distances(of: frame, in: nodes[row].bounds)
        func trail(_ edge: Edge) -> EdgeTrail {
            var trail = EdgeTrail(value: rowSafeArea[edge], continuing: .node(row))
            trail.applyCappedOffset(offsets[edge])
            trail.applyCappedOffset(distances[edge])
            return trail
        }
        return explained(top: trail(.top), left: trail(.left), bottom: trail(.bottom), right: trail(.right), results: results, explanations: &explanations)
    }
}
