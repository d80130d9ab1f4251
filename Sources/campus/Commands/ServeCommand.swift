import ArgumentParser
import CampusCore
import CampusLookup
import CampusServer
import Foundation
import Logging

/// `campus serve`: the JSON API, with campus log-in and the policy's visibility.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the lookups as a JSON API with campus log-in (see docs/server.md).",
        discussion: """
            Every flag can also be set under server: in the configuration file; a flag wins. Log-in checks passwords \
            against the directory of the directory: section. Stops gracefully on SIGTERM or SIGINT.
            """)

    @Option(name: .long, help: ArgumentHelp("The index file (default: $CAMPUS_INDEX, then $XDG_DATA_HOME/campus/index.sqlite).", valueName: "path"))
    var index: String?

    @Option(help: "The address to listen on (default 127.0.0.1).")
    var host: String?

    @Option(help: "The port to listen on (default 8080; 0 picks a free one).")
    var port: Int?

    @Option(name: .customLong("tls-cert"), help: ArgumentHelp("A PEM certificate chain: serve HTTPS.", valueName: "file"))
    var tlsCert: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp("The PEM private key of --tls-cert (mode 600).", valueName: "file"))
    var tlsKey: String?

    @Flag(name: .customLong("behind-proxy"), help: "Serve plain HTTP on a non-loopback address behind a TLS proxy.")
    var behindProxy = false

    @Option(name: .customLong("trusted-proxy"), help: ArgumentHelp("A proxy address whose X-Forwarded-For is believed; repeat for several.", valueName: "address"))
    var trustedProxies: [String] = []

    @Option(name: .customLong("public-url"), help: ArgumentHelp("How share links start (https://campus.example.edu).", valueName: "url"))
    var publicURL: String?

    @Option(help: ArgumentHelp("ferpa-strict (default), reg-sched-compatible, or a policy file.", valueName: "name-or-file"))
    var policy: String?

    @Option(name: .customLong("role"), help: ArgumentHelp("Give a role to a username, e.g. registrar=regoffice; repeat for several.", valueName: "role=username"))
    var roles: [String] = []

    @Option(name: .customLong("session-hours"), help: "The absolute lifetime of a log-in (default 8).")
    var sessionHours: Double?

    @Option(name: .customLong("idle-minutes"), help: "A log-in unused this long ends (default 60).")
    var idleMinutes: Double?

    @Option(name: .customLong("keep-signed-in-days"), help: "\"Keep me signed in\": a log-in kept on a device lasts this long after its last use (default 30; 0: not offered).")
    var keepSignedInDays: Double?

    @Option(name: .customLong("login-failures"), help: "Failed log-ins for one username from one address that lock that pair (default 10) ...")
    var loginFailures: Int?

    @Option(name: .customLong("login-address-failures"), help: "... and from one address, any usernames, that lock the address (default 50) ...")
    var loginAddressFailures: Int?

    @Option(name: .customLong("login-window-minutes"), help: "... within this many minutes (default 5) ...")
    var loginWindowMinutes: Double?

    @Option(name: .customLong("login-lockout-minutes"), help: "... for this many minutes (default 15).")
    var loginLockoutMinutes: Double?

    @Option(name: .customLong("share-days"), help: "A shared link ends this many days after it is made (default: at the end of its term).")
    var shareDays: Double?

    @Option(name: .customLong("shares-per-person"), help: "The most shared links one person may keep (default 20).")
    var sharesPerPerson: Int?

    @Option(name: .customLong("groups-per-person"), help: "The most favorites groups one person may keep (default 20).")
    var groupsPerPerson: Int?

    @Option(name: .customLong("favorites-per-group"), help: "The most people in one favorites group (default 200).")
    var favoritesPerGroup: Int?

    @Option(name: .customLong("consents-per-person"), help: "The most consents to share a schedule one person may hold at once (default 100).")
    var consentsPerPerson: Int?

    @Option(name: .customLong("requests-per-day"), help: "The most requests to share one person may send in a day (default 5).")
    var requestsPerDay: Int?

    @Option(name: .customLong("audit-retention-days"), help: "How long the record of disclosures keeps each (default 2555, 7 years).")
    var auditRetentionDays: Int?

    @Option(name: .customLong("registrar-refresh-minutes"), help: "Crawl the current and next term this often (default 360; 0 never).")
    var registrarRefreshMinutes: Double?

    @Option(name: .customLong("directory-refresh-minutes"), help: "Sync the directory's changes this often (default 15; 0 never).")
    var directoryRefreshMinutes: Double?

    @Option(name: .customLong("directory-full-at"), help: ArgumentHelp("The nightly full directory sync, campus time (default 02:30; off).", valueName: "HH:MM"))
    var directoryFullAt: String?

    @Option(name: .customLong("ready-max-age-hours"), help: "/readyz fails when a source's last good refresh is older (default 26).")
    var readyMaxAgeHours: Double?

    @Option(name: .customLong("connection-idle-seconds"), help: "Close a connection that sends nothing this long, a request never finished included (default 30).")
    var connectionIdleSeconds: Double?

    @Option(name: .customLong("clock"), help: ArgumentHelp("Demos and trials only: run the campus clock from this moment of campus time, so that now, today and this term are those of a term gone by (sessions, throttles and the record of disclosures keep this clock too).", valueName: "YYYY-MM-DDTHH:MM"))
    var clock: String?

    @Flag(name: .customLong("benchmark-hello-route"), help: .hidden)
    var benchmarkHelloRoute = false

    func run() async throws {
        let options = ServeOptions(
            host: host, port: port, tlsCert: tlsCert, tlsKey: tlsKey, behindProxy: behindProxy ? true : nil,
            trustedProxies: trustedProxies.isEmpty ? nil : trustedProxies, publicURL: publicURL, policy: policy, roles: roles,
            sessionHours: sessionHours, idleMinutes: idleMinutes, keepSignedInDays: keepSignedInDays, loginFailures: loginFailures,
            loginWindowMinutes: loginWindowMinutes, loginLockoutMinutes: loginLockoutMinutes,
            loginAddressFailures: loginAddressFailures, shareDays: shareDays, sharesPerPerson: sharesPerPerson,
            groupsPerPerson: groupsPerPerson, favoritesPerGroup: favoritesPerGroup,
            consentsPerPerson: consentsPerPerson, requestsPerDay: requestsPerDay, auditRetentionDays: auditRetentionDays,
            registrarRefreshMinutes: registrarRefreshMinutes, directoryRefreshMinutes: directoryRefreshMinutes,
            directoryFullAt: directoryFullAt, readyMaxAgeHours: readyMaxAgeHours,
            connectionIdleSeconds: connectionIdleSeconds, clock: clock)
        let (service, document) = try running(json: false) { () throws(CampusError) -> (CampusService, [UInt8]) in
            let campus = try CampusContext(indexOption: index, concurrentReads: true)
            for warning in campus.exposedFiles() { printError("warning: \(warning)") }
            let configuration = try campus.serverConfiguration(options)
            let document = try campus.openAPIDocument()
            return (try CampusService(campus: campus, configuration: configuration), document)
        }
        var logger = Logger(label: "campus.serve")
        logger.logLevel = ProcessEnvironment.value("CAMPUS_LOG_LEVEL").flatMap { Logger.Level(rawValue: $0.lowercased()) } ?? .info
        let policy = service.configuration.policy.name
        try await CampusServer(service: service, openAPI: document, logger: logger, helloRoute: benchmarkHelloRoute).run { address in
            printError("campus serve: listening on \(address) (policy \(policy)); stop with Ctrl-C")
            if let clock = service.configuration.clock {
                printError("campus serve: warning: the campus clock runs from \(clock), not now (clock): for demos and trials only")
            }
        }
    }
}
