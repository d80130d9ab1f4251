internal import GRDB

extension IndexSchema {
    /// v9: one full-text index for the search box instead of three.
    ///
    /// `search_entries` holds the words of everything found by words: a person's
    /// name as the registrar prints it (`people`), their names in the directory
    /// (`directory`), a section's title (`section`, with its term). Triggers on
    /// `people`, `directory_people` and `sections` keep it in step inside the same
    /// transactions, and `search_fts` indexes it, so a search asks FTS5 once for
    /// every kind of match (a query of FTS5 costs tens of microseconds whatever it finds).
    static func addSearchEntries(_ db: Database) throws {
        for table in ["people_fts", "directory_fts", "sections_fts"] {
            try db.dropFTS5SynchronizationTriggers(forTable: table)
            try db.drop(table: table)
        }
        try db.create(table: "search_entries") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("source", .text).notNull()
            t.column("key", .text).notNull().collate(.nocase)
            t.column("term", .text).notNull().defaults(to: "")
            t.column("words", .text).notNull()
            t.uniqueKey(["source", "key", "term"])
        }
        try db.create(virtualTable: "search_fts", using: FTS5()) { t in
            t.synchronize(withTable: "search_entries")
            t.tokenizer = .unicode61(diacritics: .remove)
            t.prefixes = [2, 3]
            t.column("words")
        }
        try db.execute(sql: searchEntryTriggers)
        try db.execute(sql: """
            INSERT INTO search_entries (source, key, term, words)
                SELECT 'people', username, '', COALESCE(name, '') FROM people;
            INSERT INTO search_entries (source, key, term, words)
                SELECT 'directory', username, '', \(directoryWords("directory_people")) FROM directory_people;
            INSERT INTO search_entries (source, key, term, words)
                SELECT 'section', id, term, title FROM sections;
            """)
    }

    /// A directory entry's words: its display, given and family names.
    private static func directoryWords(_ row: String) -> String {
        "COALESCE(\(row).display_name, '') || ' ' || COALESCE(\(row).given_name, '') || ' ' || COALESCE(\(row).family_name, '')"
    }

    private static let searchEntryTriggers = """
        CREATE TRIGGER people_search_ai AFTER INSERT ON people BEGIN
            INSERT INTO search_entries (source, key, term, words) VALUES ('people', new.username, '', COALESCE(new.name, ''));
        END;
        CREATE TRIGGER people_search_au AFTER UPDATE OF name ON people BEGIN
            UPDATE search_entries SET words = COALESCE(new.name, '') WHERE source = 'people' AND key = old.username AND term = '';
        END;
        CREATE TRIGGER people_search_ad AFTER DELETE ON people BEGIN
            DELETE FROM search_entries WHERE source = 'people' AND key = old.username AND term = '';
        END;
        CREATE TRIGGER directory_search_ai AFTER INSERT ON directory_people BEGIN
            INSERT INTO search_entries (source, key, term, words) VALUES ('directory', new.username, '', \(directoryWords("new")));
        END;
        CREATE TRIGGER directory_search_au AFTER UPDATE OF display_name, given_name, family_name ON directory_people BEGIN
            UPDATE search_entries SET words = \(directoryWords("new"))
            WHERE source = 'directory' AND key = old.username AND term = '';
        END;
        CREATE TRIGGER directory_search_ad AFTER DELETE ON directory_people BEGIN
            DELETE FROM search_entries WHERE source = 'directory' AND key = old.username AND term = '';
        END;
        CREATE TRIGGER sections_search_ai AFTER INSERT ON sections BEGIN
            INSERT INTO search_entries (source, key, term, words) VALUES ('section', new.id, new.term, new.title);
        END;
        CREATE TRIGGER sections_search_au AFTER UPDATE OF title ON sections BEGIN
            UPDATE search_entries SET words = new.title WHERE source = 'section' AND key = old.id AND term = old.term;
        END;
        CREATE TRIGGER sections_search_ad AFTER DELETE ON sections BEGIN
            DELETE FROM search_entries WHERE source = 'section' AND key = old.id AND term = old.term;
        END;
        """
}
