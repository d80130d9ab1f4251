import CampusCore

/// One term of `campus sync registrar --json`:
/// `{"term": {...}, "replaced": true, "failure": null, "sectionsBefore": 0, "sectionsAfter": 140,
/// "enrollmentsBefore": 0, "enrollmentsAfter": 1500, "pagesFetched": 180, "pagesChanged": 180, "warnings": []}`;
/// the counts are `null` for a term kept as it was.
public struct TermSyncShape: Encodable, Sendable {
    public var term: TermShape
    public var replaced: Bool
    @Nullable public var failure: String?
    @Nullable public var sectionsBefore: Int?
    @Nullable public var sectionsAfter: Int?
    @Nullable public var enrollmentsBefore: Int?
    @Nullable public var enrollmentsAfter: Int?
    public var pagesFetched: Int
    public var pagesChanged: Int
    public var warnings: [String]

    public init(_ outcome: TermSyncOutcome) {
        term = TermShape(outcome.term)
        let swap = outcome.result.swap
        replaced = swap != nil
        failure = outcome.result.failure?.description
        sectionsBefore = swap?.sectionsBefore
        sectionsAfter = swap?.sectionsAfter
        enrollmentsBefore = swap?.enrollmentsBefore
        enrollmentsAfter = swap?.enrollmentsAfter
        pagesFetched = outcome.pagesFetched
        pagesChanged = outcome.pagesChanged
        warnings = outcome.warnings.map(\.description)
    }
}
