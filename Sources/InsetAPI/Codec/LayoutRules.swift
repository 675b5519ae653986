import InsetEngine
import ServiceKit

/// A rule of `/layout` requests that relates values to each other, beyond what each value
/// may be (`LayoutSchema`, `RequestReader`). `LayoutRules` states each one once.
enum LayoutRule: CaseIterable, Sendable {
    /// An id of more than 256 bytes of UTF-8 (API.md "Node").
    case idTooLong
    /// An id an earlier node has (ids are unique in the request).
    case duplicateID
    /// `frame` and `pin` together.
    case frameAndPin
    /// `layoutMargins` and `directionalLayoutMargins` together.
    case bothMarginForms
    /// A scroll view's field on a `view`.
    case scrollFieldOnView
    /// A bar object on a controller without that bar: `navigationBar` and `toolbar` belong
    /// to a navigation controller, `tabBar` to a tab bar controller.
    case barOfAnotherController
    /// A navigation or tab bar controller on tvOS, where containers are not modelled.
    case containerOnTV
    /// A container without a content view (`ContainerContent`).
    case containerWithoutContent
    /// A `frame` or `pin` on the root view, which always fills the screen.
    case placedRoot
    /// A `frame` or `pin` on a container's content view, which the container places.
    case placedContent
    /// A step's frame for an id no node has.
    case stepMovesUnknownNode
    /// A step's frame for the root view.
    case stepMovesRoot
    /// A step's frame for a container's content view.
    case stepMovesContent
    /// `style` or `preferredPrimaryColumnWidth` on a controller other than a split view controller.
    case splitFieldOnOtherController
    /// A split view controller whose view has not exactly two subviews with a view controller.
    case splitColumnCount
    /// A split view controller in a horizontally compact window (collapsed: not modelled).
    case splitInCompactWindow
    /// A `window` off an iPad (another device, or a custom screen).
    case windowOffIPad
    /// A `window` below systemVersion 9, before Split View.
    case windowBeforeSplitView
    /// A Split View preset the orientation lacks (no 50/50 split in portrait).
    case windowPresetMissing
    /// A Split View preset from systemVersion 26, where resizable windows replaced Split
    /// View (RULES.md V11).
    case windowSplitAfterSplitView
    /// A window frame not wholly inside the screen of the orientation.
    case windowOutsideScreen
    /// A table row (`cell`, `sectionHeader`, `sectionFooter`) that is not a direct subview
    /// of a `tableView`.
    case rowOutsideTable
    /// A field a row takes no value for: its table places it (`frame`, `pin`, a step) and
    /// T3 sets its margins; nor is it a view controller's view or a scroll view.
    case fieldOnRow
    /// A list field on a kind of view that has no such property: `y`/`height` off a row,
    /// a table's fields off a `tableView`, `separatorInset` off a table or cell, `layout`
    /// off a `collectionView`.
    case listFieldOnOtherKind
    /// A field or style the systemVersion (or tvOS) lacks.
    case fieldBeforeItsVersion
    /// A step's frame for a table row.
    case stepMovesRow

    /// Whether breaking the rule depends on the device, orientation or systemVersion, not
    /// on the hierarchy alone: a matrix skips a combination that breaks only such rules
    /// (API.md "POST /layout/matrix").
    var variesByCombination: Bool {
        switch self {
        case .containerOnTV, .splitInCompactWindow, .windowOffIPad, .windowBeforeSplitView, .windowPresetMissing, .windowSplitAfterSplitView, .windowOutsideScreen, .fieldBeforeItsVersion:
            true
        default:
            false
        }
    }
}

/// Where a broken rule points, from the node (or step frame) the rules were given.
enum RulePlace: Hashable, Sendable {
    /// The node's member (its `id`: the id's value).
    case field(LayoutSchema.NodeField)
    /// The later of two members of the node.
    case laterField(LayoutSchema.NodeField, LayoutSchema.NodeField)
    /// A member of the node's view controller (its `kind`: the kind's value).
    case controllerField(LayoutSchema.ControllerField)
    /// A member of the content view of the node, a container.
    case contentField(LayoutSchema.NodeField)
    /// The step's `frames` member being checked.
    case stepFrame
    /// The node's `subviews` (where it would be, when absent).
    case subviews
    /// The body's `window`, or one of its members.
    case window(LayoutSchema.WindowField?)
}

