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
    /// `nil` for an instructor the registrar names without a username and the directory
    /// does not hold under their e-mail (Banner).
    var username: String?
    /// The name as the sections table prints it (`Vale, Robin`).
    var name: String
    /// The e-mail address the registrar prints (Banner), if any.
    var email: String?
    /// Whether the registrar marks this one the primary instructor.
    var isPrimary: Bool

    enum CodingKeys: String, CodingKey {
        case term, section, position, username, name, email
        case isPrimary = "is_primary"
    }

    /// The columns ``init(row:)`` reads, in order.
    static let selection = "term, section, position, username, name, email, is_primary"
    /// How many columns ``selection`` names.
    static let columnCount = 7

    init(row: some ColumnValues) {
        term = row.string(0)
        section = row.string(1)
        position = row.int(2) ?? 0
        username = row.text(3)
        name = row.string(4)
        email = row.text(5)
        isPrimary = row.bool(6)
    }

    init(_ instructor: InstructorRef, term: TermCode, section: SectionID, position: Int) {
        self.term = term.rawValue
        self.section = section.rawValue
        self.position = position
        username = instructor.username
        name = instructor.name
        email = instructor.email
        isPrimary = instructor.isPrimary
    }

    var instructor: InstructorRef { InstructorRef(name: name, username: username, email: email, isPrimary: isPrimary) }
}
