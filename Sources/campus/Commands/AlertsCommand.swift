import ArgumentParser
import CampusCore
import CampusLookup
import Foundation

/// `campus alerts`: the change alerts of the `alerts:` settings.
struct AlertsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alerts",
        abstract: "Send change alerts: e-mail people when their classes change.",
        subcommands: [AlertsSendCommand.self])
}

/// `campus alerts send`: queues alerts for what refreshes found changed and sends the queue once,
/// for cron, or a deployment without `campus serve` (which sends continuously).
struct AlertsSendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Queue alerts for the changes refreshes found, send those due once, and exit.",
        discussion: """
            Set up in the configuration file's alerts: section (docs/configuration.md). Each person gets one e-mail for \
            what is due for them, checked against the policy as it is sent. A mail service that is down leaves the \
            alerts queued for the next run (exit status 1); none is sent twice.
            """)

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let campus = try global.campus()
        let delivery = try await running(json: global.json) { () async throws(CampusError) -> AlertDelivery in
            guard campus.configuration.alerts.isConfigured else { throw .alertsNotConfigured }
            let configuration = try await campus.serverConfiguration()
            guard let setup = try campus.alertSetup(publicURL: configuration.publicURL) else { throw .alertsNotConfigured }
            let service = try CampusService(campus: campus, configuration: configuration)
            let now = service.now()
            let queued = try await service.queueAlerts(setup, now: now)
            try await setup.check()
            var delivery = try await service.sendAlerts(setup, now: now)
            delivery.queued = queued
            return delivery
        }
        if global.json {
            print(try AnswerJSON.text(AlertDeliveryShape(delivery)))
        } else {
            print("Queued \(delivery.queued) alert\(delivery.queued == 1 ? "" : "s"); e-mailed \(delivery.sent) "
                + "\(delivery.sent == 1 ? "person" : "people"), \(delivery.kept) to the web app's inbox only, "
                + "\(delivery.dropped) with nothing they may see now.")
        }
        if delivery.failed > 0 {
            printError("campus: \(delivery.failed) could not be sent and stay queued: \(VisibleText.escaped(delivery.lastFailure ?? "the mail service failed"))")
            throw ExitCode(1)
        }
    }
}
