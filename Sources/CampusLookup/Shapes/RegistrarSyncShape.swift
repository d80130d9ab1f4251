import CampusCore

/// One term of `campus sync registrar --json`: ``TermResultShape``'s keys and how many pages
/// were fetched and changed: `{"term": {...}, "replaced": true, ..., "pagesFetched": 180, "pagesChanged": 180}`.
public struct TermSyncShape: Encodable, Sendable {
    public var result: TermResultShape
    public var pagesFetched: Int
    public var pagesChanged: Int

    public init(_ outcome: TermSyncOutcome) {
        result = TermResultShape(term: outcome.term, result: outcome.result, warnings: outcome.warnings)
        pagesFetched = outcome.pagesFetched
        pagesChanged = outcome.pagesChanged
    }

    private enum CodingKeys: String, CodingKey {
        case pagesFetched, pagesChanged
    }

    public func encode(to encoder: any Encoder) throws {
        try result.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pagesFetched, forKey: .pagesFetched)
        try container.encode(pagesChanged, forKey: .pagesChanged)
    }
}
