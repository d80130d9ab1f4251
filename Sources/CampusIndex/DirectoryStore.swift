import CampusCore
import Foundation
import GRDB

/// Writes the directory's side of the index: one sync at a time, staged and
/// swapped in one transaction, and each source's sync state.
///
/// ```swift
/// let staging = try index.directory.beginSync()
/// for page in pages { try staging.add(page) }
/// let report = try staging.commit(.full, state: state, now: .now)
/// ```
public struct DirectoryStore: Sendable {
    let database: CampusDatabase

    /// Starts a directory sync: empties the staging tables (what a killed sync left
    /// there is dropped) and returns the handle that stages and commits the new one.
    public func beginSync() throws(IndexError) -> DirectoryStaging {
        try database.write("begin a directory sync") { db in
            try DirectorySwap.clearStaging(db)
        }
        return DirectoryStaging(database: database)
    }

    /// Where the last good sync of `source` stopped; `nil` before its first commit.
    public func syncState(source: String) throws(IndexError) -> DirectorySyncState? {
        try database.readOnly("read the directory sync state of \(source)") { db in
            try DirectorySyncRecord.fetchOne(db, key: source)?.state
        }
    }

    /// When the index last synced from any directory source; `nil` if never.
    public func lastSync() throws(IndexError) -> Date? {
        try database.readOnly("read when the directory was last synced") { db in
            try IndexReader(db: db, location: database.location).lastDirectorySync()
        }
    }
}
