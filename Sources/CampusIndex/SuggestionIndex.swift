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
    /// writing transaction; nothing noted, nothing done. The variants written are sorted
    /// first, so that a directory's worth of new words (a first sync) fills the table in its
    /// own order rather than at random places.
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
        let addWord = try db.cachedStatement(sql: "INSERT INTO suggestion_words (word, is_username, hidden) VALUES (?, ?, ?)")
        var removed: [VariantRow] = []
        var added: [VariantRow] = []
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
                removed += VariantRow.all(of: word, id: existing.id, hidden: existing.hidden)
                try db.execute(sql: "DELETE FROM suggestion_words WHERE id = ?", arguments: [existing.id])
            } else if let existing {
                if existing.isUsername != isUsername {
                    try db.execute(sql: "UPDATE suggestion_words SET is_username = ? WHERE id = ?", arguments: [isUsername, existing.id])
                }
                continue
            }
            guard isUsername || isOther else { continue }
            try addWord.execute(arguments: [word, isUsername, hidden])
            added += VariantRow.all(of: word, id: db.lastInsertedRowID, hidden: hidden)
        }
        try write(removed.sorted(), db, sql: "DELETE FROM suggestion_variants WHERE hidden = ? AND variant = ? AND word = ?")
        try write(added.sorted(), db, sql: "INSERT OR IGNORE INTO suggestion_variants (hidden, variant, word) VALUES (?, ?, ?)")
        try db.execute(sql: "DELETE FROM suggestion_changes")
    }

    /// One row of `suggestion_variants`, ordered as its primary key.
    private struct VariantRow: Comparable {
        let hidden: Bool
        let variant: Int32
        let word: Int64

        static func all(of word: String, id: Int64, hidden: Bool) -> [VariantRow] {
            DeletionVariants.hashes(of: word, deletions: maximumEdits).map { VariantRow(hidden: hidden, variant: $0, word: id) }
        }

        static func < (left: VariantRow, right: VariantRow) -> Bool {
            (left.hidden ? 1 : 0, left.variant, left.word) < (right.hidden ? 1 : 0, right.variant, right.word)
        }
    }

    /// Runs `sql` once per row, in the order given, bound straight through SQLite (a first
    /// sync writes a million and more).
    private static func write(_ rows: [VariantRow], _ db: Database, sql: String) throws {
        guard !rows.isEmpty else { return }
        let statement = try db.cachedStatement(sql: sql)
        for row in rows { try SQLiteRows.execute(statement, [.int(row.hidden ? 1 : 0), .int(Int(row.variant)), .int(Int(row.word))]) }
    }
}

/// The strings made from a word by deleting up to a few of its characters, each as a 32-bit
/// FNV-1a hash of its UTF-8 bytes (ASCII letters lower-cased): what ``SuggestionIndex`` keeps
/// of every word and looks up for every query. Two strings of one hash only bring a word more
/// to the edit-distance check, which turns it away; four bytes a row keep the table small.
enum DeletionVariants {
    /// The distinct hashes of `word` with up to `deletions` (at most two) bytes deleted,
    /// computed over the bytes kept without making each string.
    static func hashes(of word: String, deletions: Int) -> Set<Int32> {
        precondition((0...2).contains(deletions), "DeletionVariants makes up to two deletions")
        let bytes = word.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }
        var hashes: Set<Int32> = [hash(bytes, skipping: -1, -1)]
        for first in bytes.indices where deletions >= 1 {
            hashes.insert(hash(bytes, skipping: first, -1))
            for second in (first + 1)..<bytes.count where deletions >= 2 {
                hashes.insert(hash(bytes, skipping: first, second))
            }
        }
        return hashes
    }

    /// The hash of `bytes` without the bytes at `first` and `second` (-1: none).
    private static func hash(_ bytes: [UInt8], skipping first: Int, _ second: Int) -> Int32 {
        var value: UInt32 = 0x811c_9dc5
        for (index, byte) in bytes.enumerated() where index != first && index != second {
            value ^= UInt32(byte)
            value = value &* 0x0100_0193
        }
        return Int32(bitPattern: value)
    }
}
