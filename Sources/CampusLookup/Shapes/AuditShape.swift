import CampusCore

/// `GET /v1/audit`, `campus audit --json`: the record of disclosures, newest first.
///
/// ```json
/// {"disclosures": [{"sequence": 42, "at": "2026-11-24T09:00:00Z", "viewer": "valer", "record": "schedule",
///   "subject": "quinna", "term": "202630", "rule": "ferpa-strict: schedule (advisor)"}], "total": 1, "next": null}
/// ```
public struct AuditShape: Encodable, Sendable {
    public struct Entry: Encodable, Sendable {
        public var sequence: Int64
        public var at: String
        public var viewer: String
        public var record: String
        public var subject: String
        @Nullable public var term: String?
        public var rule: String
    }

    public var disclosures: [Entry]
    public var total: Int
    @Nullable public var next: String?

    /// - Parameter paging: the page `disclosures` is, of `total`.
    public init(_ disclosures: [Disclosure], total: Int, paging: Paging) {
        self.disclosures = disclosures.map { disclosure in
            Entry(sequence: disclosure.sequence ?? 0, at: Timestamp.text(disclosure.at), viewer: disclosure.viewer,
                  record: disclosure.record.rawValue, subject: disclosure.subject, term: disclosure.term, rule: disclosure.rule)
        }
        self.total = total
        next = paging.next(total: total)
    }
}
