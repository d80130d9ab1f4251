internal import GRDB

extension IndexSchema {
    /// v15: what Banner registrars say beyond reg-sched.pl, in columns every registrar's
    /// rows leave `NULL` (and `0`) when it says none of it: a section's particulars
    /// (``SectionParticulars``, JSON), a meeting's kind and own dates, an instructor's
    /// e-mail and whether they are the primary one. An instructor's username may now be
    /// `NULL`: Banner names instructors by name and e-mail, and one the directory does not
    /// hold is kept by name (SQLite cannot drop a `NOT NULL`: the table is made anew).
    static func addRegistrarParticulars(_ db: Database) throws {
        try db.alter(table: "sections") { t in
            t.add(column: "particulars", .text)
        }
        try db.alter(table: "meetings") { t in
            t.add(column: "kind", .text)
            t.add(column: "first_day", .text)
            t.add(column: "last_day", .text)
        }
        try db.create(table: "section_instructors_v15") { t in
            t.column("term", .text).notNull()
            t.column("section", .text).notNull()
            t.column("position", .integer).notNull()
            t.primaryKey(["term", "section", "position"])
            t.foreignKey(["term", "section"], references: "sections", columns: ["term", "id"], onDelete: .cascade)
            t.column("username", .text).collate(.nocase).references("people")
            t.column("name", .text).notNull()
            t.column("email", .text)
            t.column("is_primary", .boolean).notNull().defaults(to: false)
        }
        try db.execute(sql: """
            INSERT INTO section_instructors_v15 (term, section, position, username, name)
            SELECT term, section, position, username, name FROM section_instructors;
            DROP TABLE section_instructors;
            ALTER TABLE section_instructors_v15 RENAME TO section_instructors;
            """)
        try db.create(index: "instructors_by_person", on: "section_instructors", columns: ["username", "term", "section"])
    }
}