/// What a reader does with a broken rule: the fast path gives up on the body, the
/// validating decoding reports a problem where the rule points.
protocol LayoutRuleReport {
    mutating func broken(_ rule: LayoutRule, at place: RulePlace, detail: @autoclosure () -> String)
}

/// What a reader read of one node that the rules weigh.
struct NodeReading {
    /// The fields given (not null), by position in `LayoutSchema.NodeField`.
    var fields = FieldBits()
    /// The view's kind; `nil` when `kind` gives no view kind (reported as such), which
    /// leaves the scroll views' fields unjudged.
    var kind: ViewKind? = .view
    /// Whether the view has a view controller.
    var hasController = false
    /// The controller's kind; `nil` when it has none, or when its `kind` gives no
    /// controller kind (reported as such), which leaves its bars unjudged.
    var controllerKind: ViewControllerKind?
    /// The controller's fields given, by position in `LayoutSchema.ControllerField`.
    var controllerFields = FieldBits()
    /// The superview's kind; `nil` for the root (or when its `kind` gives no view kind).
    var parentKind: ViewKind?
    /// Whether the node (a table) asks for the `insetGrouped` style.
    var isInsetGrouped = false

    /// Whether the node is a container's view.
    var isContainer: Bool { controllerKind?.isContainer ?? false }
}

/// The rules of a `/layout` request that relate its values to each other, stated once and
/// checked by both readers of a body with what they read: `LayoutFastPath` gives up on
/// any broken rule, the validating decoding turns each into a problem at its JSON Pointer
/// (`LayoutRule`, `RulePlace`). Called per node once its own fields are read (`checkID`,
/// `checkNode`), after its subviews (`checkContent`), and per step frame.
///
/// Keeps what the rules across nodes need: the ids so far (unique, and which node each
/// names, for the steps) and the device family (containers are not modelled on tvOS).
struct LayoutRules {
    /// The most bytes of UTF-8 a node id may take.
    static let maxIDBytes = 256

    /// Made at the first id checked: the fast path checks none (it keeps its own table).
    private var ids: NodeIDs?
    /// The device's family, once known (`nil` for a custom screen or an unknown device).
    private var family: DeviceFamily?
    private var knowsFamily: Bool
    /// Whether a container was read before the family was known.
    private var containerBeforeFamily = false
    private let masks = Masks.shared
    /// Whether the app's window is horizontally compact (`nil`: not known), where a split
    /// view controller is not modelled (RULES.md SV).
    var windowIsCompact: Bool?
    /// The systemVersion simulated (the list fields' rules depend on it); `nil` when the
    /// body's is refused, which leaves every field unjudged against a version (API.md "Errors").
    var systemVersion: Double? = SystemVersion.default

    /// Rules for a request on a device of `family` (`nil` for a custom screen or an
    /// unknown device).
    init(family: DeviceFamily?) {
        self.family = family
        knowsFamily = true
    }

    /// Rules for a request whose device is learned after its nodes (`learnFamily`).
    init() {
        knowsFamily = false
    }

    /// The device's family, learned after the nodes were read: `false` when a container
    /// among them breaks `containerOnTV` (which a reader that learns the family last, the
    /// fast path, only needs to know of: it keeps no places).
    mutating func learnFamily(_ family: DeviceFamily?) -> Bool {
        self.family = family
        knowsFamily = true
        return !(containerBeforeFamily && family == .tv)
    }

    /// The id of the node at `index`: at most 256 bytes, unique.
    @inline(__always)
    mutating func checkID<Report: LayoutRuleReport>(_ id: String, utf8: UnsafeBufferPointer<UInt8>, index: Int, report: inout Report) {
        if utf8.count > Self.maxIDBytes {
            report.broken(.idTooLong, at: .field(.id), detail: "must be at most \(Self.maxIDBytes) bytes")
        }
        if ids == nil { ids = NodeIDs() }
        if !ids!.insert(id, utf8: utf8, index: index) {
            report.broken(.duplicateID, at: .field(.id), detail: "duplicate id \"\(id)\"")
        }
    }

    /// `checkID(_:utf8:index:report:)` for an id given as a `String` only.
    mutating func checkID<Report: LayoutRuleReport>(_ id: String, index: Int, report: inout Report) {
        var text = id
        text.withUTF8 { checkID(id, utf8: $0, index: index, report: &report) }
    }

