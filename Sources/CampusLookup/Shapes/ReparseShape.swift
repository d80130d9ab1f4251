import CampusCore

/// One term of `campus reparse --json`:
/// `{"term": {...}, "pages": 176, "replaced": true, "failure": null, "sectionsBefore": 128,
/// "sectionsAfter": 128, "enrollmentsBefore": 1500, "enrollmentsAfter": 1500, "warnings": []}`;
/// the counts are `null` for a term kept as it was.
public struct TermReparseShape: Encodable, Sendable {
    public var term: TermShape
    /// How many kept pages were read again.
    public var pages: Int
    public var replaced: Bool
    @Nullable public var failure: String?
    @Nullable public var sectionsBefore: Int?
    @Nullable public var sectionsAfter: Int?
    @Nullable public var enrollmentsBefore: Int?
    @Nullable public var enrollmentsAfter: Int?
    public var warnings: [String]

    public init(_ outcome: ReparseOutcome) {
        term = TermShape(outcome.term)
        pages = outcome.pages
        let swap = outcome.result.swap
        replaced = swap != nil
        failure = outcome.result.failure?.description
        sectionsBefore = swap?.sectionsBefore
        sectionsAfter = swap?.sectionsAfter
        enrollmentsBefore = swap?.enrollmentsBefore
        enrollmentsAfter = swap?.enrollmentsAfter
        warnings = outcome.warnings.map(\.description)
    }
}
