import CampusCore
import Foundation
internal import GRDB

/// Copies of the index that replicas of one campus exchange: written whole by the replica
/// that refreshes, never written again, served read-only by every replica.
extension CampusDatabase {
    /// Writes a copy of the whole index to `path`, which must not exist yet (SQLite's
    /// `VACUUM INTO`): one file, in rollback-journal mode, that reads the same as the index
    /// did when the copy began, whatever is written meanwhile.
    public func writeSnapshot(to path: String) throws(IndexError) {
        do {
            try writer.vacuum(into: path)
        } catch {
            throw IndexError(error, path: location, operation: "be copied to \(path)")
        }
    }

    /// The snapshot file at `path`, to serve lookups from: checked whole (`PRAGMA quick_check`)
    /// and of this version's schema, then read through a pool of read-only connections that
    /// take no lock on it. A snapshot that fails a check is refused, never served.
    public static func openSnapshot(path: String) throws(IndexError) -> CampusDatabase {
        let writer = try IndexOpening(path: path, access: .readConcurrently).openSnapshot()
        return CampusDatabase(path: path, writer: writer)
    }

    /// Makes this index (opened to write) hold exactly what `snapshot` holds, generation and
    /// change log included, in one transaction (SQLite's backup): readers see the old index
    /// or the new one, never a mixture.
    public func restore(from snapshot: CampusDatabase) throws(IndexError) {
        do {
            try snapshot.writer.backup(to: writer)
            cache.removeAll()
        } catch {
            throw IndexError(error, path: location, operation: "take the contents of \(snapshot.location)")
        }
    }
}