    /// The rules on one node's own fields (the root's: `isRoot`).
    @_transparent
    mutating func checkNode<Report: LayoutRuleReport>(_ node: NodeReading, isRoot: Bool, report: inout Report) {
        let fields = node.fields
        if fields.contains(all: masks.frameAndPin) {
            report.broken(.frameAndPin, at: .laterField(.frame, .pin), detail: "give frame or pin, not both")
        }
        if fields.contains(all: masks.bothMargins) {
            report.broken(.bothMarginForms, at: .laterField(.layoutMargins, .directionalLayoutMargins),
                          detail: "give layoutMargins or directionalLayoutMargins, not both")
        }
        // The other rules judge the root, other kinds than a plain view, controllers, and a
        // plain view's scroll and list fields: most views have none, and cost no call
        // (`@inline(__always)` left the whole check a call).
        guard isRoot || node.kind != .view || node.controllerKind != nil || node.controllerFields.raw != 0
              || fields.intersects(masks.scrollAndLists) else { return }
        // Nor does a row in its table with none of `rowJudged` (no view controller either,
        // a field a row takes none of): most rows.
        if node.kind?.isRow == true, node.parentKind == .tableView, !fields.intersects(masks.rowJudged) { return }
        judgeNode(node, isRoot: isRoot, report: &report)
    }

    /// The rules of `checkNode` past its first two.
    private mutating func judgeNode<Report: LayoutRuleReport>(_ node: NodeReading, isRoot: Bool, report: inout Report) {
        let fields = node.fields
        if isRoot, fields.intersects(masks.frameAndPin) {
            Self.placed(fields, rule: .placedRoot, at: { .field($0) }, report: &report)
        }
        if node.kind == .view, fields.intersects(masks.scrollOnly) {
            Self.scrollFields(fields, report: &report)
        }
        if let kind = node.kind, kind.isRow || fields.intersects(masks.lists) {
            lists(node, kind: kind, report: &report)
        }
        if let kind = node.controllerKind, node.controllerFields.intersects(masks.bars) {
            Self.bars(node.controllerFields, of: kind, report: &report)
        }
        if node.controllerKind != .split, node.controllerFields.intersects(masks.splitOnly) {
            Self.splitFields(node.controllerFields, report: &report)
        }
        if node.controllerKind == .split {
            if knowsFamily, family == .tv {
                report.broken(.containerOnTV, at: .controllerField(.kind), detail: "split view controllers are not modelled on tvOS")
            } else if windowIsCompact == true {
                report.broken(.splitInCompactWindow, at: .controllerField(.kind),
                              detail: "collapsed split view controllers are not modelled: the window is horizontally compact")
            }
        }
        if node.isContainer {
            if !knowsFamily {
                containerBeforeFamily = true
            } else if family == .tv {
                report.broken(.containerOnTV, at: .controllerField(.kind), detail: Self.containerOnTV)
            }
        }
    }

    /// After the subviews of a node: a container needs a content view (`ContainerContent`),
    /// which it places, so the content gives no `frame` or `pin` (nor may a step move it:
    /// `checkStepFrame`). `content`: the fields the content view gives, `nil` when there is
    /// none. Returns whether the node places its content.
    @inline(__always)
    @discardableResult
    func checkContent<Report: LayoutRuleReport>(of node: NodeReading, content: FieldBits?, report: inout Report) -> Bool {
        guard node.isContainer else { return false }
        guard let content else {
            // On tvOS the container itself is what is wrong.
            if !(knowsFamily && family == .tv) {
                report.broken(.containerWithoutContent, at: .controllerField(.kind), detail: "a container needs a content view: a subview with a viewController")
            }
            return false
        }
        if content.intersects(masks.frameAndPin) {
            Self.placed(content, rule: .placedContent, at: { .contentField($0) }, report: &report)
        }
        return true
    }

