import CampusCore
import CampusIndex
import Foundation
import PostgresNIO

extension PostgresUserState {
    public func addSession(_ session: Session) async throws(UserStateError) {
        try await keep(session, removingFailures: [], forgetting: nil)
    }

    /// Keeps `session`, in one statement (one round trip, one transaction) with the removal of
    /// the failures `rows` counted and of those under `forgetting`: how a log-in ends well.
    /// Sessions kept at once are kept in one statement.
    private func keep(_ session: Session, removingFailures rows: [Int64], forgetting: LoginAttemptKey?) async throws(UserStateError) {
        try await sessionWrites.call(SessionKeeping(session: session, failures: rows, forgetting: forgetting)) { group throws(GroupFailure) in
            let sessions = group.map(\.session)
            let forgotten = group.compactMap(\.forgetting)
            let operation = sessions.count == 1 ? "keep a session of \(sessions[0].username)" : "keep \(sessions.count) sessions"
            try await runGrouped(operation) { db in
                try await db.execute("""
                    WITH attempt AS (DELETE FROM login_failures WHERE id = ANY(\(group.flatMap(\.failures))::int8[])),
                         forgotten AS (
                             DELETE FROM login_failures AS failure USING unnest(\(forgotten.map(\.kind))::text[], \(forgotten.map(\.value))::text[]) AS gone (kind, key)
                             WHERE failure.kind = gone.kind AND failure.key = gone.key)
                    INSERT INTO sessions (\(unescaped: Self.sessionColumns))
                    SELECT token_hash, username, to_timestamp(created_at), to_timestamp(last_used_at), to_timestamp(expires_at), kept, CASE WHEN known THEN device END
                    FROM unnest(\(sessions.map(\.tokenHash))::text[], \(sessions.map(\.username))::text[],
                                \(sessions.map { $0.createdAt.toMillisecond.timeIntervalSince1970 })::float8[],
                                \(sessions.map { $0.lastUsedAt.toMillisecond.timeIntervalSince1970 })::float8[],
                                \(sessions.map { $0.expiresAt.toMillisecond.timeIntervalSince1970 })::float8[],
                                \(sessions.map(\.isKept))::bool[], \(sessions.map { $0.device ?? "" })::text[], \(sessions.map { $0.device != nil })::bool[])
                         AS kept (token_hash, username, created_at, last_used_at, expires_at, kept, device, known)
                    """)
            }
            return group.map { _ in () }
        }
    }

    /// A session to keep, and the failed log-ins its keeping removes.
    struct SessionKeeping: Sendable {
        let session: Session
        let failures: [Int64]
        let forgetting: LoginAttemptKey?
    }

    /// The columns ``session(_:)`` reads, and ``keep(_:removingFailures:forgetting:)`` writes, in order.
    private static let sessionColumns = "token_hash, username, created_at, last_used_at, expires_at, kept, device"

    private static func session(_ row: PostgresRow) throws -> Session {
        let (tokenHash, username, createdAt, lastUsedAt, expiresAt, isKept, device) =
            try row.decode((String, String, Date, Date, Date, Bool, String?).self)
        return Session(
            tokenHash: tokenHash, username: username, createdAt: createdAt.toMillisecond, lastUsedAt: lastUsedAt.toMillisecond,
            expiresAt: expiresAt.toMillisecond, isKept: isKept, device: device)
    }

    public func session(tokenHash: String) async throws(UserStateError) -> Session? {
        try await sessionLookups.call(tokenHash) { hashes throws(GroupFailure) in
            let found = try await runGrouped("look up a session") { db in
                try await db.rows("SELECT \(unescaped: Self.sessionColumns) FROM sessions WHERE token_hash = ANY(\(hashes)::text[])").map(Self.session)
            }
            let byHash = Dictionary(found.map { ($0.tokenHash, $0) }, uniquingKeysWith: { first, _ in first })
            return hashes.map { byHash[$0] }
        }
    }

    public func sessions(username: String) async throws(UserStateError) -> [Session] {
        try await run("list the sessions of \(username)") { db in
            try await db.rows("""
                SELECT \(unescaped: Self.sessionColumns) FROM sessions WHERE username = \(username.lowercased())
                ORDER BY last_used_at DESC, created_at DESC
                """).map(Self.session)
        }
    }

    public func touchSession(tokenHash: String, at now: Date, keptUntil: Date?) async throws(UserStateError) {
        try await run("mark a session used") { db in
            try await db.execute("""
                UPDATE sessions SET last_used_at = GREATEST(last_used_at, \(now.toMillisecond)),
                    expires_at = CASE WHEN kept AND \(keptUntil?.toMillisecond)::timestamptz IS NOT NULL
                                      THEN GREATEST(expires_at, \(keptUntil?.toMillisecond)) ELSE expires_at END
                WHERE token_hash = \(tokenHash)
                """)
        }
    }

    public func removeSession(id: String, username: String) async throws(UserStateError) -> Bool {
        guard id.count == 16 else { return false }
        return try await run("end a session of \(username)") { db in
            try await db.changes("""
                DELETE FROM sessions WHERE username = \(username.lowercased()) AND left(token_hash, 16) = \(id.lowercased()) RETURNING 1
                """) > 0
        }
    }

