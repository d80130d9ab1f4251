/// A way to hand messages to the campus's mail service.
public protocol MailTransport: Sendable {
    /// Hands `message` over for delivery to its `To` address; returns once the mail service took it.
    func send(_ message: MailMessage) async throws(MailError)

    /// Connects and logs in as sending would, without sending: settings that do not work
    /// (a wrong host, a refused log-in, a certificate that fails) are found at start.
    func check() async throws(MailError)
}

/// Why a message could not be handed over, naming the setting to look at.
public struct MailError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, broadly.
    public enum Kind: String, Sendable {
        /// The mail service could not be reached (no such host, nothing listening, timed out).
        case unreachable
        /// The mail service refused the log-in.
        case loginRefused
        /// TLS could not be set up: the certificate did not verify, or the server offers no STARTTLS.
        case tls
        /// The mail service could not take the message for now (a 4xx reply: a full mailbox,
        /// greylisting): this message is tried again later, the others go on.
        case deferred
        /// The mail service refused the message or its recipient.
        case refused
        /// The settings themselves are wrong (a password file that cannot be read, no sendmail).
        case settings
    }

    public var kind: Kind
    /// The setting to look at: `alerts.smtp.host`, `alerts.smtp.password-file`.
    public var setting: String
    /// What happened, in words.
    public var detail: String

    public init(_ kind: Kind, setting: String, detail: String) {
        self.kind = kind
        self.setting = setting
        self.detail = detail
    }

    /// Whether no message can go now (the service is down, refuses the log-in or the
    /// certificate), rather than this one message.
    public var isServiceDown: Bool { [.unreachable, .loginRefused, .tls, .settings].contains(kind) }

    public var description: String { "\(detail) (check \(setting))" }
}
