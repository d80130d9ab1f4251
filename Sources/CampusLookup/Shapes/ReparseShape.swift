import CampusCore

/// One term of `campus reparse --json`: ``TermResultShape``'s keys and `pages`, how many kept
/// pages were read again: `{"term": {...}, "pages": 176, "replaced": true, ...}`.
public struct TermReparseShape: Encodable, Sendable {
    public var result: TermResultShape
    /// How many kept pages were read again.
    public var pages: Int

    public init(_ outcome: ReparseOutcome) {
        result = TermResultShape(term: outcome.term, result: outcome.result, warnings: outcome.warnings)
        pages = outcome.pages
    }

    private enum CodingKeys: String, CodingKey {
        case pages
    }

    public func encode(to encoder: any Encoder) throws {
        try result.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pages, forKey: .pages)
    }
}
