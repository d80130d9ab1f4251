import CampusCore
import Foundation
internal import GRDB

extension SQLiteUserState {
    /// Carries the favorites an index of an earlier version kept (its `favorites`
    /// table, index schema v5 and v6) into this store, once per index file, and
    /// then empties that table when the index can be written.
    ///
    /// - Returns: how many favorites were carried over (0 when done before, or
    ///   when the index has none).
    @discardableResult
    public func importLegacyFavorites(fromIndexAt indexPath: String, now: Date) throws(UserStateError) -> Int {
        guard FileManager.default.fileExists(atPath: indexPath) else { return 0 }
        let key = URL(fileURLWithPath: indexPath).standardizedFileURL.path
        do {
            let done = try writer.read { db in
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM imported_indexes WHERE path = ?)", arguments: [key]) ?? false
            }
            guard !done else { return 0 }
            let legacy = try Self.legacyFavorites(indexPath)
            try writer.write { db in
                for favorite in legacy where try !FavoriteRecord(favorite).exists(db) {
                    try FavoriteRecord(favorite).insert(db)
                }
                try db.execute(
                    sql: "INSERT INTO imported_indexes (path, imported_at, favorites) VALUES (?, ?, ?)",
                    arguments: [key, now, legacy.count])
            }
            checkpointer?.afterWrite()
            if !legacy.isEmpty { Self.emptyLegacyTable(indexPath) }
            return legacy.count
        } catch {
            throw .failed(operation: "carry over the favorites of \(indexPath)", detail: Self.detail(error))
        }
    }

    /// The rows of the index's `favorites` table; none when it has no such table.
    private static func legacyFavorites(_ indexPath: String) throws -> [Favorite] {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        let queue = try DatabaseQueue(path: indexPath, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in
            guard try db.tableExists("favorites") else { return [] }
            return try FavoriteRecord.fetchAll(db).map(\.favorite)
        }
    }

    /// Empties the index's `favorites` table, best effort: a read-only index keeps
    /// its rows, which this store already holds and will not import again.
    private static func emptyLegacyTable(_ indexPath: String) {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        guard let queue = try? DatabaseQueue(path: indexPath, configuration: configuration) else { return }
        try? queue.write { db in try db.execute(sql: "DELETE FROM favorites") }
        try? queue.close()
    }
}
