import CampusCore
import Foundation
internal import GRDB

/// The campus index: everything the registrar's pages said (terms, sections,
/// meetings, people, enrollments, raw pages, the crawl log) and the campus
/// directory's people (contact details, photos, FERPA suppression), in one
/// SQLite database migrated to this version's schema when opened.
///
/// The index is derived data: it can be thrown away and rebuilt from the
/// sources and its kept raw pages. What people create lives apart, in a
/// ``UserStateStore``.
///
/// One `Sendable` value wraps one database: a file (WAL, so readers never wait
/// for a crawl or a directory sync) or memory (unit tests). Lookups read
/// through ``read(_:)``, one transaction each; writes go through the focused
/// stores ``terms``, ``directory`` and ``pages``.
///
/// ```swift
/// let index = try CampusDatabase.open(path: "/tmp/campus.sqlite", access: .readWrite)
/// try index.terms.replace(snapshot, force: false, now: .now)
/// let hits = try index.read { try $0.search(SearchText("quinn al"), term: nil, limit: 10) }
/// ```
public struct CampusDatabase: Sendable {
    /// The database file, or `nil` in memory.
    public let path: String?
    let writer: any DatabaseWriter
    /// This process's hold on writing the index, kept as long as any copy of this value lives.
    private let writerLock: IndexWriterLock?
    /// The file opened, to tell when its path names another (``fileState``); `nil` in memory.
    let identity: IndexFileIdentity?
    /// What reads of this opening keep of the index, shared by every copy of this value.
    let cache = IndexCache()

    /// The path for messages: the file, or `memory`.
    var location: String { path ?? "memory" }

    /// Opens the index file at `path` and brings its schema up to date.
    ///
    /// A file that is not a campus index (garbage, another program's database)
    /// is reported as ``IndexError/corrupt(path:detail:)`` and never written to.
    ///
    /// - Parameters:
    ///   - path: the database file.
    ///   - access: ``IndexAccess/readWrite`` creates the file (and its folders)
    ///     when missing; ``IndexAccess/readOnly`` never creates or writes it,
    ///     and reports a missing file as ``IndexError/missing(path:)``.
    ///   - whenBusy: For ``IndexAccess/readWrite``: what to do when another process is
    ///     writing the index (one writer at a time; see ``IndexWriterLock``).
    public static func open(
        path: String, access: IndexAccess, whenBusy: WhenIndexBusy = .wait(notice: { _ in })
    ) throws(IndexError) -> CampusDatabase {
        let opening = IndexOpening(path: path, access: access)
        let (writer, lock) = try opening.open(whenBusy: whenBusy)
        return CampusDatabase(path: path, writer: writer, writerLock: lock)
    }

    init(path: String?, writer: any DatabaseWriter, writerLock: IndexWriterLock? = nil) {
        self.path = path
        self.writer = writer
        self.writerLock = writerLock
        identity = path.flatMap(IndexFileIdentity.init(path:))
    }

    /// Folds what was written into the database file and empties its `-wal` file, as a
    /// sync or import ends: a process that exits leaves its write-ahead log behind
    /// otherwise, which a reader without write access (opening the file `immutable`)
    /// would not see. Best effort: a reader holding a snapshot may keep part of it.
    public func foldInWriteAheadLog() {
        guard path != nil else { return }
        _ = try? writer.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }

    /// A new, empty index in memory, for tests.
    public static func inMemory() throws(IndexError) -> CampusDatabase {
        do {
            let queue = try DatabaseQueue(configuration: IndexOpening.configuration(readOnly: false))
            try IndexSchema.migrator.migrate(queue)
            return CampusDatabase(path: nil, writer: queue)
        } catch {
            throw IndexError(error, path: "memory", operation: "be created in memory")
        }
    }

    /// Runs `body` in one read transaction: everything it reads comes from the same
    /// state of the index, whatever a sync commits meanwhile.
    ///
    /// ```swift
    /// let card = try index.read { reader in (try reader.person("valer"), try reader.terms(for: "valer")) }
    /// let own = try index.read(revealing: .person("holtq")) { try $0.card("holtq") }
    /// ```
    ///
    /// The transaction is begun and ended with cached statements stepped straight
    /// through SQLite (inside `unsafeRead`), not by `DatabasePool.read`: a lookup is a few
    /// statements, and GRDB's general transaction handling adds a fifth to a quarter to a
    /// one-row read (BENCHMARKS.md, "A read transaction", measured by `campus-bench registrar`).
    /// This is the one place the index's reads leave GRDB's own way.
    ///
    /// - Parameter revealing: whom the read shows although the directory suppresses them
    ///   (kept in the connection's `temp.revealed` for the transaction, where the SQL looks).
    public func read<T>(revealing: SuppressedView = .hidden, _ body: (IndexReader) throws -> T) throws -> T {
        do {
            return try writer.unsafeRead { db in
                let reader = IndexReader(db: db, location: location, revealing: revealing, opening: writer, cache: cache)
                try reader.execute("BEGIN DEFERRED TRANSACTION")
                do {
                    let markers = revealing.markers
                    for marker in markers {
                        try SQLiteRows.execute(reader.statement("INSERT OR IGNORE INTO temp.revealed (username) VALUES (?)"), [.text(marker)])
                    }
                    let value = try body(reader)
                    if !markers.isEmpty { try reader.execute("DELETE FROM temp.revealed") }
                    try reader.execute("COMMIT TRANSACTION")
                    return value
                } catch {
                    try? reader.execute("ROLLBACK TRANSACTION")
                    throw error
                }
            }
        } catch let error as DatabaseError {
            throw IndexError(error, path: location, operation: "be read")
        }
    }

    /// Runs `body` in one write transaction, rolled back entirely when it throws; the
    /// transaction brings ``SuggestionIndex`` up to date and raises the index's generation
    /// (``IndexGeneration``).
    func write<T>(_ operation: String, _ body: (Database) throws -> T) throws(IndexError) -> T {
        do {
            return try writer.write { db in
                let value = try body(db)
                try SuggestionIndex.refresh(db)
                try IndexGeneration.bump(db)
                return value
            }
        } catch {
            throw IndexError(error, path: location, operation: operation)
        }
    }

    /// Runs `body` in one read transaction, for the stores.
    func readOnly<T>(_ operation: String, _ body: (Database) throws -> T) throws(IndexError) -> T {
        do {
            return try writer.read(body)
        } catch {
            throw IndexError(error, path: location, operation: operation)
        }
    }

    /// Terms, their sections and people, and the terms the registrar offers.
    public var terms: TermStore { TermStore(database: self) }

    /// The campus directory's people and each source's sync state.
    public var directory: DirectoryStore { DirectoryStore(database: self) }

    /// The raw pages kept for `campus reparse`, and the crawl log.
    public var pages: PageArchive { PageArchive(database: self) }
}

/// Whether an index is opened to read only or to write.
public enum IndexAccess: Sendable {
    /// Lookups: the file must exist; nothing is created or written.
    case readOnly
    /// Lookups of a server, many at once: as ``readOnly``, through a pool of reading
    /// connections (one connection when the file must be read `immutable`).
    case readConcurrently
    /// Syncs and imports: the file and its folders are created when missing.
    case readWrite
}
