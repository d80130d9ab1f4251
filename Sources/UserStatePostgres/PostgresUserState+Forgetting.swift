import CampusCore
import CampusIndex
import Foundation
import PostgresNIO

extension PostgresUserState {
    public func forget(_ username: String, before moment: Date) async throws(UserStateError) {
        let username = username.lowercased()
        let moment = moment.toMillisecond
        try await transaction("forget what an earlier holder of \(username) kept", locking: [
            "favorites " + username, "shares " + username, Self.consentsLock(username), "requests " + username, "alert settings " + username,
            Self.queueLock,
        ]) { db in
            try await db.execute("DELETE FROM favorites WHERE lower(owner) = \(username) AND added_at < \(moment)")
            // Kept in others' groups as the person before: groups shared by consent reach their members.
            try await db.execute("DELETE FROM favorites WHERE lower(username) = \(username) AND added_at < \(moment)")
            try await db.execute("DELETE FROM sessions WHERE lower(username) = \(username) AND created_at < \(moment)")
            try await db.execute("DELETE FROM login_lockouts WHERE username = \(username) AND at < \(moment)")
            try await db.execute("DELETE FROM shares WHERE lower(owner) = \(username) AND created_at < \(moment)")
            try await db.execute("""
                UPDATE consents SET revoked_at = \(moment) WHERE revoked_at IS NULL AND given_at < \(moment)
                    AND (grantor = \(username) OR (audience_kind = 'person' AND audience = \(username))
                         OR (audience_kind = 'group' AND audience_owner = \(username)))
                """)
            try await db.execute("DELETE FROM consent_requests WHERE (sender = \(username) OR recipient = \(username)) AND sent_at < \(moment)")
            let stale = try await db.count("SELECT count(*) FROM alert_preferences WHERE username = \(username) AND updated_at < \(moment)")
            if stale > 0 {
                try await db.execute("DELETE FROM followed_sections WHERE username = \(username)")
                try await db.execute("DELETE FROM followed_rooms WHERE username = \(username)")
                try await db.execute("DELETE FROM followed_people WHERE username = \(username)")
                try await db.execute("DELETE FROM alert_preferences WHERE username = \(username)")
            }
            // Others' follows of the person before (made before the arrival, or before follows were dated).
            try await db.execute("DELETE FROM followed_people WHERE lower(person) = \(username) AND (followed_at IS NULL OR followed_at < \(moment))")
            try await db.execute("DELETE FROM alerts WHERE username = \(username) AND queued_at < \(moment)")
        }
    }
}
