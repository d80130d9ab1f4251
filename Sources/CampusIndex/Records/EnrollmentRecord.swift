import CampusCore
import GRDB

/// A row of `enrollments`: a student in a section of a term.
struct EnrollmentRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "enrollments"

    var term: String
    var section: String
    var username: String

    init(_ enrollment: Enrollment, term: TermCode) {
        self.term = term.rawValue
        section = enrollment.section.rawValue
        username = enrollment.username
    }
}
