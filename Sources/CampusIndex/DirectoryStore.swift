import CampusCore
import Foundation
internal import GRDB

/// Writes the directory's side of the index, one sync at a time, and keeps each
/// source's sync state.
///
/// A sync is one write transaction: people are written into the live tables as
/// they are read (rows that did not change are not rewritten), and nothing is
/// seen by a reader until the commit; a sync that fails, is refused or dies
/// midway leaves the index exactly as it was.
///
/// ```swift
/// var pages = pagesOfPeople.makeIterator()
/// let report = try index.directory.sync(force: false, now: .now) {
///     pages.next().map(DirectoryBatch.people) ?? .finish(.full, state: state, optOuts: nil)
/// }
/// ```
public struct DirectoryStore: Sendable {
    let database: CampusDatabase

    /// The share of the people the index holds that a full sync may remove
    /// unforced: 10%. A cut-off export or a search with a wrong filter removes
    /// more; a real term's leavers are fewer.
    public static let defaultRemovalLimit = 0.1

    /// Runs one sync: pulls batches from `next` inside one write transaction until it
    /// finishes, then commits.
    ///
    /// - Parameters:
    ///   - force: Accept a full sync that read nobody, or that would remove more than
    ///     `removalLimit` of the people the index holds.
    ///   - removalLimit: The share of people (0 to 1) a full sync may remove unforced.
    ///   - now: When the sync happened.
    ///   - next: The next batch; it may block (it is called on the caller's thread).
    /// - Throws: ``IndexError/suspiciousDirectoryShrink(source:before:after:removed:limit:)`` when refused;
    ///   whatever `next` throws, after rolling everything back.
    @discardableResult
    public func sync(
        force: Bool, removalLimit: Double = DirectoryStore.defaultRemovalLimit, now: Date, next: () throws -> DirectoryBatch
    ) throws -> DirectorySyncReport {
        do {
            return try database.writer.writeWithoutTransaction { db in
                var report: DirectorySyncReport?
                try db.inTransaction(.immediate) {
                    var writer = try DirectorySyncWriter(db: db, now: now)
                    report = try writer.run(force: force, removalLimit: removalLimit, next: next)
                    try SuggestionIndex.refresh(db)
                    try IndexGeneration.bump(db, now: now)
                    return .commit
                }
                guard let report else { throw IndexError.database(operation: "commit the directory sync", detail: "no report") }
                return report
            }
        } catch let error as DatabaseError {
            throw IndexError(error, path: database.location, operation: "write the directory sync")
        }
    }

    /// Where the last good sync of `source` stopped; `nil` before its first commit.
    public func syncState(source: String) throws(IndexError) -> DirectorySyncState? {
        try database.readOnly("read the directory sync state of \(source)") { db in
            try DirectorySyncRecord.fetchOne(db, key: source)?.state(location: database.location)
        }
    }
}
