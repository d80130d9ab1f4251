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
        // One prefix query per kind; an exact match is the first row of its prefix range.
        let people: [PersonRecord] = try query.token.map { token in
            let range = PrefixRange(token)
            return try PersonRecord.fetchAll(
                db.cachedStatement(sql: Self.peopleByPrefix), arguments: [range.lower, range.upper, limit])
        } ?? []
        let sections = try term.flatMap { term in
            try query.courseID.map { try store.sectionRecords(prefix: $0, term: term.rawValue, limit: limit, db) }
        } ?? []
        let rooms = try term.flatMap { term in
            try query.room.map { try store.roomNames(prefix: $0, term: term, limit: limit, db) }
        } ?? []
        // Exact matches first, then the rest of each prefix range.
        let exactID = query.courseID.flatMap { SectionID($0) }?.rawValue
        addPeople(people.filter { $0.username.lowercased() == query.token }, exact: true)
        addSections(sections.filter { $0.id == exactID })
        addRooms(rooms.filter { $0.lowercased() == query.room?.lowercased() })
        addPeople(people, exact: false)
        addSections(sections)
        addRooms(rooms)
        // Whole words, then word prefixes, in index order (bm25 over thousands of
        // prefix matches costs milliseconds; index order stops at the limit).
        for pattern in [query.allWords, query.allPrefixes].compactMap(\.self) {
            if !isFull {
                addPeople(try PersonRecord.fetchAll(
                    db.cachedStatement(sql: Self.peopleByName), arguments: [pattern, limit]), exact: false)
            }
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

    private mutating func addPeople(_ records: [PersonRecord], exact: Bool) {
        for record in records {
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
