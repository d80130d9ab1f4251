import CampusCore

/// `campus email USER --json`: `{"username": "whitfid", "mailto": "mailto:whitfid@rose-hulman.edu"}`.
public struct EmailShape: Encodable, Sendable {
    public var username: String
    public var mailto: String

    public init(username: String, mailto: MailtoURI) {
        self.username = username
        self.mailto = mailto.description
    }
}
