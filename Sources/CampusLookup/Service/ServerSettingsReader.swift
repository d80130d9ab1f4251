import CampusCore
internal import Configuration
import Foundation

/// The ``ServerSetting``s as swift-configuration reads them: the flags of `campus serve`,
/// over the `CAMPUS_SERVER_*` environment variables, over the configuration file's
/// `server:` section, over each setting's default. Every value is read as text and checked
/// here, so a wrong one is refused with its name and how to write it, never replaced by
/// the default.
struct ServerSettingsReader {
    private let reader: ConfigReader
    /// The roles the file or the environment gives usernames to.
    private let roleNames: Set<String>

    /// Refuses flags and variables that name no setting, then reads the rest over `file`.
    ///
    /// - Parameters:
    ///   - flags: what followed `campus serve` that is a setting (`--port 8081 --role registrar=regoffice`).
    ///   - environment: the variables whose names start with ``ServerSetting/environmentPrefix``;
    ///     one set empty is unset.
    ///   - file: the configuration file's `server:` section.
    init(flags: [String], environment: [String: String], file: ServerFileSettings) throws(CampusError) {
        let environment = environment.filter { !$0.value.trimmingCharacters(in: .whitespaces).isEmpty }
        try Self.check(environment: environment)
        let rolePrefix = ServerSetting.roles.environmentName + "_"
        roleNames = file.roleNames.union(environment.keys.filter { $0.hasPrefix(rolePrefix) }.map { $0.dropFirst(rolePrefix.count).lowercased() })
        // The flags as parsed here (the library's documented way with an argument parser of one's
        // own), so that a comma in a file name or address stays in it.
        reader = ConfigReader(providers: [
            InMemoryProvider(name: "flags", values: try Self.parse(flags: flags)),
            EnvironmentVariablesProvider(environmentVariables: environment).prefixKeys(with: "campus"),
            InMemoryProvider(name: "configuration file", values: file.values),
        ])
    }

    /// The text `setting` is given, else its default; empty text (`public-url: ""`) is none.
    func text(_ setting: ServerSetting) async throws(CampusError) -> String? {
        let key = ConfigKey(setting.path)
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

    /// Whether `setting` is on: `true`, `yes`, `on` or `1` (a bare flag), else `false`, `no`, `off` or `0`.
    func flag(_ setting: ServerSetting) async throws(CampusError) -> Bool {
        let text = try await text(setting)?.lowercased()
        if let text, ["true", "yes", "on", "1"].contains(text) { return true }
        guard text.map({ ["false", "no", "off", "0"].contains($0) }) ?? true else {
            throw Self.invalid(setting, "'\(Self.shown(text ?? ""))' is not true or false")
        }
        return false
    }

    /// The values `setting` is given; none when unset.
    func list(_ setting: ServerSetting) async throws(CampusError) -> [String] {
        try await list(setting, key: ConfigKey(setting.path))
    }

    /// The usernames holding each role, lower-cased: those listed under `server.roles` in the
    /// file, or in `CAMPUS_SERVER_ROLES_NAME`, for each of `names` and each role either names,
    /// and the `--role NAME=USERNAME` flags' added to them.
    func roles(named names: Set<String>) async throws(CampusError) -> [String: Set<String>] {
        var roles: [String: Set<String>] = [:]
        for name in names.union(roleNames).sorted() {
            let usernames = try await list(.roles, key: ConfigKey(["server", "roles", name]))
            if !usernames.isEmpty { roles[name] = Set(usernames.map { $0.lowercased() }) }
        }
        for pair in try await list(.roles) {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw Self.invalid(.roles, "'\(Self.shown(pair))' is not NAME=USERNAME, e.g. registrar=regoffice")
            }
            roles[parts[0], default: []].insert(parts[1].lowercased())
        }
        return roles
    }

