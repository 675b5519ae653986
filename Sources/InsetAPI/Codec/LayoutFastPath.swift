import InsetEngine
import JSONCore
import ServiceKit

/// The fast path of `LayoutRequestDecoder`: decodes a well-formed `/layout` body in one
/// pass over its bytes, straight into the engine's request (its `ViewHierarchy` view by
/// view, no tree of `Node`s), or gives up (`nil`).
///
/// The validating decoding (parse into a tape, then the schema walk that collects every
/// problem with its JSON Pointer) stays the one authority on what is wrong with a body.
/// This path only recognises bodies it can prove right as it reads them, with the same
/// schema tables and the same rules (`LayoutRules`), and gives up at the first thing it
/// does not take: anything `PlainJSONReader` does not read (syntax errors, escapes,
/// non-ASCII strings, `null`), unknown or repeated keys, any value the validating decoding
/// would report, any broken rule, and the rarer shapes it leaves to that decoding
/// (`screen` instead of `device`, `steps`). A body it gives up on is decoded again from the
/// start by the validating decoding, so giving up costs time, never an answer. What it
/// returns equals what the validating decoding returns for the same body;
/// `LayoutFastPathTests` checks that over generated bodies, `LayoutRulesTests` that it
/// gives up on every broken rule.
struct LayoutFastPath {
    private var reader: PlainJSONReader
    private let limits: DecodingLimits
    private var nodeCount = 0
    /// The device may come after the root: its family is learned at the end.
    private var rules = LayoutRules()
    /// Whether a table asks for the insetGrouped style (systemVersion 13+, not tvOS: both
    /// known only at the body's end).
    private var hasInsetGroupedTable = false
    private var broken = AnyBrokenRule()
    /// The key order of each kind of object, as learned from the bodies this thread read
    /// before and from this one so far.
    private var orders: KeyOrders
    /// The last word read for each of the fields whose words repeat from view to view.
    private var lastWords = LastWords()
    /// The hierarchy's views and ids in depth-first order: a view's place is taken when its
    /// object begins (before its subviews) and filled in when it ends.
    private var views: [ViewHierarchy.View] = []
    private var ids: [String] = []

    /// Decodes `body`, or `nil` when the validating decoding must read it.
    static func decode(_ body: UnsafeBufferPointer<UInt8>, devices: any DeviceDirectory, limits: DecodingLimits) -> DecodedLayoutRequest? {
        // `devices` is lent to `request(devices:)`, not stored: a copy of the directory
        // would retain the registry's arrays, which every pool thread shares.
        LearnedKeyOrders.withCurrent { orders in
            var path = LayoutFastPath(reader: PlainJSONReader(body), limits: limits, bodySize: body.count, orders: orders)
            let decoded = path.request(devices: devices)
            orders = path.orders
            return decoded
        }
    }

    private init(reader: PlainJSONReader, limits: DecodingLimits, bodySize: Int, orders: KeyOrders) {
        self.reader = reader
        self.limits = limits
        self.orders = orders
        // Room for as many views as the body can hold (each takes at least `{"id":""}`), so
        // that the arrays are allocated once: pages of the room never written cost nothing,
        // while growing would copy the views and fault in every new block.
        let most = min(bodySize / 9, limits.maxNodes)
        views.reserveCapacity(most)
        ids.reserveCapacity(most)
    }

