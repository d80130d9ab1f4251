import CampusCore

/// `campus roster ID --json`:
/// `{"term": {...}, "sections": [...], "students": [{"section": "CSSE474-02", ...person}]}`.
public struct RosterShape: Encodable, Sendable {
    public var term: TermShape
    public var sections: [SectionShape]
    public var students: [Annotated<PersonShape>]

    public init(_ answer: RosterAnswer) {
        term = TermShape(answer.term)
        sections = answer.sections.map(SectionShape.init)
        students = answer.students.map { Annotated(PersonShape($0.person), key: "section", value: $0.section.rawValue) }
    }
}
