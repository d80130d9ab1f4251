import CampusCore
import CampusIndex
import Foundation
import NIOCore
import PostgresNIO

extension PostgresUserState {
    public func alertPreferences(of username: String) async throws(UserStateError) -> AlertPreferences {
        let username = username.lowercased()
        return try await transaction("read the alert settings of \(username)") { db in
            try await db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            let settings = try await db.rows("SELECT email, daily FROM alert_preferences WHERE username = \(username)")
                .first.map { try $0.decode((Bool, Bool).self) }
            let sections = try await db.rows("""
                SELECT term, section FROM followed_sections WHERE username = \(username) ORDER BY term COLLATE "C", section COLLATE "C"
                """).compactMap { row -> FollowedSection? in
                let (term, section) = try row.decode((String, String).self)
                guard let term = TermCode(term), let section = SectionID(section) else { return nil }
                return FollowedSection(section: section, term: term)
            }
            let rooms = try await db.rows("SELECT room FROM followed_rooms WHERE username = \(username) ORDER BY room COLLATE \"C\"")
                .map { try $0.decode(String.self) }
            let people = try await db.rows("SELECT person FROM followed_people WHERE username = \(username) ORDER BY person COLLATE \"C\"")
                .map { try $0.decode(String.self) }
            return AlertPreferences(
                email: settings?.0 ?? true, daily: settings?.1 ?? false, sections: sections, rooms: rooms, people: people)
        }
    }

    public func setAlertPreferences(_ preferences: AlertPreferences, of username: String, at now: Date) async throws(UserStateError) {
        let username = username.lowercased()
        let sections = Array(Set(preferences.sections))
        let rooms = Array(Set(preferences.rooms.map { $0.uppercased() }))
        let people = Array(Set(preferences.people.map { $0.lowercased() }))
        try await transaction("keep the alert settings of \(username)", locking: ["alert settings " + username]) { db in
            try await db.execute("""
                INSERT INTO alert_preferences (username, email, daily, updated_at)
                VALUES (\(username), \(preferences.email), \(preferences.daily), \(now.toMillisecond))
                ON CONFLICT (username) DO UPDATE SET email = excluded.email, daily = excluded.daily, updated_at = excluded.updated_at
                """)
            try await db.execute("DELETE FROM followed_sections WHERE username = \(username)")
            try await db.execute("DELETE FROM followed_rooms WHERE username = \(username)")
            // A person followed before keeps when they were first followed.
            try await db.execute("DELETE FROM followed_people WHERE username = \(username) AND NOT (person = ANY(\(people)::text[]))")
            try await db.execute("""
                INSERT INTO followed_sections (username, term, section)
                SELECT \(username), term, section FROM unnest(\(sections.map(\.term.rawValue))::text[], \(sections.map(\.section.rawValue))::text[])
                    AS followed (term, section)
                """)
            try await db.execute("INSERT INTO followed_rooms (username, room) SELECT \(username), unnest(\(rooms)::text[])")
            try await db.execute("""
                INSERT INTO followed_people (username, person, followed_at) SELECT \(username), unnest(\(people)::text[]), \(now.toMillisecond)
                ON CONFLICT DO NOTHING
                """)
        }
    }

    public func followers(of sections: [FollowedSection], rooms: [String], people: [String]) async throws(UserStateError) -> AlertFollowers {
        let keys = sections.map { $0.term.rawValue + " " + $0.section.rawValue }
        let rooms = rooms.map { $0.uppercased() }
        let people = people.map { $0.lowercased() }
        return try await transaction("read who follows sections, rooms and people") { db in
            try await db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            var found = AlertFollowers()
            for row in try await db.rows("""
                SELECT term, section, username FROM followed_sections WHERE term || ' ' || section = ANY(\(keys)::text[])
                """) {
                let (term, section, username) = try row.decode((String, String, String).self)
                guard let term = TermCode(term), let section = SectionID(section) else { continue }
                found.sections[FollowedSection(section: section, term: term), default: []].append(username)
            }
            for row in try await db.rows("SELECT room, username FROM followed_rooms WHERE room = ANY(\(rooms)::text[])") {
                let (room, username) = try row.decode((String, String).self)
                found.rooms[room, default: []].append(username)
            }
            for row in try await db.rows("SELECT person, username FROM followed_people WHERE person = ANY(\(people)::text[])") {
                let (person, username) = try row.decode((String, String).self)
                found.people[person, default: []].append(username)
            }
            return found
        }
    }

    public func queuedRefreshes(among tokens: [String]) async throws(UserStateError) -> Set<String> {
        try await run("read which refreshes were queued") { db in try await Self.queued(tokens, db) }
    }

    public func anyRefreshQueued() async throws(UserStateError) -> Bool {
        try await run("read whether alerts were ever queued") { db in
            try await db.count("SELECT count(*) FROM (SELECT 1 FROM alert_refreshes LIMIT 1) AS any_refresh") > 0
        }
    }

