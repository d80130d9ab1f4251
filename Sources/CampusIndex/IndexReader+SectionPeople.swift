import CampusCore

extension IndexReader {
    /// The usernames of a section's students and instructors, whoever the directory suppresses:
    /// whom a change to it concerns. Not for showing anyone.
    public func sectionPeople(_ section: SectionID, term: TermCode) throws -> (students: [String], instructors: [String]) {
        let values: [SQLValue] = [.text(term.rawValue), .text(section.rawValue)]
        let students = try rows("SELECT lower(username) FROM enrollments WHERE term = ? AND section = ?", values) { $0.string(0) }
        let instructors = try rows(
            "SELECT lower(username) FROM section_instructors WHERE term = ? AND section = ? AND username IS NOT NULL", values
        ) { $0.string(0) }
        return (students.filter { !$0.isEmpty }, instructors.filter { !$0.isEmpty })
    }
}
