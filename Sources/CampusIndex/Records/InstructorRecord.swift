import CampusCore
import GRDB

/// A row of `section_instructors`: who teaches a section, in printed order.
struct InstructorRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "section_instructors"

    var term: String
    var section: String
    var position: Int
    var username: String
    /// The name as the sections table prints it (`Vale, Robin`).
    var name: String

    init(_ instructor: InstructorRef, term: TermCode, section: SectionID, position: Int) {
        self.term = term.rawValue
        self.section = section.rawValue
        self.position = position
        username = instructor.username
        name = instructor.name
    }

    var instructor: InstructorRef { InstructorRef(name: name, username: username) }
}
