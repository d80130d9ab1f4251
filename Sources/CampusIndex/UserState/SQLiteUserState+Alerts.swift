import CampusCore
import Foundation
internal import GRDB

extension SQLiteUserState {
    public func alertPreferences(of username: String) async throws(UserStateError) -> AlertPreferences {
        let username = username.lowercased()
        return try await read("read the alert settings of \(username)") { db in
            let row = try Row.fetchOne(db, sql: "SELECT email, daily FROM alert_preferences WHERE username = ?", arguments: [username])
            let sections = try Row.fetchAll(
                db, sql: "SELECT term, section FROM followed_sections WHERE username = ? ORDER BY term, section", arguments: [username]
            ).compactMap { row -> FollowedSection? in
                guard let term = TermCode(row[0] as String), let section = SectionID(row[1] as String) else { return nil }
                return FollowedSection(section: section, term: term)
            }
            let rooms = try String.fetchAll(db, sql: "SELECT room FROM followed_rooms WHERE username = ? ORDER BY room", arguments: [username])
            let people = try String.fetchAll(
                db, sql: "SELECT person FROM followed_people WHERE username = ? ORDER BY person", arguments: [username])
            return AlertPreferences(email: row?[0] ?? true, daily: row?[1] ?? false, sections: sections, rooms: rooms, people: people)
        }
    }

    public func setAlertPreferences(_ preferences: AlertPreferences, of username: String, at now: Date) async throws(UserStateError) {
        let username = username.lowercased()
        try await write("keep the alert settings of \(username)") { db in
            try db.execute(
                sql: """
                    INSERT INTO alert_preferences (username, email, daily, updated_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (username) DO UPDATE SET email = excluded.email, daily = excluded.daily, updated_at = excluded.updated_at
                    """,
                arguments: [username, preferences.email, preferences.daily, now])
            for table in ["followed_sections", "followed_rooms"] {
                try db.execute(sql: "DELETE FROM \(table) WHERE username = ?", arguments: [username])
            }
            // A person followed before keeps when they were first followed.
            let people = Set(preferences.people.map { $0.lowercased() })
            try db.execute(sql: "DELETE FROM followed_people WHERE username = ? AND person NOT IN (SELECT value FROM json_each(?))",
                           arguments: [username, SQLList.json(Array(people))])
            for followed in Set(preferences.sections) {
                try db.execute(
                    sql: "INSERT INTO followed_sections (username, term, section) VALUES (?, ?, ?)",
                    arguments: [username, followed.term.rawValue, followed.section.rawValue])
            }
            for room in Set(preferences.rooms.map { $0.uppercased() }) {
                try db.execute(sql: "INSERT INTO followed_rooms (username, room) VALUES (?, ?)", arguments: [username, room])
            }
            for person in people {
                try db.execute(sql: "INSERT INTO followed_people (username, person, followed_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                               arguments: [username, person, now])
            }
        }
    }

    public func followers(of sections: [FollowedSection], rooms: [String], people: [String]) async throws(UserStateError) -> AlertFollowers {
        let keys = SQLList.json(sections.map { $0.term.rawValue + " " + $0.section.rawValue })
        let rooms = SQLList.json(rooms.map { $0.uppercased() })
        let people = SQLList.json(people.map { $0.lowercased() })
        return try await read("read who follows sections, rooms and people") { db in
            var found = AlertFollowers()
            let rows = try Row.fetchAll(db, sql: """
                SELECT term, section, username FROM followed_sections
                WHERE term || ' ' || section IN (SELECT value FROM json_each(?))
                """, arguments: [keys])
            for row in rows {
                guard let term = TermCode(row[0] as String), let section = SectionID(row[1] as String) else { continue }
                found.sections[FollowedSection(section: section, term: term), default: []].append(row[2])
            }
            for row in try Row.fetchAll(
                db, sql: "SELECT room, username FROM followed_rooms WHERE room IN (SELECT value FROM json_each(?))", arguments: [rooms]) {
                found.rooms[row[0], default: []].append(row[1])
            }
            for row in try Row.fetchAll(
                db, sql: "SELECT person, username FROM followed_people WHERE person IN (SELECT value FROM json_each(?))", arguments: [people]) {
                found.people[row[0], default: []].append(row[1])
            }
            return found
        }
    }

    public func queuedRefreshes(among tokens: [String]) async throws(UserStateError) -> Set<String> {
        let list = SQLList.json(tokens)
        return try await read("read which refreshes were queued") { db in try Self.queued(list, db) }
    }

    public func anyRefreshQueued() async throws(UserStateError) -> Bool {
        try await read("read whether alerts were ever queued") { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM alert_refreshes)") ?? false
        }
    }

