import CampusCore

/// `GET /v1/me/sessions`: my log-ins that still hold, the most recently used first.
///
/// ```json
/// {"sessions": [{"id": "3f9a0c1d2e4b5a6c", "device": "Firefox on Android", "createdAt": "2026-11-20T08:00:00Z",
///   "lastUsedAt": "2026-11-24T09:00:00Z", "expiresAt": "2026-12-24T09:00:00Z", "kept": true, "current": true}]}
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

    public var sessions: [Entry]

    public init(_ sessions: [DeviceSession]) {
        self.sessions = sessions.map { listed in
            Entry(
                id: listed.session.id, device: listed.session.device, createdAt: Timestamp.text(listed.session.createdAt),
                lastUsedAt: Timestamp.text(listed.session.lastUsedAt), expiresAt: Timestamp.text(listed.endsAt),
                kept: listed.session.isKept, current: listed.isCurrent)
        }
    }
}
