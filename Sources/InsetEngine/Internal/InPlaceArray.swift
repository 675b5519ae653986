extension Array {
    /// An array of `count` elements left uninitialized, for plain data only (no reference to
    /// release, so no bit pattern is unsafe to free): the caller writes each element, through
    /// `withUnsafeMutableBufferPointer`, before reading it.
    ///
    /// What `init(unsafeUninitializedCapacity:initializingWith:)` does, for less: that
    /// initializer allocates through an unspecialized library function that looks the
    /// storage type up in the runtime's metadata cache at every call (some 550 instructions),
    /// where appending allocates through specialized code that caches the type. And no
    /// closure is stored: one that initialized the elements from inside the append escaped,
    /// and `withoutActuallyEscaping` boxed its context (an allocation per array).
    static func uninitialized(count: Int) -> [Element] {
        precondition(_isPOD(Element.self), "only plain data may start uninitialized")
        var array: [Element] = []
        // Reserves `count` (the sequence's exact underestimate) and takes it as written.
        array.append(contentsOf: UninitializedElements(count: count))
        return array
    }
}

/// `count` elements taken as written into an array's reserved storage (`Array.uninitialized`).
private struct UninitializedElements<Element>: Sequence {
    let count: Int

    var underestimatedCount: Int { count }

    func makeIterator() -> EmptyCollection<Element>.Iterator { EmptyCollection().makeIterator() }

    /// `append(contentsOf:)` passes its reserved, uninitialized storage here.
    func _copyContents(initializing buffer: UnsafeMutableBufferPointer<Element>) -> (EmptyCollection<Element>.Iterator, Int) {
        precondition(buffer.count >= count, "the array reserves the underestimated count")
        return (makeIterator(), count)
    }
}

/// A table of plain data written in place in room its caller gives (a state's storage, see
/// `LayoutPass.run`), moved to room of its own once it outgrows it (``ownsRoom``: the caller
/// then copies ``written`` out before ``release()``).
struct TableRoom<Element> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0
    /// Whether the elements moved to room this table allocated.
    private(set) var ownsRoom = false

    /// A table in the first `capacity` elements' room at `room`.
    init(room: UnsafeMutablePointer<Element>, capacity: Int) {
        precondition(_isPOD(Element.self), "plain data only: the room is freed without deinitializing")
        base = room
        self.capacity = capacity
    }

    /// The element at `index` (below ``count``), read and written in place.
    subscript(index: Int) -> Element {
        unsafeAddress { UnsafePointer(base + index) }
        nonmutating unsafeMutableAddress { base + index }
    }

    /// The elements written.
    var written: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    /// Takes one more element, left uninitialized for the caller to write; its index.
    mutating func appendUninitialized() -> Int {
        reserve(1)
        count += 1
        return count - 1
    }

    /// Room for `more` elements after the first ``count``, to be written at ``end`` and
    /// counted by ``didWrite(_:)``.
    @inline(__always)
    mutating func reserve(_ more: Int) {
        if count + more > capacity { grow(toHold: count + more) }
    }

    /// Where the next element goes.
    var end: UnsafeMutablePointer<Element> { base + count }

    /// Counts `written` elements written at ``end`` in room ``reserve(_:)`` made.
    mutating func didWrite(_ written: Int) {
        count += written
    }

    /// Drops the last element (plain data: nothing to deinitialize).
    mutating func removeLast() {
        precondition(count > 0, "an element to remove")
        count -= 1
    }

    /// Frees the table's own room, if it has any.
    func release() {
        if ownsRoom { base.deallocate() }
    }

    /// Moves the elements to room of the table's own for at least `needed`.
    private mutating func grow(toHold needed: Int) {
        capacity = Swift.max(2 * capacity, needed, 4)
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        grown.moveInitialize(from: base, count: count)
        if ownsRoom { base.deallocate() }
        base = grown
        ownsRoom = true
    }
}
