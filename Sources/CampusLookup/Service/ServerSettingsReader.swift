import CampusCore
internal import Configuration
import Foundation
internal import SystemPackage

/// The ``ServerSetting``s as swift-configuration reads them: the flags of `campus serve`,
/// over the `CAMPUS_SERVER_*` environment variables, over the configuration file's
/// `server:` section, over each setting's default. Every value is read as text and checked
/// here, so a wrong one is refused with its name and how to write it, never replaced by
/// the default.
struct ServerSettingsReader {
    private let reader: ConfigReader

    /// Reads `file` (missing: no settings from it) after refusing flags and variables that
    /// name no setting.
    ///
    /// - Parameters:
    ///   - flags: what followed `campus serve` that is a setting (`--port 8081 --role registrar=regoffice`).
    ///   - environment: the variables whose names start with ``ServerSetting/environmentPrefix``.
    init(flags: [String], environment: [String: String], file: URL) async throws(CampusError) {
        try Self.check(flags: flags)
        try Self.check(environment: environment)
        let fileProvider: FileProvider<YAMLSnapshot>
        do {
            fileProvider = try await FileProvider<YAMLSnapshot>(filePath: FilePath(file.path), allowMissing: true)
        } catch {
            throw .badConfiguration(path: file.path, detail: ErrorText.firstLine(of: error))
        }
        reader = ConfigReader(providers: [
            // `server.trusted-proxies` is `--trusted-proxy`; a key below a setting (`server.roles.registrar`) has no flag.
            CommandLineArgumentsProvider(arguments: ["campus serve"] + flags).mapKeys { key in
                guard key.components.count == 2, let setting = ServerSetting.named(key: key.components[1]) else { return ["(no flag)"] }
                return [setting.flag]
            },
            EnvironmentVariablesProvider(environmentVariables: environment).prefixKeys(with: "campus"),
            fileProvider,
        ])
    }

