import CampusCore
import Foundation
internal import GRDB

/// A row of `alerts`: one person's alert about some refreshes, and how its delivery went.
struct AlertRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "alerts"

    var id: Int64?
    var username: String
    var key: String
    var refreshes: String
    var queuedAt: Date
    var status: String
    var attempts: Int
    var nextAttemptAt: Date
    var note: String?
    var deliveredAt: Date?
    var subject: String?
    var lines: String?
    var readAt: Date?
    /// Until when a sender holds it (v8): nobody else claims it before, whatever its next attempt.
    var claimedUntil: Date?
    /// The token of the claim holding it (v8).
    var claim: String?

    enum CodingKeys: String, CodingKey {
        case id, username, key, refreshes, status, attempts, note, subject, lines, claim
        case queuedAt = "queued_at"
        case nextAttemptAt = "next_attempt_at"
        case deliveredAt = "delivered_at"
        case readAt = "read_at"
        case claimedUntil = "claimed_until"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let username = Column(CodingKeys.username)
        static let key = Column(CodingKeys.key)
        static let status = Column(CodingKeys.status)
        static let attempts = Column(CodingKeys.attempts)
        static let nextAttemptAt = Column(CodingKeys.nextAttemptAt)
        static let readAt = Column(CodingKeys.readAt)
        static let claimedUntil = Column(CodingKeys.claimedUntil)
        static let claim = Column(CodingKeys.claim)
    }

    init(_ alert: NewAlert, at now: Date) {
        username = alert.username
        key = alert.key
        refreshes = StoredForm.list(alert.refreshes)
        queuedAt = now
        status = Alert.Status.pending.rawValue
        attempts = 0
        nextAttemptAt = alert.dueAt
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    var alert: Alert? {
        guard let id, let status = Alert.Status(rawValue: status) else { return nil }
        return Alert(
            id: id, username: username, refreshes: StoredForm.strings(refreshes), queuedAt: queuedAt, status: status, attempts: attempts,
            nextAttemptAt: nextAttemptAt, note: note, deliveredAt: deliveredAt, subject: subject,
            lines: lines.map(StoredForm.strings) ?? [], readAt: readAt)
    }
}
