/// One typed result of the one-box search, best first.
public enum SearchHit: Hashable, Sendable {
    /// A person; `exact` when the query was their username.
    case person(Person, exact: Bool)
    /// A section of `term`.
    case section(Section, term: TermCode)
    /// A room with meetings in `term`.
    case room(String, term: TermCode)
}

/// The kinds of match the search box finds.
public enum SearchHitKind: String, CaseIterable, Hashable, Sendable {
    case person, section, room
}

extension SearchHit {
    /// What kind of match this is.
    public var kind: SearchHitKind {
        switch self {
        case .person: .person
        case .section: .section
        case .room: .room
        }
    }
}
