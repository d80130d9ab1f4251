import CampusCore

/// `campus search QUERY --json`, `GET /v1/search`: `{"query": "...", "matches": [...], "total": 3, "next": null}`.
///
/// `total` counts every match when `next` is `null`; when more pages follow it is `null`
/// (the search stops as soon as it has found one more than the page).
public struct SearchShape: Codable, Sendable {
    public var query: String
    public var matches: [SearchMatchShape]
    @Nullable public var total: Int?
    @Nullable public var next: String?

    /// - Parameters:
    ///   - withholding: facts about the people found that the policy holds back.
    ///   - paging: which matches to hold; the answer holds those and at most one more.
    public init(_ answer: SearchAnswer, paging: Paging = .everything) {
        self.init(Shown(answer), paging: paging)
    }

    /// The matches with the facts the policy withholds of each person left out.
    public init(_ shown: Shown<SearchAnswer>, paging: Paging = .everything) {
        let answer = shown.answer
        query = answer.query
        matches = paging.page(answer.hits).map { hit in
            guard case .person(let person, _) = hit else { return SearchMatchShape(hit) }
            return SearchMatchShape(hit, withholding: shown.withheld(of: person.username))
        }
        next = paging.next(total: answer.hits.count)
        total = next == nil ? answer.hits.count : nil
    }
}

/// One typed match: `{"type": "person"|"section"|"room", "id", "name", "detail", "term", "exact", "person", "section"}`;
/// people carry `person` and `exact`, sections `section` and `term`, rooms `term`; the others are `null`.
public struct SearchMatchShape: Codable, Sendable {
    public var type: String
    public var id: String
    @Nullable public var name: String?
    @Nullable public var detail: String?
    @Nullable public var term: String?
    @Nullable public var exact: Bool?
    @Nullable public var person: PersonShape?
    @Nullable public var section: SectionShape?

    public init(_ hit: SearchHit, withholding: PersonFields = []) {
        switch hit {
        case .person(let person, let exact):
            type = "person"
            id = person.username
            name = person.name
            let shape = PersonShape(person).withholding(withholding)
            detail = shape.summary
            self.exact = exact
            self.person = shape
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
