import CampusCore
import Foundation
internal import GRDB

/// How an index file is opened: checked before anything may write to it,
/// created private to its owner, migrated, and read-only for lookups.
struct IndexOpening {
    let path: String
    let access: IndexAccess

    /// Each connection's page cache, in KiB: a campus's worth of pages (a term is a few MB).
    private static let cacheKilobytes = 32 * 1024

    /// The settings of every connection.
    static func configuration(readOnly: Bool) -> Configuration {
        var configuration = Configuration()
        configuration.readonly = readOnly
        // Another connection closing (its last close checkpoints the WAL) locks the file briefly.
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -\(cacheKilobytes)")
            // Whom a read reveals although the directory suppresses them (SuppressedView):
            // in this connection's own temporary schema, which a read-only connection may write.
            // Temporary tables (that one, a sync's list of the people it read) in memory, not a file.
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS revealed (username TEXT PRIMARY KEY) WITHOUT ROWID")
            guard !readOnly else { return }
            // In WAL mode NORMAL never corrupts the file; a power cut may lose the last
            // commits, which the next sync refetches. Crawls commit thousands of pages.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        return configuration
    }

    /// The database, and for writing, this process's hold on writing it.
    func open(whenBusy: WhenIndexBusy) throws(IndexError) -> (any DatabaseWriter, IndexWriterLock?) {
        switch access {
        case .readOnly:
            (try openReadOnly(concurrently: false), nil)
        case .readConcurrently:
            (try openReadOnly(concurrently: true), nil)
        case .readWrite:
            try openToWrite(whenBusy: whenBusy)
        }
    }

    private func openToWrite(whenBusy: WhenIndexBusy) throws(IndexError) -> (any DatabaseWriter, IndexWriterLock) {
        try createPrivateFile()
        let lock = try IndexWriterLock.acquire(forIndex: path, whenBusy: whenBusy)
        try inspectExistingFile()
        return (try migrateInPlace(), lock)
    }

