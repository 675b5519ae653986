import InsetEngine
import JSONCore
import ServiceKit

/// The members lists add to a node's answer (API.md "Answer additions"), each written by one
/// function that the /layout encoder and `/layout/matrix?fields=` share.
extension Cursor {
    /// The room ``contentView(_:comma:)`` takes: four objects and the braces.
    static var contentViewRoom: Int { 24 &+ 4 &* objectRoom }

    /// `"contentView":{"frame","safeAreaInsets" (safe-area model only),"layoutMargins","layoutMarginsGuide"}`,
    /// after a comma when `comma`.
    @inline(__always) mutating func contentView(_ contentView: ContentViewResult, comma: Bool = true) {
        if comma { byte(UInt8(ascii: ",")) }
        text("\"contentView\":{")
        field("frame", contentView.frame, comma: false)
        if let safeAreaInsets = contentView.safeAreaInsets { field("safeAreaInsets", safeAreaInsets) }
        field("layoutMargins", contentView.layoutMargins)
        field("layoutMarginsGuide", contentView.layoutMarginsGuide)
        byte(UInt8(ascii: "}"))
    }

    /// `"separatorInset":{"left","right"}`, after a comma when `comma` (room: ``objectRoom``).
    @inline(__always) mutating func separatorInset(_ separator: SeparatorInset, comma: Bool = true) {
        if comma { byte(UInt8(ascii: ",")) }
        text("\"separatorInset\":{")
        member("left", separator.left, comma: false)
        member("right", separator.right, comma: true)
        byte(UInt8(ascii: "}"))
    }
}

extension JSONWriter {
    /// `"contentView":{…}`.
    mutating func contentView(_ contentView: ContentViewResult) {
        member(reserving: Cursor.contentViewRoom) { $0.contentView(contentView, comma: false) }
    }

    /// `"separatorInset":{"left","right"}`.
    mutating func separatorInset(_ separator: SeparatorInset) {
        member(reserving: Cursor.objectRoom) { $0.separatorInset(separator, comma: false) }
    }

    /// `"sectionInsets":[{"top","left","bottom","right"},…]`.
    mutating func sectionInsets(_ sections: SectionsResult) {
        beginArray("sectionInsets")
        for insets in sections.insets {
            beginObject()
            field("top", insets.top)
            field("left", insets.left)
            field("bottom", insets.bottom)
            field("right", insets.right)
            endObject()
        }
        endArray()
    }

    /// `"sectionExplain":[{"top":{"reference","clampedToContentInset"},…},…]`.
    mutating func sectionExplain(_ sections: SectionsResult) {
        beginArray("sectionExplain")
        for explanation in sections.explain {
            beginObject()
            for (name, edge) in [("top", explanation.top), ("left", explanation.left), ("bottom", explanation.bottom), ("right", explanation.right)] as [(StaticString, SectionEdgeExplanation)] {
                beginObject(name)
                field("reference", edge.reference)
                field("clampedToContentInset", edge.clampedToContentInset)
                endObject()
            }
            endObject()
        }
        endArray()
    }
}
