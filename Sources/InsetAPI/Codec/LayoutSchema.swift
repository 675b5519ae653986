import InsetEngine
import JSONCore
import ServiceKit

/// The keys and words of `/layout` bodies, looked up by their bytes (by the validating
/// decoding and by its fast path alike): what each value may be. How values relate to each
/// other is `LayoutRules`'.
struct LayoutSchema: Sendable {
    enum BodyField: String, CaseIterable, Sendable {
        case device, screen, orientation, systemVersion, designRequiresCompatibility, statusBarHidden, layoutDirection, root, steps
        case window
        case keyboard
    }
    enum WindowField: String, CaseIterable, Sendable { case split, side, frame }
    enum ScreenField: String, CaseIterable, Sendable { case width, height, safeAreaInsets, statusBarHeight, sizeClass }
    enum SizeClassField: String, CaseIterable, Sendable { case horizontal, vertical }
    enum NodeField: String, CaseIterable, Sendable {
        case id, kind, frame, pin, layoutMargins, directionalLayoutMargins, insetsLayoutMarginsFromSafeArea, preservesSuperviewLayoutMargins
        case contentSize, contentInset, contentInsetAdjustmentBehavior, alwaysBounceVertical, alwaysBounceHorizontal
        case automaticallyAdjustsScrollIndicatorInsets, verticalScrollIndicatorInsets, horizontalScrollIndicatorInsets
        case viewController, subviews
        case y, height, style, insetsContentViewsToSafeArea, cellLayoutMarginsFollowReadableWidth
        case separatorInset, separatorInsetReference, layout, keyboardLayoutGuide

        /// The fields of lists and the keyboard (`LayoutRules` says which kinds take them).
        static let lists: [NodeField] = [
            .y, .height, .style, .insetsContentViewsToSafeArea, .cellLayoutMarginsFollowReadableWidth,
            .separatorInset, .separatorInsetReference, .layout, .keyboardLayoutGuide,
        ]

        /// The fields only a scroll view takes.
        static let scrollOnly: [NodeField] = [
            .contentSize, .contentInset, .contentInsetAdjustmentBehavior, .alwaysBounceVertical, .alwaysBounceHorizontal,
            .automaticallyAdjustsScrollIndicatorInsets, .verticalScrollIndicatorInsets, .horizontalScrollIndicatorInsets,
        ]
    }
    enum ControllerField: String, CaseIterable, Sendable {
        case kind, additionalSafeAreaInsets, edgesForExtendedLayout, extendedLayoutIncludesOpaqueBars
        case automaticallyAdjustsScrollViewInsets, viewRespectsSystemMinimumLayoutMargins, navigationBar, toolbar, tabBar
        case style, preferredPrimaryColumnWidth

        /// The fields only a split view controller takes.
        static let splitOnly: [ControllerField] = [.style, .preferredPrimaryColumnWidth]

        /// The bar objects, each with the kind of controller that has that bar.
        static let bars: [(field: ControllerField, owner: ViewControllerKind)] = [(.navigationBar, .navigation), (.toolbar, .navigation), (.tabBar, .tabBar)]
    }
    enum StepField: String, CaseIterable, Sendable { case frames }
    enum KeyboardField: String, CaseIterable, Sendable { case frame, docked, height }
    enum SeparatorField: String, CaseIterable, Sendable { case left, right }
    enum CollectionLayoutField: String, CaseIterable, Sendable { case type, sectionInsetReference, contentInsetsReference, sections }
    enum SectionField: String, CaseIterable, Sendable { case sectionInset, contentInsets, contentInsetsReference }
    enum CollectionLayoutType: String, Sendable { case flow, compositional }
    /// The words `edgesForExtendedLayout` takes instead of an array.
    enum EdgeWord: String, Sendable {
        case allEdges = "all"
        case noEdges = "none"
    }

