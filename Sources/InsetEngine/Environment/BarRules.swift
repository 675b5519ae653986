/// The bars a container shows on one environment, version and design: RULES.md S7 before
/// systemVersion 26 and for an app that opts out (`designRequiresCompatibility`, V2), the
/// Liquid Glass figures of V5–V9 from 26; and the caveats their use raises.
public struct BarRules: Hashable, Sendable {
    /// The bars' own heights.
    public let heights: BarHeights
    /// Whether the bars are Liquid Glass (V2).
    public let liquidGlass: Bool
    /// V7: how far below its container's safe-area top a navigation bar starts (24 in
    /// compact height on iPhone figures with Liquid Glass; else 0).
    public let navigationBarOffset: Double
    private let padFigures: Bool
    private let compactHeight: Bool
    private let dynamicIsland: Bool

    /// V6, V7: a Liquid Glass navigation bar's height (in regular height, on iPad figures and
    /// on large phones in compact height).
    public static let liquidGlassNavigationBar: Double = 54
    /// V7: a Liquid Glass navigation bar's height in compact height on a small phone.
    public static let liquidGlassSmallPhoneNavigationBar: Double = 32
    /// V7: where a Liquid Glass navigation bar starts in compact height, below the safe-area top.
    public static let liquidGlassCompactOffset: Double = 24
    /// V8: a Liquid Glass toolbar on iPhone in regular height.
    public static let liquidGlassToolbar: Double = 48

    /// The rules for `environment` (its bars are S7's) on `systemVersion`; `nil` on tvOS,
    /// which has no bars. (Borrowed: owned, its callers would copy the environment, lists
    /// and all, for the few fields read here.)
    public init?(environment: borrowing DisplayEnvironment, systemVersion: Double, designRequiresCompatibility: Bool) {
        guard let classic = environment.bars else { return nil }
        liquidGlass = SystemVersion.hasLiquidGlass(systemVersion, designRequiresCompatibility: designRequiresCompatibility)
        padFigures = environment.family == .ipad
        compactHeight = environment.sizeClass.vertical == .compact
        dynamicIsland = environment.features.contains(.dynamicIsland)
        guard liquidGlass else {
            heights = classic
            navigationBarOffset = 0
            return
        }
        var glass = classic
        if padFigures || !compactHeight {
            // V6 (54 at the safe-area top), V5 (large titles keep S7's), V8 (48 on iPhone in
            // regular height), V9 (the tab bar unchanged).
            glass.navigationBar = Self.liquidGlassNavigationBar
            if !padFigures { glass.toolbar = Self.liquidGlassToolbar }
            navigationBarOffset = 0
        } else {
            // V7: 24 below the safe-area top; 54 on a large phone (a Dynamic Island, or a
            // regular horizontal size class in landscape), 32 on a small one; a large-title
            // bar is this bar (V5).
            let large = dynamicIsland || environment.sizeClass.horizontal == .regular
            glass.navigationBar = large ? Self.liquidGlassNavigationBar : Self.liquidGlassSmallPhoneNavigationBar
            glass.largeTitleNavigationBar = glass.navigationBar
            navigationBarOffset = Self.liquidGlassCompactOffset
        }
        heights = glass
    }

    /// The caveats (API.md's table) that showing these bars raises: a navigation bar (with
    /// its large-title choice), a toolbar, a tab bar.
    public func caveats(navigationBar: BarConfiguration?, toolbar: Bool, tabBar: Bool) -> CaveatSet {
        guard liquidGlass else { return [] }
        var caveats: CaveatSet = []
        let padOrCompact = padFigures || compactHeight
        if let navigationBar {
            if navigationBar.prefersLargeTitles { caveats.insert(CaveatSet(.V5)) }
            if padFigures || (!compactHeight && !dynamicIsland) { caveats.insert(CaveatSet(.V6)) }
            if !padFigures, compactHeight, !dynamicIsland { caveats.insert(CaveatSet(.V7)) }
        }
        if toolbar, padOrCompact { caveats.insert(CaveatSet(.V8)) }
        if tabBar, padOrCompact { caveats.insert(CaveatSet(.V9)) }
        return caveats
    }

    /// S8: how far above a Dynamic Island phone's top inset a navigation bar starts with the
    /// pre-26 bars, as the decimals the sources print: 5 pt + 1 px at @3x where the inset is
    /// 59 (measured), 5 pt + 2 px where it is 62 or 68 (inferred: caveat S8); `nil` for
    /// another inset.
    public static func dynamicIslandShift(topInset: Double) -> (shift: Double, inferred: Bool)? {
        switch topInset {
        case 59: (5.333, false)
        case 62, 68: (5.667, true)
        default: nil
        }
    }
}
