import CampusCore

/// `campus history USER --json`:
/// `{"person": {...}, "terms": [{"term": {"code", "name"}, "sections": [{"role": "instructor", ...section}]}]}`.
public struct HistoryShape: Codable, Sendable {
    /// One term's sections.
    public struct TermSections: Codable, Sendable {
        public var term: TermShape
        public var sections: [Annotated<SectionShape>]
    }

    public var person: PersonShape
    public var terms: [TermSections]

    /// - Parameter withholding: facts about the person the policy holds back.
    public init(_ answer: HistoryAnswer, withholding: PersonFields = []) {
        person = PersonShape(answer.person).withholding(withholding)
        terms = answer.terms.map { TermSections(term: TermShape($0.term), sections: $0.sections.map(Annotated.init)) }
    }
}
