import CampusCore
import GRDB

/// A row of `section_instructors`: who teaches a section, in printed order.
///
/// Rows are read by ``init(row:)`` rather than `Decodable`, for search speed.
struct InstructorRecord: Encodable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "section_instructors"

    var term: String
    var section: String
    var position: Int
    var username: String
    /// The name as the sections table prints it (`Vale, Robin`).
    var name: String

    enum Columns {
        static let term = Column("term")
        static let section = Column("section")
        static let position = Column("position")
        static let username = Column("username")
        static let name = Column("name")
    }

    init(row: Row) {
        term = row[Columns.term]
        section = row[Columns.section]
        position = row[Columns.position]
        username = row[Columns.username]
        name = row[Columns.name]
    }

    init(_ instructor: InstructorRef, term: TermCode, section: SectionID, position: Int) {
        self.term = term.rawValue
        self.section = section.rawValue
        self.position = position
        username = instructor.username
        name = instructor.name
    }

    var instructor: InstructorRef { InstructorRef(name: name, username: username) }
}