    /// The text `setting` is given, else its default; empty text (`public-url: ""`) is none.
    func text(_ setting: ServerSetting) async throws(CampusError) -> String? {
        let key = ConfigKey(["server", setting.key])
        let given = try await reading(setting) { try await reader.fetchString(forKey: key) }
        return given.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } ?? setting.defaultValue
    }

    /// `value`, which `setting` must have: every setting read this way has a default.
    func required<Value>(_ value: Value?, _ setting: ServerSetting) throws(CampusError) -> Value {
        guard let value else { throw Self.invalid(setting, "it needs a value (\(setting.valueName))") }
        return value
    }

    /// The number `setting` is given, else its default.
    func number(_ setting: ServerSetting) async throws(CampusError) -> Double? {
        guard let text = try await text(setting) else { return nil }
        guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
            throw Self.invalid(setting, "'\(Self.shown(text))' is not a number")
        }
        return number
    }

    /// The whole number `setting` is given, else its default.
    func whole(_ setting: ServerSetting) async throws(CampusError) -> Int? {
        guard let text = try await text(setting) else { return nil }
        guard let whole = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw Self.invalid(setting, "'\(Self.shown(text))' is not a whole number")
        }
        return whole
    }

    /// Whether `setting` is on.
    func flag(_ setting: ServerSetting) async throws(CampusError) -> Bool {
        let key = ConfigKey(["server", setting.key])
        return try await reading(setting) { try await reader.fetchBool(forKey: key) } ?? (setting.defaultValue == "true")
    }

    /// The values `setting` is given; none when unset.
    func list(_ setting: ServerSetting) async throws(CampusError) -> [String] {
        try await list(setting, key: ConfigKey(["server", setting.key]))
    }

    /// The usernames holding each role: `--role NAME=USERNAME` pairs (or `CAMPUS_SERVER_ROLES`)
    /// added to the usernames listed for each of `names` under `server.roles` (or in
    /// `CAMPUS_SERVER_ROLES_NAME`); lower-cased.
    func roles(named names: Set<String>) async throws(CampusError) -> [String: Set<String>] {
        var roles: [String: Set<String>] = [:]
        for name in names.sorted() {
            let usernames = try await list(.roles, key: ConfigKey(["server", "roles", name]))
            if !usernames.isEmpty { roles[name] = Set(usernames.map { $0.lowercased() }) }
        }
        for pair in try await list(.roles) {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw Self.invalid(.roles, "'\(Self.shown(pair))' is not NAME=USERNAME, e.g. registrar=regoffice")
            }
            roles[parts[0], default: []].insert(parts[1].lowercased())
        }
        return roles
    }

    private func list(_ setting: ServerSetting, key: ConfigKey) async throws(CampusError) -> [String] {
        try await reading(setting) { try await reader.fetchStringArray(forKey: key) } ?? []
    }

    /// What `fetch` reads, a value of the wrong form refused as `setting`'s.
    private func reading<Value>(_ setting: ServerSetting, _ fetch: () async throws -> Value?) async throws(CampusError) -> Value? {
        do {
            return try await fetch()
        } catch {
            let form = switch setting.kind {
            case .list, .roles: "a list of values"
            case .flag: "true or false"
            case .text, .whole, .number: "one value (\(setting.valueName)), given once"
            }
            throw Self.invalid(setting, "it must be \(form)")
        }
    }

    /// `setting`'s value refused: where it is set, and why.
    static func invalid(_ setting: ServerSetting, _ detail: String) -> CampusError {
        .invalidParameter(
            name: setting.flag,
            detail: "\(detail) (set by --\(setting.flag), \(setting.environmentName) or server.\(setting.key) in the configuration file)")
    }

    /// Refuses a flag no setting has (naming the closest), one given twice that takes one
    /// value, one missing its value, and a word that belongs to no flag.
    static func check(flags: [String]) throws(CampusError) {
        var seen: Set<String> = []
        var index = flags.startIndex
        while index < flags.endIndex {
            let word = flags[index]
            index += 1
            guard word.hasPrefix("--"), word.count > 2 else {
                throw .invalidParameter(
                    name: "serve", detail: "'\(Self.shown(word))' is not a setting: give them as --name value (campus serve --help lists them)")
            }
            let name = String(word.dropFirst(2).prefix { $0 != "=" })
            guard let setting = ServerSetting.named(flag: name) else {
                let closest = ServerSetting.all.map(\.flag).min {
                    (EditDistance.levenshtein(name, $0, limit: 99) ?? 99) < (EditDistance.levenshtein(name, $1, limit: 99) ?? 99)
                }
                let hint = closest.flatMap { EditDistance.levenshtein(name, $0, limit: 3) == nil ? nil : " Did you mean --\($0)?" } ?? ""
                throw .invalidParameter(
                    name: "serve", detail: "there is no flag --\(Self.shown(name)).\(hint) (campus serve --help lists them)")
            }
            if ![.list, .roles].contains(setting.kind), !seen.insert(name).inserted {
                throw invalid(setting, "--\(name) is given more than once")
            }
            if word.contains("=") { continue }
            if setting.kind == .flag {
                if index < flags.endIndex, ["true", "false"].contains(flags[index]) { index += 1 }
                continue
            }
            guard index < flags.endIndex, !flags[index].hasPrefix("--") else {
                throw invalid(setting, "--\(name) needs a value (\(setting.valueName))")
            }
            index += 1
        }
    }

    /// `text` as an error quotes it: its first 60 characters, controls written visibly.
    private static func shown(_ text: String) -> String {
        VisibleText.escaped(String(text.prefix(60)))
    }

    /// Refuses a `CAMPUS_SERVER_` variable no setting has: a misspelt one would be ignored.
    static func check(environment: [String: String]) throws(CampusError) {
        let known = Set(ServerSetting.all.map(\.environmentName))
        for name in environment.keys.sorted()
        where !known.contains(name) && !name.hasPrefix(ServerSetting.roles.environmentName + "_") {
            throw .invalidParameter(
                name: "serve",
                detail: "the environment variable \(Self.shown(name)) sets nothing: the server's are "
                    + "\(ServerSetting.environmentPrefix)KEY for each key of server: in the configuration file")
        }
    }
}
