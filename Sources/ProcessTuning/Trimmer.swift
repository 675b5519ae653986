import Foundation

/// Gives freed memory back after a wave of held bytes has gone.
///
/// Answers held for clients that do not read (and large request bodies) are freed in many
/// arenas and spread over their heaps, where glibc's trim threshold never sees them at a
/// heap's top: measured, resident memory then climbed by 16–147 % over five waves of 500
/// such clients (the hostile suite's `memory` family). So a thread samples the bytes held
/// for clients a few times a second and, once they have fallen to an eighth of the highest
/// figure since the last trim (and that figure was at least ``minimumWave``), trims every
/// arena, and once more a second later. A trim of a few milliseconds after each wave costs nothing while requests are
/// steady (the figure does not fall), and keeps the freed pages of steady small requests.
public final class Trimmer: Sendable {
    /// Waves smaller than this are left to the allocator.
    public static let minimumWave = 8 << 20
    /// How often the figure is sampled.
    private static let interval = 0.25
    /// Samples after a wave's trim until the second one (1 s).
    private static let settleTicks = 4

    private let stopping = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the thread; `held` reads the bytes held for clients now.
    public init(held: @escaping @Sendable () -> Int) {
        let (stopping, finished) = (stopping, finished)
        let thread = Thread {
            var highest = 0
            // Ticks until a second trim: what the server threads still finish computing
            // after the wave has gone is freed after the first.
            var settleTicks = 0
            while stopping.wait(timeout: .now() + Self.interval) == .timedOut {
                let now = held()
                highest = max(highest, now)
                if highest >= Self.minimumWave, now <= highest / 8 {
                    AllocatorTuning.releaseFreedMemory()
                    highest = now
                    settleTicks = Self.settleTicks
                } else if settleTicks > 0 {
                    settleTicks -= 1
                    if settleTicks == 0, now < Self.minimumWave { AllocatorTuning.releaseFreedMemory() }
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
