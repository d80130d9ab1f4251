import Foundation
internal import GRDB

extension SQLiteUserState {
    /// Up to `limit` rows of `table` after the row `rowID` (in the order they were written),
    /// their values in the order of its columns; and the last row's id, to ask for the next page.
    package func rows(of table: StateTable, after rowID: Int64, limit: Int) async throws(UserStateError) -> (rows: [[StoredValue]], last: Int64?) {
        let columns = table.columns.map(\.name).joined(separator: ", ")
        return try await read("read the table \(table.name)") { db in
            let found = try Row.fetchAll(
                db, sql: "SELECT rowid, \(columns) FROM \(table.name) WHERE rowid > ? ORDER BY rowid LIMIT ?", arguments: [rowID, limit])
            let rows = found.map { row in
                table.columns.enumerated().map { index, column -> StoredValue in
                    let value = index + 1
                    switch column.kind {
                    case .text: return .text(row[value])
                    case .caseless: return .caseless(row[value])
                    case .integer: return .integer(row[value])
                    case .boolean: return .boolean(row[value])
                    case .date: return .date(row[value])
                    case .bytes: return .bytes((row[value] as Data?).map { [UInt8]($0) })
                    }
                }
            }
            return (rows, found.last.map { $0[0] })
        }
    }

    /// The largest number SQLite gave a row of `table` (`AUTOINCREMENT`), removed since or not; 0 when none.
    package func largestNumberGiven(in table: StateTable) async throws(UserStateError) -> Int64 {
        try await read("read the numbering of \(table.name)") { db in
            guard try db.tableExists("sqlite_sequence") else { return 0 }
            return try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = ?", arguments: [table.name]) ?? 0
        }
    }

    /// How many rows `table` holds.
    package func count(of table: StateTable) async throws(UserStateError) -> Int {
        try await read("count the table \(table.name)") { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table.name)") ?? 0 }
    }
}
