#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one refresh found: a registrar crawl of a term, or a directory sync, and its changes.
public struct FoundChanges: Hashable, Codable, Sendable {
    /// Where a refresh read from.
    public enum Source: String, Hashable, Codable, Sendable {
        case registrar
        case directory
    }

    /// The refresh's number in this index, rising.
    public var refresh: Int64
    /// The refresh's identity across rebuilds of the index (numbers start again in a new index).
    public var token: String
    public var source: Source
    /// The term a registrar refresh read; `nil` for the directory.
    public var term: TermCode?
    /// When the refresh was written.
    public var foundAt: Date
    /// What changed, in the order found.
    public var changes: [ClassChange]

    public init(refresh: Int64, token: String, source: Source, term: TermCode?, foundAt: Date, changes: [ClassChange]) {
        self.refresh = refresh
        self.token = token
        self.source = source
        self.term = term
        self.foundAt = foundAt
        self.changes = changes
    }
}

/// Which changes to read from the change log.
public struct ChangeQuery: Hashable, Sendable {
    /// Found at or after this moment.
    public var since: Date?
    /// Found by this refresh only.
    public var refresh: Int64?
    /// Of this term only.
    public var term: TermCode?
    /// Of this section only.
    public var section: SectionID?
    /// Found by the refreshes with these tokens only.
    public var tokens: [String]?
    /// From this source only.
    public var source: FoundChanges.Source?
    /// At most this many refreshes, the newest.
    public var limit: Int

    public init(
        since: Date? = nil, refresh: Int64? = nil, term: TermCode? = nil, section: SectionID? = nil, tokens: [String]? = nil,
        source: FoundChanges.Source? = nil, limit: Int = 100
    ) {
        self.since = since
        self.refresh = refresh
        self.term = term
        self.section = section
        self.tokens = tokens
        self.source = source
        self.limit = limit
    }
}
