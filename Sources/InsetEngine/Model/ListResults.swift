/// A row's content view as the engine reports it (RULES.md T1, T3).
public struct ContentViewResult: Hashable, Sendable {
    /// In the row's coordinates.
    public var frame: Rect
    /// Safe-area model only.
    public var safeAreaInsets: Insets?
    /// The row's margins less the content view's offset inside the row (may be negative).
    public var layoutMargins: Insets
    /// In the content view's bounds coordinates.
    public var layoutMarginsGuide: Rect

    /// Creates the content view's part.
    public init(frame: Rect, safeAreaInsets: Insets?, layoutMargins: Insets, layoutMarginsGuide: Rect) {
        self.frame = frame
        self.safeAreaInsets = safeAreaInsets
        self.layoutMargins = layoutMargins
        self.layoutMarginsGuide = layoutMarginsGuide
    }

    /// T1's frame alone, which decides the rest of the content view with the row's safe area
    /// and margins: inlined, for a writer that compares rows by it.
    @inlinable public static func frame(rowSize size: Size, safeArea: Insets?, insetsToSafeArea: Bool) -> Rect {
        guard let safeArea, insetsToSafeArea else { return Rect(x: 0, y: 0, width: size.width, height: size.height) }
        return Rect(x: safeArea.left, y: 0, width: Swift.max(0, size.width - safeArea.left - safeArea.right), height: size.height)
    }

    /// `clamp(inherited − distance, 0, inherited)` (RULES.md S3, S4).
    private static func capped(_ inherited: Double, less distance: Double) -> Double {
        Swift.min(inherited, Swift.max(0, inherited - distance))
    }

    /// T1: the content view of a row `size` large with the row's `safeArea` (`nil` in the
    /// legacy model) and `margins`, inset by the row's left and right safe area when
    /// `insetsToSafeArea` (the table's `insetsContentViewsToSafeArea`; ignored in the legacy
    /// model), else the row's bounds. Its safe area is the row's less its offset inside the
    /// row (S3/S4); its margins are the row's less that offset (T3's "whatever T1 did").
    public init(rowSize size: Size, safeArea: Insets?, margins: Insets, insetsToSafeArea: Bool) {
        let frame = Self.frame(rowSize: size, safeArea: safeArea, insetsToSafeArea: insetsToSafeArea)
        let offsets = Insets(top: 0, left: frame.x, bottom: 0, right: size.width - frame.maxX)
        self.frame = frame
        // S3 with the S4 cap: a content view overhanging its row (offset negative) gains nothing.
        safeAreaInsets = safeArea.map {
            Insets(top: $0.top, left: Self.capped($0.left, less: offsets.left), bottom: $0.bottom, right: Self.capped($0.right, less: offsets.right))
        }
        layoutMargins = margins - offsets
        layoutMarginsGuide = Rect(x: 0, y: 0, width: frame.width, height: frame.height).inset(by: layoutMargins)
    }
}

/// How one edge of a collection view's section was decided (RULES.md C3–C4).
public struct SectionEdgeExplanation: Hashable, Sendable {
    /// The request's word for the reference used (`automatic` resolved).
    public var reference: String
    /// Whether C3's clamp or C4's `max` took the adjusted content inset over a smaller value.
    public var clampedToContentInset: Bool

    /// Creates the explanation of one edge.
    public init(reference: String, clampedToContentInset: Bool) {
        self.reference = reference
        self.clampedToContentInset = clampedToContentInset
    }
}

/// Per edge, how one section's start was decided.
public struct SectionExplanation: Hashable, Sendable, EdgeAddressable {
    public var top: SectionEdgeExplanation
    public var left: SectionEdgeExplanation
    public var bottom: SectionEdgeExplanation
    public var right: SectionEdgeExplanation

    /// Creates the four edges' explanations.
    public init(top: SectionEdgeExplanation, left: SectionEdgeExplanation, bottom: SectionEdgeExplanation, right: SectionEdgeExplanation) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// A collection view's sections: where each one's content starts, and why.
public struct SectionsResult: Hashable, Sendable {
    /// Per section, the distances from the collection view's bounds edges at the resting offset.
    public var insets: [Insets]
    /// Indexed like `insets`.
    public var explain: [SectionExplanation]

    /// Creates the sections' part.
    public init(insets: [Insets], explain: [SectionExplanation]) {
        self.insets = insets
        self.explain = explain
    }
}
