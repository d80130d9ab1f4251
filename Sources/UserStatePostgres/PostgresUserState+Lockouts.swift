import CampusCore
import CampusIndex
import Foundation
import PostgresNIO

extension PostgresUserState {
    public func recordLockout(_ lockout: LoginLockout) async throws(UserStateError) -> (recorded: Bool, othersHolding: Bool) {
        try await transaction("record that \(lockout.username)'s account was locked", locking: ["lockouts " + lockout.username]) { db in
            let holding = try await db.rows("""
                SELECT network FROM login_lockouts WHERE username = \(lockout.username) AND until > \(lockout.at.toMillisecond)
                """).map { try $0.decode(String.self) }
            guard !holding.contains(lockout.network) else { return (false, true) }
            try await db.execute("""
                INSERT INTO login_lockouts (username, network, at, until)
                VALUES (\(lockout.username), \(lockout.network), \(lockout.at.toMillisecond), \(lockout.until.toMillisecond))
                """)
            return (true, !holding.isEmpty)
        }
    }

    public func lockouts(of username: String, since: Date) async throws(UserStateError) -> [LoginLockout] {
        let username = username.lowercased()
        return try await run("list the lockouts of \(username)") { db in
            try await db.rows("""
                SELECT network, at, until FROM login_lockouts WHERE username = \(username) AND at >= \(since.toMillisecond) ORDER BY at DESC LIMIT 50
                """).map { row in
                let (network, at, until) = try row.decode((String, Date, Date).self)
                return LoginLockout(username: username, network: network, at: at.toMillisecond, until: until.toMillisecond)
            }
        }
    }

    public func removeLockouts(before: Date) async throws(UserStateError) -> Int {
        try await run("forget old lockouts") { db in
            try await db.changes("DELETE FROM login_lockouts WHERE at < \(before.toMillisecond) RETURNING 1")
        }
    }
}
