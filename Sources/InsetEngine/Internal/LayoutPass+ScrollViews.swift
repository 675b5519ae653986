/// What a scroll view's own rules decide for its subviews (plain data).
struct ScrollParts: Sendable {
    /// A scroll view's resting content offset; (0, 0) for other views.
    var boundsOrigin = Point(x: 0, y: 0)
    /// The edges a scroll view adjusted (empty for other views and in the legacy model).
    var included: EdgeSet = []
    /// Whether a scroll part or bars were written to the node's extras.
    var hasExtras = false
}

// The pass's scroll-view rules: C1–C2 and §3.4–3.5 (safe-area model), §2.2 (legacy).
extension LayoutPass {
    /// C1–C2 and §3.4–3.5 for a scroll view in the safe-area model, with the edges its
    /// subviews see consumed.
    func adjust(_ scroll: ScrollProperties, node: FlatNode, frame: Rect, safeArea: Insets, tree: FlatTree) -> (result: ScrollNodeResult, included: EdgeSet) {
        let adjustment = ScrollAdjustment(
            properties: scroll, frameSize: frame.size, safeArea: safeArea,
            compatibilityOwner: compatibilityOwner(node, tree: tree), systemVersion: systemVersion
        )
        let offsets = contentOffsetRange(contentSize: scroll.contentSize, boundsSize: frame.size, adjusted: adjustment.adjustedContentInset)
        let result = ScrollNodeResult(
            contentInset: scroll.contentInset, adjustedContentInset: adjustment.adjustedContentInset,
            verticalScrollIndicatorInsets: adjustment.verticalIndicatorInsets,
            horizontalScrollIndicatorInsets: adjustment.horizontalIndicatorInsets,
            contentOffset: offsets.initial
        )
        return (result, adjustment.included)
    }

    /// The `.automatic` compatibility rule (RULES.md §C1): the scroll view is its owning
    /// controller's content scroll view, that controller adjusts scroll view insets, and a
    /// navigation controller is among its ancestors (a tab bar controller alone does not count).
    private func compatibilityOwner(_ node: FlatNode, tree: FlatTree) -> Bool {
        guard node.scrollOwner >= 0 else { return false }
        return tree.viewController(of: tree.nodes[node.scrollOwner])?.automaticallyAdjustsScrollViewInsets == true
            && tree.nodes[node.scrollOwner].hasNavigationAncestor
    }

    /// §2.2 (iOS 7–10): a plain controller with `automaticallyAdjustsScrollViewInsets` writes
    /// its layout guides into the top and bottom `contentInset` of its first-subview-chain
    /// scroll view (the innermost such controller decides; containers' own flags do nothing).
    /// Adjusted and indicator insets equal that content inset.
    func legacyAdjust(_ scroll: ScrollProperties, node: FlatNode, ownerGuides: LayoutGuideLengths?, tree: FlatTree) -> ScrollNodeResult {
        var inset = scroll.contentInset
        if node.scrollOwner >= 0,
           let owner = tree.viewController(of: tree.nodes[node.scrollOwner]),
           owner.kind == .plain, owner.automaticallyAdjustsScrollViewInsets,
           let guides = ownerGuides {
            inset.top = guides.top
            inset.bottom = guides.bottom
        }
        return ScrollNodeResult(
            contentInset: inset, adjustedContentInset: inset,
            verticalScrollIndicatorInsets: inset, horizontalScrollIndicatorInsets: inset,
            contentOffset: Point(x: 0 - inset.left, y: 0 - inset.top)
        )
    }
}
