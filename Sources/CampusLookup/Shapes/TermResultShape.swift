import CampusCore

/// What a registrar sync and a reparse both say of one term:
/// `{"term": {...}, "replaced": true, "failure": null, "sectionsBefore": 0, "sectionsAfter": 140,
/// "enrollmentsBefore": 0, "enrollmentsAfter": 1500, "warnings": []}`;
/// the counts are `null` for a term kept as it was. Each answer adds its own keys beside these.
public struct TermResultShape: Encodable, Sendable {
    public var term: TermShape
    public var replaced: Bool
    @Nullable public var failure: String?
    @Nullable public var sectionsBefore: Int?
    @Nullable public var sectionsAfter: Int?
    @Nullable public var enrollmentsBefore: Int?
    @Nullable public var enrollmentsAfter: Int?
    public var warnings: [String]

    public init(term: Term, result: TermResult, warnings: [ScrapeWarning]) {
        self.term = TermShape(term)
        let swap = result.swap
        replaced = swap != nil
        failure = result.failure?.description
        sectionsBefore = swap?.sectionsBefore
        sectionsAfter = swap?.sectionsAfter
        enrollmentsBefore = swap?.enrollmentsBefore
        enrollmentsAfter = swap?.enrollmentsAfter
        self.warnings = warnings.map(\.description)
    }
}
