import Foundation
internal import GRDB

/// A row of `refreshes`: one registrar crawl of a term or one directory sync that found changes.
struct RefreshRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "refreshes"

    var id: Int64?
    var token: String
    var source: String
    var term: String?
    var foundAt: Date

    enum CodingKeys: String, CodingKey {
        case id, token, source, term
        case foundAt = "found_at"
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
