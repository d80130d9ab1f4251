import CampusCore
import CampusLookup
import Foundation
import Synchronization

/// The line on standard error saying an answer came from those kept when the campus server
/// could not be reached: `offline: as of 2026-12-07 09:10 EST (cannot reach …)`, once per command.
final class OfflineNotice: Sendable {
    private let told = Mutex(false)

    /// Says that an answer given at `moment` was shown because of `failure`, unless already said.
    func tell(_ moment: Date, _ failure: CampusError) {
        let first = told.withLock { told in
            defer { told = true }
            return !told
        }
        guard first else { return }
        printError("offline: as of \(Self.text(moment)) (\(failure.description)); --no-cache refuses answers kept from earlier")
    }

    /// `2026-12-07 09:10 EST`, in this computer's time zone.
    static func text(_ moment: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm zzz"
        return formatter.string(from: moment)
    }
}
