import CampusCore
internal import GRDB

/// The index built for "did you mean": every username, course id, section id and room the
/// index holds, found within two edits of a query by primary-key probes, never by a scan.
///
/// It keeps, for each word, the hashes of every string made by deleting up to two of its
/// characters (a symmetric-delete dictionary, as SymSpell's): two words within two edits of
/// each other share one such string, so a query's own deletions (at most 1 + n + n(n−1)/2 of
/// them for n characters) find every candidate, which ``EditDistance`` then checks. A query
/// costs the same few dozen probes whether it matches something or nothing, on a campus of
/// any size (BENCHMARKS.md).
///
/// Triggers on the tables words come from (`people`, `directory_people`, `sections`,
/// `meetings`) note each word written or removed in `suggestion_changes` (and each username
/// whose opt-out changes); every write of the index brings the dictionary up to date from
/// those notes in its own transaction (``refresh(_:)``), so it never lags the data it
/// suggests from.
///
/// The usernames of people the directory suppresses are kept apart (`hidden`, the variants'
/// leading key): a lookup that shows nobody suppressed never reads them, so a suppressed
/// username asked for costs exactly what an unknown one does (neither is in what it reads).
enum SuggestionIndex {
    /// How many characters a suggestion may be from the query.
    static let maximumEdits = 2
    /// Words longer than this (in UTF-8 bytes) are not suggested: no username, course, section
    /// or room is that long, and their deletions would be many.
    static let longestWord = 32
    /// The most candidates one query reads (very short queries share deletions with many words).
    static let candidateLimit = 2_000

    /// Migration v12: the tables, the triggers, and the dictionary of what the index holds.
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE suggestion_words (
                id INTEGER PRIMARY KEY,
                word TEXT NOT NULL UNIQUE COLLATE NOCASE,
                is_username INTEGER NOT NULL,
                hidden INTEGER NOT NULL);
            CREATE TABLE suggestion_variants (
                hidden INTEGER NOT NULL,
                variant INTEGER NOT NULL,
                word INTEGER NOT NULL,
                PRIMARY KEY (hidden, variant, word)) WITHOUT ROWID;
            CREATE TABLE suggestion_changes (word TEXT NOT NULL);
            CREATE INDEX sections_by_id ON sections (id);
            """)
        try db.execute(sql: triggers)
        try db.execute(sql: """
            INSERT INTO suggestion_changes (word)
                SELECT username FROM people UNION SELECT username FROM directory_people
                UNION SELECT course FROM sections UNION SELECT id FROM sections
                UNION SELECT room FROM meetings WHERE room IS NOT NULL;
            """)
        try refresh(db)
    }

    private static let triggers = [
        ("people", "username", ""), ("directory_people", "username", ""),
        ("sections", "course", ""), ("sections", "id", ""), ("meetings", "room", " WHEN %@.room IS NOT NULL"),
    ].map { table, column, condition in
        ["insert": "new", "delete": "old"].map { event, row in
            """
            CREATE TRIGGER \(table)_\(column)_suggest_\(event) AFTER \(event.uppercased()) ON \(table)\
            \(condition.replacingOccurrences(of: "%@", with: row)) BEGIN
                INSERT INTO suggestion_changes (word) VALUES (\(row).\(column));
            END;
            """
        }.joined(separator: "\n")
    }.joined(separator: "\n") + """

