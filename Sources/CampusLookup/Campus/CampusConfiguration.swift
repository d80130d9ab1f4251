import CampusCore
import Foundation
import Yams

/// The settings file, `$XDG_CONFIG_HOME/campus/config.yaml`. Every key is optional.
///
/// ```yaml
/// index: ~/.local/share/campus/index.sqlite
/// state: ~/.local/share/campus/user-state.sqlite   # favorites; default: beside the index
/// registrar:
///   url: https://registrar.example.edu        # where reg-sched.pl lives
///   definition: rose-hulman                   # a name under scrapers/, or a path
///   username: jdoe                            # HTTP Basic user
///   password-file: ~/.config/campus/registrar.password
///   # password-env: CAMPUS_REGISTRAR_PASSWORD  # or an environment variable
///   # cookie-file: ~/.config/campus/session.cookie   # single sign-on session cookie instead
///   concurrency: 2
///   min-interval-ms: 250
///   contact: it-help@example.edu              # put in the User-Agent
/// directory:                                  # see DirectorySettings
///   url: ldaps://ldap.example.edu
///   base: ou=People,dc=example,dc=edu
/// server:                                     # campus serve; see ServerSetting
///   port: 8080
/// alerts:                                     # e-mail when classes change; see AlertSettings
///   from: "Campus Lookup <campus@example.edu>"
///   sendmail: /usr/sbin/sendmail
/// ```
/// Secrets are never stored here: only where to read them.
public struct CampusConfiguration: Decodable, Sendable, Equatable {
    /// Settings for reaching the registrar.
    public struct RegistrarSettings: Codable, Sendable, Equatable {
        public var url: String?
        public var source: String?
        public var definition: String?
        public var username: String?
        public var passwordFile: String?
        public var passwordEnv: String?
        public var cookieFile: String?
        public var cookieEnv: String?
        public var concurrency: Int?
        public var minIntervalMs: Int?
        public var contact: String?

        public init() {}

        enum CodingKeys: String, CodingKey {
            case url, source, definition, username, concurrency, contact
            case passwordFile = "password-file"
            case passwordEnv = "password-env"
            case cookieFile = "cookie-file"
            case cookieEnv = "cookie-env"
            case minIntervalMs = "min-interval-ms"
        }
    }

    public var index: String?
    /// The user-state store: a file (by default `user-state.sqlite` beside the index), or a
    /// PostgreSQL database several servers share (`postgres://USER@HOST:PORT/DATABASE`).
    public var state: String?
    /// The file holding the password of the PostgreSQL database `state` names.
    public var statePasswordFile: String?
    public var registrar: RegistrarSettings
    public var directory: DirectorySettings
    public var alerts: AlertSettings
    /// The `server:` section, as ``CampusContext/serverConfiguration(flags:environment:)`` reads it.
    var serverFile = ServerFileSettings()

    public init(
        index: String? = nil, state: String? = nil, registrar: RegistrarSettings = RegistrarSettings(),
        directory: DirectorySettings = DirectorySettings(), alerts: AlertSettings = AlertSettings()
    ) {
        self.index = index
        self.state = state
        self.registrar = registrar
        self.directory = directory
        self.alerts = alerts
    }

    enum CodingKeys: String, CodingKey {
        case index, state, registrar, directory, alerts
        case statePasswordFile = "state-password-file"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        index = try container.decodeIfPresent(String.self, forKey: .index)
        state = try container.decodeIfPresent(String.self, forKey: .state)
        statePasswordFile = try container.decodeIfPresent(String.self, forKey: .statePasswordFile)
        registrar = try container.decodeIfPresent(RegistrarSettings.self, forKey: .registrar) ?? RegistrarSettings()
        directory = try container.decodeIfPresent(DirectorySettings.self, forKey: .directory) ?? DirectorySettings()
        alerts = try container.decodeIfPresent(AlertSettings.self, forKey: .alerts) ?? AlertSettings()
    }

    /// Reads the file at `url`; a missing file gives the defaults.
    public static func load(from url: URL) throws(CampusError) -> CampusConfiguration {
        guard FileManager.default.fileExists(atPath: url.path) else { return CampusConfiguration() }
        if let mode = OwnerOnlyFile.groupOrOtherAccess(url.path) {
            throw .exposedFile(path: url.path, mode: mode, holds: "the configuration, which names password and cookie files")
        }
        do {
            let text = try String(contentsOf: url, encoding: .utf8)
            if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return CampusConfiguration() }
            var configuration = try YAMLDecoder().decode(CampusConfiguration.self, from: text)
            if let unknown = unknownKeys(in: try Yams.load(yaml: text)).first {
                throw CampusError.badConfiguration(
                    path: url.path, detail: "unknown key '\(unknown)' (known: \(knownKeys.sorted().joined(separator: ", ")))")
            }
            do {
                configuration.serverFile = try ServerFileSettings(yaml: text)
            } catch {
                throw CampusError.badConfiguration(path: url.path, detail: "\(error.key): \(error.detail)")
            }
            // Read by every refresh, alerts on or not: a wrong value would empty the change log.
            if let days = configuration.alerts.retentionDays, days < 1 {
                throw CampusError.badConfiguration(path: url.path, detail: "alerts.retention-days: \(days) must be at least 1")
            }
            return configuration
        } catch let error as CampusError {
            throw error
        } catch let error as DecodingError {
            throw .badConfiguration(path: url.path, detail: error.readableDescription())
        } catch {
            throw .badConfiguration(path: url.path, detail: ErrorText.firstLine(of: error))
        }
    }
}

extension CampusConfiguration {
    /// Every key the file may hold, dotted.
    static let knownKeys = Set(["index", "state", "state-password-file", "registrar", "directory", "server", "alerts"])
        .union(
            ["url", "source", "definition", "username", "password-file", "password-env", "cookie-file", "cookie-env",
             "concurrency", "min-interval-ms", "contact"].map { "registrar.\($0)" })
        .union(DirectorySettings.CodingKeys.allCases.map { "directory.\($0.rawValue)" })
        .union(ServerSetting.all.map { "server.\($0.key)" })
        .union(ServerSetting.sections.map { "server.\($0)" })
        .union(AlertSettings.CodingKeys.allCases.map { "alerts.\($0.rawValue)" })
        .union(AlertSettings.SMTPSettings.CodingKeys.allCases.map { "alerts.smtp.\($0.rawValue)" })

    /// Keys of the parsed file that mean nothing here (a misspelt key would otherwise be ignored).
    static func unknownKeys(in document: Any?) -> [String] {
        guard let top = document as? [String: Any] else { return [] }
        var unknown = top.keys.filter { !knownKeys.contains($0) }
        for section in ["registrar", "directory", "server", "alerts", "alerts.smtp"] + ServerSetting.sections.map({ "server.\($0)" }) {
            let path = section.split(separator: ".").map(String.init)
            guard let settings = path.dropFirst().reduce(top[path[0]], { ($0 as? [String: Any])?[$1] }) as? [String: Any] else { continue }
            unknown += settings.keys.map { "\(section).\($0)" }.filter { !knownKeys.contains($0) }
        }
        return unknown.sorted()
    }
}
