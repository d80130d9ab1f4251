import CampusCore
internal import GRDB

/// Matches the instructors a registrar names by e-mail only (Banner) to directory people,
/// inside the caller's transaction: after a term is written and after a directory sync,
/// whichever comes last.
///
/// An instructor row without a username takes the username of the one directory person
/// whose e-mail is the same (case ignored). An e-mail two people share, or only a
/// suppressed person has, links nobody: the instructor stays known by name.
enum InstructorEmails {
    /// v16: directory people found by e-mail, and the instructors still to match.
    static func createIndexes(_ db: Database) throws {
        try db.execute(sql: """
            CREATE INDEX directory_people_by_email ON directory_people (email COLLATE NOCASE);
            CREATE INDEX instructors_by_email ON section_instructors (email COLLATE NOCASE) WHERE username IS NULL;
            """)
    }

    /// Links every instructor the directory now names by e-mail, and recounts the people
    /// of the terms they teach in.
    static func link(_ db: Database) throws {
        let match = """
            SELECT d.username FROM directory_people d
            WHERE d.email = section_instructors.email COLLATE NOCASE AND NOT d.suppressed
            """
        let unique = """
            username IS NULL AND email IS NOT NULL
            AND (SELECT COUNT(*) FROM directory_people d WHERE d.email = section_instructors.email COLLATE NOCASE) = 1
            AND EXISTS (\(match))
            """
        let terms = try String.fetchAll(db, sql: "SELECT DISTINCT term FROM section_instructors WHERE \(unique)")
        guard !terms.isEmpty else { return }
        try db.execute(sql: """
            INSERT INTO people (username, affiliation)
                SELECT (\(match)), ? FROM section_instructors WHERE \(unique)
            ON CONFLICT DO NOTHING
            """, arguments: [Affiliation.faculty.rawValue])
        try db.execute(sql: "UPDATE section_instructors SET username = (\(match)) WHERE \(unique)")
        for term in terms {
            try db.execute(sql: "UPDATE terms SET people_count = (\(TermWriter.peopleCountSQL)) WHERE code = :term", arguments: ["term": term])
        }
    }
}
