import CampusCore
internal import GRDB

extension SearchCollector {
    /// What a search entry found by words is.
    enum WordKind {
        case person, section
    }

    /// An entry holding the query's words, and whether it holds them as whole words
    /// (not only as word prefixes).
    struct WordMatch {
        let kind: WordKind
        let key: String
        let isWhole: Bool
        /// The person, read with the match.
        let person: FoundPerson?
    }

    /// Names and titles holding the query's words in any order, from the one search
    /// index: people holding them as whole words, then sections, then people holding
    /// them as word prefixes, then sections; each in index order (`quinn al`, `theory comp`).
    ///
    /// One query asks for the prefix matches, one row more than there is room for:
    /// when it returns no more than that, it holds every whole-word match too, which
    /// are told apart here. Only when there are more matches than room are people and
    /// sections, whole and prefix, asked for one after the other.
    mutating func collectWords(_ words: [String]) throws {
        guard let prefixes = FTS5Query.allPrefixes(of: words), let whole = FTS5Query.allWords(of: words) else { return }
        let room = limit - candidates.count
        guard room > 0 else { return }
        let folded = SearchWords(words)
        let matches = try wordMatches(prefixes, only: nil, folded: folded, limit: room + 1)
        if matches.count <= room {
            for (kind, isWhole) in [(WordKind.person, true), (.section, true), (.person, false), (.section, false)] {
                try add(matches.filter { $0.kind == kind && (!isWhole || $0.isWhole) })
            }
            return
        }
        for (query, kind) in [(whole, WordKind.person), (whole, .section), (prefixes, .person), (prefixes, .section)] where !isFull {
            try add(wordMatches(query, only: kind, folded: folded, limit: room))
        }
    }

    private mutating func add(_ matches: [WordMatch]) throws {
        addPeople(matches.compactMap(\.person), exact: false)
        let ids = matches.filter { $0.kind == .section }.map(\.key)
        guard let term, !ids.isEmpty else { return }
        let records = Dictionary(uniqueKeysWithValues: try reader.sectionRecords(ids, term: term.rawValue).map { ($0.id, $0) })
        addSections(ids.compactMap { records[$0] })
    }

    private func wordMatches(_ query: FTS5Query, only kind: WordKind?, folded: SearchWords, limit: Int) throws -> [WordMatch] {
        let sql = Self.wordsSQL(only: kind, filter: filter.sql("search_entries.key"))
        let values: [SQLValue] = [.text(query.text), .optional(term?.rawValue)] + filter.arguments + [.int(limit)]
        return try reader.rows(sql, values) { row in
            let isSection = row.text(0) == "section"
            return WordMatch(kind: isSection ? .section : .person, key: row.string(1),
                             isWhole: folded.areWholeWords(of: [row.text(2)]),
                             person: isSection ? nil : FoundPerson(row: row, startingAt: 3))
        }
    }

    /// Entries matching a full-text query: the term's sections (none without a term)
    /// and people the directory does not suppress who pass the filter, in index order; of a
    /// username someone else held before, only its directory entry's words.
    private static func wordsSQL(only kind: WordKind?, filter: String) -> String {
        let restriction = switch kind {
        case .person: "AND search_entries.source != 'section'"
        case .section: "AND search_entries.source = 'section'"
        case nil: ""
        }
        return """
            SELECT search_entries.source, search_entries.key, search_entries.words, \(FoundPerson.columns)
            FROM search_fts JOIN search_entries ON search_entries.id = search_fts.rowid
            LEFT JOIN people ON search_entries.source != 'section' AND people.username = search_entries.key
            LEFT JOIN directory_people ON search_entries.source != 'section' AND directory_people.username = search_entries.key
            WHERE search_fts MATCH ? \(restriction)
            AND (search_entries.source = 'section' AND search_entries.term = ?
                 OR search_entries.source != 'section' AND \(IndexReader.entryShown()) \(filter))
            -- Under a username given again, the registrar's name may be the one before's: the directory's alone finds its holder.
            AND NOT (search_entries.source = 'people' AND directory_people.arrived_at IS NOT NULL)
            ORDER BY search_fts.rowid LIMIT ?
            """
    }
}
