import Foundation

/// Gives freed memory back after a wave of held bytes has gone.
///
/// Answers held for clients that do not read (and large request bodies) are freed in every
/// arena and spread over their heaps, where glibc keeps them (AllocatorTuning's thresholds):
/// measured, resident memory then climbed by 16–147 % over five waves of 500 such clients
/// (the hostile suite's `memory` family). So a thread samples the bytes held for clients
/// four times a second and acts as ``TrimPolicy`` says. A few trims of a few milliseconds
/// after each wave cost nothing while requests are steady (no wave), and steady requests
/// keep the pages they freed.
public final class Trimmer: Sendable {
    private let stopping = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the thread; `held` reads the bytes held for clients now.
    public init(held: @escaping @Sendable () -> Int) {
        let (stopping, finished) = (stopping, finished)
        let interval = 1.0 / Double(TrimPolicy.ticksPerSecond)
        let thread = Thread {
            var policy = TrimPolicy()
            while stopping.wait(timeout: .now() + interval) == .timedOut {
                for action in policy.sample(held()) {
                    switch action {
                    case .releaseEagerly: AllocatorTuning.releaseFreedMemoryEagerly(true)
                    case .trim: AllocatorTuning.releaseFreedMemory()
                    case .keep: AllocatorTuning.releaseFreedMemoryEagerly(false)
                    }
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
