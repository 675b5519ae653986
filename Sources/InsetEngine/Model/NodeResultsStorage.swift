/// A state's three tables in one allocation: its results, then its extras, then its
/// explanation entries, each plain data (nothing to deinitialize). One allocation and one
/// release per state where three arrays took three of each (about 450 instructions an
/// array). Read through pointers: `header` of a generic class is looked up in the runtime's
/// metadata cache at every read.
///
/// Written only while one ``NodeResults`` holds it (``NodeResults`` copies it first).
@usableFromInline
final class NodeResultsStorage: ManagedBuffer<NodeResultsStorage.Tables, NodeResult> {
    /// The tables' counts and capacities; the extras start after `resultCapacity` results,
    /// the entries after `extrasCapacity` extras.
    @usableFromInline
    struct Tables {
        @usableFromInline var results: Int
        @usableFromInline var extras: Int
        @usableFromInline var entries: Int
        @usableFromInline let resultCapacity: Int
        @usableFromInline let extrasCapacity: Int
        @usableFromInline let entryCapacity: Int
    }

    /// Room for these many results, extras and entries, none written yet.
    static func make(resultCapacity: Int, extrasCapacity: Int, entryCapacity: Int) -> NodeResultsStorage {
        // All three have 8-byte alignment and strides of whole words, so each table starts
        // where the one before it ends.
        let bytes = resultCapacity * MemoryLayout<NodeResult>.stride + extrasCapacity * MemoryLayout<NodeExtras>.stride
            + entryCapacity * MemoryLayout<Contribution>.stride
        let units = (bytes + MemoryLayout<NodeResult>.stride - 1) / MemoryLayout<NodeResult>.stride
        let made = unsafeDowncast(create(minimumCapacity: units) { _ in
            Tables(results: 0, extras: 0, entries: 0, resultCapacity: resultCapacity, extrasCapacity: extrasCapacity, entryCapacity: entryCapacity)
        }, to: NodeResultsStorage.self)
        // Bound where `withTables` finds them.
        made.withTables { _, _, extras, entries in
            UnsafeMutableRawPointer(extras).bindMemory(to: NodeExtras.self, capacity: extrasCapacity)
            UnsafeMutableRawPointer(entries).bindMemory(to: Contribution.self, capacity: entryCapacity)
        }
        return made
    }

    /// A storage holding copies of these tables, with room for as many more of each as given.
    static func copying(
        results: UnsafeBufferPointer<NodeResult>, extras: UnsafeBufferPointer<NodeExtras>, entries: UnsafeBufferPointer<Contribution>,
        moreResults: Int = 0, moreExtras: Int = 0, moreEntries: Int = 0
    ) -> NodeResultsStorage {
        let made = make(
            resultCapacity: results.count + moreResults, extrasCapacity: extras.count + moreExtras, entryCapacity: entries.count + moreEntries
        )
        made.withTables { tables, resultRoom, extrasRoom, entryRoom in
            if let base = results.baseAddress { resultRoom.initialize(from: base, count: results.count) }
            if let base = extras.baseAddress { extrasRoom.initialize(from: base, count: extras.count) }
            if let base = entries.baseAddress { entryRoom.initialize(from: base, count: entries.count) }
            (tables.pointee.results, tables.pointee.extras, tables.pointee.entries) = (results.count, extras.count, entries.count)
        }
        return made
    }

    /// Calls `body` with the counts and the three tables' starts.
    @inlinable @inline(__always)
    func withTables<R>(
        _ body: (UnsafeMutablePointer<Tables>, UnsafeMutablePointer<NodeResult>, UnsafeMutablePointer<NodeExtras>, UnsafeMutablePointer<Contribution>) -> R
    ) -> R {
        withUnsafeMutablePointers { tables, results in
            let extras = UnsafeMutableRawPointer(results + tables.pointee.resultCapacity)
            let entries = extras + tables.pointee.extrasCapacity &* MemoryLayout<NodeExtras>.stride
            return body(tables, results, extras.assumingMemoryBound(to: NodeExtras.self), entries.assumingMemoryBound(to: Contribution.self))
        }
    }

    /// A copy with room for at least these many more of each table (``NodeResults/append(_:id:explain:scroll:bars:)``).
    func grown(results more: Int, extras moreExtras: Int, entries moreEntries: Int) -> NodeResultsStorage {
        withTables { tables, results, extras, entries in
            let counts = tables.pointee
            return Self.copying(
                results: UnsafeBufferPointer(start: results, count: counts.results), extras: UnsafeBufferPointer(start: extras, count: counts.extras),
                entries: UnsafeBufferPointer(start: entries, count: counts.entries),
                moreResults: Swift.max(more, counts.results), moreExtras: Swift.max(moreExtras, counts.extras), moreEntries: Swift.max(moreEntries, counts.entries)
            )
        }
    }

    /// Whether these many more of each fit.
    func hasRoom(results more: Int, extras moreExtras: Int, entries moreEntries: Int) -> Bool {
        withUnsafeMutablePointerToHeader { tables in
            let counts = tables.pointee
            return counts.results + more <= counts.resultCapacity && counts.extras + moreExtras <= counts.extrasCapacity
                && counts.entries + moreEntries <= counts.entryCapacity
        }
    }
}
