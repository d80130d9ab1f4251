import CampusCore
import Foundation

/// How alert e-mail went when last tried: for `/readyz`, `/metrics` and the log.
public struct AlertHealth: Sendable, Equatable {
    /// Whether the mail service took the last message, or answered the last check.
    public var mailWorks: Bool
    /// Why not, naming the setting to look at (the log's words).
    public var problem: String?
    /// The setting to look at, alone (what `/readyz` says, which names nothing of the server's).
    public var setting: String?
    public var checkedAt: Date
    /// What the last pass over the queue did.
    public var lastPass: AlertDelivery?
    /// How the queue stood after it.
    public var queue: AlertQueueState?
}

extension CampusService {
    /// One pass of `campus serve`'s alert service: checks the mail service when it failed or was
    /// never asked, queues what refreshes found, sends what is due. Of replicas sharing one
    /// index, only the one holding the refresher role does: the others pass, with `nil`. Never throws: what went wrong
    /// is in the health it returns (and `/readyz`), and the alerts stay queued.
    public func runAlerts() async -> AlertHealth? {
        guard let alerts else { return nil }
        // Replicas sharing one index: the refresher alone queues and sends, from the index it published.
        if let indexSharing, !indexSharing.holdsRefresherRole { return nil }
        let now = self.now()
        var health = alertHealthState.withLock { $0 } ?? AlertHealth(mailWorks: false, checkedAt: now)
        if !health.mailWorks {
            do {
                try await alerts.check()
                health = AlertHealth(mailWorks: true, checkedAt: now)
                // Back: what waited for it goes now, not after its back-off.
                _ = try? await state.retryFailedAlerts(at: now)
            } catch {
                health = AlertHealth(mailWorks: false, problem: error.description, setting: Self.setting(of: error), checkedAt: now)
            }
        }
        var pass = AlertDelivery()
        var queued = 0
        do {
            queued = try await queueAlerts(alerts, now: now)
        } catch {
            pass.lastFailure = error.description
        }
        // What was queued before goes out even when queueing failed this time.
        if health.mailWorks {
            do {
                pass = try await sendAlerts(alerts, now: now)
            } catch {
                pass.lastFailure = error.description
            }
        }
        pass.queued = queued
        if pass.serviceDown, let failure = pass.lastFailure {
            health = AlertHealth(mailWorks: false, problem: failure, setting: pass.failingSetting, checkedAt: now)
        }
        health.lastPass = pass
        health.queue = try? await state.alertQueueState()
        let settled = health
        alertHealthState.withLock { $0 = settled }
        return settled
    }

    /// How alert e-mail went when last tried; `nil` before the first pass or without alerts.
    public var alertHealth: AlertHealth? {
        alertHealthState.withLock { $0 }
    }

    private static func setting(of error: CampusError) -> String? {
        if case .mail(let setting, _) = error { return setting }
        return nil
    }
}
