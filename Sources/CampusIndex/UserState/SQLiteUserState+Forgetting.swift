import CampusCore
import Foundation
internal import GRDB

extension SQLiteUserState {
    public func forget(_ username: String, before moment: Date) async throws(UserStateError) {
        let username = username.lowercased()
        try await writeImmediately("forget what an earlier holder of \(username) kept") { db in
            let arguments: StatementArguments = [username, moment]
            for statement in Self.forgetting {
                try db.execute(sql: statement, arguments: arguments)
            }
        }
    }

    /// Each with the username as `?1` and the moment as `?2`; follows go before the settings
    /// whose time tells whose they are.
    private static let forgetting = [
        "DELETE FROM favorites WHERE lower(owner) = ?1 AND added_at < ?2",
        // Kept in others' groups as the person before: groups shared by consent reach their members.
        "DELETE FROM favorites WHERE username = ?1 AND added_at < ?2",
        "DELETE FROM sessions WHERE lower(username) = ?1 AND created_at < ?2",
        "DELETE FROM login_lockouts WHERE username = ?1 AND at < ?2",
        "DELETE FROM shares WHERE lower(owner) = ?1 AND created_at < ?2",
        """
        UPDATE consents SET revoked_at = ?2 WHERE revoked_at IS NULL AND given_at < ?2
            AND (grantor = ?1 OR (audience_kind = 'person' AND audience = ?1) OR (audience_kind = 'group' AND audience_owner = ?1))
        """,
        "DELETE FROM consent_requests WHERE (sender = ?1 OR recipient = ?1) AND sent_at < ?2",
        "DELETE FROM followed_sections WHERE username = ?1 AND EXISTS (SELECT 1 FROM alert_preferences WHERE username = ?1 AND updated_at < ?2)",
        "DELETE FROM followed_rooms WHERE username = ?1 AND EXISTS (SELECT 1 FROM alert_preferences WHERE username = ?1 AND updated_at < ?2)",
        "DELETE FROM followed_people WHERE username = ?1 AND EXISTS (SELECT 1 FROM alert_preferences WHERE username = ?1 AND updated_at < ?2)",
        // Others' follows of the person before (made before the arrival, or before follows were dated).
        "DELETE FROM followed_people WHERE lower(person) = ?1 AND (followed_at IS NULL OR followed_at < ?2)",
        "DELETE FROM alert_preferences WHERE username = ?1 AND updated_at < ?2",
        "DELETE FROM alerts WHERE username = ?1 AND queued_at < ?2",
    ]
}
