import CampusCore
import Foundation
internal import GRDB

/// The user-state tables of change alerts (migration v6).
enum AlertTables {
    static func create(_ db: Database) throws {
        try db.create(table: "alert_preferences") { t in
            t.primaryKey("username", .text)
            t.column("email", .boolean).notNull()
            t.column("daily", .boolean).notNull()
            t.column("updated_at", .datetime).notNull()
        }
        try db.create(table: "followed_sections") { t in
            t.column("username", .text).notNull()
            t.column("term", .text).notNull()
            t.column("section", .text).notNull()
            t.primaryKey(["username", "term", "section"])
        }
        try db.create(index: "followed_sections_by_section", on: "followed_sections", columns: ["term", "section"])
        // The refreshes already turned into alerts: each is queued once, whoever runs the queue.
        try db.create(table: "alert_refreshes") { t in
            t.primaryKey("token", .text)
            t.column("queued_at", .datetime).notNull()
        }
        try db.create(table: "alerts") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("username", .text).notNull()
            // The person and the refreshes: the same alert is never queued twice.
            t.column("key", .text).notNull().unique()
            t.column("refreshes", .jsonText).notNull()
            t.column("queued_at", .datetime).notNull()
            t.column("status", .text).notNull()
            t.column("attempts", .integer).notNull()
            t.column("next_attempt_at", .datetime).notNull()
            t.column("note", .text)
            t.column("delivered_at", .datetime)
            t.column("subject", .text)
            t.column("lines", .jsonText)
            t.column("read_at", .datetime)
        }
        try db.create(index: "alerts_due", on: "alerts", columns: ["status", "next_attempt_at"])
        try db.create(index: "alerts_by_person", on: "alerts", columns: ["username", "id"])
        // The key unsubscribe links are signed with, made on first use; never leaves the store.
        try db.create(table: "alert_secret") { t in
            t.primaryKey("id", .integer).check { $0 == 1 }
            t.column("key", .blob).notNull()
        }
    }

    /// Migration v7: rooms and people followed, besides sections.
    static func addFollowedRoomsAndPeople(_ db: Database) throws {
        try db.create(table: "followed_rooms") { t in
            t.column("username", .text).notNull()
            t.column("room", .text).notNull()
            t.primaryKey(["username", "room"])
        }
        try db.create(index: "followed_rooms_by_room", on: "followed_rooms", columns: ["room"])
        try db.create(table: "followed_people") { t in
            t.column("username", .text).notNull()
            t.column("person", .text).notNull()
            t.primaryKey(["username", "person"])
        }
        try db.create(index: "followed_people_by_person", on: "followed_people", columns: ["person"])
    }

    /// Migration v8: a claim of its own on each alert (until when, and whose), so that trying
    /// failed alerts again at once never frees one another sender is sending, and a sender whose
    /// claim ran out settles nothing another took over. An alert a sender of an earlier version
    /// holds (its next attempt pushed past now) stays held until then.
    static func addClaims(_ db: Database) throws {
        try db.alter(table: "alerts") { t in
            t.add(column: "claimed_until", .datetime)
            t.add(column: "claim", .text)
        }
        try db.execute(
            sql: "UPDATE alerts SET claimed_until = next_attempt_at WHERE status = ? AND next_attempt_at > ?",
            arguments: [Alert.Status.pending.rawValue, Date()])
    }
}
