import CampusCore

/// `campus course ID-OR-PREFIX --json`: `{"term": {...}, "query": "CSSE3", "sections": [...]}`.
public struct CourseShape: Encodable, Sendable {
    public var term: TermShape
    public var query: String
    public var sections: [SectionShape]

    public init(_ answer: CourseAnswer) {
        term = TermShape(answer.term)
        query = answer.query
        sections = answer.sections.map(SectionShape.init)
    }
}