    /// The tokens of the JSON list `list` marked queued.
    private static func queued(_ list: String, _ db: Database) throws -> Set<String> {
        Set(try String.fetchAll(db, sql: "SELECT token FROM alert_refreshes WHERE token IN (SELECT value FROM json_each(?))", arguments: [list]))
    }

    public func queueAlerts(_ alerts: [NewAlert], refreshes tokens: [String], at now: Date) async throws(UserStateError) -> Int {
        try await writeImmediately("queue alerts") { db in
            let done = try Self.queued(SQLList.json(tokens), db)
            var queued = 0
            for alert in alerts {
                // Another run may have queued some of these refreshes meanwhile: never twice.
                let fresh = alert.refreshes.filter { !done.contains($0) }
                guard !fresh.isEmpty else { continue }
                var record = AlertRecord(NewAlert(username: alert.username, refreshes: fresh, dueAt: alert.dueAt), at: now)
                try record.insert(db, onConflict: .ignore)
                if db.changesCount > 0 { queued += 1 }
            }
            for token in tokens where !done.contains(token) {
                try db.execute(sql: "INSERT INTO alert_refreshes (token, queued_at) VALUES (?, ?)", arguments: [token, now])
            }
            return queued
        }
    }

    public func claimDueAlerts(at now: Date, limit: Int, for lease: TimeInterval) async throws(UserStateError) -> AlertClaim {
        let token = UUID().uuidString.lowercased()
        return try await writeImmediately("claim the alerts due") { db in
            let due = try AlertRecord
                .filter(AlertRecord.Columns.status == Alert.Status.pending.rawValue && AlertRecord.Columns.nextAttemptAt <= now)
                .filter(AlertRecord.Columns.claimedUntil == nil || AlertRecord.Columns.claimedUntil <= now)
                .order(AlertRecord.Columns.id).limit(limit).fetchAll(db)
            _ = try AlertRecord.filter(keys: due.compactMap(\.id)).updateAll(
                db, AlertRecord.Columns.claimedUntil.set(to: now.addingTimeInterval(lease)), AlertRecord.Columns.claim.set(to: token))
            return AlertClaim(token: token, alerts: due.compactMap(\.alert))
        }
    }

    public func releaseAlerts(_ ids: [Int64], of claim: String, at now: Date) async throws(UserStateError) {
        try await write("release alerts") { db in
            _ = try AlertRecord
                .filter(ids.contains(AlertRecord.Columns.id) && AlertRecord.Columns.status == Alert.Status.pending.rawValue)
                .filter(AlertRecord.Columns.claim == claim)
                .updateAll(
                    db, AlertRecord.Columns.nextAttemptAt.set(to: now), AlertRecord.Columns.claimedUntil.set(to: nil),
                    AlertRecord.Columns.claim.set(to: nil))
        }
    }

    public func forgetAlerts(before cutoff: Date) async throws(UserStateError) -> Int {
        try await write("forget old alerts") { db in
            try db.execute(sql: "DELETE FROM alert_refreshes WHERE queued_at < ?", arguments: [cutoff])
            return try AlertRecord
                .filter(AlertRecord.Columns.status != Alert.Status.pending.rawValue)
                .filter(Column("queued_at") < cutoff)
                .deleteAll(db)
        }
    }

