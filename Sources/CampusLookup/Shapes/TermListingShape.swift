import CampusCore

/// One term of `campus terms --json`:
/// `{"code": "202630", "name": "Spring 2025-2026", "indexed": true, "offered": true, "sections": 17, "people": 40,
/// "updated": "2026-11-22T02:00:00Z"}`; counts and `updated` are `null` for a term offered but not indexed.
public struct TermListingShape: Codable, Sendable {
    public var code: String
    public var name: String
    public var indexed: Bool
    public var offered: Bool
    @Nullable public var sections: Int?
    @Nullable public var people: Int?
    @Nullable public var updated: String?

    public init(_ listing: TermListing) {
        code = listing.term.code.rawValue
        name = listing.term.name
        indexed = listing.summary != nil
        offered = listing.offered
        sections = listing.summary?.sectionCount
        people = listing.summary?.peopleCount
        updated = listing.summary.map { Timestamp.text($0.crawledAt) }
    }
}
