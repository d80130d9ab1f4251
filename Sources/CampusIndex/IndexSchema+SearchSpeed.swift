import CampusCore
internal import GRDB

extension IndexSchema {
    /// Migration v2: what a search over a whole campus needed.
    ///
    /// - Full-text tables index two- and three-letter prefixes (typing `jo` stays
    ///   fast), and section titles carry their term so a search filters by term
    ///   inside FTS5 instead of joining every term's matches.
    /// - The per-person indexes cover the section, so a schedule is read from the index alone.
    /// - Terms store their people count, so listing terms (every command does) reads one row per term.
    static func speedUpSearch(_ db: Database) throws {
        for table in ["people_fts", "sections_fts"] {
            try db.dropFTS5SynchronizationTriggers(forTable: table)
            try db.drop(table: table)
        }
        try db.create(virtualTable: "people_fts", using: FTS5()) { t in
            t.synchronize(withTable: "people")
            t.tokenizer = .unicode61(diacritics: .remove)
            t.prefixes = [2, 3]
            t.column("name")
        }
        try db.create(virtualTable: "sections_fts", using: FTS5()) { t in
            t.synchronize(withTable: "sections")
            t.tokenizer = .unicode61(diacritics: .remove)
            t.prefixes = [2, 3]
            t.column("title")
            t.column("term")
        }

        try db.drop(index: "enrollments_by_person")
        try db.create(index: "enrollments_by_person", on: "enrollments", columns: ["username", "term", "section"])
        try db.drop(index: "instructors_by_person")
        try db.create(index: "instructors_by_person", on: "section_instructors", columns: ["username", "term", "section"])

        try db.alter(table: "terms") { t in
            t.add(column: "people_count", .integer).notNull().defaults(to: 0)
        }
        for code in try String.fetchAll(db, sql: "SELECT code FROM terms").compactMap({ TermCode($0) }) {
            try TermWriter(db: db, term: code).refreshCounts()
        }
    }
}
