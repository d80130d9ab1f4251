internal import GRDB

extension IndexSchema {
    /// v5: the people each local user keeps an eye on, in named groups.
    ///
    /// Keyed by (owner, group, username). No foreign key to `people`: people rows
    /// are replaced by every term swap and directory sync, and favorites outlive
    /// them (a favorite whose person left the index is still listed).
    static func addFavorites(_ db: Database) throws {
        try db.create(table: "favorites") { t in
            t.column("owner", .text).notNull()
            t.column("group_name", .text).notNull()
            t.column("username", .text).notNull().collate(.nocase)
            t.primaryKey(["owner", "group_name", "username"])
            t.column("added_at", .datetime).notNull()
        }
    }

    /// v7: favorites are what people create, not derived data: they live in the
    /// user-state store (``SQLiteUserState``), which carries over an older index's
    /// rows and then empties this table. A table still holding rows is kept until then.
    static func dropEmptyFavorites(_ db: Database) throws {
        if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM favorites") == 0 {
            try db.drop(table: "favorites")
        }
    }
}
