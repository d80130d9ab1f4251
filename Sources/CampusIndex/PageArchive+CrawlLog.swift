import Foundation
internal import GRDB

extension PageArchive {
    /// Records one fetch in the crawl log.
    ///
    /// - Parameters:
    ///   - url: What was fetched.
    ///   - status: What the fetched page was, compared with the copy kept.
    ///   - hash: The content hash of the body, when there was one.
    ///   - bytes: The body's length.
    public func logFetch(url: String, status: RawPageStatus, hash: String?, bytes: Int, now: Date) throws(IndexError) {
        try database.write("log the fetch of \(url)") { db in
            try CrawlLogRecord(id: nil, url: url, fetchedAt: now, hash: hash, status: status.rawValue, bytes: bytes).insert(db)
        }
    }

    /// The most recent fetches, newest first.
    public func fetchLog(limit: Int) throws(IndexError) -> [FetchLogEntry] {
        try database.readOnly("read the crawl log") { db in
            try CrawlLogRecord.order(CrawlLogRecord.Columns.id.desc).limit(limit).fetchAll(db).map { record in
                guard let status = RawPageStatus(rawValue: record.status) else {
                    throw IndexError.corrupt(path: database.location, detail: "the crawl log holds the status '\(record.status)'")
                }
                return FetchLogEntry(url: record.url, status: status, hash: record.hash, bytes: record.bytes, fetchedAt: record.fetchedAt)
            }
        }
    }
}
