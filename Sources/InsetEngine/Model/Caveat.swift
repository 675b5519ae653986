/// A rule of RULES.md whose INFERRED or UNSOURCED part an answer used (API.md `caveats`),
/// in the order of API.md's table.
public enum Caveat: String, CaseIterable, Hashable, Sendable {
    case S8, V3, V5, V6, V7, V8, V9, V11

    /// API.md's fixed `detail` for the rule.
    public var detail: String {
        switch self {
        case .S8: "the navigation bar's start 5 pt + 2 px above a 62- or 68-pt top inset (Dynamic Island phones with the pre-26 bars) is inferred from GKNavigationBarSwift's constants; it is measured only on 59-pt phones"
        case .V3: "iPadOS 26 window insets are measured only on iPads with a home indicator; this home-button iPad keeps its pre-26 figures"
        case .V5: "large-title height on iOS 26 is not sourced; the iOS 18 figure is used"
        case .V6: "the iOS 26 navigation bar is measured only on Dynamic Island iPhones (iPhone 17 Pro: 62 + 54); 54 at the container's safe-area top is inferred here (GKNavigationBarSwift)"
        case .V7: "the iOS 26 compact-height navigation bar is measured only on the iPhone 17 Pro (24 + 54 = 78); the 24-pt offset and the 54 / 32 split between large and small phones are inferred (GKNavigationBarSwift)"
        case .V8: "the iOS 26 toolbar is reported only on iPhone in regular height (48); the pre-26 figure is used here"
        case .V9: "the iOS 26 tab bar is measured only on iPhone in regular height (49 + the bottom inset); the pre-26 figure is used here"
        case .V11: "iPadOS 26's resizable windows: the size-class threshold and the top inset of a window away from the screen's top are not sourced; RULES W1-W4 (iPadOS 9-18) are used"
        }
    }
}

/// A set of caveats: one bit per rule, listed in the table's order.
public struct CaveatSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16

    /// Creates the set from its bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The set holding `caveat` alone.
    public init(_ caveat: Caveat) {
        rawValue = 1 << UInt16(Caveat.allCases.firstIndex(of: caveat)!)
    }

    /// The caveats, each once, in API.md's order.
    public var list: [Caveat] {
        Caveat.allCases.filter { contains(CaveatSet($0)) }
    }
}
