import Foundation
import PostgresNIO

/// What the store's operations run statements on: the pool (each statement its own
/// transaction) or one connection inside a transaction.
protocol PostgresStatements: Sendable {
    /// The rows `query` returns, all read.
    func rows(_ query: PostgresQuery) async throws -> [PostgresRow]
}

extension PostgresClient: PostgresStatements {
    func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await self.query(query, logger: PostgresUserState.quiet).collect()
    }
}

extension PostgresConnection: PostgresStatements {
    func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await self.query(query, logger: PostgresUserState.quiet).collect()
    }
}

extension PostgresStatements {
    /// Runs a statement whose rows, if any, are not needed.
    func execute(_ query: PostgresQuery) async throws {
        _ = try await rows(query)
    }

    /// The first column of the first row as a whole number: a `count(*)`.
    func count(_ query: PostgresQuery) async throws -> Int {
        guard let row = try await rows(query).first else { return 0 }
        return Int(try row.decode(Int64.self))
    }

    /// How many rows a `DELETE`, `UPDATE` or `INSERT` changed: `statement` must end in
    /// `RETURNING 1`, and the server counts them (postgres-nio does not hand back its count).
    func changes(_ statement: PostgresQuery) async throws -> Int {
        try await count(PostgresQuery(unsafeSQL: "WITH changed AS (\(statement.sql)) SELECT count(*) FROM changed", binds: statement.binds))
    }
}
