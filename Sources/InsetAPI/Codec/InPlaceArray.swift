extension Array {
    /// An array of up to `capacity` elements that `initialize` writes in place, through the
    /// uninitialized room it is given; it returns how many it initialized (the first ones).
    ///
    /// What `init(unsafeUninitializedCapacity:initializingWith:)` does, for less: that
    /// initializer allocates through an unspecialized library function that looks the
    /// storage type up in the runtime's metadata cache at every call (some 550 instructions),
    /// where appending allocates through specialized code (as the engine's
    /// `Array.initialized(count:_:)`). The fast path builds two such arrays per body.
    static func initialized(capacity: Int, _ initialize: (UnsafeMutableBufferPointer<Element>) -> Int) -> [Element] {
        withoutActuallyEscaping(initialize) { initialize in
            var array: [Element] = []
            array.reserveCapacity(capacity)
            // Hands the sequence the reserved storage to initialize. (Its underestimated count
            // stays 0: appending traps when fewer elements come.)
            array.append(contentsOf: InPlaceElements(capacity: capacity, initialize: initialize))
            return array
        }
    }
}

/// Up to `capacity` elements written straight into an array's reserved storage
/// (`Array.initialized(capacity:_:)`).
private struct InPlaceElements<Element>: Sequence {
    let capacity: Int
    let initialize: (UnsafeMutableBufferPointer<Element>) -> Int

    func makeIterator() -> EmptyCollection<Element>.Iterator { EmptyCollection().makeIterator() }

    /// `append(contentsOf:)` passes its reserved, uninitialized storage here.
    func _copyContents(initializing buffer: UnsafeMutableBufferPointer<Element>) -> (EmptyCollection<Element>.Iterator, Int) {
        precondition(buffer.count >= capacity, "the array reserves the capacity")
        let count = initialize(UnsafeMutableBufferPointer(rebasing: buffer[..<capacity]))
        precondition(count <= capacity, "no more elements than the room")
        return (makeIterator(), count)
    }
}
