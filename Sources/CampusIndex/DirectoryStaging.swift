import CampusCore
import Foundation
import GRDB

/// A directory sync in progress: batches of people collected in the staging tables,
/// then swapped into the live directory by ``commit(_:state:force:now:)`` in one
/// transaction. Until then the live directory is untouched, so a sync that fails or
/// dies midway leaves the index exactly as it was.
///
/// Made by ``DirectoryStore/beginSync()``. One sync at a time per
/// index: beginning another empties the staging tables.
///
/// ```swift
/// let staging = try index.directory.beginSync()
/// for page in pages { try staging.add(page) }
/// let report = try staging.commit(.full, state: state, now: .now)
/// ```
public struct DirectoryStaging: Sendable {
    let database: CampusDatabase

    /// Stages one batch of people in one transaction. A username staged again
    /// (compared without case) replaces its earlier value, photo included.
    public func add(_ people: [DirectoryPerson]) throws(IndexError) {
        try database.write("stage \(people.count) directory people") { db in
            let upsert = try db.cachedStatement(sql: Self.upsertPerson)
            let savePhoto = try db.cachedStatement(sql: Self.upsertPhoto)
            let dropPhoto = try db.cachedStatement(sql: "DELETE FROM directory_staging_photos WHERE username = ?")
            for person in people {
                try upsert.execute(arguments: DirectoryPersonRecord.arguments(person))
                if let photo = person.photo {
                    try savePhoto.execute(arguments: [person.username, Data(photo)])
                } else {
                    try dropPhoto.execute(arguments: [person.username])
                }
            }
        }
    }

    /// Empties the staging tables: on failure, or when a paged search starts over.
    public func discard() throws(IndexError) {
        try database.write("discard the staged directory") { db in
            try DirectorySwap.clearStaging(db)
        }
    }

    /// Swaps the staged people into the live directory in one write transaction,
    /// records the source's new state and empties the staging tables.
    ///
    /// - Parameters:
    ///   - kind: `.full`: the live directory becomes exactly the staged people (the
    ///     others are removed). `.incremental`: staged people are added or updated, nobody removed.
    ///   - state: The source's position after this sync (`source`, `kind`, `highWater`,
    ///     `cookie` are stored as given); the commit sets `lastSyncAt` to `now`,
    ///     `lastFullAt` to `now` for a full sync (else keeps the stored one), and the counts.
    ///   - force: Accept a full sync that staged nobody, or fewer than half the people
    ///     the index holds; without it that is refused with
    ///     ``IndexError/suspiciousDirectoryShrink(source:before:after:)`` and nothing changes.
    ///   - now: When the sync happened.
    /// - Returns: What changed, with the state stored.
    @discardableResult
    public func commit(
        _ kind: DirectorySyncKind, state: DirectorySyncState, force: Bool = false, now: Date
    ) throws(IndexError) -> DirectorySyncReport {
        try database.write("commit the directory sync of \(state.source)") { db in
            try DirectorySwap(db: db, now: now).commit(kind, state: state, force: force)
        }
    }

    private static let upsertPerson = """
        INSERT INTO directory_staging (\(DirectoryPersonRecord.columns.joined(separator: ", ")))
        VALUES (\(DirectoryPersonRecord.columns.map { _ in "?" }.joined(separator: ", ")))
        ON CONFLICT (username) DO UPDATE SET
        \(DirectoryPersonRecord.columns.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
        """
    private static let upsertPhoto = """
        INSERT INTO directory_staging_photos (username, jpeg) VALUES (?, ?)
        ON CONFLICT (username) DO UPDATE SET jpeg = excluded.jpeg
        """
}
