extension Array {
    /// An array of `count` elements that `initialize` writes in place, through the
    /// uninitialized buffer it is given; it must initialize every element.
    ///
    /// What `init(unsafeUninitializedCapacity:initializingWith:)` does, for less: that
    /// initializer allocates through an unspecialized library function that looks the
    /// storage type up in the runtime's metadata cache at every call (some 550 instructions),
    /// where appending allocates through specialized code that caches the type. The pass
    /// builds two such arrays per layout.
    static func initialized(count: Int, _ initialize: (UnsafeMutableBufferPointer<Element>) -> Void) -> [Element] {
        withoutActuallyEscaping(initialize) { initialize in
            var array: [Element] = []
            // Reserves `count` (the sequence's exact underestimate), then hands the sequence
            // the reserved storage to initialize.
            array.append(contentsOf: InPlaceElements(count: count, initialize: initialize))
            return array
        }
    }
}

/// `count` elements written straight into an array's reserved storage (`Array.initialized`).
private struct InPlaceElements<Element>: Sequence {
    let count: Int
    let initialize: (UnsafeMutableBufferPointer<Element>) -> Void

    var underestimatedCount: Int { count }

    func makeIterator() -> EmptyCollection<Element>.Iterator { EmptyCollection().makeIterator() }

    /// `append(contentsOf:)` passes its reserved, uninitialized storage here.
    func _copyContents(initializing buffer: UnsafeMutableBufferPointer<Element>) -> (EmptyCollection<Element>.Iterator, Int) {
        precondition(buffer.count >= count, "the array reserves the underestimated count")
        initialize(UnsafeMutableBufferPointer(rebasing: buffer[..<count]))
        return (makeIterator(), count)
    }
}
