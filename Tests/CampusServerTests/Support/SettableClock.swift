import CampusLookup
import Foundation
import Synchronization

/// A campus clock a test moves by hand: the service reads the moment it was last set to.
final class SettableClock: CampusClock {
    private let moment: Mutex<Date>

    init(_ start: Date) {
        moment = Mutex(start)
    }

    func now() -> Date {
        moment.withLock { $0 }
    }

    /// Moves the clock on by `seconds`.
    func advance(_ seconds: TimeInterval) {
        moment.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
