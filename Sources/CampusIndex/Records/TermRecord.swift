import Foundation
import GRDB

/// A row of `terms`: one indexed term, when it was last written, and its counts
/// (kept up to date by every write, so listing terms costs nothing).
struct TermRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "terms"

    var code: String
    var name: String
    var crawledAt: Date
    var sectionCount: Int
    /// Distinct people enrolled in or teaching a section of the term.
    var peopleCount: Int

    enum CodingKeys: String, CodingKey {
        case code, name
        case crawledAt = "crawled_at"
        case sectionCount = "section_count"
        case peopleCount = "people_count"
    }

    enum Columns {
        static let code = Column(CodingKeys.code)
        static let crawledAt = Column(CodingKeys.crawledAt)
    }

    init(code: String, name: String, crawledAt: Date, sectionCount: Int, peopleCount: Int) {
        self.code = code
        self.name = name
        self.crawledAt = crawledAt
        self.sectionCount = sectionCount
        self.peopleCount = peopleCount
    }

    /// Read by column, not through `Decodable`: every lookup lists the terms.
    init(row: Row) {
        code = row[CodingKeys.code.rawValue]
        name = row[CodingKeys.name.rawValue]
        crawledAt = row[CodingKeys.crawledAt.rawValue]
        sectionCount = row[CodingKeys.sectionCount.rawValue]
        peopleCount = row[CodingKeys.peopleCount.rawValue]
    }
}
