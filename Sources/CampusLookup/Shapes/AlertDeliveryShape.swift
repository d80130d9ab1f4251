/// `campus alerts send --json`: what one pass over the alert queue did.
///
/// ```json
/// {"queued": 31, "sent": 30, "kept": 1, "dropped": 0, "failed": 0, "lastFailure": null}
/// ```
public struct AlertDeliveryShape: Encodable, Sendable {
    public var queued: Int
    public var sent: Int
    public var kept: Int
    public var dropped: Int
    public var failed: Int
    @Nullable public var lastFailure: String?

    public init(_ delivery: AlertDelivery) {
        queued = delivery.queued
        sent = delivery.sent
        kept = delivery.kept
        dropped = delivery.dropped
        failed = delivery.failed
        lastFailure = delivery.lastFailure
    }
}
