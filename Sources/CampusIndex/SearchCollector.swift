import CampusCore
internal import GRDB

/// Gathers search candidates tier by tier (exact, phone, prefix, words), each once, until the limit.
struct SearchCollector {
    /// A candidate before its person (merged) or section is loaded.
    enum Candidate {
        case person(FoundPerson, exact: Bool)
        case section(String)
        case room(String)
    }

    let reader: IndexReader
    /// Where sections and rooms are looked for; `nil` for people only (the index holds
    /// no term, or a filter asks for people).
    let term: TermCode?
    let limit: Int
    /// With a restriction, only people are looked for, and only those it admits.
    let filter: PeopleFilter
    private(set) var candidates: [Candidate] = []
    private var sectionRecords: [SectionRecord] = []
    private var seen: Set<String> = []

    init(reader: IndexReader, term: TermCode?, limit: Int, filter: PeopleFilter) {
        self.reader = reader
        self.term = term
        self.limit = limit
        self.filter = filter
    }

    var isFull: Bool { candidates.count >= limit }

    mutating func collect(_ query: SearchText) throws {
        // One prefix query per kind; an exact match is the first row of its prefix range.
        let people = try query.token.map { try peopleByUsername(prefix: $0) } ?? []
        let sections = try term.flatMap { term in
            try query.courseID.map { try reader.sectionRecords(prefix: $0, term: term.rawValue, limit: limit) }
        } ?? []
        let rooms = try term.flatMap { term in
            try query.room.map { try reader.roomNames(prefix: $0, term: term, limit: limit) }
        } ?? []
        // Exact matches first, then phone numbers, then the rest of each prefix range.
        let exactID = query.courseID.flatMap { SectionID($0) }?.rawValue
        addPeople(people.filter { $0.key == query.token }, exact: true)
        addSections(sections.filter { $0.id == exactID })
        if let crn = query.crn, let term { addSections(try reader.sectionRecords(crn: crn, term: term.rawValue)) }
        addRooms(rooms.filter { $0.lowercased() == query.room?.lowercased() })
        if let digits = query.phoneDigits {
            addPeople(try peopleByPhone(endingWith: digits), exact: false)
        }
        addPeople(people, exact: false)
        addSections(sections)
        addRooms(rooms)
        // Whole words, then word prefixes, in index order (bm25 over thousands of
        // prefix matches costs milliseconds; index order stops at the limit).
        try collectWords(query.words)
    }

    /// Every person the filter admits, by name (people without a name last), up to the limit.
    mutating func collectEveryone() throws {
        let found = try Self.everyone.flatMap { try people($0, [], limit: -1) }
        let shown = Dictionary(try reader.shownPeople(found).map { ($0.username.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        let byName = found.filter { shown[$0.key] != nil }.sorted { TermView.byName(shown[$0.key]!, shown[$1.key]!) }
        addPeople(byName, exact: false)
    }

    /// The candidates as hits, their people and sections loaded in one batch each.
    func hits() throws -> [SearchHit] {
        let found = candidates.compactMap { if case let .person(found, _) = $0 { found } else { nil } }
        let people = try reader.shownPeople(found)
        let peopleByUsername = Dictionary(people.map { ($0.username.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        let sections = try term.map { try reader.assemble(sectionRecords, term: $0.rawValue) } ?? []
        let sectionsByID = Dictionary(uniqueKeysWithValues: sections.map { ($0.id.rawValue, $0) })
        return candidates.compactMap { candidate -> SearchHit? in
            switch candidate {
            case let .person(found, exact): peopleByUsername[found.key].map { .person($0, exact: exact) }
            case let .section(id): term.flatMap { term in sectionsByID[id].map { .section($0, term: term) } }
            case let .room(room): term.map { .room(room, term: $0) }
            }
        }
    }

    mutating func addPeople(_ people: [FoundPerson], exact: Bool) {
        for person in people {
            add(.person(person, exact: exact), key: "person " + person.key)
        }
    }

    mutating func addSections(_ records: [SectionRecord]) {
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

}
