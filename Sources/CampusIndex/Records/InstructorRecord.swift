import CampusCore
internal import GRDB

/// A row of `section_instructors`: who teaches a section, in printed order.
///
/// Rows are read by position (``init(row:)``, from a select of ``selection``) rather
/// than `Decodable` or column names, for search speed.
struct InstructorRecord: Encodable, PersistableRecord {
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

    /// The columns ``init(row:)`` reads, in order.
    static let selection = "term, section, position, username, name"

    init(row: some ColumnValues) {
        term = row.string(0)
        section = row.string(1)
        position = row.int(2) ?? 0
        username = row.string(3)
        name = row.string(4)
    }

    init(_ instructor: InstructorRef, username: String, term: TermCode, section: SectionID, position: Int) {
        self.term = term.rawValue
        self.section = section.rawValue
        self.position = position
        self.username = username
        name = instructor.name
    }

    var instructor: InstructorRef { InstructorRef(name: name, username: username) }
}
