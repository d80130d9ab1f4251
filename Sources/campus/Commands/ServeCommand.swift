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
            Log-in checks passwords against the directory of the directory: section. Stops gracefully on SIGTERM \
            or SIGINT.

            Each setting below is also a key under server: in the configuration file, and an environment variable \
            \(ServerSetting.environmentPrefix)KEY (the key in capitals, - as _); a flag wins over the variable, which \
            wins over the file.

            \(settingsHelp)
            """)

    /// Every server setting, a line each (wrapped as the screen needs): the flag and its value,
    /// its key where that differs, what it does and its default.
    private static var settingsHelp: String {
        ServerSetting.all.map { setting in
            let flag = setting.kind == .flag ? "--\(setting.flag)" : "--\(setting.flag) <\(setting.valueName)>"
            let otherKey = setting.flag == setting.key ? "" : " (server.\(setting.key))"
            let byDefault = setting.defaultValue.map { " Default: \($0)." } ?? ""
            return "\(flag)\(otherKey): \(setting.help)\(byDefault)"
        }.joined(separator: "\n")
    }

    @Option(name: .long, help: ArgumentHelp("The index file (default: $CAMPUS_INDEX, then $XDG_DATA_HOME/campus/index.sqlite).", valueName: "path"))
    var index: String?

    @Flag(name: .customLong("benchmark-hello-route"), help: .hidden)
    var benchmarkHelloRoute = false

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Settings, as --name value: listed below.", valueName: "setting"))
    var settings: [String] = []

    func run() async throws {
        let (service, document) = try await running(json: false) { () async throws(CampusError) -> (CampusService, [UInt8]) in
            let campus = try CampusContext(indexOption: index, concurrentReads: true)
            for warning in campus.exposedFiles() { printError("warning: \(warning)") }
            let configuration = try await campus.serverConfiguration(flags: settings)
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