    /// The values at `key`, each trimmed; empty ones left out (`a,,b`, a trailing comma).
    private func list(_ setting: ServerSetting, key: ConfigKey) async throws(CampusError) -> [String] {
        let values = try await reading(setting) { try await reader.fetchStringArray(forKey: key) } ?? []
        return values.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// What `fetch` reads, a value of the wrong form refused as `setting`'s.
    private func reading<Value>(_ setting: ServerSetting, _ fetch: () async throws -> Value?) async throws(CampusError) -> Value? {
        do {
            return try await fetch()
        } catch {
            let form = switch setting.kind {
            case .list, .roles: "a list of values"
            case .flag: "true or false"
            case .text, .whole, .number: "one value (\(setting.valueName))"
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

    /// The settings `flags` give, keyed `server.KEY`: each value as written, a bare yes-or-no
    /// flag as `true`, a repeated list flag as a list. Refuses a flag no setting has (naming
    /// the closest), one given twice that takes one value, one missing its value, and a word
    /// that belongs to no flag.
    static func parse(flags: [String]) throws(CampusError) -> [AbsoluteConfigKey: ConfigValue] {
        var single: [ServerSetting: String] = [:]
        var lists: [ServerSetting: [String]] = [:]
        var index = flags.startIndex
        while index < flags.endIndex {
            let word = flags[index]
            index += 1
            guard word.hasPrefix("--"), word.count > 2 else {
                throw .invalidParameter(
                    name: "serve", detail: "'\(shown(word))' is not a setting: give them as --name value (campus serve --help lists them)")
            }
            let name = String(word.dropFirst(2).prefix { $0 != "=" })
            guard let setting = ServerSetting.named(flag: name) else {
                throw .invalidParameter(name: "serve", detail: "there is no flag --\(shown(name)).\(closest(to: name)) (campus serve --help lists them)")
            }
            var value: String
            if let equals = word.firstIndex(of: "=") {
                value = String(word[word.index(after: equals)...])
            } else if setting.kind == .flag {
                value = "true"
                if index < flags.endIndex, ["true", "false", "yes", "no", "on", "off"].contains(flags[index].lowercased()) {
                    value = flags[index]
                    index += 1
                }
            } else {
                guard index < flags.endIndex, !flags[index].hasPrefix("--") else {
                    throw invalid(setting, "--\(name) needs a value (\(setting.valueName))")
                }
                value = flags[index]
                index += 1
            }
            if [.list, .roles].contains(setting.kind) {
                lists[setting, default: []].append(value)
            } else if single.updateValue(value, forKey: setting) != nil {
                throw invalid(setting, "--\(name) is given more than once")
            }
        }
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        for (setting, value) in single { values[AbsoluteConfigKey(setting.path)] = ConfigValue(.string(value), isSecret: false) }
        for (setting, list) in lists { values[AbsoluteConfigKey(setting.path)] = ConfigValue(.stringArray(list), isSecret: false) }
        return values
    }

    /// " Did you mean --port?" for the flag closest to `name`, when one is close.
    private static func closest(to name: String) -> String {
        EditDistance.nearest(to: name, among: ServerSetting.all.map(\.flag), limit: 3).first.map { " Did you mean --\($0)?" } ?? ""
    }

    /// `text` as an error quotes it: its first 60 characters, controls written visibly.
    private static func shown(_ text: String) -> String {
        VisibleText.escaped(String(text.prefix(60)))
    }

    /// Refuses a `CAMPUS_SERVER_` variable no setting has: a misspelt one would be ignored.
    static func check(environment: [String: String]) throws(CampusError) {
        // Roles have a variable each (CAMPUS_SERVER_ROLES_REGISTRAR), not one for all.
        let known = Set(ServerSetting.all.filter { $0.kind != .roles }.map(\.environmentName))
        for name in environment.keys.sorted()
        where !known.contains(name) && !name.hasPrefix(ServerSetting.roles.environmentName + "_") {
            throw .invalidParameter(
                name: "serve",
                detail: "the environment variable \(Self.shown(name)) sets nothing: the server's are "
                    + "\(ServerSetting.environmentPrefix)KEY for each key of server: in the configuration file, and "
                    + "\(ServerSetting.roles.environmentName)_NAME listing the usernames of a role")
        }
    }
}
