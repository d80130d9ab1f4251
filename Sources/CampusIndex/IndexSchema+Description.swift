internal import GRDB

extension IndexSchema {
    /// v8: what lookups need of the registrar definition (``CampusCore/CampusDescription``),
    /// written with the data, so a lookup does not read the definition file. One row.
    /// The term scheme and time zone, which every lookup reads, are plain columns
    /// (``DescriptionColumns``); the calendar, which only exports read, is JSON.
    static func addCampusDescription(_ db: Database) throws {
        try db.create(table: "campus_description") { t in
            t.primaryKey("id", .integer).check { $0 == 1 }
            t.column("name", .text).notNull()
            t.column("term_seasons", .text).notNull()
            t.column("time_zone", .text).notNull()
            t.column("standard_offset", .integer).notNull()
            t.column("daylight_offset", .integer)
            t.column("calendar", .jsonText).notNull()
            t.column("student_link", .text)
            t.column("instructor_link", .text)
            t.column("written_at", .datetime).notNull()
        }
    }
}
