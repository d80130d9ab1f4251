internal import GRDB

extension IndexSchema {
    /// Migration v4: the campus directory, beside the registrar's people.
    ///
    /// - `directory_people` holds one row per directory entry; photos live apart in
    ///   `directory_photos`, so a lookup never loads one. A suppressed (FERPA) person
    ///   keeps their row, so that a later sync can lift the suppression.
    /// - `directory_fts` indexes their names the way `people_fts` indexes the registrar's;
    ///   an index on the phone's digits finds numbers by their end, and a partial index
    ///   holds the suppressed usernames, to count them.
    /// - `directory_staging` and `directory_staging_photos` had the same shape and
    ///   collected a sync in progress (dropped by v10: a sync is one transaction now).
    /// - `directory_sync` remembers, per source, where the last sync stopped.
    static func addDirectory(_ db: Database) throws {
        try createPeopleTable("directory_people", photos: "directory_photos", db)
        try createPeopleTable("directory_staging", photos: "directory_staging_photos", db)
        try db.create(virtualTable: "directory_fts", using: FTS5()) { t in
            t.synchronize(withTable: "directory_people")
            t.tokenizer = .unicode61(diacritics: .remove)
            t.prefixes = [2, 3]
            t.column("display_name")
            t.column("given_name")
            t.column("family_name")
        }
        try db.execute(sql: """
            CREATE INDEX directory_people_by_phone ON directory_people (phone_digits_reversed);
            CREATE INDEX directory_people_suppressed ON directory_people (username) WHERE suppressed;
            """)
        try db.create(table: "directory_sync") { t in
            t.primaryKey("source", .text)
            t.column("kind", .text).notNull()
            t.column("last_full_at", .datetime)
            t.column("last_sync_at", .datetime).notNull()
            t.column("high_water", .text)
            t.column("cookie", .blob)
            t.column("entry_count", .integer).notNull()
            t.column("suppressed_count", .integer).notNull()
        }
    }

    /// A table of directory people and its table of photos.
    ///
    /// `phone_digits_reversed` holds the phone's digits last first, so that a search
    /// for the end of a number (`8411`) is an index range scan; `synced_at` is when a
    /// sync last wrote the row (an unchanged entry is not rewritten).
    private static func createPeopleTable(_ name: String, photos: String, _ db: Database) throws {
        try db.create(table: name) { t in
            t.primaryKey("username", .text).collate(.nocase)
            t.column("dn", .text).notNull()
            t.column("display_name", .text)
            t.column("given_name", .text)
            t.column("family_name", .text)
            t.column("email", .text)
            t.column("phone", .text)
            t.column("phone_digits_reversed", .text)
            t.column("office", .text)
            t.column("campus_mail", .text)
            t.column("department", .text)
            t.column("title", .text)
            t.column("affiliation", .text).notNull()
            t.column("major", .text)
            t.column("class_year", .text)
            t.column("advisor_username", .text)
            t.column("suppressed", .boolean).notNull()
            t.column("modified_at", .text)
            t.column("synced_at", .datetime)
        }
        try db.create(table: photos) { t in
            t.primaryKey("username", .text).collate(.nocase).references(name, onDelete: .cascade)
            t.column("jpeg", .blob).notNull()
        }
    }

    /// Migration v10: a directory sync is one write transaction over the live tables,
    /// so the staging tables go, and with them whatever a killed sync of an earlier
    /// version left in them (up to a whole directory of personal records).
    static func dropDirectoryStaging(_ db: Database) throws {
        try db.execute(sql: "DROP TABLE IF EXISTS directory_staging_photos; DROP TABLE IF EXISTS directory_staging")
    }
}