    public func settleAlerts(_ ids: [Int64], of claim: String, as settling: AlertSettling, at now: Date) async throws(UserStateError) {
        try await write("settle alerts") { db in
            for id in ids {
                guard var record = try AlertRecord.fetchOne(db, key: id), record.status == Alert.Status.pending.rawValue,
                      record.claim == claim else { continue }
                record.claimedUntil = nil
                record.claim = nil
                switch settling {
                case .sent(let subject, let lines), .kept(let subject, let lines, _):
                    if case .kept(_, _, let note) = settling {
                        record.status = Alert.Status.kept.rawValue
                        record.note = note
                    } else {
                        record.status = Alert.Status.sent.rawValue
                        record.note = nil
                    }
                    record.deliveredAt = now
                    record.subject = subject
                    record.lines = StoredForm.list(lines)
                case .dropped(let note):
                    record.status = Alert.Status.dropped.rawValue
                    record.note = note
                case .retry(let note, let at):
                    record.attempts += 1
                    record.note = note
                    record.nextAttemptAt = at
                }
                try record.update(db)
            }
        }
    }

    public func retryFailedAlerts(at now: Date) async throws(UserStateError) -> Int {
        try await write("retry failed alerts") { db in
            try AlertRecord
                .filter(AlertRecord.Columns.status == Alert.Status.pending.rawValue && AlertRecord.Columns.attempts > 0)
                .filter(AlertRecord.Columns.nextAttemptAt > now)
                .updateAll(db, AlertRecord.Columns.nextAttemptAt.set(to: now))
        }
    }

    public func alerts(of username: String, limit: Int) async throws(UserStateError) -> [Alert] {
        let username = username.lowercased()
        return try await read("read the alerts of \(username)") { db in
            try AlertRecord
                .filter(AlertRecord.Columns.username == username)
                .filter([Alert.Status.sent.rawValue, Alert.Status.kept.rawValue].contains(AlertRecord.Columns.status))
                .order(AlertRecord.Columns.id.desc).limit(limit).fetchAll(db).compactMap(\.alert)
        }
    }

    public func unreadAlerts(of username: String) async throws(UserStateError) -> Int {
        let username = username.lowercased()
        return try await read("count the unread alerts of \(username)") { db in
            try AlertRecord
                .filter(AlertRecord.Columns.username == username && AlertRecord.Columns.readAt == nil)
                .filter([Alert.Status.sent.rawValue, Alert.Status.kept.rawValue].contains(AlertRecord.Columns.status))
                .fetchCount(db)
        }
    }

    public func markAlertsRead(of username: String, at now: Date) async throws(UserStateError) -> Int {
        let username = username.lowercased()
        return try await write("mark the alerts of \(username) read") { db in
            try AlertRecord
                .filter(AlertRecord.Columns.username == username && AlertRecord.Columns.readAt == nil)
                .filter([Alert.Status.sent.rawValue, Alert.Status.kept.rawValue].contains(AlertRecord.Columns.status))
                .updateAll(db, AlertRecord.Columns.readAt.set(to: now))
        }
    }

    public func alertQueueState() async throws(UserStateError) -> AlertQueueState {
        try await read("read the alert queue") { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT
                    (SELECT COUNT(*) FROM alerts WHERE status = 'pending'),
                    (SELECT COUNT(*) FROM alerts WHERE status = 'pending' AND attempts > 0),
                    (SELECT note FROM alerts WHERE status = 'pending' AND attempts > 0 ORDER BY next_attempt_at DESC LIMIT 1)
                """)
            return AlertQueueState(pending: row?[0] ?? 0, failing: row?[1] ?? 0, lastFailure: row?[2])
        }
    }

    public func alertSigningKey() async throws(UserStateError) -> [UInt8] {
        try await writeImmediately("read the alert signing key") { db in
            if let key = try Data.fetchOne(db, sql: "SELECT key FROM alert_secret WHERE id = 1") { return [UInt8](key) }
            var generator = SystemRandomNumberGenerator()
            let key = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            try db.execute(sql: "INSERT INTO alert_secret (id, key) VALUES (1, ?)", arguments: [Data(key)])
            return key
        }
    }
}
