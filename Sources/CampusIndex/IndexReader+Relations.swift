import CampusCore
internal import GRDB

/// How two people or a person and a section relate, for the policy's relations.
extension IndexReader {
    /// Whether `instructor` teaches a section `student` is enrolled in: in `term`, or in any
    /// indexed term when `term` is `nil`; never by rows either username handed over (``HandedOverRows``).
    ///
    /// The statement walks the instructor's sections and probes each for the student (a
    /// `CROSS JOIN` keeps SQLite to that order): what it costs depends on what the caller
    /// teaches, never on how many classes the student takes, so a refusal built on it
    /// tells nothing of the student's enrollment by its timing.
    public func teaches(_ instructor: String, student: String, term: TermCode?) throws -> Bool {
        if let term {
            guard try holds(instructor, term: term), try holds(student, term: term) else { return false }
            return try row(Self.teachesInTermSQL, [.text(instructor), .text(student), .text(term.rawValue)]) { $0.bool(0) } ?? false
        }
        if try changedHands(instructor) || changedHands(student) {
            // Term by term, as each term's rows are the present holders' or not.
            return try teachingTerms(of: instructor).contains { try holds(student, term: $0) && teaches(instructor, student: student, term: $0) }
        }
        return try row(Self.teachesSQL, [.text(instructor), .text(student), .text(""), .text("")]) { $0.bool(0) } ?? false
    }

    /// Whether `username` teaches the section in `term`.
    public func teaches(_ username: String, section: SectionID, term: TermCode) throws -> Bool {
        guard try holds(username, term: term) else { return false }
        return try row(Self.teachesSectionSQL, [.text(username), .text(section.rawValue), .text(term.rawValue)]) { $0.bool(0) } ?? false
    }

    /// Whether the directory names `username` as anyone's advisor.
    /// The registrar's word counts only while the username has not changed hands.
    public func advisesAnyone(_ username: String) throws -> Bool {
        let sql = try advisesAsNamed(username) ? Self.advisesAnyoneSQL : Self.advisesAnyoneByDirectorySQL
        return try row(sql, [.text(username)]) { _ in true } ?? false
    }

    private static let advisesAnyoneByDirectorySQL = "SELECT 1 FROM directory_people WHERE advisor_username = ?1 LIMIT 1"
    private static let advisesAnyoneSQL = """
        SELECT 1 FROM directory_people WHERE advisor_username = ?1
        UNION ALL SELECT 1 FROM people WHERE advisor_username = ?1 LIMIT 1
        """

    /// Whether `username` is enrolled in the section in `term`.
    public func isEnrolled(_ username: String, section: SectionID, term: TermCode) throws -> Bool {
        guard try holds(username, term: term) else { return false }
        return try row(Self.enrolledSQL, [.text(username), .text(section.rawValue), .text(term.rawValue)]) { $0.bool(0) } ?? false
    }

    /// Every section `username` is enrolled in, of every indexed term.
    public func enrollments(of username: String) throws -> [(section: SectionID, term: TermCode)] {
        try rows(Self.enrollmentsSQL, [.text(username.lowercased()), .text(try arrivalTerm(username))]) { row in
            guard let section = row.text(0).flatMap({ SectionID($0) }), let term = row.text(1).flatMap({ TermCode($0) }),
                  try holds(username, term: term) else { return nil }
            return (section, term)
        }.compactMap { $0 }
    }

    private static let enrollmentsSQL = """
        SELECT section, term FROM enrollments
        WHERE username = ?1 AND term > ?2 AND \(HandedOverRows.isHolders("enrollments", role: "student")) ORDER BY term, section
        """
    private static let teachesInTermSQL = """
        SELECT EXISTS (SELECT 1 FROM section_instructors AS i CROSS JOIN enrollments AS e
                       ON e.term = i.term AND e.section = i.section AND e.username = ?2
                       WHERE i.username = ?1 AND i.term = ?3
                         AND \(HandedOverRows.isHolders("i", role: "instructor")) AND \(HandedOverRows.isHolders("e", role: "student")))
        """
    private static let teachesSQL = """
        SELECT EXISTS (SELECT 1 FROM section_instructors AS i CROSS JOIN enrollments AS e
                       ON e.term = i.term AND e.section = i.section AND e.username = ?2
                       WHERE i.username = ?1 AND i.term > ?3 AND i.term > ?4
                         AND \(HandedOverRows.isHolders("i", role: "instructor")) AND \(HandedOverRows.isHolders("e", role: "student")))
        """
    private static let teachesSectionSQL = """
        SELECT EXISTS (SELECT 1 FROM section_instructors WHERE username = ? AND section = ? AND term = ?
                       AND \(HandedOverRows.isHolders("section_instructors", role: "instructor")))
        """
    private static let enrolledSQL = """
        SELECT EXISTS (SELECT 1 FROM enrollments WHERE username = ? AND section = ? AND term = ?
                       AND \(HandedOverRows.isHolders("enrollments", role: "student")))
        """
}
