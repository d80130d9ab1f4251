import CampusCore

/// `GET /v1/me/sessions`: my log-ins that still hold, the most recently used first, and when
/// failed log-ins locked my account in the last 30 days, the newest first.
///
/// ```json
/// {"sessions": [{"id": "3f9a0c1d2e4b5a6c", "device": "Firefox on Android", "createdAt": "2026-11-20T08:00:00Z",
///   "lastUsedAt": "2026-11-24T09:00:00Z", "expiresAt": "2026-12-24T09:00:00Z", "kept": true, "current": true}],
///  "lockouts": [{"at": "2026-11-23T22:14:05Z", "network": "203.0.113.7", "until": "2026-11-23T22:29:05Z"}]}
/// ```
public struct DevicesShape: Encodable, Sendable {
    public struct Entry: Encodable, Sendable {
        /// Names the log-in for `DELETE /v1/me/sessions/{id}`; not its token.
        public var id: String
        @Nullable public var device: String?
        public var createdAt: String
        public var lastUsedAt: String
        /// When it ends if not used again.
        public var expiresAt: String
        public var kept: Bool
        /// Whether it is the log-in this request was made with.
        public var current: Bool
    }

    /// A time failed log-ins locked the account at one network.
    public struct Lockout: Encodable, Sendable {
        public var at: String
        public var network: String
        public var until: String
    }

    public var sessions: [Entry]
    public var lockouts: [Lockout]

    public init(_ sessions: [DeviceSession], lockouts: [LoginLockout] = []) {
        self.lockouts = lockouts.map { Lockout(at: Timestamp.text($0.at), network: $0.network, until: Timestamp.text($0.until)) }
        self.sessions = sessions.map { listed in
            Entry(
                id: listed.session.id, device: listed.session.device, createdAt: Timestamp.text(listed.session.createdAt),
                lastUsedAt: Timestamp.text(listed.session.lastUsedAt), expiresAt: Timestamp.text(listed.endsAt),
                kept: listed.session.isKept, current: listed.isCurrent)
        }
    }
}
