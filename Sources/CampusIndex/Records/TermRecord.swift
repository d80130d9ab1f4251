import Foundation
import GRDB

/// A row of `terms`: one indexed term and when it was last written.
struct TermRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "terms"

    var code: String
    var name: String
    var crawledAt: Date
    var sectionCount: Int

    enum CodingKeys: String, CodingKey {
        case code, name
        case crawledAt = "crawled_at"
        case sectionCount = "section_count"
    }

    enum Columns {
        static let code = Column(CodingKeys.code)
        static let crawledAt = Column(CodingKeys.crawledAt)
    }
}
