import CampusCore

/// `campus search QUERY --json`: `{"query": "...", "matches": [...]}`.
public struct SearchShape: Encodable, Sendable {
    public var query: String
    public var matches: [SearchMatchShape]

    public init(_ answer: SearchAnswer) {
        query = answer.query
        matches = answer.hits.map(SearchMatchShape.init)
    }
}

/// One typed match: `{"type": "person"|"section"|"room", "id", "name", "detail", "term", "exact", "person", "section"}`;
/// people carry `person` and `exact`, sections `section` and `term`, rooms `term`; the others are `null`.
public struct SearchMatchShape: Encodable, Sendable {
    public var type: String
    public var id: String
    @Nullable public var name: String?
    @Nullable public var detail: String?
    @Nullable public var term: String?
    @Nullable public var exact: Bool?
    @Nullable public var person: PersonShape?
    @Nullable public var section: SectionShape?

    public init(_ hit: SearchHit) {
        switch hit {
        case .person(let person, let exact):
            type = "person"
            id = person.username
            name = person.name
            detail = [person.affiliation == .unknown ? nil : person.affiliation.rawValue, person.major, person.department]
                .compactMap { $0 }.joined(separator: ", ")
            self.exact = exact
            self.person = PersonShape(person)
        case .section(let section, let term):
            type = "section"
            id = section.id.rawValue
            name = section.title
            detail = section.schedule.raw.isEmpty ? nil : section.schedule.raw
            self.term = term.rawValue
            self.section = SectionShape(section)
        case .room(let room, let term):
            type = "room"
            id = room
            self.term = term.rawValue
        }
    }
}
