import Foundation
import GRDB
import GRDBSQLite

/// What GRDB's own read transaction costs against the one `CampusDatabase.read` begins and
/// ends itself (cached `BEGIN DEFERRED` and `COMMIT` statements stepped through SQLite, inside
/// `unsafeRead`): the same one-row lookup by username, on one `DatabasePool` over the index,
/// read each way in turn.
struct ReadTransactionBenchmark {
    struct Result {
        let reads: Int
        /// `DatabasePool.read`, GRDB's way.
        let grdbP50: Double
        let grdbP99: Double
        /// `unsafeRead` with our own `BEGIN DEFERRED` and `COMMIT`, as `CampusDatabase.read` does.
        let ownP50: Double
        let ownP99: Double
        /// How much longer GRDB's read takes, per read, at the median.
        var extra: Double { grdbP50 - ownP50 }
    }

    let index: String
    let usernames: [String]

    func run(reads: Int = 20_000, warmUp: Int = 1_000) throws -> Result {
        var configuration = Configuration()
        configuration.readonly = true
        let pool = try DatabasePool(path: index, configuration: configuration)
        let lookup = "SELECT name FROM people WHERE username = ?"
        var grdb: [Double] = []
        var own: [Double] = []
        for turn in 0..<(warmUp + reads) {
            let username = usernames[turn % usernames.count]
            let theirs = try Stopwatch.time {
                try pool.read { db in try String.fetchOne(db.cachedStatement(sql: lookup), arguments: [username]) }
            }
            let ours = try Stopwatch.time {
                try pool.unsafeRead { db in
                    try Self.step(db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION"))
                    let name = try String.fetchOne(db.cachedStatement(sql: lookup), arguments: [username])
                    try Self.step(db.cachedStatement(sql: "COMMIT TRANSACTION"))
                    return name
                }
            }
            guard theirs.value == ours.value else { throw BenchmarkFailure("the two reads of \(username) differ") }
            if turn >= warmUp {
                grdb.append(theirs.seconds)
                own.append(ours.seconds)
            }
        }
        grdb.sort()
        own.sort()
        return Result(
            reads: reads, grdbP50: Stopwatch.quantile(grdb, 0.5), grdbP99: Stopwatch.quantile(grdb, 0.99),
            ownP50: Stopwatch.quantile(own, 0.5), ownP99: Stopwatch.quantile(own, 0.99))
    }

    /// Steps a statement without rows straight through SQLite, as `SQLiteRows.execute` does.
    private static func step(_ statement: Statement) throws {
        defer { sqlite3_reset(statement.sqliteStatement) }
        guard sqlite3_step(statement.sqliteStatement) == SQLITE_DONE else {
            throw BenchmarkFailure("\(statement.sql) failed: \(String(cString: sqlite3_errmsg(sqlite3_db_handle(statement.sqliteStatement))))")
        }
    }
}
