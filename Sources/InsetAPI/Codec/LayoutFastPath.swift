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
    var reader: PlainJSONReader
    /// The tables of keys and words read per key, reached without a global (`FastPathTables`).
    let tables = FastPathTables.shared
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
    let orders: UnsafeMutablePointer<KeyOrders>
    /// The ids read so far, to find a repeated one.
    private var seenIDs: SeenIDs
    /// The last word read for each of the fields whose words repeat from view to view.
    var lastWords: LastWords
    /// The hierarchy's views and ids in depth-first order, written in place in the room of
    /// the arrays the request will hold: a view's place is taken when its object begins
    /// (before its subviews) and its fields are written there as they are read.
    private let views: UnsafeMutablePointer<ViewHierarchy.View>
    /// (Each id's slot of two words, as `NodeIDList` lays them out; a long id's bytes in
    /// `longIDs`, the list's tail.)
    private let ids: UnsafeMutablePointer<UInt64>
    var longIDs: [UInt64] = []
    /// How many places are taken, and how many there are.
    private var count = 0
    private let capacity: Int

    /// Decodes `body`, or `nil` when the validating decoding must read it.
    static func decode(_ body: UnsafeBufferPointer<UInt8>, devices: any DeviceDirectory, limits: DecodingLimits) -> DecodedLayoutRequest? {
        // Room for as many views as the body can hold (each takes at least `{"id":""}`), so
        // that the arrays are allocated once and written in place: pages of the room never
        // written cost nothing, while growing would copy the views.
        let most = max(1, min(body.count / 9, limits.maxNodes))
        // The directory is reached through its address: kept in `Decoding` and handed on from
        // there, it was copied twice per body (a retain and a release each).
        return withUnsafePointer(to: devices) { devices in FastPathScratch.withCurrent { scratch in
            scratch.ids.begin()
            var decoding = Decoding(body: body, devices: devices, limits: limits, capacity: most)
            // Reserved by the arrays themselves: their allocation is specialized for the element
            // type, where `Array(unsafeUninitializedCapacity:)` goes through library code that
            // looks the storage type up at every call (about 1.1k instructions for the views,
            // 650 for the ids).
            var views: [ViewHierarchy.View] = []
            views.reserveCapacity(most)
            var ids: [UInt64] = []
            ids.reserveCapacity(2 &* most)
            withUnsafeMutablePointer(to: &decoding) { decoding in
                withUnsafeMutablePointer(to: &scratch) { scratch in
                    withUnsafeMutablePointer(to: &ids) { views.append(contentsOf: ViewRoom(decoding: decoding, scratch: scratch, ids: $0)) }
                }
            }
            // The arrays are the hierarchy's (the request holds them) only when it is decoded.
            // The environment is moved out of the decoding and the arrays into the hierarchy:
            // copied, each was retained here and released with its original (the environment's
            // lists each).
            guard let top = decoding.top, let environment = decoding.environment.take() else { return nil }
            if !decoding.tail.isEmpty { ids.append(contentsOf: decoding.tail) }
            let count = decoding.count
            let request = LayoutRequest(environment: environment, systemVersion: top.version, layoutDirection: top.direction,
                                        hierarchy: ViewHierarchy(placedInOrder: consume views, ids: NodeIDList(slots: consume ids, count: count)), steps: [])
            return DecodedLayoutRequest(device: top.device, orientation: top.orientation, request: request)
        } }
    }

    /// One body's decoding into the views' and ids' rooms: its inputs, then what it gives
    /// beside the views and ids.
    private struct Decoding {
        let body: UnsafeBufferPointer<UInt8>
        let devices: UnsafePointer<any DeviceDirectory>
        let limits: DecodingLimits
        let capacity: Int
        var top: TopLevel?
        /// The device's environment, beside `top` so that it can be moved out whole.
        var environment: DisplayEnvironment?
        /// How many places were taken, each holding a view and an id (the empty string until
        /// its own).
        var count = 0
        /// The long ids' bytes, the ids' tail.
        var tail: [UInt64] = []

        /// Decodes the body's views into `views` and its ids into `ids` (room for `capacity`
        /// each); how many places were taken.
        mutating func run(views: UnsafeMutablePointer<ViewHierarchy.View>, ids: UnsafeMutablePointer<UInt64>, scratch: inout FastPathScratch) -> Int {
            var path = LayoutFastPath(body, limits: limits, scratch: scratch, views: views, ids: ids, capacity: capacity)
            top = path.request(devices: devices.pointee, environment: &environment)
            scratch.words = path.lastWords
            scratch.ids = path.seenIDs
            count = path.count
            // Swapped, not copied: a copy was retained here and released with `path`.
            swap(&tail, &path.longIDs)
            return count
        }
    }

    /// The views' reserved room as `Array.append(contentsOf:)` hands it to a sequence (all
    /// of the spare capacity: this sequence's underestimated count is 0): the ids' room is
    /// taken the same way inside it (`IDRoom`), the body decoded straight into both, and as
    /// many views and ids as were placed are appended.
    private struct ViewRoom: Sequence {
        let decoding: UnsafeMutablePointer<Decoding>
        let scratch: UnsafeMutablePointer<FastPathScratch>
        let ids: UnsafeMutablePointer<[UInt64]>

        func makeIterator() -> EmptyCollection<ViewHierarchy.View>.Iterator { EmptyCollection().makeIterator() }

        func _copyContents(initializing room: UnsafeMutableBufferPointer<ViewHierarchy.View>) -> (EmptyCollection<ViewHierarchy.View>.Iterator, Int) {
            precondition(room.count >= decoding.pointee.capacity, "the views' room is reserved")
            ids.pointee.append(contentsOf: IDRoom(decoding: decoding, scratch: scratch, views: room.baseAddress!))
            return (makeIterator(), decoding.pointee.count)
        }
    }

    /// The ids' reserved room, as `ViewRoom` is the views': the body is decoded here.
    private struct IDRoom: Sequence {
        let decoding: UnsafeMutablePointer<Decoding>
        let scratch: UnsafeMutablePointer<FastPathScratch>
        let views: UnsafeMutablePointer<ViewHierarchy.View>

        func makeIterator() -> EmptyCollection<UInt64>.Iterator { EmptyCollection().makeIterator() }

        func _copyContents(initializing room: UnsafeMutableBufferPointer<UInt64>) -> (EmptyCollection<UInt64>.Iterator, Int) {
            precondition(room.count >= 2 &* decoding.pointee.capacity, "the ids' room is reserved")
            return (makeIterator(), 2 &* decoding.pointee.run(views: views, ids: room.baseAddress!, scratch: &scratch.pointee))
        }
    }

    private init(_ body: UnsafeBufferPointer<UInt8>, limits: DecodingLimits, scratch: FastPathScratch,
                 views: UnsafeMutablePointer<ViewHierarchy.View>, ids: UnsafeMutablePointer<UInt64>, capacity: Int) {
        reader = PlainJSONReader(body)
        self.limits = limits
        orders = scratch.orders
        lastWords = scratch.words
        seenIDs = scratch.ids
        self.views = views
        self.ids = ids
        self.capacity = capacity
    }

    /// What a body gives beside its hierarchy and the device's environment.
    private struct TopLevel {
        var device: String
        var orientation: Orientation
        var version: Double
        var direction: LayoutDirection
    }

    /// Reads the body: its hierarchy into `views` and `ids`, the device's environment into
    /// `found`, the rest returned.
    private mutating func request(devices: any DeviceDirectory, environment found: inout DisplayEnvironment?) -> TopLevel? {
        var deviceID: String?, orientation: Orientation?
        var version = SystemVersion.default, hidesStatusBar = false, direction = LayoutDirection.leftToRight
        var seen = FieldSet()
        guard var more = reader.beginObject() else { return nil }
        while more {
            guard let index = Self.key(&reader, in: tables.body, table: LayoutSchema.shared.body.table, order: &orders.pointee.body, seen: &seen) else { return nil }
            switch tables.body[index] {
            case .device:
                guard let (start, count) = reader.plainString() else { return nil }
                deviceID = reader.string(start: start, count: count)
            case .orientation:
                guard let (word, index) = word(tables.orientations, in: LayoutSchema.shared.orientations, last: lastWords.orientation) else { return nil }
                lastWords.orientation = index
                orientation = word
            case .systemVersion:
                guard let number = reader.number(), SystemVersion.refusal(of: number) == nil else { return nil }
                version = number
            case .statusBarHidden:
                guard let bool = reader.bool() else { return nil }
                hidesStatusBar = bool
            case .layoutDirection:
                guard let (word, index) = word(tables.layoutDirections, in: LayoutSchema.shared.layoutDirections, last: lastWords.direction) else { return nil }
                lastWords.direction = index
                direction = word
            case .root:
                guard node(depth: 1, parent: -1) != nil else { return nil }
            case .screen, .steps, .window, .keyboard, .designRequiresCompatibility:
                return nil
            }
            guard let next = reader.nextMember() else { return nil }
            more = next
        }
        guard reader.isAtEnd(), seen.read.contains(tables.body.position(of: .root)), let deviceID,
              let resolvedOrientation = orientation ?? devices.family(of: deviceID)?.defaultOrientation,
              // The device looked up once when the orientation is given (its environment tells
              // its family); `nil` too for an orientation the device does not support.
              let environment = devices.environment(id: deviceID, orientation: resolvedOrientation, systemVersion: version, statusBarHidden: hidesStatusBar)
        else { return nil }
        let family = environment.family
        guard rules.learnFamily(family) else { return nil }
        // The insetGrouped style's version and family, known only now.
        if hasInsetGroupedTable, version < 13 || family == .tv { return nil }
        found = environment
        return TopLevel(device: deviceID, orientation: resolvedOrientation, version: version, direction: direction)
    }

    // MARK: - Nodes

    /// Writes the id of `count` bytes at `start` into the slot at `position`: inline up to 15
    /// bytes (its small string's words returned), plain as every plain string is, else its bytes
    /// in `longIDs` (`nil` returned).
    @inline(__always)
    private mutating func storeID(at position: Int, start: Int, count: Int) -> (low: UInt64, high: UInt64)? {
        let slot = ids + 2 &* position
        guard count > 15 else {
            let words = reader.smallStringWords(start: start, count: count)
            (slot.pointee, (slot + 1).pointee) = NodeIDList.plainSlot(low: words.low, high: words.high)
            return words
        }
        (slot.pointee, (slot + 1).pointee) = NodeIDList.appendLong(UnsafeRawBufferPointer(reader.bytes(start: start, count: count)), to: &longIDs)
        return nil
    }

    /// Reads a node under the view at `parent` into its place in `views` and `ids`, its
    /// subviews after it, and returns what the rules read of it.
    private mutating func node(depth: Int, parent: Int) -> NodeReading? {
        // Within `maxDepth` the JSON nesting stays below `limits.jsonNesting`, which the
        // validating parse enforces.
        nodeCount += 1
        guard depth <= limits.maxDepth, nodeCount <= limits.maxNodes, count < capacity else { return nil }
        let position = count
        let view = views + position
        view.initialize(to: ViewHierarchy.View(parent: parent))
        (ids + 2 &* position).initialize(to: NodeIDList.emptySlot.0)
        (ids + (2 &* position &+ 1)).initialize(to: NodeIDList.emptySlot.1)
        count += 1
        var reading = NodeReading()
        var hasID = false
        var scroll = ScrollProperties()
        var content: FieldBits?
        var candidate = ContainerContent()
        var seen = FieldSet()
        var row = RowProperties(), hasRow = false
        var style: TableStyle?

        guard var more = reader.beginObject() else { return nil }
        while more {
            guard let index = Self.key(&reader, in: tables.node, table: LayoutSchema.shared.node.table, order: &orders.pointee.node, seen: &seen) else { return nil }
            switch tables.node[index] {
            case .id:
                // At most 256 bytes, unique (`LayoutRules.checkID`): compared by their bytes,
                // hashed from their slot's words when it is inline (those of `String`'s small
                // form). Written over the empty id's slot the place was given.
                guard let (start, length) = reader.plainString(), length <= LayoutRules.maxIDBytes else { return nil }
                guard seenIDs.insert(start: start, count: length, words: storeID(at: position, start: start, count: length), in: reader.input) else { return nil }
                hasID = true
            case .kind:
                guard let (word, index) = word(tables.viewKinds, in: LayoutSchema.shared.viewKinds, last: lastWords.kind) else { return nil }
                lastWords.kind = index
                // Written now: a row among its subviews reads it (a row read before its
                // table's kind is left to the validating decoding, as the rules see no table).
                view.pointee.kind = word
            case .frame:
                guard let rect = rect() else { return nil }
                view.pointee.placement = .frame(rect)
            case .pin:
                guard let (word, index) = word(tables.pins, in: LayoutSchema.shared.pins, last: lastWords.pin) else { return nil }
                lastWords.pin = index
                view.pointee.placement = .pin(word)
            case .layoutMargins:
                guard let insets = insets(.signed) else { return nil }
                view.pointee.layoutMargins = .physical(insets)
            case .directionalLayoutMargins:
                guard let insets = directionalInsets() else { return nil }
                view.pointee.layoutMargins = .directional(insets)
            case .insetsLayoutMarginsFromSafeArea:
                guard let bool = reader.bool() else { return nil }
                view.pointee.insetsLayoutMarginsFromSafeArea = bool
            case .preservesSuperviewLayoutMargins:
                guard let bool = reader.bool() else { return nil }
                view.pointee.preservesSuperviewLayoutMargins = bool
            case .contentSize:
                guard let size = size() else { return nil }
                scroll.contentSize = size
            case .contentInset:
                guard let insets = insets(.signed) else { return nil }
                scroll.contentInset = insets
            case .contentInsetAdjustmentBehavior:
                guard let (word, index) = word(tables.behaviors, in: LayoutSchema.shared.behaviors, last: lastWords.behavior) else { return nil }
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
                view.pointee.viewController = read
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
                guard let (word, index) = word(tables.tableStyles, in: LayoutSchema.shared.tableStyles, last: lastWords.style) else { return nil }
                lastWords.style = index
                style = word
            case .insetsContentViewsToSafeArea, .cellLayoutMarginsFollowReadableWidth,
                 .separatorInset, .separatorInsetReference, .layout, .keyboardLayoutGuide:
                // The rarer list fields and the keyboard are read by the validating decoding alone.
                return nil
            case .subviews:
                guard var element = reader.beginArray() else { return nil }
                while element {
                    let index = count
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
        let kind = view.pointee.kind
        reading.fields = seen.read
        reading.kind = kind
        reading.parentKind = parent >= 0 ? views[parent].kind : nil
        reading.isInsetGrouped = style == .insetGrouped
        rules.checkNode(reading, isRoot: parent < 0, report: &broken)
        rules.checkContent(of: reading, content: content, report: &broken)
        guard !broken.found else { return nil }
        // The place holds the view as read; what is kept beside its fields is written now.
        if kind.isScrollView { view.pointee.scroll = scroll }
        if hasRow { view.pointee.row = row }
        if let style {
            view.pointee.table = TableProperties(style: style)
            if style == .insetGrouped { hasInsetGroupedTable = true }
        }
        return reading
    }
}

/// Whether any rule was broken: the fast path then gives up.
private struct AnyBrokenRule: LayoutRuleReport {
    private(set) var found = false

    mutating func broken(_ rule: LayoutRule, at place: RulePlace, detail: @autoclosure () -> String) {
        found = true
    }
}
