import CampusCore
import Foundation
internal import GRDB

extension SQLiteUserState {
    public func addSession(_ session: Session) async throws(UserStateError) {
        try await write("keep a session of \(session.username)") { db in try Self.insert(session, db) }
    }

    private static func insert(_ session: Session, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO sessions (token_hash, username, created_at, last_used_at, expires_at, kept, device)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                session.tokenHash, session.username, session.createdAt, session.lastUsedAt, session.expiresAt, session.isKept, session.device,
            ])
    }

    /// The columns ``session(_:)`` reads, in order.
    private static let sessionColumns = "token_hash, username, created_at, last_used_at, expires_at, kept, device"

    private static func session(_ row: Row) -> Session {
        Session(tokenHash: row[0], username: row[1], createdAt: row[2], lastUsedAt: row[3], expiresAt: row[4], isKept: row[5], device: row[6])
    }

    private static let sessionByHashSQL = "SELECT \(sessionColumns) FROM sessions WHERE token_hash = ?"

    public func session(tokenHash: String) async throws(UserStateError) -> Session? {
        try await read("look up a session") { db in
            try SQLRequest<Row>(sql: Self.sessionByHashSQL, arguments: [tokenHash], cached: true).fetchOne(db).map(Self.session)
        }
    }

    public func sessions(username: String) async throws(UserStateError) -> [Session] {
        try await read("list the sessions of \(username)") { db in
            try Row.fetchAll(
                db, sql: "SELECT \(Self.sessionColumns) FROM sessions WHERE username = ? ORDER BY last_used_at DESC, created_at DESC",
                arguments: [username.lowercased()]
            ).map(Self.session)
        }
    }

    public func touchSession(tokenHash: String, at now: Date, keptUntil: Date?) async throws(UserStateError) {
        try await write("mark a session used") { db in
            try db.execute(
                sql: """
                    UPDATE sessions SET last_used_at = MAX(last_used_at, ?),
                        expires_at = CASE WHEN kept AND ? IS NOT NULL THEN MAX(expires_at, ?) ELSE expires_at END
                    WHERE token_hash = ?
                    """,
                arguments: [now, keptUntil, keptUntil, tokenHash])
        }
    }

    public func removeSession(id: String, username: String) async throws(UserStateError) -> Bool {
        try await write("end a session of \(username)") { db in
            try db.execute(
                sql: "DELETE FROM sessions WHERE username = ? AND substr(token_hash, 1, 16) = ? AND length(?) = 16",
                arguments: [username.lowercased(), id.lowercased(), id])
            return db.changesCount > 0
        }
    }

    public func removeSession(tokenHash: String) async throws(UserStateError) -> Bool {
        try await write("end a session") { db in
            try db.execute(sql: "DELETE FROM sessions WHERE token_hash = ?", arguments: [tokenHash])
            return db.changesCount > 0
        }
    }

    public func removeSessions(username: String, except: String?) async throws(UserStateError) -> Int {
        try await write("end the sessions of \(username)") { db in
            try db.execute(
                sql: "DELETE FROM sessions WHERE username = ? AND token_hash IS NOT ?", arguments: [username.lowercased(), except])
            return db.changesCount
        }
    }

    public func removeEndedSessions(at now: Date, idle: TimeInterval) async throws(UserStateError) -> Int {
        try await write("remove ended sessions") { db in
            try db.execute(
                sql: "DELETE FROM sessions WHERE expires_at <= ? OR (NOT kept AND last_used_at <= ?)",
                arguments: [now, now.addingTimeInterval(-idle)])
            return db.changesCount
        }
    }

    public func beginLoginAttempt(_ keys: [LoginAttemptKey], throttle: LoginThrottle, at now: Date) async throws(UserStateError) -> LoginAttemptStart {
        try await writeImmediately("count a log-in attempt") { db in
            var until: Date?
            for key in keys {
                let times = try Date.fetchAll(
                    db, sql: "SELECT at FROM login_failures WHERE kind = ? AND key = ? AND at >= ?",
                    arguments: [key.kind, key.value, now.addingTimeInterval(-throttle.horizon)])
                if let end = throttle.lockedUntil(failuresAt: times, limit: throttle.limit(for: key), now: now) {
                    until = max(until ?? end, end)
                }
            }
            if let until { return .locked(until: until) }
            var rows: [Int64] = []
            for key in keys {
                try db.execute(sql: "INSERT INTO login_failures (kind, key, at) VALUES (?, ?, ?)", arguments: [key.kind, key.value, now])
                rows.append(db.lastInsertedRowID)
            }
            return .begun(rows)
        }
    }

    public func logInSucceeded(_ rows: [Int64], forgetting: LoginAttemptKey, session: Session) async throws(UserStateError) {
        try await write("keep a session of \(session.username)") { db in
            for row in rows { try db.execute(sql: "DELETE FROM login_failures WHERE rowid = ?", arguments: [row]) }
            try db.execute(sql: "DELETE FROM login_failures WHERE kind = ? AND key = ?", arguments: [forgetting.kind, forgetting.value])
            try Self.insert(session, db)
        }
    }

    public func abandonLoginAttempt(_ rows: [Int64]) async throws(UserStateError) {
        try await write("forget a log-in attempt the directory did not answer") { db in
            for row in rows { try db.execute(sql: "DELETE FROM login_failures WHERE rowid = ?", arguments: [row]) }
        }
    }

    public func loginFailureTimes(_ key: LoginAttemptKey, since: Date) async throws(UserStateError) -> [Date] {
        try await read("count failed log-ins") { db in
            try Date.fetchAll(
                db, sql: "SELECT at FROM login_failures WHERE kind = ? AND key = ? AND at >= ? ORDER BY at",
                arguments: [key.kind, key.value, since])
        }
    }

    public func removeLoginFailures(before: Date) async throws(UserStateError) -> Int {
        try await write("forget old failed log-ins") { db in
            try db.execute(sql: "DELETE FROM login_failures WHERE at < ?", arguments: [before])
            return db.changesCount
        }
    }
}
