internal import GRDB

extension IndexSchema {
    /// Migration v3: how each term's pages describe a person.
    ///
    /// A roster is a term's document: a student's major, class and year (and, in
    /// synthetic samples, even names) differ between terms. `people` keeps one
    /// merged record per username; `term_people` keeps each term's reading, which
    /// that term's rosters and schedules show.
    static func addTermPeople(_ db: Database) throws {
        try db.create(table: "term_people") { t in
            t.column("term", .text).notNull().references("terms", onDelete: .cascade)
            t.column("username", .text).notNull().collate(.nocase)
            t.primaryKey(["term", "username"])
            t.column("person", .jsonText).notNull()
        }
        try db.create(index: "term_people_by_person", on: "term_people", columns: ["username", "term"])
    }
}
