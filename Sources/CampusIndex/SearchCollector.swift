import CampusCore
import GRDB

/// Gathers search candidates tier by tier (exact, prefix, words), each once, until the limit.
struct SearchCollector {
    /// A candidate before its section (if any) is loaded.
    private enum Candidate {
        case person(Person, exact: Bool)
        case section(String)
        case room(String)
    }

    let store: CampusIndexStore
    let db: Database
    /// Where sections and rooms are looked for; `nil` when the index holds no term (people only).
    let term: TermCode?
    let limit: Int
    private var candidates: [Candidate] = []
    private var sectionRecords: [SectionRecord] = []
    private var seen: Set<String> = []

    init(store: CampusIndexStore, db: Database, term: TermCode?, limit: Int) {
        self.store = store
        self.db = db
        self.term = term
        self.limit = limit
    }

    private var isFull: Bool { candidates.count >= limit }

    mutating func collect(_ query: SearchQuery) throws {
        let rooms = try term.flatMap { term in
            try query.room.map { try store.roomNames(prefix: $0, term: term, limit: limit, db) }
        } ?? []
        // Exact matches.
        if let token = query.token {
            try addPeople(sql: Self.personExact, [token], exact: true)
        }
        if let term, let id = query.courseID.flatMap({ SectionID($0) }), !isFull {
            addSections(try store.sectionRecords([id.rawValue], term: term.rawValue, db))
        }
        addRooms(rooms.filter { $0.lowercased() == query.room?.lowercased() })
        // Prefixes.
        if let token = query.token {
            let range = PrefixRange(token)
            try addPeople(sql: Self.peopleByPrefix, [range.lower, range.upper, limit], exact: false)
        }
        if let term, let courseID = query.courseID, !isFull {
            addSections(try store.sectionRecords(prefix: courseID, term: term.rawValue, limit: limit, db))
        }
        addRooms(rooms)
        // Whole words, then word prefixes, in index order (bm25 over thousands of
        // prefix matches costs milliseconds; index order stops at the limit).
        for pattern in [query.allWords, query.allPrefixes].compactMap(\.self) {
            try addPeople(sql: Self.peopleByName, [pattern, limit], exact: false)
            if let term, !isFull {
                addSections(try SectionRecord.fetchAll(
                    db.cachedStatement(sql: Self.sectionsByTitle),
                    arguments: ["title : (\(pattern)) AND term : \"\(term.rawValue)\"", limit]))
            }
        }
    }

    /// The candidates as hits, their sections loaded in one batch.
    func hits() throws -> [SearchHit] {
        guard let term else {
            return candidates.compactMap {
                if case let .person(person, exact) = $0 { .person(person, exact: exact) } else { nil }
            }
        }
        let sections = try store.assemble(sectionRecords, term: term.rawValue, db)
        let byID = Dictionary(uniqueKeysWithValues: sections.map { ($0.id.rawValue, $0) })
        return candidates.compactMap { candidate in
            switch candidate {
            case let .person(person, exact): .person(person, exact: exact)
            case let .section(id): byID[id].map { .section($0, term: term) }
            case let .room(room): .room(room, term: term)
            }
        }
    }

    private mutating func addPeople(sql: String, _ arguments: StatementArguments, exact: Bool) throws {
        guard !isFull else { return }
        for record in try PersonRecord.fetchAll(db.cachedStatement(sql: sql), arguments: arguments) {
            add(.person(record.person, exact: exact), key: "person " + record.username.lowercased())
        }
    }

    private mutating func addSections(_ records: [SectionRecord]) {
        for record in records where add(.section(record.id), key: "section " + record.id) {
            sectionRecords.append(record)
        }
    }

    private mutating func addRooms(_ rooms: [String]) {
        for room in rooms {
            add(.room(room), key: "room " + room.lowercased())
        }
    }

    @discardableResult
    private mutating func add(_ candidate: Candidate, key: String) -> Bool {
        guard !isFull, seen.insert(key).inserted else { return false }
        candidates.append(candidate)
        return true
    }

    private static let personExact = CampusIndexStore.personSQL
    private static let peopleByPrefix = """
        SELECT * FROM people WHERE username >= ? AND username < ? ORDER BY username LIMIT ?
        """
    private static let peopleByName = """
        SELECT people.* FROM people_fts JOIN people ON people.rowid = people_fts.rowid
        WHERE people_fts MATCH ? ORDER BY people_fts.rowid LIMIT ?
        """
    private static let sectionsByTitle = """
        SELECT sections.* FROM sections_fts JOIN sections ON sections.rowid = sections_fts.rowid
        WHERE sections_fts MATCH ? ORDER BY sections_fts.rowid LIMIT ?
        """
}
