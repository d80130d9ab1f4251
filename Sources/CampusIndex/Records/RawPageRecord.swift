import Foundation
internal import GRDB

/// A row of `raw_pages`: the last fetched bytes of one page, zlib-compressed.
struct RawPageRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "raw_pages"

    /// The URL or file the page came from.
    var source: String
    var term: String?
    /// FNV-1a 64 of the uncompressed bytes, in hex.
    var hash: String
    /// The uncompressed length.
    var size: Int
    var data: Data
    var fetchedAt: Date

    enum CodingKeys: String, CodingKey {
        case source, term, hash, size, data
        case fetchedAt = "fetched_at"
    }

    enum Columns {
        static let source = Column(CodingKeys.source)
        static let term = Column(CodingKeys.term)
        static let fetchedAt = Column(CodingKeys.fetchedAt)
    }
}