    /// A step's frame for the node `id` (read after every node): `true` when the step may
    /// move that node. `isContainerContent`: whether the node at an index is a container's
    /// content (see `checkContent`).
    func checkStepFrame<Report: LayoutRuleReport>(for id: String, isContainerContent: (Int) -> Bool, isRow: (Int) -> Bool = { _ in false }, report: inout Report) -> Bool {
        guard let index = ids?[id] else {
            report.broken(.stepMovesUnknownNode, at: .stepFrame, detail: "unknown node id")
            return false
        }
        if index == 0 {
            report.broken(.stepMovesRoot, at: .stepFrame, detail: Self.placedRoot)
            return false
        }
        if isContainerContent(index) {
            report.broken(.stepMovesContent, at: .stepFrame, detail: Self.placedContent)
            return false
        }
        if isRow(index) {
            report.broken(.stepMovesRow, at: .stepFrame, detail: "a table places its rows")
            return false
        }
        return true
    }

    /// A split view controller's view has exactly two subviews with a view controller, its columns.
    func checkColumnCount<Report: LayoutRuleReport>(_ count: Int, report: inout Report) {
        if count != 2 {
            report.broken(.splitColumnCount, at: .subviews,
                          detail: "a split view controller needs exactly two subviews with a viewController (the primary and secondary columns), not \(count)")
        }
    }

    /// A split view controller's column, which it places: no `frame` or `pin`. `column`: the
    /// fields the column's view gives.
    func checkColumn<Report: LayoutRuleReport>(_ column: FieldBits, report: inout Report) {
        if column.intersects(masks.frameAndPin) {
            Self.placed(column, rule: .placedContent, at: { .contentField($0) }, report: &report)
        }
    }

    // Each rule's problems, apart: they are rare, and the checks above stay small.

    @inline(never)
    private static func splitFields<Report: LayoutRuleReport>(_ fields: FieldBits, report: inout Report) {
        for field in LayoutSchema.ControllerField.splitOnly where fields.contains(LayoutSchema.shared.controller.index(of: field)) {
            report.broken(.splitFieldOnOtherController, at: .controllerField(field), detail: "only for a split view controller")
        }
    }

    @inline(never)
    private static func placed<Report: LayoutRuleReport>(_ fields: FieldBits, rule: LayoutRule, at place: (LayoutSchema.NodeField) -> RulePlace, report: inout Report) {
        for field in [LayoutSchema.NodeField.frame, .pin] where fields.contains(LayoutSchema.shared.node.index(of: field)) {
            report.broken(rule, at: place(field), detail: rule == .placedRoot ? placedRoot : placedContent)
        }
    }

    @inline(never)
    private static func scrollFields<Report: LayoutRuleReport>(_ fields: FieldBits, report: inout Report) {
        for field in LayoutSchema.NodeField.scrollOnly where fields.contains(LayoutSchema.shared.node.index(of: field)) {
            report.broken(.scrollFieldOnView, at: .field(field), detail: "only for scroll views (kind scrollView, tableView or collectionView)")
        }
    }

    @inline(never)
    private static func bars<Report: LayoutRuleReport>(_ fields: FieldBits, of kind: ViewControllerKind, report: inout Report) {
        for (bar, owner) in LayoutSchema.ControllerField.bars where owner != kind && fields.contains(LayoutSchema.shared.controller.index(of: bar)) {
            report.broken(.barOfAnotherController, at: .controllerField(bar),
                          detail: "not allowed on a \(name(kind)): only for a \(name(owner))")
        }
    }

    /// A controller kind as a detail names it (`a plain view controller`, `a tab bar controller`).
    private static func name(_ kind: ViewControllerKind) -> String {
        switch kind {
        case .plain: "plain view controller"
        case .navigation: "navigation controller"
        case .tabBar: "tab bar controller"
        case .split: "split view controller"
        }
    }

