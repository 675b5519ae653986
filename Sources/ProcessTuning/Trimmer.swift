import Foundation

/// Gives freed memory back after a wave of held bytes has gone.
///
/// Answers held for clients that do not read (and large request bodies) are freed in many
/// arenas and spread over their heaps, where glibc's trim threshold never sees them at a
/// heap's top: measured, resident memory then climbed by 16–147 % over five waves of 500
/// such clients (the hostile suite's `memory` family). So a thread samples the bytes held
/// for clients a few times a second and, once they have fallen to an eighth of the highest
/// figure since the last trim (and that figure was at least ``minimumWave``), trims every
/// arena; then once a second for ``settleTrims`` seconds while the figure stays low, as the
/// server threads still finish requests the wave's clients left behind (their answers made
/// and dropped after the first trim). A few trims of a few milliseconds after each wave cost
/// nothing while requests are steady (the figure does not fall), and keep the freed pages of
/// steady small requests.
public final class Trimmer: Sendable {
    /// Waves smaller than this are left to the allocator.
    public static let minimumWave = 8 << 20
    /// How often the figure is sampled.
    private static let interval = 0.25
    /// Samples between the trims after a wave (1 s).
    private static let ticksPerSecond = 4
    /// The trims after a wave's first, one a second.
    private static let settleTrims = 5

    private let stopping = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the thread; `held` reads the bytes held for clients now.
    public init(held: @escaping @Sendable () -> Int) {
        let (stopping, finished) = (stopping, finished)
        let thread = Thread {
            var highest = 0
            // Samples left in the settling after a wave: a trim at every whole second.
            var settling = 0
            while stopping.wait(timeout: .now() + Self.interval) == .timedOut {
                let now = held()
                highest = max(highest, now)
                if highest >= Self.minimumWave, now <= highest / 8 {
                    AllocatorTuning.releaseFreedMemory()
                    highest = now
                    settling = Self.settleTrims * Self.ticksPerSecond
                } else if settling > 0 {
                    settling -= 1
                    if settling % Self.ticksPerSecond == 0, now < Self.minimumWave { AllocatorTuning.releaseFreedMemory() }
                }
            }
            finished.signal()
        }
        thread.name = "malloc-trim"
        thread.start()
    }

    /// Stops the thread and waits until it has returned.
    public func stop() {
        stopping.signal()
        finished.wait()
    }
}
