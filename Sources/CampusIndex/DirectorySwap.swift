import CampusCore
import Foundation
import GRDB

/// The writes of a directory commit, inside the caller's transaction: count what
/// changes, move staged people and photos into the live tables, record the state.
struct DirectorySwap {
    let db: Database
    let now: Date

    /// Empties the staging tables (their photos go with their people).
    static func clearStaging(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM directory_staging")
    }

    func commit(_ kind: DirectorySyncKind, state: DirectorySyncState, force: Bool) throws -> DirectorySyncReport {
        let before = try count("SELECT COUNT(*) FROM directory_people")
        let staged = try count("SELECT COUNT(*) FROM directory_staging")
        if kind == .full, !force, staged == 0 || staged * 2 < before {
            throw IndexError.suspiciousDirectoryShrink(source: state.source, before: before, after: staged)
        }
        let added = try count(Self.countAdded)
        let updated = try count(Self.countUpdated)
        let removed = try kind == .full ? count(Self.countUnstaged) : 0
        if kind == .full {
            try db.execute(sql: "DELETE FROM directory_people WHERE username NOT IN (SELECT username FROM directory_staging)")
        }
        try db.execute(sql: Self.upsertPeople, arguments: [now])
        try db.execute(sql: Self.dropPhotos)
        try db.execute(sql: Self.upsertPhotos)
        try Self.clearStaging(db)

        var stored = state
        stored.lastSyncAt = now
        if kind == .full { stored.lastFullAt = now } else {
            stored.lastFullAt = try DirectorySyncRecord.fetchOne(db, key: state.source)?.lastFullAt
        }
        stored.entryCount = try count("SELECT COUNT(*) FROM directory_people")
        stored.suppressedCount = try count("SELECT COUNT(*) FROM directory_people WHERE suppressed")
        try DirectorySyncRecord(stored).save(db)
        return DirectorySyncReport(
            kind: kind, state: stored, added: added, updated: updated, removed: removed,
            unchanged: staged - added - updated, suppressed: stored.suppressedCount)
    }

    private func count(_ sql: String) throws -> Int {
        try Int.fetchOne(db, sql: sql) ?? 0
    }

    /// SQL true when row `new` differs from row `old` in a column of a directory entry.
    private static func differs(_ new: String, _ old: String) -> String {
        DirectoryPersonRecord.columns.map { "\(new).\($0) IS NOT \(old).\($0)" }.joined(separator: " OR ")
    }

    /// SQL true when the staged photo of `staged.username` is not the live one.
    private static func photoDiffers(_ staged: String) -> String {
        """
        (SELECT jpeg FROM directory_staging_photos WHERE username = \(staged).username)
        IS NOT (SELECT jpeg FROM directory_photos WHERE username = \(staged).username)
        """
    }

    private static let countAdded = """
        SELECT COUNT(*) FROM directory_staging WHERE username NOT IN (SELECT username FROM directory_people)
        """
    private static let countUpdated = """
        SELECT COUNT(*) FROM directory_staging AS staged JOIN directory_people AS live USING (username)
        WHERE \(differs("staged", "live")) OR \(photoDiffers("staged"))
        """
    private static let countUnstaged = """
        SELECT COUNT(*) FROM directory_people WHERE username NOT IN (SELECT username FROM directory_staging)
        """
    /// Unchanged rows are not rewritten: a rewrite also churns the name index.
    private static let upsertPeople = """
        INSERT INTO directory_people (\(DirectoryPersonRecord.columns.joined(separator: ", ")), synced_at)
        SELECT \(DirectoryPersonRecord.columns.joined(separator: ", ")), ? FROM directory_staging WHERE true
        ON CONFLICT (username) DO UPDATE SET
        \((DirectoryPersonRecord.columns + ["synced_at"]).map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
        WHERE \(differs("excluded", "directory_people"))
        """
    private static let dropPhotos = """
        DELETE FROM directory_photos WHERE username IN (SELECT username FROM directory_staging)
        AND username NOT IN (SELECT username FROM directory_staging_photos)
        """
    private static let upsertPhotos = """
        INSERT INTO directory_photos (username, jpeg) SELECT username, jpeg FROM directory_staging_photos WHERE true
        ON CONFLICT (username) DO UPDATE SET jpeg = excluded.jpeg WHERE jpeg IS NOT excluded.jpeg
        """
}
