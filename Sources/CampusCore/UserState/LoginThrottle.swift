#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When failed log-ins lock further attempts, without the directory being asked.
///
/// Failures are counted by the pair of username and client address, and by the client
/// address alone: `failures` within `window` for one username from one address lock that
/// pair, `addressFailures` from one address (any usernames) lock the address, each for
/// `lockout`. Nobody is locked out by username alone: a stranger guessing someone's
/// password from their own address locks only themselves, and the person logs in from
/// anywhere else. Guessing one account from many addresses is the directory's own lockout
/// policy's to stop (Active Directory's lockout threshold, OpenLDAP's `pwdMaxFailure`).
///
/// Attempts are counted before the directory is asked, in the same transaction that looks
/// for a lock (``UserStateStore/beginLoginAttempt(_:throttle:at:)``): any number of attempts
/// sent at once reach the directory at most `failures` times.
public struct LoginThrottle: Sendable, Equatable {
    public var failures: Int
    public var addressFailures: Int
    public var window: TimeInterval
    public var lockout: TimeInterval

    public init(failures: Int, addressFailures: Int, window: TimeInterval, lockout: TimeInterval) {
        self.failures = failures
        self.addressFailures = addressFailures
        self.window = window
        self.lockout = lockout
    }

    /// How far back failures matter at any moment.
    public var horizon: TimeInterval { window + lockout }

    /// How many failures within the window lock attempts under `key`.
    public func limit(for key: LoginAttemptKey) -> Int {
        switch key {
        case .pair: failures
        case .address: addressFailures
        }
    }

    /// When the lock the failures at `times` (any order) make under a key of `limit` ends, if it
    /// still holds at `now`: a lock begins at a failure that is the `limit`-th within `window`
    /// and lasts `lockout`.
    public func lockedUntil(failuresAt times: [Date], limit: Int, now: Date) -> Date? {
        let sorted = times.sorted()
        guard limit > 0, sorted.count >= limit else { return nil }
        var end: Date?
        for index in (limit - 1)..<sorted.count {
            let first = sorted[index - limit + 1]
            guard sorted[index].timeIntervalSince(first) <= window else { continue }
            let until = sorted[index].addingTimeInterval(lockout)
            if until > now, end.map({ until > $0 }) ?? true { end = until }
        }
        return end
    }
}

/// What ``UserStateStore/beginLoginAttempt(_:throttle:at:)`` answers.
public enum LoginAttemptStart: Sendable, Equatable {
    /// Attempts under one of the keys are locked until then; nothing was counted.
    case locked(until: Date)
    /// The attempt is counted as a failure under each key (these rows), until it succeeds.
    case begun([Int64])
}
