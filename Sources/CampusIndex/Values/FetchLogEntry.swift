import Foundation

/// One line of the crawl log: a URL fetched, when, and how it went.
public struct FetchLogEntry: Hashable, Codable, Sendable {
    /// What was fetched.
    public var url: String
    /// How it went (`200`, `304`, `timeout`).
    public var status: String
    /// The content hash of the body, when there was one.
    public var hash: String?
    /// The body's length.
    public var bytes: Int
    /// When it was fetched.
    public var fetchedAt: Date

    /// Creates a log line.
    public init(url: String, status: String, hash: String?, bytes: Int, fetchedAt: Date) {
        self.url = url
        self.status = status
        self.hash = hash
        self.bytes = bytes
        self.fetchedAt = fetchedAt
    }
}
