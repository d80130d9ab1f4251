/// One typed result of the one-box search, best first.
public enum SearchHit: Hashable, Sendable {
    /// A person; `exact` when the query was their username.
    case person(Person, exact: Bool)
    /// A section of `term`.
    case section(Section, term: TermCode)
    /// A room with meetings in `term`.
    case room(String, term: TermCode)
}
