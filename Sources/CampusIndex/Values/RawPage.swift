import CampusCore
import Foundation

/// A page as fetched, kept so `campus reparse` can rebuild the index without refetching.
public struct RawPage: Hashable, Sendable {
    /// The URL or file the page came from.
    public var source: String
    /// The term it belongs to, when known.
    public var term: TermCode?
    /// The page's bytes, exactly as fetched.
    public var bytes: [UInt8]
    /// When it was fetched.
    public var fetchedAt: Date

    /// Creates a page.
    public init(source: String, term: TermCode?, bytes: [UInt8], fetchedAt: Date) {
        self.source = source
        self.term = term
        self.bytes = bytes
        self.fetchedAt = fetchedAt
    }
}

/// What storing a page found, compared with the copy already kept.
public enum RawPageStatus: String, Hashable, Codable, Sendable {
    /// No copy was kept for this source.
    case new
    /// The kept copy differed and was replaced.
    case changed
    /// The kept copy has the same content; nothing was written.
    case unchanged
}
