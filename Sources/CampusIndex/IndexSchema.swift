internal import GRDB

/// The index's tables, created and evolved by one migrator run at open.
///
/// People are global (one row per username across terms); everything else
/// hangs off a section of a term and goes when its section goes. Directory
/// people live in tables of their own, beside the registrar's (v4). Usernames
/// and rooms compare without case, so the prefix lookups are index range scans.
enum IndexSchema {
    /// The migrations, oldest first.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: terms, people, sections, search") { db in
            try createTermTables(db)
            try createSectionTables(db)
            try createSearchTables(db)
            try createCrawlTables(db)
        }
        migrator.registerMigration("v2: faster search and term listing", migrate: speedUpSearch)
        migrator.registerMigration("v3: people as each term describes them", migrate: addTermPeople)
        migrator.registerMigration("v4: the campus directory", migrate: addDirectory)
        migrator.registerMigration("v5: favorites", migrate: addFavorites)
        migrator.registerMigration("v6: the terms the registrar offers", migrate: addOfferedTerms)
        migrator.registerMigration("v7: favorites move to the user-state store", migrate: dropEmptyFavorites)
        migrator.registerMigration("v8: what lookups need of the registrar definition", migrate: addCampusDescription)
        migrator.registerMigration("v9: one full-text index for the search box", migrate: addSearchEntries)
        migrator.registerMigration("v10: no staging tables of personal records", migrate: dropDirectoryStaging)
        migrator.registerMigration("v11: the generation every write raises", migrate: IndexGeneration.create)
        migrator.registerMigration("v12: an index for did-you-mean", migrate: SuggestionIndex.create)
        migrator.registerMigration("v13: what ends sessions and links", migrate: DirectoryStanding.create)
        migrator.registerMigration("v14: sections found by CRN") { db in
            try db.create(index: "sections_by_crn", on: "sections", columns: ["term", "crn"])
        }
        migrator.registerMigration("v15: what Banner registrars add", migrate: addRegistrarParticulars)
        migrator.registerMigration("v16: instructors matched by e-mail", migrate: InstructorEmails.createIndexes)
        migrator.registerMigration("v17: what each refresh found changed", migrate: ChangeLog.create)
        migrator.registerMigration("v18: the rooms a change concerns", migrate: ChangeLog.addRooms)
        migrator.registerMigration("v19: when each person came into the directory", migrate: DirectoryStanding.addArrivals)
        migrator.registerMigration("v20: the rows a username held when it changed hands", migrate: HandedOverRows.create)
        migrator.registerMigration("v21: the Banner IDs a username held when it changed hands", migrate: HandedOverRows.createIdentities)
        migrator.registerMigration("v22: the Banner ID of each enrollment", migrate: HandedOverRows.addEnrollmentIdentities)
        return migrator
    }

    private static func createTermTables(_ db: Database) throws {
        try db.create(table: "terms") { t in
            t.primaryKey("code", .text)
            t.column("name", .text).notNull()
            t.column("crawled_at", .datetime).notNull()
            t.column("section_count", .integer).notNull()
        }
        try db.create(table: "people") { t in
            t.primaryKey("username", .text).collate(.nocase)
            t.column("name", .text)
            t.column("banner_id", .text)
            t.column("email", .text)
            t.column("affiliation", .text).notNull()
            t.column("major", .text)
            t.column("class", .text)
            t.column("year", .text)
            t.column("advisor_username", .text)
            t.column("advisor_name", .text)
            t.column("department", .text)
            t.column("office", .text)
            t.column("phone", .text)
            t.column("campus_mail", .text)
        }
    }

    private static func createSectionTables(_ db: Database) throws {
        try db.create(table: "sections") { t in
            t.column("term", .text).notNull().references("terms", onDelete: .cascade)
            t.column("id", .text).notNull()
            t.primaryKey(["term", "id"])
            t.column("crn", .text)
            t.column("title", .text).notNull()
            t.column("subject", .text).notNull()
            t.column("course", .text).notNull()
            t.column("credits", .integer)
            t.column("enrolled", .integer)
            t.column("capacity", .integer)
            t.column("schedule_raw", .text).notNull()
            t.column("tba", .boolean).notNull()
            t.column("unreadable", .jsonText).notNull()
            t.column("comments", .text)
            t.column("final_day", .integer)
            t.column("final_start", .integer)
            t.column("final_room", .text)
            t.column("final_raw", .text)
            t.column("term_dates", .text)
            t.column("cross_listed", .jsonText).notNull()
        }
        try db.create(index: "sections_by_course", on: "sections", columns: ["course"])
        try db.create(table: "meetings") { t in
            t.column("term", .text).notNull()
            t.column("section", .text).notNull()
            t.column("position", .integer).notNull()
            t.primaryKey(["term", "section", "position"])
            t.foreignKey(["term", "section"], references: "sections", columns: ["term", "id"], onDelete: .cascade)
            t.column("days", .text).notNull()
            t.column("start_min", .integer).notNull()
            t.column("end_min", .integer).notNull()
            t.column("room", .text).collate(.nocase)
        }
        try db.create(index: "meetings_by_term_room", on: "meetings", columns: ["term", "room"])
        try db.create(index: "meetings_by_room", on: "meetings", columns: ["room"])
        try db.create(table: "enrollments") { t in
            t.column("term", .text).notNull()
            t.column("section", .text).notNull()
            t.column("username", .text).notNull().collate(.nocase).references("people")
            t.primaryKey(["term", "section", "username"])
            t.foreignKey(["term", "section"], references: "sections", columns: ["term", "id"], onDelete: .cascade)
        }
        try db.create(index: "enrollments_by_person", on: "enrollments", columns: ["username", "term"])
        try db.create(table: "section_instructors") { t in
            t.column("term", .text).notNull()
            t.column("section", .text).notNull()
            t.column("position", .integer).notNull()
            t.primaryKey(["term", "section", "position"])
            t.foreignKey(["term", "section"], references: "sections", columns: ["term", "id"], onDelete: .cascade)
            t.column("username", .text).notNull().collate(.nocase).references("people")
            t.column("name", .text).notNull()
        }
        try db.create(index: "instructors_by_person", on: "section_instructors", columns: ["username", "term"])
    }

    /// Full-text tables kept in step with their content tables by triggers
    /// (replaced by ``speedUpSearch(_:)``).
    private static func createSearchTables(_ db: Database) throws {
        try db.create(virtualTable: "people_fts", using: FTS5()) { t in
            t.synchronize(withTable: "people")
            t.tokenizer = .unicode61(diacritics: .remove)
            t.column("name")
        }
        try db.create(virtualTable: "sections_fts", using: FTS5()) { t in
            t.synchronize(withTable: "sections")
            t.tokenizer = .unicode61(diacritics: .remove)
            t.column("title")
        }
    }

    private static func createCrawlTables(_ db: Database) throws {
        try db.create(table: "crawl_log") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("url", .text).notNull()
            t.column("fetched_at", .datetime).notNull()
            t.column("hash", .text)
            t.column("status", .text).notNull()
            t.column("bytes", .integer).notNull()
        }
        try db.create(table: "raw_pages") { t in
            t.primaryKey("source", .text)
            t.column("term", .text)
            t.column("hash", .text).notNull()
            t.column("size", .integer).notNull()
            t.column("data", .blob).notNull()
            t.column("fetched_at", .datetime).notNull()
        }
        try db.create(index: "raw_pages_by_term", on: "raw_pages", columns: ["term"])
    }
}
