import Foundation
internal import CampusIndex

extension CampusContext {
    /// Forgets what refreshes found longer ago than `alerts.retention-days` (400 days unless set).
    func forgetOldChanges(_ index: CampusDatabase, now: Date) throws(CampusError) {
        try lookingUp { try index.changes.forget(before: now.addingTimeInterval(-configuration.alerts.retention)) }
    }
}
