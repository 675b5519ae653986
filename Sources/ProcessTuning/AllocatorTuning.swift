#if canImport(CMalloc)
import CMalloc
#endif

/// glibc's allocator settings for serving `/layout`.
///
/// A large request allocates a few large, short-lived blocks (a 10,000-node request: the
/// hierarchy, the engine's results and the answer, megabytes each). With glibc's defaults
/// each is a fresh `mmap` or grows the heap, and is given back to the kernel when freed, so
/// the next request faults every page in again (bench/PERF.md). Raising the thresholds
/// keeps freed memory for the next request.
/// The cost is resident memory: what the largest requests in flight needed stays mapped
/// (tens of MB at API.md's 10,000-node limit), which the container's memory limit allows.
public enum AllocatorTuning {
    /// Blocks below this are taken from the allocator's arenas, not mapped one by one.
    public static let mmapThreshold = 32 << 20
    /// Freed memory is given back to the kernel only beyond this much at an arena's top.
    public static let trimThreshold = 64 << 20

    /// Applies the settings to this process (call once, before serving).
    public static func apply() {
        #if canImport(CMalloc)
        _ = mallopt(M_MMAP_THRESHOLD, Int32(mmapThreshold))
        _ = mallopt(M_TRIM_THRESHOLD, Int32(trimThreshold))
        #endif
    }
}