    private mutating func request(devices: any DeviceDirectory) -> DecodedLayoutRequest? {
        var deviceID: String?, orientation: Orientation?
        var version = SystemVersion.default, hidesStatusBar = false, direction = LayoutDirection.leftToRight
        var seen = FieldSet()
        guard var more = reader.beginObject() else { return nil }
        while more {
            guard let index = key(in: LayoutSchema.shared.body.table, order: \.body, seen: &seen) else { return nil }
            switch LayoutSchema.shared.body.fields[index] {
            case .device:
                guard let (start, count) = reader.plainString() else { return nil }
                deviceID = Self.string(reader.bytes(start: start, count: count))
            case .orientation:
                guard let word = word(LayoutSchema.shared.orientations) else { return nil }
                orientation = word
            case .systemVersion:
                guard let number = reader.number(), SystemVersion.refusal(of: number) == nil else { return nil }
                version = number
            case .statusBarHidden:
                guard let bool = reader.bool() else { return nil }
                hidesStatusBar = bool
            case .layoutDirection:
                guard let word = word(LayoutSchema.shared.layoutDirections) else { return nil }
                direction = word
            case .root:
                guard node(depth: 1, parent: -1) != nil else { return nil }
            case .screen, .steps, .window, .keyboard, .designRequiresCompatibility:
                return nil
            }
            guard let next = reader.nextMember() else { return nil }
            more = next
        }
        guard reader.isAtEnd(), seen.read.contains(LayoutSchema.shared.body.index(of: .root)), let deviceID, let family = devices.family(of: deviceID) else { return nil }
        guard rules.learnFamily(family) else { return nil }
        // The insetGrouped style's version and family, known only now.
        if hasInsetGroupedTable, version < 13 || family == .tv { return nil }
        let resolvedOrientation = orientation ?? family.defaultOrientation
        // `nil` too for an orientation the device does not support.
        guard let environment = devices.environment(id: deviceID, orientation: resolvedOrientation, systemVersion: version, statusBarHidden: hidesStatusBar) else { return nil }
        let hierarchy = ViewHierarchy(views: views, ids: ids)
        let request = LayoutRequest(environment: environment, systemVersion: version, layoutDirection: direction, hierarchy: hierarchy, steps: [])
        return DecodedLayoutRequest(device: deviceID, orientation: resolvedOrientation, request: request)
    }

