extension ViewHierarchy {
    /// The kinds of parts a view may have, one bit each. A view's parts lie together in its
    /// hierarchy's ``Parts``, in the order of these bits (the commonest first).
    public struct PartKinds: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8

        /// Creates the set of `rawValue`'s bits.
        @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// A row's own properties (``RowProperties``).
        @inlinable public static var row: PartKinds { PartKinds(rawValue: 1) }
        /// A table view's own properties (``TableProperties``).
        @inlinable public static var table: PartKinds { PartKinds(rawValue: 2) }
        @inlinable public static var viewController: PartKinds { PartKinds(rawValue: 4) }
        /// A scroll view's properties (``ScrollProperties``).
        @inlinable public static var scroll: PartKinds { PartKinds(rawValue: 8) }
        /// What a view asks of its keyboard layout guide (``KeyboardGuideOptions``).
        @inlinable public static var keyboardLayoutGuide: PartKinds { PartKinds(rawValue: 16) }
    }

    /// The parts few views have, held beside the views: each part's value stored in whole
    /// words of one array (a row's 6, a controller's 8, a scroll view's 15), so that they
    /// take one allocation, are read in place without a copy of a larger part, and are freed
    /// without a walk (every part is plain data: no reference).
    public struct Parts: Sendable {
        @usableFromInline var words: [UInt64] = []

        /// No parts.
        @inlinable public init() {}

        /// How many words a value of `type` takes.
        @inlinable static func wordCount<Value>(_ type: Value.Type) -> Int { (MemoryLayout<Value>.size &+ 7) &>> 3 }

        /// Where the part of `kind` lies among the parts of a view whose first part starts at
        /// word `first` and whose kinds are `bits` (which contain `kind`).
        @inlinable @inline(__always)
        static func offset(of kind: PartKinds, first: Int, bits: UInt8) -> Int {
            let before = bits & (kind.rawValue &- 1)
            var offset = first
            if before & PartKinds.row.rawValue != 0 { offset &+= wordCount(RowProperties.self) }
            if before & PartKinds.table.rawValue != 0 { offset &+= wordCount(TableProperties.self) }
            if before & PartKinds.viewController.rawValue != 0 { offset &+= wordCount(ViewController.self) }
            if before & PartKinds.scroll.rawValue != 0 { offset &+= wordCount(ScrollProperties.self) }
            return offset
        }

        /// How many words the parts take (where the next part starts).
        @inlinable public var count: Int { words.count }

        /// Appends `value`, plain data, in whole words.
        @inlinable
        mutating func append<Value>(_ value: Value) {
            assert(_isPOD(Value.self), "a part is plain data")
            let start = words.count
            // Room for a typical body's parts at once, rather than growing from one.
            if words.capacity == 0 { words.reserveCapacity(128) }
            words.append(contentsOf: repeatElement(0, count: Self.wordCount(Value.self)))
            words.withUnsafeMutableBytes { $0.storeBytes(of: value, toByteOffset: start &<< 3, as: Value.self) }
        }

        /// The value of `type` stored at word `offset` by ``append(_:)``.
        @inlinable
        func load<Value>(at offset: Int, as type: Value.Type) -> Value {
            precondition(offset >= 0 && offset &+ Self.wordCount(Value.self) <= words.count, "a part lies in its parts")
            return words.withUnsafeBytes { $0.load(fromByteOffset: offset &<< 3, as: Value.self) }
        }

        /// `load(at:as:)` without the bounds check, for readers of a checked hierarchy.
        @inlinable
        func loadUnchecked<Value>(at offset: Int, as type: Value.Type) -> Value {
            words.withUnsafeBytes { UnsafeRawPointer($0.baseAddress.unsafelyUnwrapped).load(fromByteOffset: offset &<< 3, as: Value.self) }
        }
    }

    /// The part of `type` and `kind` of the view at `index`, if it has one.
    @inlinable
    func part<Value>(_ kind: PartKinds, _ type: Value.Type, of index: Int) -> Value? {
        let view = views[index]
        guard view.partBits & kind.rawValue != 0 else { return nil }
        return parts.load(at: Parts.offset(of: kind, first: Int(view.firstPart), bits: view.partBits), as: type)
    }

    /// The view controller of the view at `index`, if it has one.
    @inlinable
    public func viewController(of index: Int) -> ViewController? { part(.viewController, ViewController.self, of: index) }

    /// The scroll properties of the view at `index` if it is a scroll view (every one has
    /// them), else `nil`.
    @inlinable
    public func scroll(of index: Int) -> ScrollProperties? { part(.scroll, ScrollProperties.self, of: index) }

    /// The table properties of the view at `index`, as the request sets them (`nil`: the
    /// defaults, or not a table view).
    @inlinable
    public func table(of index: Int) -> TableProperties? { part(.table, TableProperties.self, of: index) }

    /// The row properties of the view at `index`, as the request sets them (`nil`: the
    /// defaults, or not a row).
    @inlinable
    public func row(of index: Int) -> RowProperties? { part(.row, RowProperties.self, of: index) }

    /// What the view at `index` asks of its keyboard layout guide (`nil`: it asks for none).
    @inlinable
    public func keyboardLayoutGuide(of index: Int) -> KeyboardGuideOptions? {
        part(.keyboardLayoutGuide, KeyboardGuideOptions.self, of: index)
    }

    /// Whether every view's parts lie in `parts`, the last view's to attach them ending
    /// where the parts do, and exactly the scroll views have scroll properties.
    static func partsMatch(_ views: [View], _ parts: Parts) -> Bool {
        var end = 0
        for view in views {
            guard view.kind.isScrollView == view.parts.contains(.scroll) else { return false }
            guard view.partBits != 0 else { continue }
            let first = Int(view.firstPart)
            let last = Parts.offset(of: PartKinds(rawValue: 32), first: first, bits: view.partBits)
                + (view.parts.contains(.keyboardLayoutGuide) ? Parts.wordCount(KeyboardGuideOptions.self) : 0)
            guard first >= 0, last <= parts.count else { return false }
            end = max(end, last)
        }
        return end == parts.count
    }
}

/// Two hierarchies are equal when their views, ids, layouts and each view's parts are,
/// wherever in ``ViewHierarchy/Parts`` a reader attached them.
extension ViewHierarchy: Hashable {
    public static func == (lhs: ViewHierarchy, rhs: ViewHierarchy) -> Bool {
        guard lhs.views == rhs.views, lhs.ids == rhs.ids, lhs.collectionLayouts == rhs.collectionLayouts else { return false }
        return lhs.views.indices.allSatisfy { lhs.views[$0].partBits == 0 || lhs.partValues(of: $0) == rhs.partValues(of: $0) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(views)
        hasher.combine(ids)
        hasher.combine(collectionLayouts)
        for index in views.indices where views[index].partBits != 0 { hasher.combine(partValues(of: index)) }
    }

    /// The parts of the view at `index` as values.
    private func partValues(of index: Int) -> PartValues {
        PartValues(viewController: viewController(of: index), scroll: scroll(of: index), table: table(of: index),
                   row: row(of: index), keyboardLayoutGuide: keyboardLayoutGuide(of: index))
    }

    private struct PartValues: Hashable {
        var viewController: ViewController?
        var scroll: ScrollProperties?
        var table: TableProperties?
        var row: RowProperties?
        var keyboardLayoutGuide: KeyboardGuideOptions?
    }
}