        CREATE TRIGGER meetings_room_suggest_update AFTER UPDATE OF room ON meetings BEGIN
            INSERT INTO suggestion_changes (word) SELECT old.room WHERE old.room IS NOT NULL;
            INSERT INTO suggestion_changes (word) SELECT new.room WHERE new.room IS NOT NULL;
        END;
        CREATE TRIGGER directory_people_suggest_privacy AFTER UPDATE OF suppressed ON directory_people BEGIN
            INSERT INTO suggestion_changes (word) VALUES (new.username);
        END;
        """

    /// Brings the dictionary up to date with the words noted since the last refresh: each is
    /// added, kept or removed by whether the index still holds it. Called inside every
    /// writing transaction; nothing noted, nothing done.
    static func refresh(_ db: Database) throws {
        // A word noted twice (a trigger cannot ignore a repeat: an upsert's conflict rule overrides its own) is looked at once.
        let noted = try String.fetchAll(db, sql: "SELECT DISTINCT word COLLATE NOCASE FROM suggestion_changes")
        guard !noted.isEmpty else { return }
        let held = try db.cachedStatement(sql: """
            SELECT EXISTS (SELECT 1 FROM people WHERE username = ?1) OR EXISTS (SELECT 1 FROM directory_people WHERE username = ?1),
                EXISTS (SELECT 1 FROM sections WHERE course = ?1) OR EXISTS (SELECT 1 FROM sections WHERE id = ?1)
                    OR EXISTS (SELECT 1 FROM meetings WHERE room = ?1),
                EXISTS (SELECT 1 FROM directory_people WHERE username = ?1 AND suppressed)
            """)
        let kept = try db.cachedStatement(sql: "SELECT id, is_username, hidden FROM suggestion_words WHERE word = ?")
        for word in noted where word.utf8.count <= longestWord {
            guard let found = try Row.fetchOne(held, arguments: [word]) else { continue }
            let isUsername: Bool = found[0]
            let isOther: Bool = found[1]
            // A room or course of the same spelling is no one's to hide.
            let hidden = isUsername && !isOther && found[2] as Bool
            let existing = try Row.fetchOne(kept, arguments: [word]).map { row -> (id: Int64, isUsername: Bool, hidden: Bool) in
                (row[0], row[1], row[2])
            }
            if let existing, !(isUsername || isOther) || existing.hidden != hidden {
                try setVariants(of: word, id: existing.id, hidden: existing.hidden, db,
                                sql: "DELETE FROM suggestion_variants WHERE hidden = ? AND variant = ? AND word = ?")
                try db.execute(sql: "DELETE FROM suggestion_words WHERE id = ?", arguments: [existing.id])
            } else if let existing {
                if existing.isUsername != isUsername {
                    try db.execute(sql: "UPDATE suggestion_words SET is_username = ? WHERE id = ?", arguments: [isUsername, existing.id])
                }
                continue
            }
            guard isUsername || isOther else { continue }
            try db.execute(sql: "INSERT INTO suggestion_words (word, is_username, hidden) VALUES (?, ?, ?)", arguments: [word, isUsername, hidden])
            try setVariants(of: word, id: db.lastInsertedRowID, hidden: hidden, db,
                            sql: "INSERT OR IGNORE INTO suggestion_variants (hidden, variant, word) VALUES (?, ?, ?)")
        }
        try db.execute(sql: "DELETE FROM suggestion_changes")
    }

    /// Runs `sql` with `hidden`, each deletion variant of `word`, and its id.
    private static func setVariants(of word: String, id: Int64, hidden: Bool, _ db: Database, sql: String) throws {
        let statement = try db.cachedStatement(sql: sql)
        for variant in DeletionVariants.hashes(of: word, deletions: maximumEdits) {
            try statement.execute(arguments: [hidden, variant, id])
        }
    }
}

/// The strings made from a word by deleting up to a few of its characters, each as a 64-bit
/// FNV-1a hash of its UTF-8 bytes (ASCII letters lower-cased): what ``SuggestionIndex`` keeps
/// of every word and looks up for every query.
enum DeletionVariants {
    /// The distinct hashes of `word` with up to `deletions` bytes deleted.
    static func hashes(of word: String, deletions: Int) -> Set<Int64> {
        let bytes = word.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }
        var seen: Set<[UInt8]> = [bytes]
        var frontier: Set<[UInt8]> = [bytes]
        for _ in 0..<deletions {
            var next: Set<[UInt8]> = []
            for variant in frontier where !variant.isEmpty {
                for index in variant.indices {
                    var shorter = variant
                    shorter.remove(at: index)
                    if seen.insert(shorter).inserted { next.insert(shorter) }
                }
            }
            frontier = next
        }
        return Set(seen.map(hash))
    }

    private static func hash(_ bytes: [UInt8]) -> Int64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        return Int64(bitPattern: value)
    }
}
