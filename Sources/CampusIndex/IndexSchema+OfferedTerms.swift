internal import GRDB

extension IndexSchema {
    /// v6: the terms the registrar's term list page offered at the last `sync registrar`,
    /// so `campus terms` can show what could be fetched beside what is indexed.
    static func addOfferedTerms(_ db: Database) throws {
        try db.create(table: "offered_terms") { t in
            t.primaryKey("code", .text)
            t.column("name", .text).notNull()
            t.column("seen_at", .datetime).notNull()
        }
    }
}
