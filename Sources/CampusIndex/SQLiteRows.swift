import Foundation
internal import GRDB
internal import GRDBSQLite

/// One of GRDB's cached statements, bound and stepped straight through SQLite's C
/// API: the lookups' hot path. GRDB prepares and caches the statement and owns the
/// connection and its transaction; this reads the rows without building GRDB's
/// `Row` values (each of which copies every column), which for the few rows of a
/// lookup costs more than SQLite itself.
///
/// ```swift
/// var rows = try SQLiteRows(reader.statement("SELECT name FROM people WHERE username = ?"), ["quinna"])
/// while try rows.next() { print(rows.text(0) ?? "-") }
/// ```
struct SQLiteRows: ColumnValues {
    private let statement: SQLiteStatement

    /// Resets `statement` and binds `values` to its parameters, in order.
    init(_ statement: Statement, _ values: [SQLValue]) throws {
        self.statement = statement.sqliteStatement
        sqlite3_reset(self.statement)
        sqlite3_clear_bindings(self.statement)
        for (index, value) in values.enumerated() {
            let position = Int32(index + 1)
            let code: Int32 = switch value {
            case .text(let text): sqlite3_bind_text(self.statement, position, text, -1, SQLiteRows.transient)
            case .int(let number): sqlite3_bind_int64(self.statement, position, Int64(number))
            case .null: sqlite3_bind_null(self.statement, position)
            }
            guard code == SQLITE_OK else { throw error(code) }
        }
    }

    /// Steps to the next row; `false` after the last one.
    mutating func next() throws -> Bool {
        let code = sqlite3_step(statement)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw error(code)
        }
    }

    /// Runs a statement that returns no rows (a write) with `values` bound.
    static func execute(_ statement: Statement, _ values: [SQLValue]) throws {
        var rows = try SQLiteRows(statement, values)
        while try rows.next() {}
    }

    /// Ends the statement's run before its last row, releasing what it holds.
    func reset() {
        sqlite3_reset(statement)
    }

    func text(_ column: Int) -> String? {
        guard let bytes = sqlite3_column_text(statement, Int32(column)) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, Int32(column)))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func int(_ column: Int) -> Int? {
        sqlite3_column_type(statement, Int32(column)) == SQLITE_NULL ? nil : Int(sqlite3_column_int64(statement, Int32(column)))
    }

    func bytes(_ column: Int) -> [UInt8]? {
        guard sqlite3_column_type(statement, Int32(column)) != SQLITE_NULL else { return nil }
        let count = Int(sqlite3_column_bytes(statement, Int32(column)))
        guard count > 0, let start = sqlite3_column_blob(statement, Int32(column)) else { return [] }
        return [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    }

    private func error(_ code: Int32) -> DatabaseError {
        // The SQL is read only here: GRDB's `Statement.sql` trims it through Foundation, slowly.
        let message = sqlite3_db_handle(statement).map { String(cString: sqlite3_errmsg($0)) }
        let sql = sqlite3_sql(statement).map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
    }

    /// SQLite copies a bound text (`SQLITE_TRANSIENT`): Swift's C string lives only for the call.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// A value bound to a statement's parameter.
enum SQLValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case text(String)
    case int(Int)
    case null

    init(stringLiteral value: String) { self = .text(value) }
    init(integerLiteral value: Int) { self = .int(value) }

    /// `text`, or `null` for `nil`.
    static func optional(_ text: String?) -> SQLValue { text.map(SQLValue.text) ?? .null }
}

/// The columns of the current row, by position: what the records read themselves
/// from, whether the row comes through GRDB (writes) or straight from SQLite (lookups).
protocol ColumnValues {
    func text(_ column: Int) -> String?
    func int(_ column: Int) -> Int?
}

extension ColumnValues {
    /// A text column that is `NOT NULL` in the schema; empty if a damaged row holds NULL.
    func string(_ column: Int) -> String { text(column) ?? "" }

    /// A boolean column (0 or 1).
    func bool(_ column: Int) -> Bool { (int(column) ?? 0) != 0 }
}

extension Row: ColumnValues {
    func text(_ column: Int) -> String? { self[column] }
    func int(_ column: Int) -> Int? { self[column] }
}
