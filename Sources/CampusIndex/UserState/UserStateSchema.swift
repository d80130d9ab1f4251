internal import GRDB

/// The user-state store's tables, migrated on their own, apart from the index's.
enum UserStateSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: favorites") { db in
            // Keyed by (owner, group, username); no link to the index, whose people
            // come and go with every sync: a favorite outlives its person.
            try db.create(table: "favorites") { t in
                t.column("owner", .text).notNull()
                t.column("group_name", .text).notNull()
                t.column("username", .text).notNull().collate(.nocase)
                t.primaryKey(["owner", "group_name", "username"])
                t.column("added_at", .datetime).notNull()
            }
            // Index files whose favorites were carried over, so that happens once.
            try db.create(table: "imported_indexes") { t in
                t.primaryKey("path", .text)
                t.column("imported_at", .datetime).notNull()
                t.column("favorites", .integer).notNull()
            }
        }
        return migrator
    }
}