    private func openReadOnly(concurrently: Bool) throws(IndexError) -> any DatabaseWriter {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .missing(path: path) }
        if isFolder.boolValue { throw .cannotOpen(path: path, detail: "it is a folder; name the index file inside it") }
        if let detail = IndexDamage.recorded(forIndex: path) { throw .corrupt(path: path, detail: detail) }
        // One connection checks the file and then serves the lookups, unless the schema is older.
        let queue = try connect { try DatabaseQueue(path: readingPath, configuration: Self.configuration(readOnly: true)) }
        let isCurrent = try connect {
            try queue.read { db in
                // A lookup never makes an index, not even of an empty file someone left there.
                guard try checkIsCampusIndex(db) else {
                    throw IndexError.corrupt(path: path, detail: "it holds no campus index: an empty file or database")
                }
                return try IndexSchema.migrator.hasCompletedMigrations(db)
            }
        }
        if isCurrent, !concurrently || readingPath != path { return queue }
        try? queue.close()
        if isCurrent { return try connect { try DatabasePool(path: path, configuration: Self.configuration(readOnly: true)) } }
        // Bringing an older index up to date writes it: one writer at a time.
        let lock = try IndexWriterLock.acquire(forIndex: path, whenBusy: .wait(notice: { _ in }))
        defer { withExtendedLifetime(lock) {} }
        try migrateInPlace()
        return try connect { try DatabaseQueue(path: readingPath, configuration: Self.configuration(readOnly: true)) }
    }

    /// A snapshot file (``CampusDatabase/writeSnapshot(to:)``), checked whole and of this
    /// version's schema, opened `immutable` through a pool of read-only connections: SQLite
    /// takes no lock on it and reads no `-wal` beside it, since nothing ever writes it.
    func openSnapshot() throws(IndexError) -> any DatabaseWriter {
        guard FileManager.default.fileExists(atPath: path) else { throw .missing(path: path) }
        let uri = Self.immutableURI(path)
        let problems = try connect {
            let queue = try DatabaseQueue(path: uri, configuration: Self.configuration(readOnly: true))
            defer { try? queue.close() }
            return try queue.read { db in
                guard try checkIsCampusIndex(db) else {
                    throw IndexError.corrupt(path: path, detail: "it holds no campus index: an empty file or database")
                }
                guard try IndexSchema.migrator.hasCompletedMigrations(db) else {
                    throw IndexError.corrupt(path: path, detail: "it was written by an older campus-lookup; upgrade the replica that refreshes")
                }
                return try String.fetchAll(db, sql: "PRAGMA quick_check(5)")
            }
        }
        guard problems == ["ok"] else { throw .corrupt(path: path, detail: "damaged: " + problems.joined(separator: "; ")) }
        return try connect { try DatabasePool(path: uri, configuration: Self.configuration(readOnly: true)) }
    }

    /// The URI that opens `path` `immutable`.
    private static func immutableURI(_ path: String) -> String {
        let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return "file:\(escaped)?immutable=1"
    }

    /// What SQLite is given to read the index: its path, or, when this process may not
    /// write the file or its folder (a copy handed out read-only, a read-only mount), a
    /// URI opening it `immutable`, since SQLite could not make the `-shm` file a WAL
    /// database is read through. Such a reader does not see what a writer commits
    /// meanwhile, nor an uncheckpointed `-wal`; it cannot have a writer of its own anyway.
    private var readingPath: String {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard !FileManager.default.isWritableFile(atPath: path) || !FileManager.default.isWritableFile(atPath: folder) else { return path }
        return Self.immutableURI(path)
    }

    /// Opens a pool that may write, and brings the schema up to date.
    @discardableResult
    private func migrateInPlace() throws(IndexError) -> DatabasePool {
        try connect {
            let pool = try DatabasePool(path: path, configuration: Self.configuration(readOnly: false))
            try IndexSchema.migrator.migrate(pool)
            return pool
        }
    }

    /// Runs `body`, an error of opening naming the file whatever SQLite said.
    private func connect<T>(_ body: () throws -> T) throws(IndexError) -> T {
        do {
            return try body()
        } catch {
            throw Self.openingError(error, path: path)
        }
    }

    private static func openingError(_ error: any Error, path: String) -> IndexError {
        switch IndexError(error, path: path, operation: "be opened") {
        case .database(_, let detail): .cannotOpen(path: path, detail: detail)
        case let other: other
        }
    }

    /// Creates the folder (`0700`) and the file (`0600`) when missing: the index holds education records.
    private func createPrivateFile() throws(IndexError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw .cannotOpen(path: path, detail: "it is a folder; name the index file inside it")
        }
        do {
            try PrivateFiles.prepare(path)
        } catch {
            throw .cannotOpen(path: path, detail: "\(error)")
        }
    }

    /// Looks at an existing, non-empty file read-only before anything may write to it:
    /// a campus index of this version or older, and whole (`PRAGMA quick_check`, about
    /// 70 ms for an index of 35 MB). A damaged one is marked (``IndexDamage``) so that
    /// lookups refuse it too, and is never written.
    private func inspectExistingFile() throws(IndexError) {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size > 0 else {
            IndexDamage.clear(forIndex: path)
            return
        }
        // The check may itself stop on a damaged page (`database disk image is malformed`, and
        // the read fails with it): as damaged as an index whose problems it lists.
        var stopped: String?
        let problems: [String]
        do {
            problems = try readExistingFile { db in
                try checkIsCampusIndex(db)
                do {
                    return try String.fetchAll(db, sql: "PRAGMA quick_check(5)")
                } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
                    stopped = error.message ?? "\(error.resultCode)"
                    throw error
                }
            }
        } catch {
            guard let stopped else { throw error }
            problems = [stopped]
        }
        guard problems == ["ok"] else {
            let detail = "damaged: " + problems.joined(separator: "; ")
            IndexDamage.mark(forIndex: path, detail: detail)
            throw .corrupt(path: path, detail: detail)
        }
        IndexDamage.clear(forIndex: path)
    }

    private func readExistingFile<T>(_ body: (Database) throws -> T) throws(IndexError) -> T {
        do {
            let queue = try DatabaseQueue(path: path, configuration: Self.configuration(readOnly: true))
            defer { try? queue.close() }
            return try queue.read(body)
        } catch {
            throw Self.openingError(error, path: path)
        }
    }

    /// Whether `db` is a campus index (`false`: empty); throws for another program's
    /// database or a newer version's index.
    @discardableResult
    private func checkIsCampusIndex(_ db: Database) throws -> Bool {
        let hasTables = try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name NOT LIKE 'sqlite_%')") ?? false
        let isIndex = try db.tableExists("grdb_migrations") && db.tableExists("terms")
        if hasTables && !isIndex {
            throw IndexError.corrupt(path: path, detail: "an SQLite database of another program, not a campus index")
        }
        if isIndex, try IndexSchema.migrator.hasBeenSuperseded(db) {
            throw IndexError.newerVersion(path: path)
        }
        return isIndex
    }
}
