import InsetEngine
import JSONCore

/// The members lists and the keyboard add to a node's answer (API.md "Answer additions").
extension JSONWriter {
    /// A row's `contentView` and a cell's `separatorInset`, a collection view's
    /// `sectionInsets` and `sectionExplain`, a requested `keyboardLayoutGuide`: `node`'s,
    /// read in place.
    mutating func listMembers(of node: UnsafePointer<NodeResult>) {
        if let contentView = node.pointee.contentView {
            beginObject("contentView")
            field("frame", contentView.frame)
            if let safeAreaInsets = contentView.safeAreaInsets { field("safeAreaInsets", safeAreaInsets) }
            field("layoutMargins", contentView.layoutMargins)
            field("layoutMarginsGuide", contentView.layoutMarginsGuide)
            endObject()
        }
        if let separator = node.pointee.separatorInset {
            beginObject("separatorInset")
            field("left", separator.left)
            field("right", separator.right)
            endObject()
        }
        if let sections = node.pointee.sections { members(of: sections) }
        if let guide = node.pointee.keyboardLayoutGuide { field("keyboardLayoutGuide", guide) }
    }

    /// `sectionInsets` and `sectionExplain`.
    private mutating func members(of sections: SectionsResult) {
        beginArray("sectionInsets")
        for insets in sections.insets {
            object("top", insets.top, "left", insets.left, "bottom", insets.bottom, "right", insets.right)
        }
        endArray()
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

    /// `{"top", "left", "bottom", "right"}` as an array element.
    private mutating func object(_ k1: StaticString, _ v1: Double, _ k2: StaticString, _ v2: Double, _ k3: StaticString, _ v3: Double, _ k4: StaticString, _ v4: Double) {
        beginObject()
        field(k1, v1)
        field(k2, v2)
        field(k3, v3)
        field(k4, v4)
        endObject()
    }
}
