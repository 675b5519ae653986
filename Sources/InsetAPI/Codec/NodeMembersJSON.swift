import InsetEngine
import JSONCore
import ServiceKit

/// Members of a node's answer that both the /layout encoder (through a cursor) and
/// `/layout/matrix?fields=` (through the writer's wrappers) write, each in one place.
extension Cursor {
    /// The room ``bars(_:)`` takes: four rects and the braces.
    static var barsRoom: Int { 16 &+ 4 &* objectRoom }

    /// `"bars":{…}`: the bars present, after a comma when `comma`.
    @inline(__always) mutating func bars(_ bars: BarFrames, comma: Bool = true) {
        if comma { byte(UInt8(ascii: ",")) }
        text("\"bars\":{")
        var following = false
        if let rect = bars.statusBar { field("statusBar", rect, comma: following); following = true }
        if let rect = bars.navigationBar { field("navigationBar", rect, comma: following); following = true }
        if let rect = bars.toolbar { field("toolbar", rect, comma: following); following = true }
        if let rect = bars.tabBar { field("tabBar", rect, comma: following) }
        byte(UInt8(ascii: "}"))
    }

    /// The room ``explain(_:)`` takes for `explain`: at most 70 bytes a contribution (its
    /// fixed text, the longest source and a number), and the lists' text.
    static func explainRoom(_ explain: ExplanationEntries) -> Int {
        64 &+ 72 &* (explain.top.count &+ explain.left.count &+ explain.bottom.count &+ explain.right.count)
    }

    /// `"explain":{"top":[…],"left":[…],"bottom":[…],"right":[…]}`, after a comma when
    /// `comma` (room: ``explainRoom(_:)``).
    mutating func explain(_ explain: ExplanationEntries, comma: Bool = true) {
        if comma { byte(UInt8(ascii: ",")) }
        text("\"explain\":{\"top\":")
        contributions(explain.top)
        text(",\"left\":")
        contributions(explain.left)
        text(",\"bottom\":")
        contributions(explain.bottom)
        text(",\"right\":")
        contributions(explain.right)
        byte(UInt8(ascii: "}"))
    }

    /// `[{"source","value"},…]`: one edge's contributions, each source's text and the key
    /// after it from ``sourceAndValueKeys`` (all of its entry stored: the room allows it).
    @inline(__always) private mutating func contributions(_ contributions: UnsafeBufferPointer<Contribution>) {
        byte(UInt8(ascii: "["))
        for index in contributions.indices {
            if index > 0 { byte(UInt8(ascii: ",")) }
            text("{\"source\":\"")
            tableText(Self.sourceAndValueKeys, entry: Self.keyIndex(contributions[index].source))
            number(contributions[index].value)
            byte(UInt8(ascii: "}"))
        }
        byte(UInt8(ascii: "]"))
    }

    /// `source`'s entry in ``sourceAndValueKeys``: its place among the cases.
    @inline(__always) static func keyIndex(_ source: InsetSource) -> Int {
        switch source {
        case .statusBar: 0
        case .sensorHousing: 1
        case .homeIndicator: 2
        case .overscan: 3
        case .screen: 4
        case .navigationBar: 5
        case .toolbar: 6
        case .tabBar: 7
        case .additionalSafeAreaInsets: 8
        case .offset: 9
        case .frozen: 10
        case .scrollViewConsumed: 11
        case .floor: 12
        case .primaryColumn: 13
        case .navigationBarOffset: 14
        }
    }

    /// Each source's raw value and the text up to its value (`sensorHousing","value":`), an
    /// entry of ``Cursor/tableText(_:entry:)`` each, in ``keyIndex(_:)``'s order.
    static let sourceAndValueKeys: StaticString = """
        statusBar\",\"value\":                    \u{13}\
        sensorHousing\",\"value\":                \u{17}\
        homeIndicator\",\"value\":                \u{17}\
        overscan\",\"value\":                     \u{12}\
        screen\",\"value\":                       \u{10}\
        navigationBar\",\"value\":                \u{17}\
        toolbar\",\"value\":                      \u{11}\
        tabBar\",\"value\":                       \u{10}\
        additionalSafeAreaInsets\",\"value\":     \u{22}\
        offset\",\"value\":                       \u{10}\
        frozen\",\"value\":                       \u{10}\
        scrollViewConsumed\",\"value\":           \u{1C}\
        floor\",\"value\":                        \u{F}\
        primaryColumn\",\"value\":                \u{17}\
        navigationBarOffset\",\"value\":          \u{1D}
        """
}

extension JSONWriter {
    /// `"bars":{…}`: the bars present.
    mutating func bars(_ bars: BarFrames) {
        member(reserving: Cursor.barsRoom) { $0.bars(bars, comma: false) }
    }

    /// `"explain":{"top":[…],"left":[…],"bottom":[…],"right":[…]}`.
    mutating func explain(_ explain: ExplanationEntries) {
        member(reserving: Cursor.explainRoom(explain)) { $0.explain(explain, comma: false) }
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
