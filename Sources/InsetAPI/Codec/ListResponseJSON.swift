import InsetEngine
import JSONCore
import ServiceKit

/// The members lists and the keyboard add to a node's answer (API.md "Answer additions"),
/// each written by one function that the /layout encoder and `/layout/matrix?fields=` share.
extension JSONWriter {
    /// A row's `contentView` and a cell's `separatorInset`, a collection view's
    /// `sectionInsets` and `sectionExplain`, a requested `keyboardLayoutGuide`: `node`'s,
    /// read in place.
    mutating func listMembers(of node: UnsafePointer<NodeResult>, in nodes: NodeResults) {
        if let contentView = node.pointee.contentView { self.contentView(contentView) }
        if let separator = node.pointee.separatorInset { separatorInset(separator) }
        guard node.pointee.hasExtras else { return }
        if let sections = nodes.sections(of: node.pointee) {
            sectionInsets(sections)
            sectionExplain(sections)
        }
        if let guide = nodes.keyboardLayoutGuide(of: node.pointee) { field("keyboardLayoutGuide", guide) }
    }

    /// `"contentView":{"frame","safeAreaInsets" (safe-area model only),"layoutMargins","layoutMarginsGuide"}`.
    mutating func contentView(_ contentView: ContentViewResult) {
        beginObject("contentView")
        field("frame", contentView.frame)
        if let safeAreaInsets = contentView.safeAreaInsets { field("safeAreaInsets", safeAreaInsets) }
        field("layoutMargins", contentView.layoutMargins)
        field("layoutMarginsGuide", contentView.layoutMarginsGuide)
        endObject()
    }

    /// `"separatorInset":{"left","right"}`.
    mutating func separatorInset(_ separator: SeparatorInset) {
        beginObject("separatorInset")
        field("left", separator.left)
        field("right", separator.right)
        endObject()
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
