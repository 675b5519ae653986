import Foundation

/// Waits up to `limit` for `condition`, which a server's threads make true in their time.
public func eventually(within limit: Duration = .seconds(10), _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now.advanced(by: limit)
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.02)
    }
    return try condition()
}
