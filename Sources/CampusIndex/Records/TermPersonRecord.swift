import CampusCore
internal import GRDB

/// A row of `term_people`: a person as one term's pages describe them (JSON).
struct TermPersonRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "term_people"

    var term: String
    var username: String
    var person: Person

}
