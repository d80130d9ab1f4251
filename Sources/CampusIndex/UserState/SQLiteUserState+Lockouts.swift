import CampusCore
import Foundation
internal import GRDB

extension SQLiteUserState {
    public func recordLockout(_ lockout: LoginLockout) async throws(UserStateError) -> (recorded: Bool, othersHolding: Bool) {
        try await writeImmediately("record that \(lockout.username)'s account was locked") { db in
            let holding = try String.fetchAll(
                db, sql: "SELECT network FROM login_lockouts WHERE username = ? AND until > ?", arguments: [lockout.username, lockout.at])
            guard !holding.contains(lockout.network) else { return (false, true) }
            try db.execute(
                sql: "INSERT INTO login_lockouts (username, network, at, until) VALUES (?, ?, ?, ?)",
                arguments: [lockout.username, lockout.network, lockout.at, lockout.until])
            return (true, !holding.isEmpty)
        }
    }

    public func lockouts(of username: String, since: Date) async throws(UserStateError) -> [LoginLockout] {
        let username = username.lowercased()
        return try await read("list the lockouts of \(username)") { db in
            try Row.fetchAll(
                db, sql: "SELECT network, at, until FROM login_lockouts WHERE username = ? AND at >= ? ORDER BY at DESC LIMIT 50",
                arguments: [username, since]
            ).map { row in LoginLockout(username: username, network: row[0], at: row[1], until: row[2]) }
        }
    }

    public func removeLockouts(before: Date) async throws(UserStateError) -> Int {
        try await write("forget old lockouts") { db in
            try db.execute(sql: "DELETE FROM login_lockouts WHERE at < ?", arguments: [before])
            return db.changesCount
        }
    }
}
