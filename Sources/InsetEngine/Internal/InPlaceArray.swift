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
        array.appendUninitialized(count: count)
        return array
    }

    /// Appends `count` elements left uninitialized, for plain data only: the caller writes
    /// each through `withUnsafeMutableBufferPointer` before reading it.
    mutating func appendUninitialized(count: Int) {
        precondition(_isPOD(Element.self), "only plain data may start uninitialized")
        // Reserves `count` (the sequence's exact underestimate) and takes it as written.
        append(contentsOf: UninitializedElements(count: count))
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
