import Foundation
public import ServiceLifecycle

extension HTTPService {
    /// This service as a swift-service-lifecycle `Service`, for a `ServiceGroup` to run:
    /// it starts the listeners, reports their ports through `started`, and on graceful
    /// shutdown (the group's signals, SIGTERM in a container) drains as
    /// ``shutdown(drainDelay:drainTimeout:)`` says before it returns.
    public func lifecycleService(
        drainDelay: Duration, drainTimeout: Duration, started: @escaping @Sendable (_ port: Int, _ adminPort: Int?) -> Void
    ) -> some Service {
        LifecycleService(service: self, drainDelay: drainDelay, drainTimeout: drainTimeout, started: started)
    }
}

/// ``HTTPService`` run by a `ServiceGroup`.
private struct LifecycleService: Service {
    let service: HTTPService
    let drainDelay: Duration
    let drainTimeout: Duration
    let started: @Sendable (Int, Int?) -> Void

    func run() async throws {
        let port = try service.start()
        started(port, service.adminPort)
        // Cancellation (the group failing elsewhere) drains the same way.
        try? await gracefulShutdown()
        let (service, delay, timeout) = (service, drainDelay, drainTimeout)
        // The drain sleeps and joins the server's threads: it runs on a thread of its own,
        // not on the concurrency pool.
        let finished = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            Thread { continuation.resume(returning: service.shutdown(drainDelay: delay, drainTimeout: timeout)) }.start()
        }
        if !finished { throw DrainTimedOut() }
    }
}

/// Requests were still in flight when the drain timeout ran out.
public struct DrainTimedOut: Error, CustomStringConvertible {
    public var description: String { "requests were still in flight when the drain timeout ran out" }
}
