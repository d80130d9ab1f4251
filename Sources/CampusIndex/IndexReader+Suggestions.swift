import CampusCore
internal import GRDB

extension IndexReader {
    /// Close matches for a query that found nothing, each a string worth searching for:
    /// usernames, course ids, section ids and rooms within two edits of the query
    /// (nearest first; found in ``SuggestionIndex``, not by a scan), then names with a word
    /// starting like a word of the query.
    /// Usernames and names come from the registrar and the directory, never of a
    /// person the directory suppresses.
    ///
    /// ```swift
    /// try reader.suggestions(for: SearchText("quina"), limit: 5)  // ["quinna", ...]
    /// ```
    public func suggestions(for text: SearchText, limit: Int) throws -> [String] {
        guard limit > 0 else { return [] }
        var nearMisses: [(distance: Int, text: String)] = []
        if let token = text.token, token.utf8.count <= SuggestionIndex.longestWord + SuggestionIndex.maximumEdits {
            let variants = DeletionVariants.hashes(of: token, deletions: SuggestionIndex.maximumEdits).map { String($0) }
            let sql = revealing == .hidden ? Self.nearShownWords : Self.nearWordsRevealed
            for candidate in try rows(sql, [.text(SQLList.json(variants)), .int(SuggestionIndex.candidateLimit)], { $0.string(0) }) {
                if let distance = EditDistance.levenshtein(token, candidate, limit: SuggestionIndex.maximumEdits) {
                    nearMisses.append((distance, candidate))
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

    /// The words of ``SuggestionIndex`` sharing a deletion variant with the query (the hashes,
    /// as a JSON list of decimal strings). A read that shows nobody suppressed reads only the
    /// words of people shown (`hidden = 0`), so a suppressed username costs it what an unknown
    /// one does; one that reveals someone reads the hidden ones too, and keeps those it shows.
    private static func nearWords(revealing: Bool) -> String {
        """
        SELECT suggestion_words.word
        FROM (SELECT DISTINCT word FROM suggestion_variants
              WHERE hidden IN (\(revealing ? "0, 1" : "0")) AND variant IN (SELECT CAST(value AS INTEGER) FROM json_each(?1))
              LIMIT ?2) AS candidates
        CROSS JOIN suggestion_words ON suggestion_words.id = candidates.word
        WHERE NOT suggestion_words.hidden OR \(notSuppressed("suggestion_words.word"))
        """
    }

    private static let nearShownWords = nearWords(revealing: false)
    private static let nearWordsRevealed = nearWords(revealing: true)

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
