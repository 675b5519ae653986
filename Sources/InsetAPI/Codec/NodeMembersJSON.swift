import InsetEngine
import JSONCore
import ServiceKit

/// Members of a node's answer that both the /layout encoder and `/layout/matrix?fields=`
/// write, each in one place.
extension JSONWriter {
    /// `"bars":{…}`: the bars present.
    mutating func bars(_ bars: BarFrames) {
        beginObject("bars")
        if let rect = bars.statusBar { field("statusBar", rect) }
        if let rect = bars.navigationBar { field("navigationBar", rect) }
        if let rect = bars.toolbar { field("toolbar", rect) }
        if let rect = bars.tabBar { field("tabBar", rect) }
        endObject()
    }

    /// `"explain":{"top":[…],"left":[…],"bottom":[…],"right":[…]}`.
    mutating func explain(_ explain: ExplanationEntries) {
        beginObject("explain")
        contributions(explain.top, as: "top")
        contributions(explain.left, as: "left")
        contributions(explain.bottom, as: "bottom")
        contributions(explain.right, as: "right")
        endObject()
    }

    /// `"edge":[{"source","value"},…]`: one edge's contributions.
    private mutating func contributions(_ contributions: UnsafeBufferPointer<Contribution>, as edge: StaticString) {
        beginArray(edge)
        for contribution in contributions {
            object("source", Self.name(of: contribution.source), "value", contribution.value)
        }
        endArray()
    }

    /// The raw value of `source`, as a static string.
    private static func name(of source: InsetSource) -> StaticString {
        switch source {
        case .statusBar: "statusBar"
        case .sensorHousing: "sensorHousing"
        case .homeIndicator: "homeIndicator"
        case .overscan: "overscan"
        case .screen: "screen"
        case .navigationBar: "navigationBar"
        case .toolbar: "toolbar"
        case .tabBar: "tabBar"
        case .additionalSafeAreaInsets: "additionalSafeAreaInsets"
        case .offset: "offset"
        case .frozen: "frozen"
        case .scrollViewConsumed: "scrollViewConsumed"
        case .floor: "floor"
        case .primaryColumn: "primaryColumn"
        case .navigationBarOffset: "navigationBarOffset"
        }
    }
}

extension JSONWriter {
    /// `"caveats":[{"rule","detail"},…]` in API.md's order; nothing when there are none.
    mutating func caveats(_ caveats: CaveatSet) {
        guard !caveats.isEmpty else { return }
        beginArray("caveats")
        for caveat in caveats.list {
            beginObject()
            field("rule", caveat.rawValue)
            field("detail", caveat.detail)
            endObject()
        }
        endArray()
    }
}
