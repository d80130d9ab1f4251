import CampusCore

/// `campus schedule USER --json`, `campus instructor USER --json`:
/// `{"term": {...}, "person": {...}, "sections": [{"role": "student", ...section}]}`.
public struct ScheduleShape: Codable, Sendable {
    public var term: TermShape
    public var person: PersonShape
    public var sections: [Annotated<SectionShape>]

    /// - Parameter withholding: facts about the person the policy holds back.
    public init(_ answer: ScheduleAnswer, withholding: PersonFields = []) {
        term = TermShape(answer.term)
        person = PersonShape(answer.person).withholding(withholding)
        sections = answer.sections.map(Annotated.init)
    }
}
