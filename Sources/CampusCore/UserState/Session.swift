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
    /// When it ends: however much it is used (absolute lifetime); for a session kept on its
    /// device, unless it is used again first (each use moves it on).
    public var expiresAt: Date
    /// Whether its person asked to stay signed in on this device ("keep me signed in"): it has
    /// no idle limit, and its end slides with each use.
    public var isKept: Bool
    /// The device it was made on, as people name it (`Firefox on Android`); `nil` when unknown.
    public var device: String?

    public init(
        tokenHash: String, username: String, createdAt: Date, lastUsedAt: Date, expiresAt: Date, isKept: Bool = false,
        device: String? = nil
    ) {
        self.tokenHash = tokenHash
        self.username = username
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.expiresAt = expiresAt
        self.isKept = isKept
        self.device = device
    }

    /// How the session is named in lists of one's log-ins: the first 16 hex digits of its
    /// token's hash, which cannot be used as the token.
    public var id: String { String(tokenHash.prefix(16)) }

    /// Whether the session still holds at `now`: before its end and, unless kept, used within `idle`.
    public func isValid(at now: Date, idle: TimeInterval) -> Bool {
        now < expiresAt && (isKept || now.timeIntervalSince(lastUsedAt) < idle)
    }

    /// When it ends if not used again: its end, and for a session not kept the idle limit if earlier.
    public func endsAt(idle: TimeInterval) -> Date {
        isKept ? expiresAt : min(expiresAt, lastUsedAt.addingTimeInterval(idle))
    }
}
