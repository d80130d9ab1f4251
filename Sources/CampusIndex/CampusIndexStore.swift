import CampusCore
import Foundation
import GRDB

/// The local SQLite index of everything the registrar's pages said (terms,
/// sections, meetings, people, enrollments, raw pages and the crawl log) and of
/// the campus directory's people (contact details, photos, FERPA suppression).
///
/// A person is shown merged wherever they appear (search, card, roster,
/// schedule): the directory's entry over the registrar's record, or either
/// alone. A person the directory suppresses appears nowhere but
/// ``directoryPerson(_:includeSuppressed:)`` asked to include them.
///
/// One value wraps one database file (WAL, so readers never wait for a
/// crawl or a directory sync); it is `Sendable` and cheap to share. Every
/// method takes and returns CampusCore values.
///
/// ```swift
/// let store = try CampusIndexStore(path: "/tmp/campus.sqlite")
/// try store.replaceTerm(snapshot, force: false, now: .now)
/// let staging = try store.beginDirectoryStaging()
/// try staging.add(directoryPeople)
/// try staging.commit(.full, state: state, now: .now)
/// let hits = try store.search("quinn al", term: nil, limit: 10)
/// ```
public struct CampusIndexStore: Sendable {
    /// The database file.
    public let path: String
    let writer: any DatabaseWriter

    /// Opens the index at `path`, creating the file and its folders when missing,
    /// and brings its schema up to date.
    ///
    /// A file that is not a campus index (garbage, another program's database) is
    /// reported as ``IndexError/corrupt(path:detail:)`` and never written to.
    public init(path: String) throws(IndexError) {
        self.path = path
        try Self.createParentFolder(of: path)
        try Self.inspectExistingFile(at: path)
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            configuration.prepareDatabase { db in
                // Keep a campus's worth of pages in each connection's cache (a term is a few MB).
                try db.execute(sql: "PRAGMA cache_size = -\(Self.cacheKilobytes)")
                // In WAL mode NORMAL never corrupts the file; a power cut may lose the last
                // commits, which the next sync refetches. Crawls commit thousands of pages.
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
            let pool = try DatabasePool(path: path, configuration: configuration)
            try IndexSchema.migrator.migrate(pool)
            writer = pool
        } catch {
            throw Self.indexError(error, path: path, operation: "be opened")
        }
    }

    /// Each connection's page cache, in KiB.
    private static let cacheKilobytes = 32 * 1024

    private static func createParentFolder(of path: String) throws(IndexError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotOpen(path: path, detail: "cannot create the folder \(folder.path): \(error.localizedDescription)")
        }
    }

    /// Looks at an existing, non-empty file read-only before anything may write to it.
    private static func inspectExistingFile(at path: String) throws(IndexError) {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size > 0 else { return }
        do {
            var configuration = Configuration()
            configuration.readonly = true
            // Another connection closing (its last close checkpoints the WAL) locks the file briefly.
            configuration.busyMode = .timeout(10)
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            try queue.read { db in
                try checkIsCampusIndex(db, path: path)
            }
        } catch let error as IndexError {
            throw error
        } catch {
            throw indexError(error, path: path, operation: "be opened")
        }
    }

    private static func checkIsCampusIndex(_ db: Database, path: String) throws(IndexError) {
        do {
            let hasTables = try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name NOT LIKE 'sqlite_%')") ?? false
            let isIndex = try db.tableExists("grdb_migrations") && db.tableExists("terms")
            if hasTables && !isIndex {
                throw IndexError.corrupt(path: path, detail: "an SQLite database of another program, not a campus index")
            }
            if isIndex, try IndexSchema.migrator.hasBeenSuperseded(db) {
                throw IndexError.newerVersion(path: path)
            }
        } catch let error as IndexError {
            throw error
        } catch {
            throw indexError(error, path: path, operation: "be opened")
        }
    }
}