    /// Those of `tokens` marked queued.
    private static func queued(_ tokens: [String], _ db: some PostgresStatements) async throws -> Set<String> {
        Set(try await db.rows("SELECT token FROM alert_refreshes WHERE token = ANY(\(tokens)::text[])").map { try $0.decode(String.self) })
    }

    /// The lock every change to the alert queue is made under, whichever server makes it: one
    /// at a time, as in SQLite, so that two servers updating many alerts at once never deadlock.
    static let queueLock = "alert queue"

    public func queueAlerts(_ alerts: [NewAlert], refreshes tokens: [String], at now: Date) async throws(UserStateError) -> Int {
        // Runs on every server queue one after another: a refresh is turned into alerts once.
        try await transaction("queue alerts", locking: [Self.queueLock]) { db in
            let done = try await Self.queued(tokens, db)
            var queued = 0
            for alert in alerts {
                // Another run may have queued some of these refreshes meanwhile: never twice.
                let fresh = alert.refreshes.filter { !done.contains($0) }
                guard !fresh.isEmpty else { continue }
                let new = NewAlert(username: alert.username, refreshes: fresh, dueAt: alert.dueAt)
                queued += try await db.changes("""
                    INSERT INTO alerts (username, key, refreshes, queued_at, status, attempts, next_attempt_at)
                    VALUES (\(new.username), \(new.key), \(StoredForm.list(new.refreshes)), \(now.toMillisecond),
                            \(Alert.Status.pending.rawValue), 0, \(new.dueAt.toMillisecond))
                    ON CONFLICT (key) DO NOTHING RETURNING 1
                    """)
            }
            let marked = tokens.filter { !done.contains($0) }
            try await db.execute("""
                INSERT INTO alert_refreshes (token, queued_at) SELECT unnest(\(marked)::text[]), \(now.toMillisecond)
                ON CONFLICT (token) DO NOTHING
                """)
            return queued
        }
    }

    private static let alertColumns =
        "id, username, refreshes, queued_at, status, attempts, next_attempt_at, note, delivered_at, subject, lines, read_at"

    /// The alert of a row of ``alertColumns``; `nil` for a status this version does not know.
    private static func alert(_ row: PostgresRow) throws -> Alert? {
        let (id, username, refreshes, queuedAt, status, attempts, nextAttemptAt, note, deliveredAt, subject, lines, readAt) =
            try row.decode((Int64, String, String, Date, String, Int32, Date, String?, Date?, String?, String?, Date?).self)
        guard let status = Alert.Status(rawValue: status) else { return nil }
        return Alert(
            id: id, username: username, refreshes: StoredForm.strings(refreshes), queuedAt: queuedAt.toMillisecond, status: status,
            attempts: Int(attempts), nextAttemptAt: nextAttemptAt.toMillisecond, note: note, deliveredAt: deliveredAt?.toMillisecond,
            subject: subject, lines: lines.map(StoredForm.strings) ?? [], readAt: readAt?.toMillisecond)
    }

    public func claimDueAlerts(at now: Date, limit: Int, for lease: TimeInterval) async throws(UserStateError) -> AlertClaim {
        let token = UUID().uuidString.lowercased()
        return try await transaction("claim the alerts due", locking: [Self.queueLock]) { db in
            // Rows another sender is claiming this instant are skipped, not waited for.
            let claimed = try await db.rows("""
                UPDATE alerts SET claimed_until = \(now.addingTimeInterval(lease).toMillisecond), claim = \(token)
                WHERE id IN (
                    SELECT id FROM alerts
                    WHERE status = \(Alert.Status.pending.rawValue) AND next_attempt_at <= \(now.toMillisecond)
                      AND (claimed_until IS NULL OR claimed_until <= \(now.toMillisecond))
                    ORDER BY id LIMIT \(Int64(limit)) FOR UPDATE SKIP LOCKED)
                RETURNING \(unescaped: Self.alertColumns)
                """).compactMap(Self.alert)
            return AlertClaim(token: token, alerts: claimed.sorted { $0.id < $1.id })
        }
    }

    public func releaseAlerts(_ ids: [Int64], of claim: String, at now: Date) async throws(UserStateError) {
        try await transaction("release alerts", locking: [Self.queueLock]) { db in
            try await db.execute("""
                UPDATE alerts SET next_attempt_at = \(now.toMillisecond), claimed_until = NULL, claim = NULL
                WHERE id = ANY(\(ids)::int8[]) AND status = \(Alert.Status.pending.rawValue) AND claim = \(claim)
                """)
        }
    }

    public func forgetAlerts(before cutoff: Date) async throws(UserStateError) -> Int {
        try await transaction("forget old alerts", locking: [Self.queueLock]) { db in
            try await db.execute("DELETE FROM alert_refreshes WHERE queued_at < \(cutoff.toMillisecond)")
            return try await db.changes("""
                DELETE FROM alerts WHERE status <> \(Alert.Status.pending.rawValue) AND queued_at < \(cutoff.toMillisecond) RETURNING 1
                """)
        }
    }

