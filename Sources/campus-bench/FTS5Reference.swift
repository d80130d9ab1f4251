import Foundation
import GRDBSQLite

/// The reference for in-process search: the FTS5 query at the heart of a search by
/// words, run straight through SQLite's C API on the same index file, with no layer
/// of ours in between: `SELECT rowid FROM search_fts WHERE search_fts MATCH
/// '"word"* ...' LIMIT 25` over the one search index (every person's names and every
/// section's title), one statement prepared once, bound and stepped to the end for each query.
final class FTS5Reference {
    private var database: OpaquePointer?
    private var statement: OpaquePointer?

    init(index: String) throws {
        guard sqlite3_open_v2(index, &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK,
              sqlite3_prepare_v2(database, Self.sql, -1, &statement, nil) == SQLITE_OK else {
            throw BenchmarkFailure("cannot open \(index) for the FTS5 reference: \(String(cString: sqlite3_errmsg(database)))")
        }
    }

    deinit {
        sqlite3_finalize(statement)
        sqlite3_close_v2(database)
    }

    /// Runs the MATCH of `query`'s words as prefixes; how many rows it found.
    @discardableResult
    func match(_ query: String) -> Int {
        let pattern = query.split { !($0.isLetter || $0.isNumber) }.map { "\"\($0)\"*" }.joined(separator: " ")
        sqlite3_reset(statement)
        sqlite3_bind_text(statement, 1, pattern, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        var rows = 0
        while sqlite3_step(statement) == SQLITE_ROW { rows += 1 }
        return rows
    }

    private static let sql = "SELECT rowid FROM search_fts WHERE search_fts MATCH ?1 LIMIT 25"
}
