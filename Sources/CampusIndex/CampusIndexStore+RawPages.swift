import CampusCore
import Foundation
import GRDB

extension CampusIndexStore {
    /// Keeps the bytes of a fetched page, zlib-compressed, for `campus reparse`.
    ///
    /// - Returns: Whether the page is new, changed, or the same as the copy kept
    ///   (compared by an FNV-1a 64 content hash; an unchanged page is not rewritten).
    @discardableResult
    public func storeRawPage(source: String, term: TermCode?, bytes: [UInt8], now: Date) throws(IndexError)
        -> RawPageStatus
    {
        let hash = ContentHash.fnv1a64(bytes)
        let knownHash = try read("read the saved copy of \(source)") { db in
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
        try write("save a copy of \(source)") { db in try record.save(db) }
        return knownHash == nil ? .new : .changed
    }

    /// The kept pages of a term (or all of them when `term` is `nil`), decompressed, sorted by source.
    public func rawPages(term: TermCode?) throws(IndexError) -> [RawPage] {
        let records = try read("read the saved pages") { db in
            var request = RawPageRecord.order(RawPageRecord.Columns.source)
            if let term { request = request.filter(RawPageRecord.Columns.term == term.rawValue) }
            return try request.fetchAll(db)
        }
        var pages: [RawPage] = []
        for record in records {
            do {
                let bytes = try Zlib.decompress(Array(record.data), size: record.size)
                guard ContentHash.fnv1a64(bytes) == record.hash else {
                    throw IndexError.damagedRawPage(source: record.source, detail: "its content hash does not match")
                }
                pages.append(RawPage(
                    source: record.source, term: record.term.flatMap { TermCode($0) }, bytes: bytes,
                    fetchedAt: record.fetchedAt))
            } catch let error as IndexError {
                throw error
            } catch {
                throw .damagedRawPage(source: record.source, detail: "\(error)")
            }
        }
        return pages
    }
}
