#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A calendar shared by link: the link's token is never kept, only its SHA-256 hash.
public struct Share: Hashable, Codable, Sendable {
    /// What a share shows.
    public enum Content: Hashable, Codable, Sendable {
        /// The owner's own schedule, the current term.
        case schedule
        /// The busy times of the owner's favorites group, overlaid.
        case overlay(group: String)
    }

    /// A short public id to list and revoke it by (not the token).
    public var id: String
    /// SHA-256 of the link's token, lower-case hex.
    public var tokenHash: String
    /// Who shared it, lower-cased.
    public var owner: String
    public var content: Content
    public var createdAt: Date
    /// When the link stops working (by default the end of the term it was made in).
    public var expiresAt: Date
    /// When a calendar program last fetched it; `nil` if never.
    public var lastFetchedAt: Date?

    public init(
        id: String, tokenHash: String, owner: String, content: Content, createdAt: Date, expiresAt: Date, lastFetchedAt: Date? = nil
    ) {
        self.id = id
        self.tokenHash = tokenHash
        self.owner = owner
        self.content = content
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.lastFetchedAt = lastFetchedAt
    }
}