    public func removeSession(tokenHash: String) async throws(UserStateError) -> Bool {
        try await run("end a session") { db in
            try await db.changes("DELETE FROM sessions WHERE token_hash = \(tokenHash) RETURNING 1") > 0
        }
    }

    public func removeSessions(username: String, except: String?) async throws(UserStateError) -> Int {
        try await run("end the sessions of \(username)") { db in
            try await db.changes("""
                DELETE FROM sessions WHERE username = \(username.lowercased()) AND token_hash IS DISTINCT FROM \(except) RETURNING 1
                """)
        }
    }

    public func removeEndedSessions(at now: Date, idle: TimeInterval) async throws(UserStateError) -> Int {
        try await run("remove ended sessions") { db in
            try await db.changes("""
                DELETE FROM sessions
                WHERE expires_at <= \(now.toMillisecond) OR (NOT kept AND last_used_at <= \(now.addingTimeInterval(-idle).toMillisecond))
                RETURNING 1
                """)
        }
    }

    // MARK: Failed log-ins

    public func beginLoginAttempt(_ keys: [LoginAttemptKey], throttle: LoginThrottle, at now: Date) async throws(UserStateError) -> LoginAttemptStart {
        let locks = keys.map { "log-in \($0.kind) \($0.value)" }
        let kinds = keys.map(\.kind)
        let values = keys.map(\.value)
        let limits = keys.map { Int32(clamping: throttle.limit(for: $0)) }
        let since = now.addingTimeInterval(-throttle.horizon).toMillisecond
        // Attempts under any of the same keys, from any server, come one after another: the
        // function takes their locks, reads the failures and, when every key is far from its
        // limit, writes this attempt's (see schema v4). That is one statement, its own
        // transaction, the locks held only while it runs.
        let attempt: PostgresQuery = """
            SELECT kind, key, at, id FROM campus_begin_login_attempt(
                \(locks)::text[], \(kinds)::text[], \(values)::text[], \(limits)::int4[], \(since), \(now.toMillisecond))
            """
        let first = try await run("count a log-in attempt") { db in try await Self.attemptRows(db.rows(attempt)) }
        if !first.written.isEmpty { return .begun(first.written) }
        // Near a limit: the throttle decides, in a transaction that holds the locks from the
        // read to the attempt's rows, so attempts made at once still pass one after another.
        return try await transaction("count a log-in attempt near its limit") { db in
            let found = try Self.attemptRows(try await db.rows(attempt))
            if !found.written.isEmpty { return .begun(found.written) }
            var until: Date?
            for key in keys {
                let failures = found.failures[key.kind + " " + key.value] ?? []
                if let end = throttle.lockedUntil(failuresAt: failures, limit: throttle.limit(for: key), now: now) {
                    until = max(until ?? end, end)
                }
            }
            if let until { return .locked(until: until) }
            return .begun(try await db.rows("""
                INSERT INTO login_failures (kind, key, at)
                SELECT attempt.kind, attempt.key, \(now.toMillisecond) FROM unnest(\(kinds)::text[], \(values)::text[]) AS attempt (kind, key)
                RETURNING id
                """).map { try $0.decode(Int64.self) })
        }
    }

    /// What `campus_begin_login_attempt` answered: the attempt's own rows, or the failures
    /// under each key ("kind key") when it wrote none.
    private static func attemptRows(_ rows: [PostgresRow]) throws -> (written: [Int64], failures: [String: [Date]]) {
        var written: [Int64] = []
        var failures: [String: [Date]] = [:]
        for row in rows {
            let (kind, key, at, id) = try row.decode((String, String, Date, Int64?).self)
            if let id { written.append(id) } else { failures[kind + " " + key, default: []].append(at.toMillisecond) }
        }
        return (written, failures)
    }

    public func logInSucceeded(_ rows: [Int64], forgetting: LoginAttemptKey, session: Session) async throws(UserStateError) {
        try await keep(session, removingFailures: rows, forgetting: forgetting)
    }

    public func abandonLoginAttempt(_ rows: [Int64]) async throws(UserStateError) {
        try await run("forget a log-in attempt the directory did not answer") { db in
            try await db.execute("DELETE FROM login_failures WHERE id = ANY(\(rows)::int8[])")
        }
    }

    public func loginFailureTimes(_ key: LoginAttemptKey, since: Date) async throws(UserStateError) -> [Date] {
        try await run("count failed log-ins") { db in
            try await db.rows("""
                SELECT at FROM login_failures WHERE kind = \(key.kind) AND key = \(key.value) AND at >= \(since.toMillisecond) ORDER BY at
                """).map { try $0.decode(Date.self).toMillisecond }
        }
    }

    public func removeLoginFailures(before: Date) async throws(UserStateError) -> Int {
        try await run("forget old failed log-ins") { db in
            try await db.changes("DELETE FROM login_failures WHERE at < \(before.toMillisecond) RETURNING 1")
        }
    }
}
