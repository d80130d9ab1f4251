import Foundation
import GRDB

extension CampusIndexStore {
    /// Records one fetch in the crawl log.
    ///
    /// - Parameters:
    ///   - url: What was fetched.
    ///   - status: How it went (`200`, `304`, `timeout`).
    ///   - hash: The content hash of the body, when there was one.
    ///   - bytes: The body's length.
    public func logFetch(url: String, status: String, hash: String?, bytes: Int, now: Date) throws(IndexError) {
        try write("log the fetch of \(url)") { db in
            try CrawlLogRecord(id: nil, url: url, fetchedAt: now, hash: hash, status: status, bytes: bytes).insert(db)
        }
    }

    /// The most recent fetches, newest first.
    public func fetchLog(limit: Int) throws(IndexError) -> [FetchLogEntry] {
        try read("read the crawl log") { db in
            try CrawlLogRecord.order(CrawlLogRecord.Columns.id.desc).limit(limit).fetchAll(db).map {
                FetchLogEntry(url: $0.url, status: $0.status, hash: $0.hash, bytes: $0.bytes, fetchedAt: $0.fetchedAt)
            }
        }
    }
}
