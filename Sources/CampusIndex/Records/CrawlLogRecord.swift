import Foundation
internal import GRDB

/// A row of `crawl_log`: one fetch of one URL and how it went.
struct CrawlLogRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "crawl_log"

    var id: Int64?
    var url: String
    var fetchedAt: Date
    var hash: String?
    var status: String
    var bytes: Int

    enum CodingKeys: String, CodingKey {
        case id, url, hash, status, bytes
        case fetchedAt = "fetched_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
    }
}
