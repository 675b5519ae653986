import Foundation

/// Gives freed memory back after a wave of held bytes has gone.
///
/// Answers held for clients that do not read (and large request bodies) are freed in many
/// arenas and spread over their heaps, where glibc's trim threshold never sees them at a
/// heap's top: measured, resident memory then climbed by 16–147 % over five waves of 500
/// such clients (the hostile suite's `memory` family). So a thread samples the bytes held
/// for clients a few times a second and acts as ``TrimPolicy`` says. A few trims of a few
/// milliseconds after each wave cost nothing while requests are steady (the figure does not
/// fall), and keep the freed pages of steady small requests.
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
