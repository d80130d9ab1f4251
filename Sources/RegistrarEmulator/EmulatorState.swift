import Foundation

/// The emulator's mutable state, shared by every request handler and the owner; guarded by a lock.
final class EmulatorState: @unchecked Sendable {
    /// What a request should get before it reaches the pages.
    enum Verdict: Equatable {
        case serve
        case unauthorized
        case serverError
    }

    private let lock = NSLock()
    private var behaviour: EmulatorBehaviour
    private var statistics = EmulatorStatistics()
    private var inFlight = 0
    private var successes = 0
    /// 500s still owed under `.firstRequests(n)`.
    private var errorsOwed = 0

    init(behaviour: EmulatorBehaviour) {
        self.behaviour = behaviour
        errorsOwed = Self.owed(by: behaviour)
    }

    var currentBehaviour: EmulatorBehaviour {
        lock.withLock { behaviour }
    }

    var currentStatistics: EmulatorStatistics {
        lock.withLock { statistics }
    }

    /// Replaces the behaviour; `.firstRequests(n)` and `failAfterSuccesses` count from now.
    func setBehaviour(_ new: EmulatorBehaviour) {
        lock.withLock {
            behaviour = new
            errorsOwed = Self.owed(by: new)
            successes = 0
        }
    }

    func resetStatistics() {
        lock.withLock {
            statistics = EmulatorStatistics()
            statistics.maxConcurrentRequests = inFlight
        }
    }

    /// Counts a request arriving and returns the behaviour to answer it with.
    func begin(target: String) -> EmulatorBehaviour {
        lock.withLock {
            statistics.totalRequests += 1
            statistics.requestsByTarget[target, default: 0] += 1
            inFlight += 1
            statistics.maxConcurrentRequests = max(statistics.maxConcurrentRequests, inFlight)
            return behaviour
        }
    }

    /// Counts a request answered with `status`.
    func end(status: Int) {
        lock.withLock {
            inFlight -= 1
            statistics.responsesByStatus[status, default: 0] += 1
        }
    }

    /// Whether the configured faults turn this request into a 401 or 500.
    func verdict(target: String, authorized: Bool) -> Verdict {
        lock.withLock {
            if behaviour.alwaysUnauthorized || !authorized { return .unauthorized }
            if let limit = behaviour.failAfterSuccesses, successes >= limit { return .serverError }
            let verdict: Verdict
            switch behaviour.serverErrors {
            case .never: verdict = .serve
            case .always: verdict = .serverError
            case .matching(let text): verdict = target.contains(text) ? .serverError : .serve
            case .firstRequests:
                verdict = errorsOwed > 0 ? .serverError : .serve
                if errorsOwed > 0 { errorsOwed -= 1 }
            }
            // Counted when granted, not when answered, so requests in flight together
            // cannot slip past the limit.
            if verdict == .serve { successes += 1 }
            return verdict
        }
    }

    private static func owed(by behaviour: EmulatorBehaviour) -> Int {
        if case .firstRequests(let count) = behaviour.serverErrors { return max(0, count) }
        return 0
    }
}
