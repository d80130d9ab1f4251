import GRDB

extension IndexSchema {
    /// v8: what lookups need of the registrar definition (``CampusCore/CampusDescription``),
    /// written with the data, so a lookup does not read the definition file. One row;
    /// the calendar apart, since only exports read it.
    static func addCampusDescription(_ db: Database) throws {
        try db.create(table: "campus_description") { t in
            t.primaryKey("id", .integer).check { $0 == 1 }
            t.column("name", .text).notNull()
            t.column("term_scheme", .jsonText).notNull()
            t.column("time_zone", .jsonText).notNull()
            t.column("calendar", .jsonText).notNull()
            t.column("schedule_links", .jsonText)
            t.column("written_at", .datetime).notNull()
        }
    }
}
