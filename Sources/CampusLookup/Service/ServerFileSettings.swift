internal import Configuration
import Yams

/// The configuration file's `server:` section as swift-configuration values, keyed
/// `server.KEY` (and `server.roles.NAME` for each role): what ``ServerSettingsReader`` reads
/// below the flags and the environment. Values are the file's text as written (`2:30` stays
/// `2:30`, not a number of minutes); a null (`public-url:`, `~`) is unset, as everywhere else
/// in the file.
struct ServerFileSettings: Sendable, Equatable {
    let values: [AbsoluteConfigKey: ConfigValue]

    /// No settings.
    init() {
        values = [:]
    }

    /// The `server:` section of the YAML `text`.
    ///
    /// - Throws: the dotted key that holds a value of the wrong form, with what it should be.
    init(yaml text: String) throws(ServerFileSettingsError) {
        let document: Node?
        do {
            document = try Yams.compose(yaml: text)
        } catch {
            throw ServerFileSettingsError(key: "server", detail: "not YAML")
        }
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        try Self.read(document?.mapping?["server"]?.mapping, under: [], into: &values)
        self.values = values
    }

    /// The settings of `mapping`, whose keys are those of `server:` below `prefix` (`login`,
    /// `oidc`): a mapping that only leads to settings (`login:`) is read in turn.
    private static func read(_ mapping: Node.Mapping?, under prefix: [String], into values: inout [AbsoluteConfigKey: ConfigValue])
        throws(ServerFileSettingsError)
    {
        for (keyNode, value) in mapping ?? [:] {
            guard let name = keyNode.string, value.null == nil else { continue }
            let key = (prefix + [name]).joined(separator: ".")
            guard let setting = ServerSetting.named(key: key) else {
                guard ServerSetting.all.contains(where: { $0.key.hasPrefix(key + ".") }) else { continue }
                guard let inner = value.mapping else {
                    throw ServerFileSettingsError(key: "server.\(key)", detail: "is a section of settings, not one value (such as \(key).password: off)")
                }
                try read(inner, under: prefix + [name], into: &values)
                continue
            }
            if setting.kind == .roles {
                guard let roles = value.mapping else { throw ServerFileSettingsError(key: "server.roles", detail: "must map each role to usernames, e.g. registrar: [regoffice]") }
                for (role, usernames) in roles {
                    guard let name = role.string, usernames.null == nil else { continue }
                    values[AbsoluteConfigKey(["server", "roles", name])] = ConfigValue(.stringArray(try Self.list(usernames, key: "server.roles.\(name)")), isSecret: false)
                }
            } else if setting.kind == .list {
                values[AbsoluteConfigKey(setting.path)] = ConfigValue(.stringArray(try Self.list(value, key: "server.\(key)")), isSecret: false)
            } else {
                guard let text = value.scalar?.string else {
                    throw ServerFileSettingsError(key: "server.\(key)", detail: "must be one value (\(setting.valueName)), not a list or a mapping")
                }
                values[AbsoluteConfigKey(setting.path)] = ConfigValue(.string(text), isSecret: false)
            }
        }
    }

    /// The roles the file gives usernames to.
    var roleNames: Set<String> {
        Set(values.keys.compactMap { $0.components.count == 3 && $0.components[1] == "roles" ? $0.components[2] : nil })
    }

    /// The texts of a list; a lone value is a list of one (`trusted-proxies: 127.0.0.1`).
    private static func list(_ node: Node, key: String) throws(ServerFileSettingsError) -> [String] {
        if let text = node.scalar?.string { return [text] }
        guard let items = node.sequence else { throw ServerFileSettingsError(key: key, detail: "must be a list of values") }
        var texts: [String] = []
        for item in items {
            guard let text = item.scalar?.string else { throw ServerFileSettingsError(key: key, detail: "must be a list of values, not of lists") }
            if item.null == nil { texts.append(text) }
        }
        return texts
    }
}

/// A value of the file's `server:` section in the wrong form.
struct ServerFileSettingsError: Error {
    /// The dotted key (`server.port`).
    let key: String
    let detail: String
}
