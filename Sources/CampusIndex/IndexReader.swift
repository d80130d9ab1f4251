import CampusCore
internal import GRDB

/// The index as one read transaction sees it: every lookup of a use case goes
/// through one reader, so an answer never mixes two states of the index.
///
/// Made by ``CampusDatabase/read(_:)`` for the length of its closure; do not keep
/// it past that. Statements are prepared once per connection and reused.
///
/// People are shown merged wherever they appear (search, card, roster, schedule):
/// the directory's entry over the registrar's record, or either alone. A person
/// the directory suppresses appears nowhere, unless the read reveals them
/// (``revealing``: to themselves, or to the registrar).
public struct IndexReader {
    let db: Database
    /// The index's path (or `memory`), for messages.
    let location: String
    /// Whom this read shows although the directory suppresses them.
    public let revealing: SuppressedView
    /// The open database read (``stamp()``); `nil` for a read made inside a write.
    let opening: (any DatabaseReader)?
    /// What reads of the open database keep of the index (``cached(_:_:)``); `nil` for a
    /// read made inside a write, whose index is changing.
    private let cache: IndexCache?
    /// The generation this read sees, read once when the cache is first looked at.
    private let generation = ReadGeneration()

    init(db: Database, location: String, revealing: SuppressedView = .hidden, opening: (any DatabaseReader)? = nil,
         cache: IndexCache? = nil) {
        self.db = db
        self.location = location
        self.revealing = revealing
        self.opening = opening
        self.cache = cache
    }

    /// The value kept as `key` for the state of the index this read sees, else made by
    /// `make` and kept (``IndexCache``).
    func cached<Value: Sendable>(_ key: IndexCache.Key, _ make: () throws -> Value) throws -> Value {
        if let known = try kept(key, as: Value.self) { return known }
        let value = try make()
        try keep(value, as: key)
        return value
    }

    /// The value kept as `key` for the state of the index this read sees, if any.
    func kept<Value: Sendable>(_ key: IndexCache.Key, as type: Value.Type) throws -> Value? {
        // Unwrapped before the cast: `nil` cast to an optional `Value` would be a kept `nil`.
        guard let cache, let entry = cache.entry(key, at: try generation.value { try stamp().generation }) else { return nil }
        return entry as? Value
    }

    /// Keeps `value` as `key`'s for the state of the index this read sees.
    func keep(_ value: some Sendable, as key: IndexCache.Key) throws {
        guard let cache else { return }
        cache.keep(value, as: key, at: try generation.value { try stamp().generation })
    }

    /// The statement for `sql`, prepared once per connection.
    func statement(_ sql: String) throws -> Statement {
        try db.cachedStatement(sql: sql)
    }
}

extension IndexReader {
    /// The rows of a cached statement with `values` bound, each made into a value by `make`.
    func rows<T>(_ sql: String, _ values: [SQLValue] = [], _ make: (SQLiteRows) throws -> T) throws -> [T] {
        var rows = try SQLiteRows(statement(sql), values)
        var made: [T] = []
        while try rows.next() { made.append(try make(rows)) }
        return made
    }

    /// Runs a cached statement that returns no rows.
    func execute(_ sql: String) throws {
        try SQLiteRows.execute(statement(sql), [])
    }

    /// The first row of a cached statement with `values` bound, made into a value; `nil` when there is none.
    func row<T>(_ sql: String, _ values: [SQLValue] = [], _ make: (SQLiteRows) throws -> T) throws -> T? {
        var rows = try SQLiteRows(statement(sql), values)
        defer { rows.reset() }
        return try rows.next() ? make(rows) : nil
    }
}

/// The generation of the index one read transaction sees, read at most once.
private final class ReadGeneration {
    private var known: Int64?

    func value(_ read: () throws -> Int64) rethrows -> Int64 {
        if let known { return known }
        let value = try read()
        known = value
        return value
    }
}
