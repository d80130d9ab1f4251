import CampusCore
internal import GRDB

extension IndexReader {
    /// Close matches for a query that found nothing, each a string worth searching for:
    /// usernames, course ids, section ids and rooms within two edits of the query
    /// (nearest first), then names with a word starting like a word of the query.
    /// Usernames and names come from the registrar and the directory, never of a
    /// person the directory suppresses.
    ///
    /// ```swift
    /// try reader.suggestions(for: SearchText("quina"), limit: 5)  // ["quinna", ...]
    /// ```
    public func suggestions(for text: SearchText, limit: Int) throws -> [String] {
        guard limit > 0 else { return [] }
        var nearMisses: [(distance: Int, text: String)] = []
        if let token = text.token {
            let lengths: [SQLValue] = [.int(token.count - Self.maximumEdits), .int(token.count + Self.maximumEdits)]
            for sql in [Self.usernames, Self.courses, Self.sectionIDs, Self.rooms] {
                for candidate in try rows(sql, lengths, { $0.string(0) }) {
                    if let distance = EditDistance.levenshtein(token, candidate, limit: Self.maximumEdits) {
                        nearMisses.append((distance, candidate))
                    }
                }
            }
        }
        let names = try FTS5Query.anyPrefix(of: text.words).map { query in
            try rows(Self.namesByAnyWord, [.text(query.text), .int(limit)]) { $0.string(0) }
        } ?? []
        // What was asked is no suggestion of itself (it may name something of another term).
        var seen: Set<String> = [text.trimmed.lowercased()]
        let ranked = nearMisses.sorted { ($0.distance, $0.text) < ($1.distance, $1.text) }.map(\.text) + names
        return Array(ranked.filter { seen.insert($0.lowercased()).inserted }.prefix(limit))
    }

    /// Close usernames for one that is not known, for "did you mean".
    public func suggestions(for username: String, limit: Int) throws -> [String] {
        try suggestions(for: SearchText(username), limit: limit)
    }

    /// How many single-character edits a suggestion may be from the query.
    private static let maximumEdits = 2

    private static let usernames = """
        SELECT people.username FROM people WHERE length(people.username) BETWEEN ?1 AND ?2 AND \(notSuppressed("people.username"))
        UNION
        SELECT username FROM directory_people WHERE length(username) BETWEEN ?1 AND ?2 AND \(entryShown())
        """
    private static let courses = "SELECT DISTINCT course FROM sections WHERE length(course) BETWEEN ?1 AND ?2"
    private static let sectionIDs = "SELECT DISTINCT id FROM sections WHERE length(id) BETWEEN ?1 AND ?2"
    private static let rooms = """
        SELECT DISTINCT room FROM meetings WHERE room IS NOT NULL AND length(room) BETWEEN ?1 AND ?2
        """
    /// Names of people (not suppressed) with a word starting like a word of the query.
    private static let namesByAnyWord = """
        SELECT COALESCE(directory_people.display_name, people.name, search_entries.words)
        FROM search_fts JOIN search_entries ON search_entries.id = search_fts.rowid
        LEFT JOIN people ON people.username = search_entries.key
        LEFT JOIN directory_people ON directory_people.username = search_entries.key
        WHERE search_fts MATCH ? AND search_entries.source != 'section' AND \(notSuppressed("search_entries.key"))
        ORDER BY search_fts.rowid LIMIT ?
        """
}
