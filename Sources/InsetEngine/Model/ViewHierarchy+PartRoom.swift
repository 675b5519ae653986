extension ViewHierarchy.Parts {
    /// Parts holding a copy of `words`, written by ``ViewHierarchy/PartRoom``.
    @usableFromInline
    init(copying words: UnsafeBufferPointer<UInt64>) {
        guard !words.isEmpty else { return }
        // Reserved by the array itself, then copied in: its allocation is specialized.
        self.words.reserveCapacity(words.count)
        self.words.append(contentsOf: words)
    }
}

extension ViewHierarchy {
    /// Room a reader writes its views' parts into in place, kept from one hierarchy to the
    /// next (a thread's, say): no allocation, uniqueness or capacity check per part, the
    /// hierarchy's ``Parts`` made once at the end (``parts()``). The room is freed by
    /// ``deallocate()``, not by dropping the value.
    public struct PartRoom {
        @usableFromInline var words: UnsafeMutablePointer<UInt64>?
        @usableFromInline var capacity = 0
        @usableFromInline var count = 0

        /// The most words one view's parts take.
        @inlinable static var viewWords: Int {
            Parts.wordCount(RowProperties.self) + Parts.wordCount(TableProperties.self) + Parts.wordCount(ViewController.self)
                + Parts.wordCount(ScrollProperties.self) + Parts.wordCount(KeyboardGuideOptions.self)
        }
        /// Room kept between hierarchies; a hierarchy that needed more frees its larger room after it.
        private static let keptWords = 4_096

        /// No room yet.
        public init() {}

        /// Starts a hierarchy's parts: those written before are dropped.
        public mutating func begin() {
            if capacity > Self.keptWords { deallocate() }
            count = 0
        }

        /// Starts attaching the parts of the view at `view`, which has none yet: then each of
        /// them is added (`add(row:to:)` and the others) in the order of ``PartKinds``, as
        /// ``View/attach(viewController:scroll:table:row:keyboardLayoutGuide:to:)`` does
        /// (a scroll view must be given its scroll properties).
        @inlinable @inline(__always)
        public mutating func begin(_ view: UnsafeMutablePointer<View>) {
            precondition(view.pointee.partBits == 0, "a view's parts are attached once")
            if count &+ Self.viewWords > capacity { grow() }
            // The room stays below `Int32.max` words (`grow()`).
            view.pointee.firstPart = Int32(truncatingIfNeeded: count)
        }

        /// Adds a row's properties to the view at `view` (after ``begin(_:)``).
        @inlinable @inline(__always)
        public mutating func add(row: RowProperties, to view: UnsafeMutablePointer<View>) { add(row, .row, to: view) }

        /// Adds a table view's properties to the view at `view` (after ``begin(_:)``).
        @inlinable @inline(__always)
        public mutating func add(table: TableProperties, to view: UnsafeMutablePointer<View>) { add(table, .table, to: view) }

        /// Adds a view controller to the view at `view` (after ``begin(_:)``).
        @inlinable @inline(__always)
        public mutating func add(viewController: ViewController, to view: UnsafeMutablePointer<View>) {
            add(viewController, .viewController, to: view)
        }

        /// Adds a scroll view's properties to the view at `view` (after ``begin(_:)``).
        @inlinable @inline(__always)
        public mutating func add(scroll: ScrollProperties, to view: UnsafeMutablePointer<View>) { add(scroll, .scroll, to: view) }

        /// Adds a keyboard layout guide request to the view at `view` (after ``begin(_:)``).
        @inlinable @inline(__always)
        public mutating func add(keyboardLayoutGuide: KeyboardGuideOptions, to view: UnsafeMutablePointer<View>) {
            add(keyboardLayoutGuide, .keyboardLayoutGuide, to: view)
        }

        /// Writes `value`, plain data, the part of `kind`, at the end (in room `begin` made).
        @inlinable @inline(__always)
        mutating func add<Value>(_ value: Value, _ kind: PartKinds, to view: UnsafeMutablePointer<View>) {
            // In the order of the kinds: each later than those the view has.
            precondition(view.pointee.partBits < kind.rawValue, "a view's parts are added in the order of their kinds")
            UnsafeMutableRawPointer(words.unsafelyUnwrapped + count).storeBytes(of: value, as: Value.self)
            count &+= Parts.wordCount(Value.self)
            view.pointee.partBits |= kind.rawValue
        }

        /// Room for at least one more view's parts.
        @usableFromInline
        mutating func grow() {
            let larger = max(256, 2 * capacity)
            precondition(larger < Int(Int32.max), "parts of fewer than 2^31 words")
            let room = UnsafeMutablePointer<UInt64>.allocate(capacity: larger)
            room.initialize(repeating: 0, count: larger)
            if let words {
                room.update(from: words, count: count)
                words.deallocate()
            }
            words = room
            capacity = larger
        }

        /// The parts written since ``begin()``, as a hierarchy holds them.
        public func parts() -> Parts {
            guard let words else { return Parts() }
            return Parts(copying: UnsafeBufferPointer(start: words, count: count))
        }

        /// Frees the room.
        public mutating func deallocate() {
            words?.deallocate()
            words = nil
            capacity = 0
            count = 0
        }
    }
}
