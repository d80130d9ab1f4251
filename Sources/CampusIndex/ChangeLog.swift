import CampusCore
import Foundation
internal import GRDB

/// The change log: what each registrar refresh and directory sync found changed, kept with the
/// refresh that found it for a configurable number of days. Written inside the refresh's own
/// transaction, so a refresh that fails records nothing, and one that lands always has its changes.
///
/// ```swift
/// let found = try index.changes.found(ChangeQuery(term: TermCode("202630"), limit: 10))
/// ```
public struct ChangeLog: Sendable {
    let database: CampusDatabase

    /// Creates the tables (migration v17).
    static func create(_ db: Database) throws {
        try db.create(table: "refreshes") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("token", .text).notNull().unique()
            t.column("source", .text).notNull()
            t.column("term", .text)
            t.column("found_at", .datetime).notNull()
        }
        try db.create(index: "refreshes_by_time", on: "refreshes", columns: ["found_at"])
        try db.create(table: "changes") { t in
            t.column("refresh", .integer).notNull().references("refreshes", onDelete: .cascade)
            t.column("position", .integer).notNull()
            t.primaryKey(["refresh", "position"])
            t.column("kind", .text).notNull()
            t.column("term", .text)
            t.column("section", .text)
            t.column("title", .text)
            t.column("person", .text).collate(.nocase)
            t.column("before", .text)
            t.column("after", .text)
        }
        try db.create(index: "changes_by_section", on: "changes", columns: ["term", "section"])
    }

    /// Migration v18: the rooms whose use each change alters, for those who follow a room.
    static func addRooms(_ db: Database) throws {
        try db.alter(table: "changes") { t in t.add(column: "rooms", .jsonText) }
    }

    /// Records a refresh's changes inside its transaction; records nothing when there are none.
    @discardableResult
    static func record(
        _ db: Database, source: FoundChanges.Source, term: TermCode?, changes: [ClassChange], now: Date
    ) throws -> Int64? {
        guard !changes.isEmpty else { return nil }
        var refresh = RefreshRecord(token: UUID().uuidString.lowercased(), source: source.rawValue, term: term?.rawValue, foundAt: now)
        try refresh.insert(db)
        guard let id = refresh.id else { return nil }
        for (position, change) in changes.enumerated() {
            try ChangeRecord(change, refresh: id, position: position).insert(db)
        }
        return id
    }

    /// The refreshes `query` selects, newest first, each with the changes it selects.
    public func found(_ query: ChangeQuery) throws(IndexError) -> [FoundChanges] {
        try database.readOnly("read the change log") { db in
            var refreshes = RefreshRecord.all()
            if let since = query.since { refreshes = refreshes.filter(Column("found_at") >= since) }
            if let refresh = query.refresh { refreshes = refreshes.filter(Column("id") == refresh) }
            if let term = query.term { refreshes = refreshes.filter(Column("term") == term.rawValue) }
            if let tokens = query.tokens { refreshes = refreshes.filter(tokens.contains(Column("token"))) }
            if let source = query.source { refreshes = refreshes.filter(Column("source") == source.rawValue) }
            if let section = query.section {
                refreshes = refreshes.filter(sql: "id IN (SELECT refresh FROM changes WHERE section = ?)", arguments: [section.rawValue])
            }
            let records = try refreshes.order(Column("id").desc).limit(max(0, query.limit)).fetchAll(db)
            return try records.compactMap { record -> FoundChanges? in
                guard let id = record.id, let source = FoundChanges.Source(rawValue: record.source) else { return nil }
                var changes = ChangeRecord.filter(Column("refresh") == id)
                if let section = query.section { changes = changes.filter(Column("section") == section.rawValue) }
                return FoundChanges(
                    refresh: id, token: record.token, source: source, term: record.term.flatMap { TermCode($0) },
                    foundAt: record.foundAt, changes: try changes.order(Column("position")).fetchAll(db).compactMap(\.change))
            }
        }
    }

    /// Forgets the refreshes found before `cutoff`, and their changes; writes nothing (and so
    /// leaves the index's generation, and every answer's validator, as they are) when there are none.
    @discardableResult
    public func forget(before cutoff: Date) throws(IndexError) -> Int {
        let old = try database.readOnly("read the change log") { db in
            try RefreshRecord.filter(Column("found_at") < cutoff).fetchCount(db)
        }
        guard old > 0 else { return 0 }
        return try database.write("forget old changes") { db in
            try RefreshRecord.filter(Column("found_at") < cutoff).deleteAll(db)
        }
    }
}

extension CampusDatabase {
    /// What refreshes found changed.
    public var changes: ChangeLog { ChangeLog(database: self) }
}
