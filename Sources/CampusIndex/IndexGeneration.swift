import CampusCore
import Foundation
internal import GRDB

/// A number every write of the index raises, with when: what answers were read from.
/// An API answer's `ETag` is made from it, so a refresh makes every cached answer stale
/// and nothing else does.
enum IndexGeneration {
    /// Creates the one-row table (migration v11).
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE generation (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                value INTEGER NOT NULL,
                changed_at DATETIME NOT NULL)
            """)
        try db.execute(sql: "INSERT INTO generation (id, value, changed_at) VALUES (1, 1, ?)", arguments: [Date()])
    }

    /// Raises the generation within the writing transaction.
    static func bump(_ db: Database, now: Date = Date()) throws {
        try db.execute(sql: "UPDATE generation SET value = value + 1, changed_at = ? WHERE id = 1", arguments: [now])
    }
}

/// Which state of the index an answer was read from, and when that state was written.
public struct IndexVersion: Hashable, Sendable {
    public var generation: Int64
    public var changedAt: Date
}

extension IndexReader {
    /// The index's generation and when it was last written.
    public func version() throws -> IndexVersion {
        try row("SELECT value, changed_at FROM generation WHERE id = 1") { row in
            IndexVersion(generation: Int64(row.int(0) ?? 0), changedAt: try date(row.string(1)))
        } ?? IndexVersion(generation: 0, changedAt: Date(timeIntervalSince1970: 0))
    }
}
