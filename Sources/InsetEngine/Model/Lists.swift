/// `UITableView.Style`.
public enum TableStyle: String, CaseIterable, Hashable, Sendable {
    case plain, grouped, insetGrouped
}

/// `UITableView.SeparatorInsetReference`.
public enum SeparatorInsetReference: String, CaseIterable, Hashable, Sendable {
    case fromCellEdges, fromAutomaticInsets
}

/// A separator inset: only its left and right are modelled (RULES.md T5).
public struct SeparatorInset: Hashable, Sendable {
    public var left: Double
    public var right: Double

    /// Creates the pair.
    public init(left: Double = 0, right: Double = 0) {
        self.left = left
        self.right = right
    }
}

/// A table view's own properties (RULES.md T1–T5).
public struct TableProperties: Hashable, Sendable {
    public var style: TableStyle
    /// systemVersion 11+.
    public var insetsContentViewsToSafeArea: Bool
    /// `nil`: the version's default (true below 12, false from 12).
    public var cellLayoutMarginsFollowReadableWidth: Bool?
    /// `nil`: automatic.
    public var separatorInset: SeparatorInset?
    public var separatorInsetReference: SeparatorInsetReference

    /// Creates table properties with UIKit's defaults.
    public init(
        style: TableStyle = .plain, insetsContentViewsToSafeArea: Bool = true, cellLayoutMarginsFollowReadableWidth: Bool? = nil,
        separatorInset: SeparatorInset? = nil, separatorInsetReference: SeparatorInsetReference = .fromCellEdges
    ) {
        self.style = style
        self.insetsContentViewsToSafeArea = insetsContentViewsToSafeArea
        self.cellLayoutMarginsFollowReadableWidth = cellLayoutMarginsFollowReadableWidth
        self.separatorInset = separatorInset
        self.separatorInsetReference = separatorInsetReference
    }
}

/// A table row's own properties (a `cell`, `sectionHeader` or `sectionFooter`).
public struct RowProperties: Hashable, Sendable {
    /// The row's top in the table's content coordinates; `nil`: the previous row sibling's
    /// bottom (0 for the first).
    public var y: Double?
    public var height: Double
    /// Cells only; `nil`: the table's.
    public var separatorInset: SeparatorInset?

    /// Creates row properties with the defaults (stacked, 44 high).
    public init(y: Double? = nil, height: Double = 44, separatorInset: SeparatorInset? = nil) {
        self.y = y
        self.height = height
        self.separatorInset = separatorInset
    }
}

/// `UICollectionViewFlowLayout.SectionInsetReference`.
public enum FlowSectionInsetReference: String, CaseIterable, Hashable, Sendable {
    case fromContentInset, fromSafeArea, fromLayoutMargins
}

/// `UIContentInsetsReference`.
public enum ContentInsetsReference: String, CaseIterable, Hashable, Sendable {
    case automatic, none, safeArea, layoutMargins, readableContent
}

/// A compositional layout's section: its content insets and their reference.
public struct CompositionalSection: Hashable, Sendable {
    public var contentInsets: DirectionalInsets
    public var contentInsetsReference: ContentInsetsReference

    /// Creates a section; the reference defaults to `automatic` (the layout's).
    public init(contentInsets: DirectionalInsets = .zero, contentInsetsReference: ContentInsetsReference = .automatic) {
        self.contentInsets = contentInsets
        self.contentInsetsReference = contentInsetsReference
    }
}

/// A collection view's layout, as far as where its sections start (RULES.md C3–C4).
public enum CollectionLayout: Hashable, Sendable {
    /// A flow layout: its reference and each section's `sectionInset`.
    case flow(FlowSectionInsetReference, sections: [Insets])
    /// A compositional layout (systemVersion 14+): its reference and sections.
    case compositional(ContentInsetsReference, sections: [CompositionalSection])

    /// The default: a flow layout from the content inset, one section with no inset.
    public static let standard = CollectionLayout.flow(.fromContentInset, sections: [.zero])
}

/// What a node asks of its keyboard layout guide (systemVersion 15+).
public struct KeyboardGuideOptions: Hashable, Sendable {
    public var followsUndockedKeyboard: Bool
    /// systemVersion 17+.
    public var usesBottomSafeArea: Bool

    /// Creates the options with UIKit's defaults.
    public init(followsUndockedKeyboard: Bool = false, usesBottomSafeArea: Bool = true) {
        self.followsUndockedKeyboard = followsUndockedKeyboard
        self.usesBottomSafeArea = usesBottomSafeArea
    }
}

/// The keyboard on screen: its frame in screen coordinates of the orientation.
public struct Keyboard: Hashable, Sendable {
    public var frame: Rect
    /// A floating keyboard is undocked.
    public var docked: Bool

    /// Creates a keyboard.
    public init(frame: Rect, docked: Bool = true) {
        self.frame = frame
        self.docked = docked
    }

    /// A docked keyboard `height` points high across the full width at the screen's bottom.
    public init(height: Double, screen: Size) {
        self.init(frame: Rect(x: 0, y: screen.height - height, width: screen.width, height: height))
    }
}
