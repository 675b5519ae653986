/// The four edges' contributions of an explanation, read in place: valid only inside the
/// call that passes them (``NodeResult/withExplanation(_:)``).
public struct ExplanationEntries {
    public let top: UnsafeBufferPointer<Contribution>
    public let left: UnsafeBufferPointer<Contribution>
    public let bottom: UnsafeBufferPointer<Contribution>
    public let right: UnsafeBufferPointer<Contribution>
}

/// How many contributions each edge of a ``NodeResult/SharedExplanation`` holds.
@usableFromInline
struct EdgeCounts: Sendable {
    @usableFromInline var top: Int
    @usableFromInline var left: Int
    @usableFromInline var bottom: Int
    @usableFromInline var right: Int
}

extension NodeResult {
    /// An explanation held by reference, its four lists in one allocation (top, left, bottom,
    /// right, one after the other): one object to make and free per explanation, not an
    /// object and four arrays. A view inside its superview's safe area has its superview's
    /// explanation, and the cells of a list have equal ones: they share one. Never changed
    /// once made.
    @usableFromInline
    struct SharedExplanation: @unchecked Sendable {
        /// The storage, never written after `make` (hence `@unchecked Sendable`: a
        /// `ManagedBuffer` is not `Sendable` itself).
        /// (Its counts are read through pointers, never through `header`: that property of a
        /// generic class is looked up in its metadata, and checked for exclusive access, at
        /// every read.)
        @usableFromInline
        final class Storage: ManagedBuffer<EdgeCounts, Contribution> {}

        @usableFromInline let storage: Storage

        /// The storage's identity: equal for results sharing this explanation.
        @usableFromInline var identity: ObjectIdentifier { ObjectIdentifier(storage) }

        /// A new explanation of `counts` entries per edge, each edge's entries written by
        /// `fill` (given the edge and where its entries go, uninitialized).
        static func make(counts: EdgeCounts, fill: (Edge, UnsafeMutablePointer<Contribution>) -> Void) -> SharedExplanation {
            let total = counts.top + counts.left + counts.bottom + counts.right
            let storage = unsafeDowncast(Storage.create(minimumCapacity: total) { _ in counts }, to: Storage.self)
            storage.withUnsafeMutablePointerToElements { start in
                fill(.top, start)
                fill(.left, start + counts.top)
                fill(.bottom, start + counts.top + counts.left)
                fill(.right, start + counts.top + counts.left + counts.bottom)
            }
            return SharedExplanation(storage: storage)
        }

        /// An explanation holding `explanation`'s lists.
        @usableFromInline
        static func make(_ explanation: Explanation) -> SharedExplanation {
            let counts = EdgeCounts(top: explanation.top.count, left: explanation.left.count, bottom: explanation.bottom.count, right: explanation.right.count)
            return make(counts: counts) { edge, start in
                explanation[edge].withUnsafeBufferPointer { list in
                    if let base = list.baseAddress { start.initialize(from: base, count: list.count) }
                }
            }
        }

        /// The entries of every edge, valid while `body` runs.
        @usableFromInline
        func withEntries<R>(_ body: (ExplanationEntries) -> R) -> R {
            storage.withUnsafeMutablePointers { counts, start in
                let counts = counts.pointee, start = UnsafePointer(start)
                return body(ExplanationEntries(
                    top: UnsafeBufferPointer(start: start, count: counts.top),
                    left: UnsafeBufferPointer(start: start + counts.top, count: counts.left),
                    bottom: UnsafeBufferPointer(start: start + counts.top + counts.left, count: counts.bottom),
                    right: UnsafeBufferPointer(start: start + counts.top + counts.left + counts.bottom, count: counts.right)
                ))
            }
        }

        /// How many entries `edge` holds.
        func count(on edge: Edge) -> Int {
            storage.withUnsafeMutablePointerToHeader { counts in
                switch edge {
                case .top: counts.pointee.top
                case .left: counts.pointee.left
                case .bottom: counts.pointee.bottom
                case .right: counts.pointee.right
                }
            }
        }

        /// Copies `edge`'s entries to `target`, initializing it.
        func copyEntries(on edge: Edge, to target: UnsafeMutablePointer<Contribution>) {
            withEntries { entries in
                let list = entries[edge]
                if let base = list.baseAddress { target.initialize(from: base, count: list.count) }
            }
        }

        /// The lists, as arrays.
        @usableFromInline
        var value: Explanation {
            withEntries { Explanation(top: Array($0.top), left: Array($0.left), bottom: Array($0.bottom), right: Array($0.right)) }
        }
    }
}

extension ExplanationEntries {
    /// The entries on `edge`.
    subscript(edge: Edge) -> UnsafeBufferPointer<Contribution> {
        switch edge {
        case .top: top
        case .left: left
        case .bottom: bottom
        case .right: right
        }
    }
}

extension NodeResult.SharedExplanation: Hashable {
    @usableFromInline
    static func == (lhs: NodeResult.SharedExplanation, rhs: NodeResult.SharedExplanation) -> Bool {
        lhs.value == rhs.value
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}
