import Synchronization

/// The bytes the process holds for its clients, across every server of the process (memory
/// is the process's): request bodies being received, and answers handed to libmicrohttpd
/// and not yet released (lent bodies and streams; small copied bodies are not counted).
/// ``HTTPServerConfiguration/inFlightBudgetBytes`` is compared with it.
enum BytesInFlight {
    private static let inFlight = Atomic<Int>(0)

    /// The figure now.
    static var current: Int { inFlight.load(ordering: .relaxed) }

    /// Adds `bytes` (negative to take them out).
    static func add(_ bytes: Int) {
        if bytes != 0 { inFlight.add(bytes, ordering: .relaxed) }
    }
}
