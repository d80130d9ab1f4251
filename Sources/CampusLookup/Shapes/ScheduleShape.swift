import CampusCore

/// `campus schedule USER --json`, `campus instructor USER --json`:
/// `{"term": {...}, "person": {...}, "sections": [{"role": "student", ...section}]}`.
public struct ScheduleShape: Encodable, Sendable {
    public var term: TermShape
    public var person: PersonShape
    public var sections: [Annotated<SectionShape>]

    public init(_ answer: ScheduleAnswer) {
        term = TermShape(answer.term)
        person = PersonShape(answer.person)
        sections = answer.sections.map(Annotated.init)
    }
}
