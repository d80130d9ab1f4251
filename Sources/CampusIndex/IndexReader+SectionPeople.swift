import CampusCore

extension IndexReader {
    /// The usernames of a section's students and instructors, whoever the directory suppresses:
    /// whom a change to it concerns. Not for showing anyone.
    public func sectionPeople(_ section: SectionID, term: TermCode) throws -> (students: [String], instructors: [String]) {
        let values: [SQLValue] = [.text(term.rawValue), .text(section.rawValue)]
        let students = try rows(Self.studentsSQL, values) { $0.string(0) }
        let instructors = try rows(Self.instructorsSQL, values) { $0.string(0) }
        // Rows of a username's holder before it changed hands concern nobody now.
        return (try students.filter { try !$0.isEmpty && holds($0, term: term) }, try instructors.filter { try !$0.isEmpty && holds($0, term: term) })
    }

    private static let studentsSQL = """
        SELECT lower(username) FROM enrollments WHERE term = ? AND section = ? AND \(HandedOverRows.isHolders("enrollments", role: "student"))
        """
    private static let instructorsSQL = """
        SELECT lower(username) FROM section_instructors
        WHERE term = ? AND section = ? AND username IS NOT NULL AND \(HandedOverRows.isHolders("section_instructors", role: "instructor"))
        """
}
