import CampusCore
import Foundation

/// One page as a ``PageSource`` delivered it: the raw bytes, not yet read.
public struct FetchedPage: Hashable, Sendable {
    /// Where the page came from: its URL, or the saved file's path.
    public var source: String
    /// The question the page answers.
    public var lookup: Lookup
    /// The page exactly as received.
    public var bytes: [UInt8]
    /// When it was received.
    public var fetchedAt: Date

    public init(source: String, lookup: Lookup, bytes: [UInt8], fetchedAt: Date) {
        self.source = source
        self.lookup = lookup
        self.bytes = bytes
        self.fetchedAt = fetchedAt
    }
}

/// Somewhere registrar pages come from: the live registrar over HTTP
/// (``HTTPPageSource``) or a directory of saved pages (``SavedPagesSource``).
///
/// ```swift
/// let page = try await source.fetch(.roster(id: "CSSE474-02", term: TermCode("202630")!))
/// ```
public protocol PageSource: Sendable {
    /// Where pages come from, for people: a base URL or a directory.
    var location: String { get }

    /// Fetches the page answering `lookup`.
    ///
    /// - Throws: ``FetchError/pageMissing(lookup:location:)`` when the page is not there,
    ///   other ``FetchError`` cases when it is there but cannot be had.
    func fetch(_ lookup: Lookup) async throws(FetchError) -> FetchedPage
}
