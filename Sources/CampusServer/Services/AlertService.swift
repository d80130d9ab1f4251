import CampusLookup
import Foundation
import Logging
import ServiceLifecycle

/// Sends change alerts while the server runs (when the configuration sets them up): every
/// `alerts.check-seconds` it queues what refreshes found and sends what is due. The mail
/// service is checked at start; one that does not work is logged, naming the setting, shown by
/// `/readyz` and `/metrics`, and asked again each pass, the alerts waiting in the queue meanwhile.
/// Never blocks a refresh: the two share nothing but the index and the store.
struct AlertService: Service {
    let service: CampusService
    let metrics: ServerMetrics
    let logger: Logger

    func run() async throws {
        guard let alerts = service.alerts else {
            // A service that returns would end the group: wait for the shutdown instead.
            try? await gracefulShutdown()
            return
        }
        logger.info("alerts on", metadata: ["channel": .string(alerts.channel), "every": .string("\(Int(alerts.checkInterval)) s")])
        var worked: Bool?
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            if let health = await service.runAlerts() {
                metrics.alerted(health)
                report(health, worked: worked)
                worked = health.mailWorks
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(alerts.checkInterval)) }
        }
    }

    /// Logs a pass: a mail service that stopped or started working, and what was sent.
    private func report(_ health: AlertHealth, worked: Bool?) {
        if !health.mailWorks, worked != false {
            logger.error("alert e-mail cannot be sent; alerts stay queued", metadata: ["detail": .string(health.problem ?? "unknown")])
        } else if health.mailWorks, worked == false {
            logger.info("alert e-mail works again")
        }
        guard let pass = health.lastPass, pass.queued + pass.sent + pass.kept + pass.dropped + pass.failed > 0 else { return }
        logger.info("alerts", metadata: [
            "queued": .string("\(pass.queued)"), "sent": .string("\(pass.sent)"), "kept": .string("\(pass.kept)"),
            "dropped": .string("\(pass.dropped)"), "failed": .string("\(pass.failed)"),
        ])
    }
}
