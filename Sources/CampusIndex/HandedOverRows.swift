internal import GRDB

/// The registrar's rows a username held when it changed hands (``DirectoryStanding/arrivedAt``):
/// the enrollments and teaching of the person who held it before, kept by section so that no
/// later crawl of those terms makes them the new holder's; and the Banner IDs the registrar
/// gave them, so that a term crawled later which still reads the one before under the
/// username (a registration of theirs for a term to come) is theirs, not the new holder's.
enum HandedOverRows {
    /// Migration v20: the table; usernames that changed hands before it hand over every row they
    /// hold now (the index cannot tell which of them came later).
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE handed_over_rows (
                username TEXT NOT NULL COLLATE NOCASE, term TEXT NOT NULL, section TEXT NOT NULL, role TEXT NOT NULL,
                PRIMARY KEY (username, term, section, role)) WITHOUT ROWID;
            """)
        try db.execute(sql: snapshotSQL(arrivals: "directory_people.arrived_at IS NOT NULL"))
    }

    /// Migration v21: the Banner IDs of those before; for usernames that changed hands before
    /// it, every Banner ID the registrar gives them now.
    static func createIdentities(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE handed_over_ids (
                username TEXT NOT NULL COLLATE NOCASE, banner_id TEXT NOT NULL, PRIMARY KEY (username, banner_id)) WITHOUT ROWID;
            """)
        try db.execute(sql: identitiesSQL(arrivals: "directory_people.arrived_at IS NOT NULL"))
    }

    /// Migration v22: the Banner ID a registrar's row gave each enrolled student, so that a row
    /// of the one before crawled after the username changed hands (their registration for a term
    /// to come, in a term the new holder registered for too) stays theirs. Rows read before it
    /// have none.
    static func addEnrollmentIdentities(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE enrollments ADD COLUMN banner_id TEXT")
    }

    /// Keeps the rows and Banner IDs of everyone who arrived under a username another held at `moment` (a sync's).
    static func keep(_ db: Database, arrivedAt moment: String) throws {
        try db.execute(sql: snapshotSQL(arrivals: "directory_people.arrived_at = ?"), arguments: [moment, moment])
        try db.execute(sql: identitiesSQL(arrivals: "directory_people.arrived_at = ?"), arguments: [moment, moment])
    }

    private static func identitiesSQL(arrivals: String) -> String {
        """
        INSERT OR IGNORE INTO handed_over_ids (username, banner_id)
            SELECT people.username, people.banner_id
            FROM directory_people JOIN people ON people.username = directory_people.username
            WHERE \(arrivals) AND people.banner_id IS NOT NULL AND people.banner_id != ''
            UNION
            SELECT term_people.username, json_extract(term_people.person, '$.bannerID')
            FROM directory_people JOIN term_people ON term_people.username = directory_people.username
            WHERE \(arrivals) AND json_extract(term_people.person, '$.bannerID') IS NOT NULL
        """
    }

    private static func snapshotSQL(arrivals: String) -> String {
        """
        INSERT OR IGNORE INTO handed_over_rows (username, term, section, role)
            SELECT enrollments.username, enrollments.term, enrollments.section, 'student'
            FROM directory_people JOIN enrollments ON enrollments.username = directory_people.username WHERE \(arrivals)
            UNION ALL
            SELECT section_instructors.username, section_instructors.term, section_instructors.section, 'instructor'
            FROM directory_people JOIN section_instructors ON section_instructors.username = directory_people.username WHERE \(arrivals)
        """
    }

    /// SQL true when the row `table` (`enrollments` or `section_instructors`, as aliased) of
    /// `role` is not one its username handed over, nor (an enrollment) one the registrar gave a
    /// Banner ID of the one before.
    static func isHolders(_ table: String, role: String) -> String {
        let handedOver = """
            NOT EXISTS (SELECT 1 FROM handed_over_rows WHERE handed_over_rows.username = \(table).username
                        AND handed_over_rows.term = \(table).term AND handed_over_rows.section = \(table).section
                        AND handed_over_rows.role = '\(role)')
            """
        guard role == "student" else { return handedOver }
        // In parentheses: the fragment is negated where a row of the one before is asked for.
        return "(" + handedOver + """
             AND (\(table).banner_id IS NULL OR NOT EXISTS (SELECT 1 FROM handed_over_ids
                        WHERE handed_over_ids.username = \(table).username AND handed_over_ids.banner_id = \(table).banner_id)))
            """
    }
}
