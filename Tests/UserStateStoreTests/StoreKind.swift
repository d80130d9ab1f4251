import CampusIndex
import Foundation
import SlapdHarness
import Testing
import UserStatePostgres

/// The user-state stores every test here runs against: the SQLite default, and PostgreSQL
/// on a real server of the test process's own.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgres: "PostgreSQL"
        }
    }

    /// A new, empty store of this kind (PostgreSQL's in a database of its own).
    func make() async throws -> any UserStateStore {
        switch self {
        case .sqlite: try SQLiteUserState.inMemory()
        case .postgres: try await TestPostgres.emptyStore()
        }
    }
}

/// Stores on new databases of the test process's PostgreSQL server.
enum TestPostgres {
    /// The server, started on first use.
    static func server() async throws -> PostgresServer {
        try await PostgresServer.shared()
    }

    /// Where a new, empty database on the server is (plain TCP on loopback, as `scripts/postgres` makes it).
    static func emptyDatabase() async throws -> PostgresAddress {
        let server = try await server()
        let database = try server.createDatabase()
        return PostgresAddress(host: "127.0.0.1", port: server.port, username: "campus", database: database, tls: .disable)
    }

    /// A store on a new, empty database.
    static func emptyStore() async throws -> PostgresUserState {
        let server = try await server()
        return PostgresUserState(address: try await emptyDatabase(), password: try server.password())
    }
}
