/// What one pass over the alert queue did.
public struct AlertDelivery: Sendable, Equatable {
    /// Alerts queued from refreshes not yet told of.
    public var queued = 0
    /// People e-mailed (one message each, however many alerts it held).
    public var sent = 0
    /// People whose alerts went to their inbox only (e-mail off, or no address).
    public var kept = 0
    /// People left with nothing the policy lets them see.
    public var dropped = 0
    /// People whose message could not be handed over, to be tried again.
    public var failed = 0
    /// Why the last message failed, naming the setting to look at.
    public var lastFailure: String?
    /// The setting the last failure names (`alerts.smtp.host`).
    public var failingSetting: String?
    /// Whether the pass stopped because the mail service cannot be reached, or refuses to
    /// work (a refused log-in, a certificate), rather than refusing one message.
    public var serviceDown = false

    public init() {}
}
