internal import CampusIndex
import Foundation
internal import UserStatePostgres

/// What `campus state migrate` copied: how many rows of each table, into which database.
public struct UserStateMigration: Sendable {
    /// The database, without a password.
    public var destination: String
    /// How many rows of each table were copied, in the order they were.
    public var tables: [(table: String, rows: Int)]

    /// How many rows were copied in all.
    public var total: Int { tables.reduce(0) { $0 + $1.rows } }
}

extension CampusContext {
    /// Copies this campus's user-state store, an SQLite file, into the empty PostgreSQL
    /// database `url` names (its password in `passwordFile`): every session, failed log-in,
    /// favorite, share, consent, alert and disclosure, in one transaction, each table's count
    /// checked. Then point `state:` at the database. Stop the servers using the file first.
    func migrateUserState(to url: String, passwordFile: String?) async throws(CampusError) -> UserStateMigration {
        let postgres = try UserStateOpening.postgres(url: url, passwordFile: passwordFile, names: ("--to", "--password-file"))
        guard let file = state.file else {
            throw .userState("the user state is in PostgreSQL already (\(state)); state migrate copies an SQLite file into PostgreSQL")
        }
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw .userState("there is no user-state file at \(file.path) to copy; state: or CAMPUS_STATE names the one to copy")
        }
        let source = try lookingUp { try SQLiteUserState.open(path: file.path) }
        let tables = try await lookingUp { try await postgres.copy(from: source) }
        return UserStateMigration(destination: postgres.address.description, tables: tables)
    }
}
