import Foundation

/// One line of the crawl log: a URL fetched, when, and how it went.
public struct FetchLogEntry: Hashable, Codable, Sendable {
    /// What was fetched.
    public var url: String
    /// What the page was, compared with the copy kept.
    public var status: RawPageStatus
    /// The content hash of the body, when there was one.
    public var hash: String?
    /// The body's length.
    public var bytes: Int
    /// When it was fetched.
    public var fetchedAt: Date

    /// Creates a log line.
    public init(url: String, status: RawPageStatus, hash: String?, bytes: Int, fetchedAt: Date) {
        self.url = url
        self.status = status
        self.hash = hash
        self.bytes = bytes
        self.fetchedAt = fetchedAt
    }
}
