import InsetEngine
import JSONCore
import MicroHTTP

/// The fast path of `LayoutRequestDecoder`: decodes a well-formed `/layout` body in one
/// pass over its bytes, straight into the engine's request (its `ViewHierarchy` view by
/// view, no tree of `Node`s), or gives up (`nil`).
///
/// The validating decoding (parse into a tape, then the schema walk that collects every
/// problem with its JSON Pointer) stays the one authority on what is wrong with a body.
/// This path only recognises bodies it can prove right as it reads them, with the same
/// schema tables, and gives up at the first thing it does not take: anything
/// `PlainJSONReader` does not read (syntax errors, escapes, non-ASCII strings, `null`),
/// unknown or repeated keys, any value the validating decoding would report, and the
/// rarer shapes it leaves to that decoding (`screen` instead of `device`, `steps`). A body
/// it gives up on is decoded again from the start by the validating decoding, so giving up
/// costs time, never an answer. What it returns equals what the validating decoding
/// returns for the same body; `LayoutFastPathTests` checks that over generated bodies.
struct LayoutFastPath {
    private var reader: PlainJSONReader
    private let limits: DecodingLimits
    private var nodeCount = 0
    /// Whether a navigation or tab bar controller was read (not modelled on tvOS).
    private var hasContainer = false
    private var seenIDs = NodeIDs()
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
        var path = LayoutFastPath(reader: PlainJSONReader(body), limits: limits, bodySize: body.count, orders: learnedOrders.withCurrent { $0 })
        let decoded = path.request(devices: devices)
        learnedOrders.withCurrent { $0 = path.orders }
        return decoded
    }

    /// The key orders learned on each thread, kept from one body to the next (see
    /// ``KeyOrders``). Threads beyond the stripe count share a stripe: their bodies then
    /// teach each other's guesses, which stay guesses.
    private static let learnedOrders = ThreadStripes(initial: KeyOrders())

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
        var version = 18.0, hidesStatusBar = false, direction = LayoutDirection.leftToRight
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
                guard let number = number(.signed), number >= RequestReader.minimumSystemVersion else { return nil }
                version = number
            case .statusBarHidden:
                guard let bool = reader.bool() else { return nil }
                hidesStatusBar = bool
            case .layoutDirection:
                guard let word = word(LayoutSchema.shared.layoutDirections) else { return nil }
                direction = word
            case .root:
                guard let read = node(depth: 1, parent: -1), !read.isPlaced else { return nil }
            case .screen, .steps:
                return nil
            }
            guard let next = reader.nextMember() else { return nil }
            more = next
        }
        guard reader.isAtEnd(), seen.contains(LayoutSchema.shared.rootIndex), let deviceID, let family = devices.family(of: deviceID) else { return nil }
        guard family != .tv || !hasContainer else { return nil }
        let resolvedOrientation = orientation ?? (family == .tv ? .landscapeLeft : .portrait)
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

    /// What a superview checks of a subview it read: whether it has a view controller and
    /// whether it gives `frame` or `pin` (which a root or a container's content must not).
    private struct ReadNode {
        var hasController: Bool
        var isPlaced: Bool
    }

    /// Reads a node under the view at `parent` into `views` and `ids`, its subviews after it.
    private mutating func node(depth: Int, parent: Int) -> ReadNode? {
        // Within `maxDepth` the JSON nesting stays below `limits.jsonNesting`, which the
        // validating parse enforces.
        nodeCount += 1
        guard depth <= limits.maxDepth, nodeCount <= limits.maxNodes else { return nil }
        let position = views.count
        views.append(ViewHierarchy.View(parent: parent))
        ids.append("")
        var id: String?
        var kind = ViewKind.view
        var placement = Placement.fill
        var margins: MarginSpec?
        var insetsFromSafeArea = true, preservesSuperviewMargins = false
        var scroll = ScrollProperties()
        var scrollGiven = false
        var controller: ViewController?
        // Whether the first subview with a view controller (a container's content) gives
        // `frame` or `pin`; `nil` while there is none.
        var contentIsPlaced: Bool?
        var seen = FieldSet()

        guard var more = reader.beginObject() else { return nil }
        while more {
            guard let index = key(in: LayoutSchema.shared.node.table, order: \.node, seen: &seen) else { return nil }
            switch LayoutSchema.shared.node.fields[index] {
            case .id:
                guard let (start, count) = reader.plainString() else { return nil }
                let bytes = reader.bytes(start: start, count: count)
                let text = Self.string(bytes)
                // The role only matters to `steps`, which this path leaves to the validating one.
                guard seenIDs.insert(text, utf8: bytes, role: .free) == nil else { return nil }
                id = text
            case .kind:
                guard let (word, index) = word(LayoutSchema.shared.viewKinds, last: lastWords.kind) else { return nil }
                lastWords.kind = index
                kind = word
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
                scrollGiven = true
            case .contentInset:
                guard let insets = insets(.signed) else { return nil }
                scroll.contentInset = insets
                scrollGiven = true
            case .contentInsetAdjustmentBehavior:
                guard let (word, index) = word(LayoutSchema.shared.behaviors, last: lastWords.behavior) else { return nil }
                lastWords.behavior = index
                scroll.behavior = word
                scrollGiven = true
            case .alwaysBounceVertical:
                guard let bool = reader.bool() else { return nil }
                scroll.alwaysBounceVertical = bool
                scrollGiven = true
            case .alwaysBounceHorizontal:
                guard let bool = reader.bool() else { return nil }
                scroll.alwaysBounceHorizontal = bool
                scrollGiven = true
            case .automaticallyAdjustsScrollIndicatorInsets:
                guard let bool = reader.bool() else { return nil }
                scroll.automaticallyAdjustsScrollIndicatorInsets = bool
                scrollGiven = true
            case .verticalScrollIndicatorInsets:
                guard let insets = insets(.signed) else { return nil }
                scroll.verticalScrollIndicatorInsets = insets
                scrollGiven = true
            case .horizontalScrollIndicatorInsets:
                guard let insets = insets(.signed) else { return nil }
                scroll.horizontalScrollIndicatorInsets = insets
                scrollGiven = true
            case .viewController:
                guard let read = viewController() else { return nil }
                controller = read
            case .subviews:
                guard var element = reader.beginArray() else { return nil }
                while element {
                    guard let child = node(depth: depth + 1, parent: position) else { return nil }
                    if contentIsPlaced == nil, child.hasController { contentIsPlaced = child.isPlaced }
                    guard let next = reader.nextElement() else { return nil }
                    element = next
                }
            }
            guard let next = reader.nextMember() else { return nil }
            more = next
        }

        let isPlaced = seen.contains(LayoutSchema.shared.frameIndex) || seen.contains(LayoutSchema.shared.pinIndex)
        guard let id,
              !(seen.contains(LayoutSchema.shared.frameIndex) && seen.contains(LayoutSchema.shared.pinIndex)),
              !(seen.contains(LayoutSchema.shared.layoutMarginsIndex) && seen.contains(LayoutSchema.shared.directionalLayoutMarginsIndex)),
              kind.isScrollView || !scrollGiven
        else { return nil }
        if let controller, controller.kind != .plain {
            // A container places its content view controller's view, which must be there.
            guard contentIsPlaced == false else { return nil }
            hasContainer = true
        }
        ids[position] = id
        // The place holds a default view already: only what differs is written, in place.
        if kind != .view {
            views[position].kind = kind
            views[position].scroll = scroll
        }
        if isPlaced { views[position].placement = placement }
        if let margins { views[position].layoutMargins = margins }
        if !insetsFromSafeArea { views[position].insetsLayoutMarginsFromSafeArea = false }
        if preservesSuperviewMargins { views[position].preservesSuperviewLayoutMargins = true }
        if let controller { views[position].viewController = controller }
        return ReadNode(hasController: controller != nil, isPlaced: isPlaced)
    }

    // MARK: - View controllers

    private mutating func viewController() -> ViewController? {
        var controller = ViewController()
        var seen = FieldSet()
        guard var more = reader.beginObject() else { return nil }
        while more {
            guard let index = key(in: LayoutSchema.shared.controller.table, order: \.controller, seen: &seen) else { return nil }
            switch LayoutSchema.shared.controller.fields[index] {
            case .kind:
                guard let (word, index) = word(LayoutSchema.shared.controllerKinds, last: lastWords.controllerKind) else { return nil }
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
            }
            guard let next = reader.nextMember() else { return nil }
            more = next
        }
        // Each bar object belongs to one kind of container.
        let navigationBars = seen.contains(LayoutSchema.shared.navigationBarIndex) || seen.contains(LayoutSchema.shared.toolbarIndex)
        guard !navigationBars || controller.kind == .navigation, !seen.contains(LayoutSchema.shared.tabBarIndex) || controller.kind == .tabBar else { return nil }
        return controller
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

/// The key order of each kind of object the fast path reads.
///
/// Kept per thread from one body to the next (`LayoutFastPath.learnedOrders`): a client sends its bodies
/// with the keys in one order, so after its first body nearly every key is recognised by
/// the first or second guess, where a body read with nothing learned misses each key's
/// first guess. Orders only speed the reading up; a key is always compared whole.
private struct KeyOrders {
    var body = JSONKeyOrder(), node = JSONKeyOrder(), controller = JSONKeyOrder(), bar = JSONKeyOrder()
    var insets = JSONKeyOrder(), directionalInsets = JSONKeyOrder(), rect = JSONKeyOrder()
}

/// The last word a body gave each field whose words repeat from view to view, by position
/// in the field's `WordTable` (-1 for none yet): views of one body mostly share their kinds,
/// pins and behaviours.
private struct LastWords {
    var kind = -1, pin = -1, behavior = -1, controllerKind = -1
}

/// Up to four numbers by position, 0 where none was read. (Four scalars rather than a
/// `SIMD4`: storing one lane and then loading the whole vector stalls store forwarding.)
private struct FourNumbers {
    var first = 0.0, second = 0.0, third = 0.0, fourth = 0.0

    mutating func set(_ value: Double, at index: Int) {
        switch index {
        case 0: first = value
        case 1: second = value
        case 2: third = value
        default: fourth = value
        }
    }
}

/// The fields of one object read so far, by their position in the object's `FieldTable`,
/// and the last one.
private struct FieldSet {
    private var bits: UInt32 = 0
    private var last = -1

    /// The keys `order` expects next in this object (-1 for none).
    func expected(by order: JSONKeyOrder) -> (first: Int, second: Int) {
        (order.expected(after: last), order.alternate(after: last))
    }

    /// Adds the field at `index`, read next, and teaches `order` that it came after the
    /// last one; `false` when it was there already (a repeated key).
    mutating func insert(_ index: Int, learning order: inout JSONKeyOrder) -> Bool {
        order.learn(index, after: last)
        last = index
        let bit: UInt32 = 1 << UInt32(index)
        defer { bits |= bit }
        return bits & bit == 0
    }

    func contains(_ index: Int) -> Bool { bits & 1 << UInt32(index) != 0 }

    var count: Int { bits.nonzeroBitCount }
}
