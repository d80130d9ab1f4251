import CampusIndex
import Foundation
import NIOCore
import PostgresNIO

extension PostgresUserState {
    /// Copies every row of `source` into this store, in one transaction: all of them or none,
    /// each table's count checked against the source's before it commits. Refused when this
    /// store holds anything already. Servers using `source` should be stopped first.
    /// Returns how many rows of each table it copied.
    public func copy(from source: SQLiteUserState) async throws(UserStateError) -> [(table: String, rows: Int)] {
        let operation = "copy the user state from \(source.path ?? "memory")"
        let address = address
        // A large record of disclosures takes a while: no limit short of a day.
        return try await transaction(operation, locking: ["copy"], waiting: .seconds(86_400)) { db in
            try await db.execute("SET LOCAL statement_timeout = 0")
            try await db.execute("SET LOCAL idle_in_transaction_session_timeout = 0")
            for table in StateTable.all {
                let held = try await db.count("SELECT count(*) FROM \(unescaped: table.name)")
                guard held == 0 else {
                    throw UserStateError.failed(
                        operation: operation, detail: "\(address) holds \(held) rows of \(table.name) already; copy into a new, empty database")
                }
            }
            var copied: [(table: String, rows: Int)] = []
            for table in StateTable.all {
                // PostgreSQL takes at most 65,535 values in one statement.
                let perStatement = min(1000, 60_000 / table.columns.count)
                var after: Int64 = 0
                var count = 0
                while true {
                    let page = try await source.rows(of: table, after: after, limit: perStatement)
                    guard let last = page.last, !page.rows.isEmpty else { break }
                    try await db.execute(Self.insert(page.rows, into: table))
                    count += page.rows.count
                    after = last
                }
                if let serial = table.serial {
                    // The next row numbers itself after the largest SQLite ever gave (rows since
                    // removed included: a number is never given twice), as SQLite would have.
                    let given = try await source.largestNumberGiven(in: table)
                    try await db.execute("""
                        SELECT setval(pg_get_serial_sequence(\(table.name), \(serial)),
                                      greatest(\(given), coalesce((SELECT max(\(unescaped: serial)) FROM \(unescaped: table.name)), 0)) + 1, false)
                        """)
                }
                let expected = try await source.count(of: table)
                let written = try await db.count("SELECT count(*) FROM \(unescaped: table.name)")
                guard count == expected, written == expected else {
                    throw UserStateError.failed(
                        operation: operation,
                        detail: "\(table.name) has \(expected) rows in the source, \(count) were read and \(written) written; nothing was kept")
                }
                copied.append((table.name, count))
            }
            return copied
        }
    }

    /// One `INSERT` of `rows` into `table`, every value bound.
    private static func insert(_ rows: [[StoredValue]], into table: StateTable) -> PostgresQuery {
        var binds = PostgresBindings(capacity: rows.count * table.columns.count)
        var tuples: [String] = []
        tuples.reserveCapacity(rows.count)
        for row in rows {
            var places: [String] = []
            for value in row {
                switch value {
                case .text(let text): binds.append(text)
                case .caseless(let text): binds.append(text?.lowercased())
                case .integer(let number): binds.append(number)
                case .boolean(let flag): binds.append(flag)
                case .date(let date): binds.append(date?.toMillisecond)
                case .bytes(let bytes): binds.append(bytes.map { ByteBuffer(bytes: $0) })
                }
                places.append("$\(binds.count)")
            }
            tuples.append("(" + places.joined(separator: ", ") + ")")
        }
        let columns = table.columns.map(\.name).joined(separator: ", ")
        return PostgresQuery(unsafeSQL: "INSERT INTO \(table.name) (\(columns)) VALUES \(tuples.joined(separator: ", "))", binds: binds)
    }
}