    public func settleAlerts(_ ids: [Int64], of claim: String, as settling: AlertSettling, at now: Date) async throws(UserStateError) {
        // What each outcome writes; a column left nil keeps its value.
        var status = Alert.Status.pending.rawValue
        var note: String?
        var delivered: (subject: String, lines: String)?
        var nextAttempt: Date?
        switch settling {
        case .sent(let subject, let lines):
            status = Alert.Status.sent.rawValue
            delivered = (subject, StoredForm.list(lines))
        case .kept(let subject, let lines, let kept):
            status = Alert.Status.kept.rawValue
            note = kept
            delivered = (subject, StoredForm.list(lines))
        case .dropped(let dropped):
            status = Alert.Status.dropped.rawValue
            note = dropped
        case .retry(let failure, let at):
            note = failure
            nextAttempt = at.toMillisecond
        }
        let deliveredAt = delivered == nil ? nil : now.toMillisecond
        let attempted: Int32 = nextAttempt == nil ? 0 : 1
        try await transaction("settle alerts", locking: [Self.queueLock]) { [status, note, delivered, nextAttempt] db in
            try await db.execute("""
                UPDATE alerts SET claimed_until = NULL, claim = NULL, status = \(status), note = \(note),
                    delivered_at = coalesce(\(deliveredAt)::timestamptz, delivered_at),
                    subject = coalesce(\(delivered?.subject)::text, subject), lines = coalesce(\(delivered?.lines)::text, lines),
                    attempts = attempts + \(attempted), next_attempt_at = coalesce(\(nextAttempt)::timestamptz, next_attempt_at)
                WHERE id = ANY(\(ids)::int8[]) AND status = \(Alert.Status.pending.rawValue) AND claim = \(claim)
                """)
        }
    }

    public func retryFailedAlerts(at now: Date) async throws(UserStateError) -> Int {
        try await transaction("retry failed alerts", locking: [Self.queueLock]) { db in
            try await db.changes("""
                UPDATE alerts SET next_attempt_at = \(now.toMillisecond)
                WHERE status = \(Alert.Status.pending.rawValue) AND attempts > 0 AND next_attempt_at > \(now.toMillisecond)
                RETURNING 1
                """)
        }
    }

    /// The statuses of delivered alerts: what a person's inbox holds.
    private static var delivered: [String] { [Alert.Status.sent.rawValue, Alert.Status.kept.rawValue] }

    public func alerts(of username: String, limit: Int) async throws(UserStateError) -> [Alert] {
        let username = username.lowercased()
        return try await run("read the alerts of \(username)") { db in
            try await db.rows("""
                SELECT \(unescaped: Self.alertColumns) FROM alerts WHERE username = \(username) AND status = ANY(\(Self.delivered)::text[])
                ORDER BY id DESC LIMIT \(Int64(limit))
                """).compactMap(Self.alert)
        }
    }

    public func unreadAlerts(of username: String) async throws(UserStateError) -> Int {
        let username = username.lowercased()
        return try await run("count the unread alerts of \(username)") { db in
            try await db.count("""
                SELECT count(*) FROM alerts WHERE username = \(username) AND read_at IS NULL AND status = ANY(\(Self.delivered)::text[])
                """)
        }
    }

    public func markAlertsRead(of username: String, at now: Date) async throws(UserStateError) -> Int {
        let username = username.lowercased()
        return try await run("mark the alerts of \(username) read") { db in
            try await db.changes("""
                UPDATE alerts SET read_at = \(now.toMillisecond)
                WHERE username = \(username) AND read_at IS NULL AND status = ANY(\(Self.delivered)::text[]) RETURNING 1
                """)
        }
    }

    public func alertQueueState() async throws(UserStateError) -> AlertQueueState {
        try await run("read the alert queue") { db in
            guard let row = try await db.rows("""
                SELECT
                    (SELECT count(*) FROM alerts WHERE status = 'pending'),
                    (SELECT count(*) FROM alerts WHERE status = 'pending' AND attempts > 0),
                    (SELECT note FROM alerts WHERE status = 'pending' AND attempts > 0 ORDER BY next_attempt_at DESC LIMIT 1)
                """).first
            else { return AlertQueueState() }
            let (pending, failing, lastFailure) = try row.decode((Int64, Int64, String?).self)
            return AlertQueueState(pending: Int(pending), failing: Int(failing), lastFailure: lastFailure)
        }
    }

    public func alertSigningKey() async throws(UserStateError) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let made = ByteBuffer(bytes: (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        return try await run("read the alert signing key") { db in
            // The first server to ask makes it; every other one reads that one.
            try await db.execute("INSERT INTO alert_secret (id, key) VALUES (1, \(made)) ON CONFLICT (id) DO NOTHING")
            guard let row = try await db.rows("SELECT key FROM alert_secret WHERE id = 1").first else {
                throw UserStateError.failed(operation: "read the alert signing key", detail: "it was not kept")
            }
            return Array(buffer: try row.decode(ByteBuffer.self))
        }
    }
}
