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
/// (tens of MB at API.md's 10,000-node limit), which the container's memory limit allows,
/// until a wave of held answers has gone: then ``Trimmer`` gives the freed pages back.
public enum AllocatorTuning {
    /// Blocks below this are taken from the allocator's arenas, not mapped one by one.
    public static let mmapThreshold = 32 << 20
    /// Freed memory is given back to the kernel only beyond this much at an arena's top.
    public static let trimThreshold = 64 << 20
    /// The trim threshold while a wave of held answers is on (glibc's default): see
    /// ``releaseFreedMemoryEagerly(_:)``.
    public static let waveTrimThreshold = 128 << 10

    /// Applies the settings to this process (call once, before serving and before other
    /// threads start). With `arenas`, glibc makes at most that many arenas (its default is
    /// eight per core): the server's few threads then share them, and the memory kept for
    /// the next request is kept in fewer heaps. (After a wave, glibc's default gives as much
    /// back since waves release eagerly: the hostile suite's `memory` family, five waves of
    /// /render non-readers, ended at 30–31 MiB with either; it was 48–65 MiB with the
    /// default against 30–36 with two arenas before.)
    public static func apply(arenas: Int? = nil) {
        #if canImport(CMalloc)
        _ = mallopt(M_MMAP_THRESHOLD, Int32(mmapThreshold))
        _ = mallopt(M_TRIM_THRESHOLD, Int32(trimThreshold))
        if let arenas { _ = mallopt(M_ARENA_MAX, Int32(clamping: max(1, arenas))) }
        #endif
    }

    /// Gives the pages of freed memory in every arena back to the kernel (glibc's
    /// `malloc_trim`: the free blocks inside every heap, and the free top of the main one).
    public static func releaseFreedMemory() {
        #if canImport(CMalloc)
        _ = malloc_trim(0)
        #endif
    }

    /// With `true`, a heap gives the free memory at its top back to the kernel as soon as a
    /// free leaves more than ``waveTrimThreshold`` there; with `false`, only beyond
    /// ``trimThreshold`` again. `malloc_trim` does not shrink the top of an arena other than
    /// the main one, and such a heap (64 MiB at most) never has more than ``trimThreshold``
    /// free at its top: what a wave of answers freed last in it stayed resident, 0–20 MiB
    /// from wave to wave (bench/MEMORY.md).
    public static func releaseFreedMemoryEagerly(_ eager: Bool) {
        #if canImport(CMalloc)
        _ = mallopt(M_TRIM_THRESHOLD, Int32(eager ? waveTrimThreshold : trimThreshold))
        #endif
    }
}
