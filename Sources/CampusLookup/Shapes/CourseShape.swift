import CampusCore

/// `campus course ID-OR-PREFIX --json`, `GET /v1/courses/{id}`:
/// `{"term": {...}, "query": "CSSE3", "sections": [...], "total": 17, "next": null}`.
public struct CourseShape: Codable, Sendable {
    public var term: TermShape
    public var query: String
    public var sections: [SectionShape]
    public var total: Int
    @Nullable public var next: String?

    public init(_ answer: CourseAnswer, paging: Paging = .everything) {
        term = TermShape(answer.term)
        query = answer.query
        sections = paging.page(answer.sections).map(SectionShape.init)
        total = answer.sections.count
        next = paging.next(total: total)
    }
}
