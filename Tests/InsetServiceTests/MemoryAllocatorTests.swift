import InsetService
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// mimalloc must serve the allocations of a process that links InsetService (as insetd and
/// this test runner do): a link order or linker flag that let glibc's malloc come first
/// would silently give back the instructions and arena locks it saved.
@Suite struct MemoryAllocatorTests {
    #if os(Linux)
    @Test func mimallocServesMalloc() {
        #expect(MemoryAllocator.servesMalloc)
        let version = MemoryAllocator.mimallocVersion
        #expect(version?.split(separator: ".").count == 3)
        #expect(version?.hasPrefix("2.") == true)
    }

    /// The check can fail: memory no malloc gave (straight from `mmap`) is not taken for
    /// mimalloc's.
    @Test func blockNotFromMallocIsNotTakenForMimallocs() throws {
        let size = 1 << 16
        let mapped = try #require(mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        defer { munmap(mapped, size) }
        #expect(mapped != MAP_FAILED)
        #expect(!MemoryAllocator.owns(mapped))
    }
    #endif
}
