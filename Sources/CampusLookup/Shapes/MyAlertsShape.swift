import CampusCore

/// `GET /v1/me/alerts`, `PUT /v1/me/alerts`: what I hear about and how, and my inbox, newest first.
///
/// ```json
/// {"configured": true, "email": true, "daily": false, "follows": ["202630 CHEM111-02"], "rooms": ["O169"],
///  "people": ["quinna"], "unread": 1,
///  "inbox": [{"id": 7, "at": "2026-11-28T06:00:00Z", "subject": "Class change: CHEM111-02 …",
///             "changes": ["CHEM111-02 General Chemistry I: room BI102 → O169"], "read": false, "emailed": true}]}
/// ```
public struct MyAlertsShape: Encodable, Sendable {
    public struct Entry: Encodable, Sendable {
        public var id: Int64
        public var at: String
        public var subject: String
        public var changes: [String]
        public var read: Bool
        /// Whether it was e-mailed too (else it is in the inbox only).
        public var emailed: Bool
    }

    /// Whether this server sends alert e-mail at all.
    public var configured: Bool
    public var email: Bool
    public var daily: Bool
    /// Sections followed besides one's own classes, `TERM SECTION`.
    public var follows: [String]
    /// Rooms followed, in every term.
    public var rooms: [String]
    /// People followed whose schedules are shown to me: changes to their classes.
    public var people: [String]
    public var unread: Int
    public var inbox: [Entry]

    public init(_ alerts: MyAlerts) {
        configured = alerts.configured
        email = alerts.preferences.email
        daily = alerts.preferences.daily
        follows = alerts.preferences.sections.map { "\($0.term.rawValue) \($0.section.rawValue)" }
        rooms = alerts.preferences.rooms
        people = alerts.preferences.people
        unread = alerts.unread
        inbox = alerts.inbox.map { alert in
            Entry(
                id: alert.id, at: Timestamp.text(alert.deliveredAt ?? alert.queuedAt), subject: alert.subject ?? "",
                changes: alert.lines, read: alert.readAt != nil, emailed: alert.status == .sent)
        }
    }
}
