import CampusLookup
import Logging

/// Log lines go to standard error; warnings and worse unless `CAMPUS_LOG_LEVEL` asks for more
/// (`trace`, `debug`, `info`, `notice`, `warning`, `error`, `critical`).
enum CampusLogging {
    static func bootstrap() {
        let level = ProcessEnvironment.value("CAMPUS_LOG_LEVEL").flatMap { Logger.Level(rawValue: $0.lowercased()) } ?? .warning
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}
