// The pass's layout-margin rules (M1, M2).
extension LayoutPass {
    /// M1 (plain views) and M2 (a controller's view): own margins (default 8 for a plain view,
    /// 0 from systemVersion 27.1; 0 for a controller's view, raised to the system minimum when
    /// it respects it), plus the safe area when `insetsLayoutMarginsFromSafeArea`; with
    /// `preservesSuperviewLayoutMargins`, at least the superview's margin minus the raw distance.
    ///
    /// Takes the node's index and reads its fields in place (a flattened node is large).
    func margins(of i: Int, in tree: FlatTree, frame: Rect, parentBounds: Rect, safeArea: Insets, state: PassState) -> Insets {
        var own: Insets
        switch tree.layoutMargins(of: i) {
        case .physical(let insets)?: own = insets
        case .directional(let insets)?: own = Insets(insets, direction: direction)
        case nil:
            let plainDefault: Double = systemVersion >= 27.1 ? 0 : 8
            own = tree.nodes[i].hasController ? .zero : Insets(top: plainDefault, left: plainDefault, bottom: plainDefault, right: plainDefault)
        }
        if tree.nodes[i].hasController, let controller = tree.viewController(of: i), controller.viewRespectsSystemMinimumLayoutMargins {
            let minimum = Insets(environment.systemMinimumLayoutMargins, direction: direction)
            own = own.edgewiseMax(minimum)
        }
        var margins = own
        if usesSafeAreaModel, tree.nodes[i].insetsLayoutMarginsFromSafeArea {
            margins = margins + safeArea
        }
        // [GUESS] preservesSuperviewLayoutMargins also applies to a controller's view: it is a
        // UIView property and no source says otherwise.
        let parent = tree.nodes[i].parent
        if tree.nodes[i].preservesSuperviewLayoutMargins, parent >= 0 {
            let distances = Insets.distances(of: frame, in: parentBounds)
            let inherited = state.nodes[parent].margins - distances
            margins = margins.edgewiseMax(inherited)
        }
        return margins
    }
}