    /// The rules of rows and of the list fields (API.md "Node additions").
    @inline(never)
    private func lists<Report: LayoutRuleReport>(_ node: NodeReading, kind: ViewKind, report: inout Report) {
        let fields = node.fields
        if kind.isRow {
            if node.parentKind != .tableView {
                report.broken(.rowOutsideTable, at: .field(.kind), detail: "a row (cell, sectionHeader, sectionFooter) is only a direct subview of a tableView")
            }
            if fields.intersects(masks.rowless) {
                for (field, position) in Masks.rowlessPositions where fields.contains(position) {
                    report.broken(.fieldOnRow, at: .field(field), detail: "a row takes no \(field.rawValue): its table places it and sets its margins")
                }
            }
        }
        // Only the list fields given, in the schema's order; a row's y and height (what most
        // rows give) are always its own and need no version.
        var given = fields.intersection(masks.lists)
        if kind.isRow { given = given.subtracting(masks.rowPlacement) }
        while let position = given.popFirst() {
            let field = LayoutSchema.shared.node.fields[position]
            let owner: (allowed: Bool, detail: String)
            switch field {
            case .y, .height: owner = (kind.isRow, "only for rows (cell, sectionHeader, sectionFooter)")
            case .separatorInset: owner = (kind == .tableView || kind == .cell, "only for a tableView or a cell")
            case .layout: owner = (kind == .collectionView, "only for a collectionView")
            case .keyboardLayoutGuide: owner = (true, "")
            default: owner = (kind == .tableView, "only for a tableView")
            }
            guard owner.allowed else {
                report.broken(.listFieldOnOtherKind, at: .field(field), detail: owner.detail)
                continue
            }
            let lacking: String?
            switch field {
            case .style where node.isInsetGrouped && (Self.version(systemVersion, isBefore: 13) || family == .tv):
                lacking = "insetGrouped needs systemVersion 13 or later, and is not on tvOS"
            case .insetsContentViewsToSafeArea where Self.version(systemVersion, isBefore: 11), .separatorInsetReference where Self.version(systemVersion, isBefore: 11):
                lacking = "needs systemVersion 11 or later"
            case .keyboardLayoutGuide where Self.version(systemVersion, isBefore: 15):
                lacking = "needs systemVersion 15 or later"
            default:
                lacking = nil
            }
            if let lacking { report.broken(.fieldBeforeItsVersion, at: .field(field), detail: lacking) }
        }
    }

    /// Whether `version` (`nil`: refused, judged against nothing) is below `first`.
    static func version(_ version: Double?, isBefore first: Double) -> Bool {
        version.map { $0 < first } ?? false
    }

    /// The fields a row takes no value for.
    fileprivate static let rowless: [LayoutSchema.NodeField] = [
        .frame, .pin, .viewController, .layoutMargins, .directionalLayoutMargins,
        .insetsLayoutMarginsFromSafeArea, .preservesSuperviewLayoutMargins,
    ] + LayoutSchema.NodeField.scrollOnly

    private static let placedRoot = "the root view always fills the screen"
    private static let placedContent = "a container places its content view controller's view"
    private static let containerOnTV = "navigation and tab bar controllers are not modelled on tvOS"

    /// The fields the rules test together, as bits.
    private struct Masks {
        let frameAndPin: FieldBits
        let bothMargins: FieldBits
        let scrollOnly: FieldBits
        let bars: FieldBits
        let splitOnly: FieldBits
        let lists: FieldBits
        let rowless: FieldBits
        /// A row's `y` and `height`.
        let rowPlacement: FieldBits
        /// What `judgeNode` judges in a row in its table without a controller: the fields a
        /// row takes no value for and the list fields but its `y` and `height`.
        let rowJudged: FieldBits
        /// `scrollOnly` and `lists`: what `judgeNode` judges in a plain view (not the root)
        /// without a controller.
        let scrollAndLists: FieldBits

        init() {
            let schema = LayoutSchema.shared
            frameAndPin = FieldBits([.frame, .pin], of: schema.node)
            bothMargins = FieldBits([.layoutMargins, .directionalLayoutMargins], of: schema.node)
            scrollOnly = FieldBits(LayoutSchema.NodeField.scrollOnly, of: schema.node)
            bars = FieldBits(LayoutSchema.ControllerField.bars.map(\.field), of: schema.controller)
            splitOnly = FieldBits(LayoutSchema.ControllerField.splitOnly, of: schema.controller)
            lists = FieldBits(LayoutSchema.NodeField.lists, of: schema.node)
            rowless = FieldBits(LayoutRules.rowless, of: schema.node)
            rowPlacement = FieldBits([.y, .height], of: schema.node)
            rowJudged = rowless.union(lists.subtracting(rowPlacement))
            scrollAndLists = scrollOnly.union(lists)
        }

        static let shared = Masks()
        /// The fields a row takes no value for, with their positions (not a member: the
        /// masks are plain bits, copied into each body's rules without a retain).
        static let rowlessPositions = LayoutRules.rowless.map { ($0, LayoutSchema.shared.node.index(of: $0)) }
    }
}
