import CampusCore
import Foundation
internal import GRDB

/// The writes of one directory sync, inside its write transaction: people upserted
/// into the live tables as they come (unchanged rows left alone, which also spares
/// the name index), the usernames read remembered in a temporary table, and at the
/// end the people a full sync did not read removed, guarded, and the state recorded.
struct DirectorySyncWriter {
    let db: Database
    let now: Date
    /// People in the directory when the sync began.
    let before: Int
    /// People rows and photos this sync inserted or changed (a person counts once per batch).
    private var touched = 0
    /// `now` as the index stores dates, bound to every row written.
    private let stamp: String
    /// ``DirectoryStanding/reuseAfter`` before `now`, as the index stores dates: a username
    /// free since then is held by someone new.
    private let heldAgainStamp: String
    /// Whether the directory held any photo when the sync began (if not, there is none to drop).
    private let hadPhotos: Bool

    init(db: Database, now: Date) throws {
        self.db = db
        self.now = now
        try db.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS directory_read (username TEXT PRIMARY KEY COLLATE NOCASE) WITHOUT ROWID;
            DELETE FROM temp.directory_read;
            """)
        try ContactChanges.watch(db)
        before = try Self.count(db, "SELECT COUNT(*) FROM directory_people")
        hadPhotos = try Self.count(db, "SELECT EXISTS (SELECT 1 FROM directory_photos)") > 0
        guard case .string(let text) = now.databaseValue.storage else {
            throw IndexError.database(operation: "write the directory sync", detail: "the date \(now) has no text form")
        }
        stamp = text
        guard case .string(let before) = now.addingTimeInterval(-DirectoryStanding.reuseAfter).databaseValue.storage else {
            throw IndexError.database(operation: "write the directory sync", detail: "the date \(now) has no text form")
        }
        heldAgainStamp = before
    }

    mutating func run(force: Bool, removalLimit: Double, next: () throws -> DirectoryBatch) throws -> DirectorySyncReport {
        try db.execute(sql: "SAVEPOINT directory_read")
        while true {
            switch try next() {
            case .people(let people):
                try write(people)
            case .restart:
                try db.execute(sql: "ROLLBACK TO SAVEPOINT directory_read")
                touched = 0
            case .finish(let kind, let state, let optOuts):
                try db.execute(sql: "RELEASE SAVEPOINT directory_read")
                if let optOuts { try setOptOuts(optOuts) }
                return try finish(kind, state: state, force: force, removalLimit: removalLimit)
            }
        }
    }

    private mutating func write(_ people: [DirectoryPerson]) throws {
        let upsert = try db.cachedStatement(sql: Self.upsertPerson)
        let remember = try db.cachedStatement(sql: "INSERT INTO temp.directory_read (username) VALUES (?) ON CONFLICT DO NOTHING")
        let savePhoto = try db.cachedStatement(sql: Self.upsertPhoto)
        let dropPhoto = try db.cachedStatement(sql: "DELETE FROM directory_photos WHERE username = ?")
        for person in people {
            try SQLiteRows.execute(upsert, DirectoryPersonRecord.values(person) + [.text(stamp), .text(heldAgainStamp)])
            var changed = db.changesCount > 0
            try SQLiteRows.execute(remember, [.text(person.username)])
            if let photo = person.photo {
                try savePhoto.execute(arguments: [person.username, Data(photo)])
                changed = changed || db.changesCount > 0
            } else if hadPhotos {
                try SQLiteRows.execute(dropPhoto, [.text(person.username)])
                changed = changed || db.changesCount > 0
            }
            if changed { touched += 1 }
        }
    }

    /// Sets everyone's opt-out from the opt-out group's members: a membership changes without
    /// the person's entry changing, so an incremental sync would not read it otherwise.
    private func setOptOuts(_ usernames: Set<String>) throws {
        try db.execute(sql: """
            UPDATE directory_people
            SET suppressed = lower(username) IN (SELECT value FROM json_each(?1)), privacy_changed_at = ?2
            WHERE suppressed IS NOT (lower(username) IN (SELECT value FROM json_each(?1)))
            """, arguments: [SQLList.json(usernames.sorted()), now])
    }

    private func finish(
        _ kind: DirectorySyncKind, state: DirectorySyncState, force: Bool, removalLimit: Double
    ) throws -> DirectorySyncReport {
        let read = try count("SELECT COUNT(*) FROM temp.directory_read")
        // Whoever this sync read is in the directory again.
        try db.execute(sql: "DELETE FROM directory_departures WHERE username IN (SELECT username FROM temp.directory_read)")
        let live = try count("SELECT COUNT(*) FROM directory_people")
        let added = live - before
        let removed = kind == .full ? live - read : 0
        if kind == .full, !force, read == 0 || Double(removed) > removalLimit * Double(before) {
            throw IndexError.suspiciousDirectoryShrink(
                source: state.source, before: before, after: read, removed: removed, limit: removalLimit)
        }
        if removed > 0 {
            try db.execute(sql: """
                INSERT OR REPLACE INTO directory_departures (username, left_at)
                    SELECT username, ? FROM directory_people WHERE username NOT IN (SELECT username FROM temp.directory_read)
                """, arguments: [now])
            try db.execute(sql: "DELETE FROM directory_people WHERE username NOT IN (SELECT username FROM temp.directory_read)")
            // Another source's changes since its high-water mark would never bring them back: its
            // next sync reads everyone.
            try db.execute(sql: "UPDATE directory_sync SET high_water = NULL WHERE source != ?", arguments: [state.source])
        }
        try db.execute(sql: "DELETE FROM temp.directory_read")
        try HandedOverRows.keep(db, arrivedAt: stamp)
        try InstructorEmails.link(db)
        try ChangeLog.record(db, source: .directory, term: nil, changes: ContactChanges.collect(db), now: now)

        var stored = state
        stored.lastSyncAt = now
        if kind == .full { stored.lastFullAt = now } else {
            stored.lastFullAt = try DirectorySyncRecord.fetchOne(db, key: state.source)?.lastFullAt
        }
        stored.entryCount = try count("SELECT COUNT(*) FROM directory_people")
        stored.suppressedCount = try count("SELECT COUNT(*) FROM directory_people WHERE suppressed")
        try DirectorySyncRecord(stored).save(db)
        let updated = max(0, touched - added)
        return DirectorySyncReport(
            kind: kind, state: stored, added: added, updated: updated, removed: removed,
            unchanged: max(0, read - added - updated), suppressed: stored.suppressedCount)
    }

    private func count(_ sql: String) throws -> Int {
        try Self.count(db, sql)
    }

    private static func count(_ db: Database, _ sql: String) throws -> Int {
        try Int.fetchOne(db, sql: sql) ?? 0
    }

    /// SQL true when row `new` differs from row `old` in a column of a directory entry.
    private static func differs(_ new: String, _ old: String) -> String {
        DirectoryPersonRecord.columns.map { "\(new).\($0) IS NOT \(old).\($0)" }.joined(separator: " OR ")
    }

    /// Unchanged rows are not rewritten: a rewrite also churns the name index. When the opt-out
    /// changes (or a person arrives opted out), `privacy_changed_at` takes the sync's time
    /// (``DirectoryStanding``).
    /// A person upserted; one who takes a username that was free for at least
    /// ``DirectoryStanding/reuseAfter`` (its departure recorded by then) arrives now: what was
    /// kept under it before is not theirs. One back sooner (a second directory source's
    /// people, read again within the hour) is the same person.
    private static let upsertPerson = """
        INSERT INTO directory_people (\(DirectoryPersonRecord.columns.joined(separator: ", ")), synced_at, privacy_changed_at, arrived_at)
        VALUES (\((DirectoryPersonRecord.columns + ["synced_at"]).map { _ in "?" }.joined(separator: ", ")),
                CASE WHEN ?\(DirectoryPersonRecord.columns.firstIndex(of: "suppressed")! + 1) THEN ?\(DirectoryPersonRecord.columns.count + 1) END,
                (SELECT ?\(DirectoryPersonRecord.columns.count + 1) FROM directory_departures
                 WHERE directory_departures.username = ?\(DirectoryPersonRecord.columns.firstIndex(of: "username")! + 1)
                   AND directory_departures.left_at <= ?\(DirectoryPersonRecord.columns.count + 2)))
        ON CONFLICT (username) DO UPDATE SET
        \((DirectoryPersonRecord.columns + ["synced_at"]).map { "\($0) = excluded.\($0)" }.joined(separator: ", ")),
        privacy_changed_at = CASE WHEN excluded.suppressed IS NOT directory_people.suppressed
                                  THEN excluded.synced_at ELSE directory_people.privacy_changed_at END
        WHERE \(differs("excluded", "directory_people"))
        """
    private static let upsertPhoto = """
        INSERT INTO directory_photos (username, jpeg) VALUES (?, ?)
        ON CONFLICT (username) DO UPDATE SET jpeg = excluded.jpeg WHERE jpeg IS NOT excluded.jpeg
        """
}
