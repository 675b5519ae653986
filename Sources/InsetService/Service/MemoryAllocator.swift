#if canImport(CMimalloc)
import CMimalloc
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The memory allocator insetd serves with: on Linux, mimalloc (Debian's `libmimalloc`),
/// linked so that its `malloc` and `free` take the place of glibc's in the whole process.
///
/// Measured on `POST /layout` with layout-31 (bench/PERF.md, session 13): glibc's allocator
/// took 11.9k instructions per request in the server, mimalloc 4.6k, 3.6 % of all the
/// server's instructions. A request allocates a few blocks too large for glibc's per-thread
/// cache (its views, the engine's results, the answer), and the pool threads took glibc's
/// arena locks for each. mimalloc also keeps freed blocks of large requests for the next
/// one, which glibc did only with its `mallopt` thresholds raised (page faults had been
/// nearly half of a 10,000-node request's time).
public enum MemoryAllocator {
    /// Whether `malloc` in this process is mimalloc's. `false` where mimalloc is not linked
    /// (not Linux), or when another library's `malloc` came first.
    public static var servesMalloc: Bool {
        guard let block = malloc(64) else { return false }
        defer { free(block) }
        return owns(block)
    }

    /// Whether `pointer` is in a block mimalloc gave the calling thread's heap; `false`
    /// for any other address, and where mimalloc is not linked.
    public static func owns(_ pointer: UnsafeRawPointer) -> Bool {
        #if canImport(CMimalloc)
        mi_check_owned(pointer)
        #else
        false
        #endif
    }

    /// The linked mimalloc's version ("2.0.9"), `nil` where none is linked.
    public static var mimallocVersion: String? {
        #if canImport(CMimalloc)
        let version = Int(mi_version())
        return "\(version / 100).\(version / 10 % 10).\(version % 10)"
        #else
        return nil
        #endif
    }
}
