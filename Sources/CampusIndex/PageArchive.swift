import CampusCore
import Foundation
internal import GRDB

/// The raw pages kept for `campus reparse` (zlib-compressed, one per source,
/// rewritten only when changed) and the crawl log.
///
/// ```swift
/// try index.pages.store(source: url, term: code, bytes: bytes, now: .now)
/// for source in try index.pages.sources(term: code) { let page = try index.pages.page(source: source) }
/// ```
public struct PageArchive: Sendable {
    let database: CampusDatabase
}

extension PageArchive {
    /// Keeps the bytes of a fetched page, zlib-compressed, for `campus reparse`.
    ///
    /// - Returns: Whether the page is new, changed, or the same as the copy kept
    ///   (compared by an FNV-1a 64 content hash; an unchanged page is not rewritten).
    @discardableResult
    public func store(source: String, term: TermCode?, bytes: [UInt8], now: Date) throws(IndexError)
        -> RawPageStatus
    {
        let hash = FNV.hex(bytes: bytes)
        let knownHash = try database.readOnly("read the saved copy of \(source)") { db in
            try String.fetchOne(db, sql: "SELECT hash FROM raw_pages WHERE source = ?", arguments: [source])
        }
        if knownHash == hash { return .unchanged }
        let compressed: [UInt8]
        do {
            compressed = try Zlib.compress(bytes)
        } catch {
            throw .database(operation: "compress \(source)", detail: error.description)
        }
        let record = RawPageRecord(
            source: source, term: term?.rawValue, hash: hash, size: bytes.count, data: Data(compressed), fetchedAt: now)
        try database.write("save a copy of \(source)") { db in try record.save(db) }
        return knownHash == nil ? .new : .changed
    }

    /// The kept pages of a term (or all of them when `term` is `nil`), decompressed, sorted by source.
    ///
    /// Holds every page in memory at once; for a whole campus prefer
    /// ``sources(term:)`` and ``page(source:)``, one page at a time.
    public func pages(term: TermCode?) throws(IndexError) -> [RawPage] {
        let records = try database.readOnly("read the saved pages") { db in
            var request = RawPageRecord.order(RawPageRecord.Columns.source)
            if let term { request = request.filter(RawPageRecord.Columns.term == term.rawValue) }
            return try request.fetchAll(db)
        }
        var pages: [RawPage] = []
        for record in records {
            pages.append(try Self.page(from: record))
        }
        return pages
    }

    /// The sources of the kept pages of a term (or of all of them when `term` is `nil`), those
    /// read longest ago first: read again in this order, a page read later (a roster imported
    /// after the crawl) says the last word.
    public func sources(term: TermCode?) throws(IndexError) -> [String] {
        try database.readOnly("list the saved pages") { db in
            var request = RawPageRecord.select(RawPageRecord.Columns.source)
                .order(RawPageRecord.Columns.fetchedAt, RawPageRecord.Columns.source)
            if let term { request = request.filter(RawPageRecord.Columns.term == term.rawValue) }
            return try String.fetchAll(db, request)
        }
    }

    /// The kept page from `source`, decompressed; `nil` when none is kept.
    public func page(source: String) throws(IndexError) -> RawPage? {
        let record = try database.readOnly("read the saved copy of \(source)") { db in
            try RawPageRecord.fetchOne(db, key: source)
        }
        guard let record else { return nil }
        return try Self.page(from: record)
    }

    private static func page(from record: RawPageRecord) throws(IndexError) -> RawPage {
        let bytes: [UInt8]
        do {
            bytes = try Zlib.decompress(Array(record.data), size: record.size)
        } catch {
            throw .damagedRawPage(source: record.source, detail: error.description)
        }
        guard FNV.hex(bytes: bytes) == record.hash else {
            throw .damagedRawPage(source: record.source, detail: "its content hash does not match")
        }
        return RawPage(
            source: record.source, term: record.term.flatMap { TermCode($0) }, bytes: bytes, fetchedAt: record.fetchedAt)
    }
}

extension PageArchive {
    /// Forgets the kept pages of `term` that a complete crawl no longer fetched
    /// (a section dropped, an instructor gone), so `campus reparse` does not bring them back.
    ///
    /// - Returns: How many pages were forgotten.
    @discardableResult
    public func prune(term: TermCode, keeping sources: Set<String>) throws(IndexError) -> Int {
        try database.write("forget pages \(term) no longer has") { db in
            let stale = try String.fetchAll(db, sql: "SELECT source FROM raw_pages WHERE term = ?", arguments: [term.rawValue])
                .filter { !sources.contains($0) }
            for source in stale {
                try db.execute(sql: "DELETE FROM raw_pages WHERE source = ?", arguments: [source])
            }
            return stale.count
        }
    }
}
