import CampusCore

/// `campus roster ID --json`, `GET /v1/sections/{id}/roster`:
/// `{"term": {...}, "sections": [...], "students": [{"section": "CSSE474-02", ...person}], "total": 23, "next": null}`;
/// `total` counts every student, `next` is the cursor of the next page (`null` on the last).
public struct RosterShape: Codable, Sendable {
    public var term: TermShape
    public var sections: [SectionShape]
    public var students: [Annotated<PersonShape>]
    public var total: Int
    @Nullable public var next: String?

    /// - Parameters:
    ///   - withholding: facts about the students the policy holds back.
    ///   - paging: which of the students to hold.
    public init(_ answer: RosterAnswer, withholding: PersonFields = [], paging: Paging = .everything) {
        term = TermShape(answer.term)
        sections = answer.sections.map(SectionShape.init)
        students = paging.page(answer.students).map {
            Annotated(PersonShape($0.person).withholding(withholding), key: "section", value: $0.section.rawValue)
        }
        total = answer.students.count
        next = paging.next(total: total)
    }
}
