import Foundation
internal import GRDB

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

    init(code: String, name: String, crawledAt: Date, sectionCount: Int, peopleCount: Int) {
        self.code = code
        self.name = name
        self.crawledAt = crawledAt
        self.sectionCount = sectionCount
        self.peopleCount = peopleCount
    }

    /// The columns ``init(row:)`` reads, in order.
    static let selection = "code, name, crawled_at, section_count, people_count"
    /// How many columns ``selection`` names.
    static let columnCount = 5

    /// Read by position, not through `Decodable`: lookups list the terms.
    init(row: Row) {
        code = row[0]
        name = row[1]
        crawledAt = row[2]
        sectionCount = row[3]
        peopleCount = row[4]
    }

    /// Read straight from SQLite, the date as GRDB stores it (`yyyy-MM-dd HH:mm:ss.SSS`, UTC).
    init(row: SQLiteRows) throws {
        code = row.string(0)
        name = row.string(1)
        guard let date = Date.fromDatabaseValue(row.string(2).databaseValue) else {
            throw IndexError.corrupt(path: "the index", detail: "the term \(code) holds the date '\(row.string(2))'")
        }
        crawledAt = date
        sectionCount = row.int(3) ?? 0
        peopleCount = row.int(4) ?? 0
    }
}
