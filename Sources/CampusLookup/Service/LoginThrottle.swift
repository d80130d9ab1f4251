import Foundation

/// When failed log-ins lock further attempts: `failures` within `window` lock every
/// attempt under the same key (username, client address) for `lockout`, without the
/// directory being asked, so the API cannot be used to lock people out of it.
public struct LoginThrottle: Sendable, Equatable {
    public var failures: Int
    public var window: TimeInterval
    public var lockout: TimeInterval

    public init(failures: Int, window: TimeInterval, lockout: TimeInterval) {
        self.failures = failures
        self.window = window
        self.lockout = lockout
    }

    /// How far back failures matter at any moment.
    public var horizon: TimeInterval { window + lockout }

    /// When the lock the failures at `times` (any order) make ends, if it still holds at `now`:
    /// a lock begins at a failure that is the `failures`-th within `window` and lasts `lockout`.
    public func lockedUntil(failuresAt times: [Date], now: Date) -> Date? {
        let sorted = times.sorted()
        guard failures > 0, sorted.count >= failures else { return nil }
        var end: Date?
        for index in (failures - 1)..<sorted.count {
            let first = sorted[index - failures + 1]
            guard sorted[index].timeIntervalSince(first) <= window else { continue }
            let until = sorted[index].addingTimeInterval(lockout)
            if until > now, end.map({ until > $0 }) ?? true { end = until }
        }
        return end
    }
}
