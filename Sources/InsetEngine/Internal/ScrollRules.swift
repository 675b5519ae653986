/// Rules C1 and §3.4–3.5 for one scroll view in the safe-area model (systemVersion ≥ 11),
/// shared by `/layout` and `/scroll`.
struct ScrollAdjustment: Hashable, Sendable {
    /// Which axes scroll: `contentSize` strictly greater than the frame size, or `alwaysBounce*`
    /// (`contentInset` does not count).
    var scrollableAxes: ScrollableAxes
    /// Whether the `.automatic` compatibility rule applied (it adds top and bottom).
    var compatibilityApplied: Bool
    /// The edges the behaviour includes (rule C1), whether or not their safe area is 0.
    var included: EdgeSet
    /// `contentInset` + the safe area on the included edges.
    var adjustedContentInset: Insets
    /// The effective vertical indicator insets.
    var verticalIndicatorInsets: Insets
    /// The effective horizontal indicator insets.
    var horizontalIndicatorInsets: Insets

    /// Computes C1 and what follows from it.
    ///
    /// - Parameters:
    ///   - frameSize: the scroll view's frame size (C1 compares `contentSize` with it).
    ///   - safeArea: the scroll view's own safe-area insets.
    ///   - compatibilityOwner: whether the scroll view is the content scroll view of a controller
    ///     with `automaticallyAdjustsScrollViewInsets` inside a navigation controller.
    init(properties: ScrollProperties, frameSize: Size, safeArea: Insets, compatibilityOwner: Bool, systemVersion: Double) {
        let vertical = properties.contentSize.height > frameSize.height || properties.alwaysBounceVertical
        let horizontal = properties.contentSize.width > frameSize.width || properties.alwaysBounceHorizontal
        scrollableAxes = ScrollableAxes(vertical: vertical, horizontal: horizontal)
        var axes: EdgeSet = []
        if vertical { axes.formUnion([.top, .bottom]) }
        if horizontal { axes.formUnion([.left, .right]) }
        compatibilityApplied = false
        switch properties.behavior {
        case .never:
            included = []
        case .always:
            included = .all
        case .scrollableAxes:
            included = axes
        case .automatic:
            included = axes
            if compatibilityOwner {
                included.formUnion([.top, .bottom])
                compatibilityApplied = true
            }
        }
        let system = safeArea.keeping(included)
        adjustedContentInset = properties.contentInset + system
        // RULES.md §C2 indicator insets: from iOS 13 the set value + the safe area when
        // automaticallyAdjustsScrollIndicatorInsets; in 11–12 the set value + the system part
        // of the adjusted inset (so with `.never` the set value alone).
        let indicatorAddition: Insets
        if systemVersion >= 13 {
            indicatorAddition = properties.automaticallyAdjustsScrollIndicatorInsets ? safeArea : .zero
        } else {
            indicatorAddition = system
        }
        verticalIndicatorInsets = properties.verticalScrollIndicatorInsets + indicatorAddition
        horizontalIndicatorInsets = properties.horizontalScrollIndicatorInsets + indicatorAddition
    }
}

/// Resting and extreme content offsets (§3.5): the minimum is (−adjusted.left, −adjusted.top),
/// the maximum `contentSize − bounds + adjusted.(right, bottom)`, never below the minimum;
/// a scroll view rests at the minimum.
func contentOffsetRange(contentSize: Size, boundsSize: Size, adjusted: Insets) -> ContentOffsetRange {
    let min = Point(x: 0 - adjusted.left, y: 0 - adjusted.top)  // 0 − x: never −0
    let max = Point(
        x: Swift.max(min.x, contentSize.width - boundsSize.width + adjusted.right),
        y: Swift.max(min.y, contentSize.height - boundsSize.height + adjusted.bottom)
    )
    return ContentOffsetRange(initial: min, min: min, max: max)
}