    let body = FieldTable<BodyField>()
    let screen = FieldTable<ScreenField>()
    let sizeClass = FieldTable<SizeClassField>()
    let node = FieldTable<NodeField>()
    let controller = FieldTable<ControllerField>()
    let step = FieldTable<StepField>()
    let window = FieldTable<WindowField>()
    let keyboard = FieldTable<KeyboardField>()
    let separator = FieldTable<SeparatorField>()
    let collectionLayout = FieldTable<CollectionLayoutField>()
    let section = FieldTable<SectionField>()

    let layoutDirections = WordTable([LayoutDirection.leftToRight, .rightToLeft])
    let orientations = WordTable(Orientation.allCases)
    let sizeClasses = WordTable([SizeClass.compact, .regular])
    let viewKinds = WordTable([ViewKind.view, .scrollView, .tableView, .collectionView, .cell, .sectionHeader, .sectionFooter])
    let pins = WordTable([Pin.bounds, .safeArea, .layoutMargins, .readableContent])
    let behaviors = WordTable(ContentInsetAdjustmentBehavior.allCases)
    let controllerKinds = WordTable([ViewControllerKind.plain, .navigation, .tabBar, .split])
    let splitPresets = WordTable(SplitViewPreset.allCases)
    let windowSides = WordTable(WindowSide.allCases)
    let splitStyles = WordTable(SplitViewStyle.allCases)
    let edges = WordTable(Edge.allCases)
    let edgeWords = WordTable([EdgeWord.allEdges, .noEdges])
    let tableStyles = WordTable(TableStyle.allCases)
    let separatorReferences = WordTable(SeparatorInsetReference.allCases)
    let flowReferences = WordTable(FlowSectionInsetReference.allCases)
    let contentInsetsReferences = WordTable(ContentInsetsReference.allCases)
    let collectionLayoutTypes = WordTable([CollectionLayoutType.flow, .compositional])

    /// Built once, handed to every decoding.
    static let shared = LayoutSchema()
}

/// Which fields of one object a reader read, by their position in the object's
/// `FieldTable` (at most 32).
struct FieldBits: Hashable, Sendable {
    private(set) var raw: UInt32 = 0

    init() {}

    /// The fields of `table` listed.
    init<Field>(_ fields: [Field], of table: FieldTable<Field>) {
        for field in fields { insert(table.index(of: field)) }
    }

    /// Adds the field at `position`; `false` when it was there already.
    @inline(__always)
    @discardableResult
    mutating func insert(_ position: Int) -> Bool {
        let bit: UInt32 = 1 << UInt32(position)
        defer { raw |= bit }
        return raw & bit == 0
    }

    @inline(__always)
    func contains(_ position: Int) -> Bool { raw & 1 << UInt32(position) != 0 }

    /// Whether every field of `other` is here.
    @inline(__always)
    func contains(all other: FieldBits) -> Bool { raw & other.raw == other.raw }

    /// Whether any field of `other` is here.
    @inline(__always)
    func intersects(_ other: FieldBits) -> Bool { raw & other.raw != 0 }

    var count: Int { raw.nonzeroBitCount }

    /// The fields both here and in `other`.
    @inline(__always)
    func intersection(_ other: FieldBits) -> FieldBits {
        var both = FieldBits()
        both.raw = raw & other.raw
        return both
    }

    /// The fields here and not in `other`.
    @inline(__always)
    func subtracting(_ other: FieldBits) -> FieldBits {
        var rest = self
        rest.raw &= ~other.raw
        return rest
    }

    /// The fields here or in `other`.
    func union(_ other: FieldBits) -> FieldBits {
        var either = self
        either.raw |= other.raw
        return either
    }

    /// Removes the first field (the lowest position) and returns its position; `nil` when
    /// none is left.
    @inline(__always)
    mutating func popFirst() -> Int? {
        guard raw != 0 else { return nil }
        defer { raw &= raw &- 1 }
        return raw.trailingZeroBitCount
    }
}