    /// A plain string's bytes as a `String`. (Copied into a new string's storage, which
    /// checks them once; `String(decoding:as:)` costs a third more for a short one.)
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { storage in
            _ = storage.initialize(fromContentsOf: bytes)
            return bytes.count
        }
    }

    // MARK: - Nodes

    /// Reads a node under the view at `parent` into `views` and `ids`, its subviews after it,
    /// and returns what the rules read of it.
    private mutating func node(depth: Int, parent: Int) -> NodeReading? {
        // Within `maxDepth` the JSON nesting stays below `limits.jsonNesting`, which the
        // validating parse enforces.
        nodeCount += 1
        guard depth <= limits.maxDepth, nodeCount <= limits.maxNodes else { return nil }
        let position = views.count
        views.append(ViewHierarchy.View(parent: parent))
        ids.append("")
        var reading = NodeReading()
        var hasID = false
        var kind = ViewKind.view
        var placement = Placement.fill
        var margins: MarginSpec?
        var insetsFromSafeArea = true, preservesSuperviewMargins = false
        var scroll = ScrollProperties()
        var controller: ViewController?
        var content: FieldBits?
        var candidate = ContainerContent()
        var seen = FieldSet()
        var row = RowProperties(), hasRow = false
        var style: TableStyle?

        guard var more = reader.beginObject() else { return nil }
        while more {
            guard let index = key(in: LayoutSchema.shared.node.table, order: \.node, seen: &seen) else { return nil }
            switch LayoutSchema.shared.node.fields[index] {
            case .id:
                guard let (start, count) = reader.plainString() else { return nil }
                let bytes = reader.bytes(start: start, count: count)
                let id = Self.string(bytes)
                rules.checkID(id, utf8: bytes, index: position, report: &broken)
                guard !broken.found else { return nil }
                ids[position] = id
                hasID = true
            case .kind:
                guard let (word, index) = word(LayoutSchema.shared.viewKinds, last: lastWords.kind) else { return nil }
                lastWords.kind = index
                kind = word
                // Written now: a row among its subviews reads it (a row read before its
                // table's kind is left to the validating decoding, as the rules see no table).
                views[position].kind = word
            case .frame:
                guard let rect = rect() else { return nil }
                placement = .frame(rect)
            case .pin:
                guard let (word, index) = word(LayoutSchema.shared.pins, last: lastWords.pin) else { return nil }
                lastWords.pin = index
                placement = .pin(word)
            case .layoutMargins:
                guard let insets = insets(.signed) else { return nil }
                margins = .physical(insets)
            case .directionalLayoutMargins:
                guard let insets = directionalInsets() else { return nil }
                margins = .directional(insets)
            case .insetsLayoutMarginsFromSafeArea:
                guard let bool = reader.bool() else { return nil }
                insetsFromSafeArea = bool
            case .preservesSuperviewLayoutMargins:
                guard let bool = reader.bool() else { return nil }
                preservesSuperviewMargins = bool
            case .contentSize:
                guard let size = size() else { return nil }
                scroll.contentSize = size
            case .contentInset:
                guard let insets = insets(.signed) else { return nil }
                scroll.contentInset = insets
            case .contentInsetAdjustmentBehavior:
                guard let (word, index) = word(LayoutSchema.shared.behaviors, last: lastWords.behavior) else { return nil }
                lastWords.behavior = index
                scroll.behavior = word
            case .alwaysBounceVertical:
                guard let bool = reader.bool() else { return nil }
                scroll.alwaysBounceVertical = bool
            case .alwaysBounceHorizontal:
                guard let bool = reader.bool() else { return nil }
                scroll.alwaysBounceHorizontal = bool
            case .automaticallyAdjustsScrollIndicatorInsets:
                guard let bool = reader.bool() else { return nil }
                scroll.automaticallyAdjustsScrollIndicatorInsets = bool
            case .verticalScrollIndicatorInsets:
                guard let insets = insets(.signed) else { return nil }
                scroll.verticalScrollIndicatorInsets = insets
            case .horizontalScrollIndicatorInsets:
                guard let insets = insets(.signed) else { return nil }
                scroll.horizontalScrollIndicatorInsets = insets
            case .viewController:
                guard let (read, fields) = viewController() else { return nil }
                controller = read
                reading.hasController = true
                reading.controllerKind = read.kind
                reading.controllerFields = fields
            case .y:
                guard let number = number(.signed) else { return nil }
                row.y = number
                hasRow = true
            case .height:
                guard let number = number(.nonNegative) else { return nil }
                row.height = number
                hasRow = true
            case .style:
                guard let (word, index) = word(LayoutSchema.shared.tableStyles, last: lastWords.style) else { return nil }
                lastWords.style = index
                style = word
            case .insetsContentViewsToSafeArea, .cellLayoutMarginsFollowReadableWidth,
                 .separatorInset, .separatorInsetReference, .layout, .keyboardLayoutGuide:
                // The rarer list fields and the keyboard are read by the validating decoding alone.
                return nil
            case .subviews:
                guard var element = reader.beginArray() else { return nil }
                while element {
                    let index = views.count
                    guard let child = node(depth: depth + 1, parent: position) else { return nil }
                    if candidate.offer(index, hasViewController: child.hasController) { content = child.fields }
                    guard let next = reader.nextElement() else { return nil }
                    element = next
                }
            }
            guard let next = reader.nextMember() else { return nil }
            more = next
        }

        guard hasID else { return nil }
        reading.fields = seen.read
        reading.kind = kind
        reading.parentKind = parent >= 0 ? views[parent].kind : nil
        reading.isInsetGrouped = style == .insetGrouped
        rules.checkNode(reading, isRoot: parent < 0, report: &broken)
        rules.checkContent(of: reading, content: content, report: &broken)
        guard !broken.found else { return nil }
        // The place holds a default view already: only what differs is written, in place.
        if kind.isScrollView {
            views[position].kind = kind
            views[position].scroll = scroll
        }
        if placement != .fill { views[position].placement = placement }
        if let margins { views[position].layoutMargins = margins }
        if !insetsFromSafeArea { views[position].insetsLayoutMarginsFromSafeArea = false }
        if preservesSuperviewMargins { views[position].preservesSuperviewLayoutMargins = true }
        if let controller { views[position].viewController = controller }
        if hasRow { views[position].row = row }
        if let style {
            views[position].table = TableProperties(style: style)
            if style == .insetGrouped { hasInsetGroupedTable = true }
        }
        return reading
    }

    // MARK: - View controllers

    /// A view controller and the fields it gives.
    private mutating func viewController() -> (ViewController, fields: FieldBits)? {
        var controller = ViewController()
        var seen = FieldSet()
        guard var more = reader.beginObject() else { return nil }
        while more {
            guard let index = key(in: LayoutSchema.shared.controller.table, order: \.controller, seen: &seen) else { return nil }
            switch LayoutSchema.shared.controller.fields[index] {
            case .kind:
                // A split view controller's rules are the validating decoding's alone.
                guard let (word, index) = word(LayoutSchema.shared.controllerKinds, last: lastWords.controllerKind), word != .split else { return nil }
                lastWords.controllerKind = index
                controller.kind = word
            case .additionalSafeAreaInsets:
                guard let insets = insets(.signed) else { return nil }
                controller.additionalSafeAreaInsets = insets
            case .edgesForExtendedLayout:
                guard let edges = edges() else { return nil }
                controller.edgesForExtendedLayout = edges
            case .extendedLayoutIncludesOpaqueBars:
                guard let bool = reader.bool() else { return nil }
                controller.extendedLayoutIncludesOpaqueBars = bool
            case .automaticallyAdjustsScrollViewInsets:
                guard let bool = reader.bool() else { return nil }
                controller.automaticallyAdjustsScrollViewInsets = bool
            case .viewRespectsSystemMinimumLayoutMargins:
                guard let bool = reader.bool() else { return nil }
                controller.viewRespectsSystemMinimumLayoutMargins = bool
            case .navigationBar:
                guard let bar = bar(hiddenByDefault: false, largeTitles: true) else { return nil }
                controller.navigationBar = bar
            case .toolbar:
                guard let bar = bar(hiddenByDefault: true, largeTitles: false) else { return nil }
                controller.toolbar = bar
            case .tabBar:
                guard let bar = bar(hiddenByDefault: false, largeTitles: false) else { return nil }
                controller.tabBar = bar
            case .style, .preferredPrimaryColumnWidth:
                return nil
            }
            guard let next = reader.nextMember() else { return nil }
            more = next
        }
        return (controller, seen.read)
    }

    /// `edgesForExtendedLayout`: `"all"`, `"none"` or an array of edges.
    private mutating func edges() -> EdgeSet? {
        if let index = reader.string(in: LayoutSchema.shared.edgeWords.table) {
            switch LayoutSchema.shared.edgeWords.words[index] {
            case .allEdges: return .all
            case .noEdges: return []
            }
        }
        var set = EdgeSet()
        guard var more = reader.beginArray() else { return nil }
        while more {
            guard let edge = word(LayoutSchema.shared.edges) else { return nil }
            set.insert(EdgeSet(edge))
            guard let next = reader.nextElement() else { return nil }
            more = next
        }
        return set
    }

    private mutating func bar(hiddenByDefault: Bool, largeTitles: Bool) -> BarConfiguration? {
        var bar = BarConfiguration(hidden: hiddenByDefault)
        var seen = FieldSet()
        guard var more = reader.beginObject() else { return nil }
        while more {
            guard let index = key(in: RequestReader.shapes.bar.table, order: \.bar, seen: &seen), let bool = reader.bool() else { return nil }
            switch RequestReader.shapes.bar.fields[index] {
            case .hidden: bar.hidden = bool
            case .translucent: bar.translucent = bool
            case .prefersLargeTitles:
                guard largeTitles else { return nil }
                bar.prefersLargeTitles = bool
            }
            guard let next = reader.nextMember() else { return nil }
            more = next
        }
        return bar
    }

    // MARK: - Scalars and shapes

    /// One of `words`.
    private mutating func word<Word>(_ words: WordTable<Word>) -> Word? {
        reader.string(in: words.table).map { words.words[$0] }
    }

    /// One of `words` and its position, tried first as the word at `last` (-1 for none):
    /// the one this field had last, which the caller keeps.
    private mutating func word<Word>(_ words: WordTable<Word>, last: Int) -> (word: Word, index: Int)? {
        reader.string(in: words.table, expecting: last).map { (words.words[$0], $0) }
    }

    /// A number that keeps `rule`.
    private mutating func number(_ rule: RequestReader.NumberRule) -> Double? {
        guard let number = reader.number(), rule.keeps(number) else { return nil }
        return number
    }

    /// The next key of an object with `table`, tried first as the one `order` expects after
    /// the object's last key; `nil` for a key not in the table or repeated (`seen`). Teaches
    /// `order` the key's place.
    @inline(__always)
    private mutating func key(in table: JSONStringTable, order: WritableKeyPath<KeyOrders, JSONKeyOrder>, seen: inout FieldSet) -> Int? {
        let guesses = seen.expected(by: orders[keyPath: order])
        guard let index = reader.key(in: table, expecting: guesses.first, orElse: guesses.second) else { return nil }
        return seen.insert(index, learning: &orders[keyPath: order]) ? index : nil
    }

    /// Insets: every edge optional, default 0.
    private mutating func insets(_ rule: RequestReader.NumberRule) -> Insets? {
        guard let (edges, _) = numbers(in: RequestReader.shapes.insets.table, order: \.insets, first: rule, last: rule) else { return nil }
        return Insets(top: edges.first, left: edges.second, bottom: edges.third, right: edges.fourth)
    }

    /// Directional insets: every edge optional, default 0.
    private mutating func directionalInsets() -> DirectionalInsets? {
        guard let (edges, _) = numbers(in: RequestReader.shapes.directionalInsets.table, order: \.directionalInsets, first: .signed, last: .signed) else { return nil }
        return DirectionalInsets(top: edges.first, leading: edges.second, bottom: edges.third, trailing: edges.fourth)
    }

    /// A Rect: all four fields required, width and height not negative.
    private mutating func rect() -> Rect? {
        guard let (fields, given) = numbers(in: RequestReader.shapes.rect.table, order: \.rect, first: .signed, last: .nonNegative), given == 4 else { return nil }
        return Rect(x: fields.first, y: fields.second, width: fields.third, height: fields.fourth)
    }

    /// A Size: both fields required, not negative (a Rect's `x` and `y` are not taken).
    private mutating func size() -> Size? {
        guard let (fields, given) = numbers(in: RequestReader.shapes.rect.table, order: \.rect, first: nil, last: .nonNegative), given == 2 else { return nil }
        return Size(width: fields.third, height: fields.fourth)
    }

    /// An object of up to four numbers, the fields of `table` in its order: each of the
    /// first two keeps `first` (`nil`: the field is not taken), each of the last two `last`.
    /// The values (0 for a field not given) and how many were given; `nil` for a key not
    /// taken or repeated, or a number that breaks its rule.
    ///
    /// Always inlined: `order` then folds to a stored property, where a call would apply the
    /// key path at run time.
    @inline(__always)
    private mutating func numbers(
        in table: JSONStringTable, order: WritableKeyPath<KeyOrders, JSONKeyOrder>,
        first: RequestReader.NumberRule?, last: RequestReader.NumberRule
    ) -> (values: FourNumbers, given: Int)? {
        var values = FourNumbers()
        var seen = FieldSet()
        guard var more = reader.beginObject() else { return nil }
        while more {
            guard let index = key(in: table, order: order, seen: &seen), let rule = index < 2 ? first : last, let value = number(rule) else { return nil }
            values.set(value, at: index)
            guard let next = reader.nextMember() else { return nil }
            more = next
        }
        return (values, seen.count)
    }
}

/// Whether any rule was broken: the fast path then gives up.
private struct AnyBrokenRule: LayoutRuleReport {
    private(set) var found = false

    mutating func broken(_ rule: LayoutRule, at place: RulePlace, detail: @autoclosure () -> String) {
        found = true
    }
}
