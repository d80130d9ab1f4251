#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A log-in to the API: whose it is and how long it lasts. The token itself is
/// never kept, only its SHA-256 hash (``tokenHash``).
public struct Session: Hashable, Codable, Sendable {
    /// SHA-256 of the token, lower-case hex.
    public var tokenHash: String
    /// Who logged in, lower-cased.
    public var username: String
    public var createdAt: Date
    /// When it was last used, to the minute (idle expiry counts from here).
    public var lastUsedAt: Date
    /// When it ends however much it is used (absolute lifetime).
    public var expiresAt: Date

    public init(tokenHash: String, username: String, createdAt: Date, lastUsedAt: Date, expiresAt: Date) {
        self.tokenHash = tokenHash
        self.username = username
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.expiresAt = expiresAt
    }

    /// Whether the session still holds at `now`: before its absolute end and used within `idle`.
    public func isValid(at now: Date, idle: TimeInterval) -> Bool {
        now < expiresAt && now.timeIntervalSince(lastUsedAt) < idle
    }

    /// When it ends if not used again: the earlier of its absolute end and the idle limit.
    public func endsAt(idle: TimeInterval) -> Date {
        min(expiresAt, lastUsedAt.addingTimeInterval(idle))
    }
}
