import Foundation

/// Where campus keeps its files, following the XDG base directory rules.
public struct CampusPaths: Sendable {
    /// The environment to read (`XDG_DATA_HOME`, `XDG_CONFIG_HOME`, `XDG_CACHE_HOME`, `HOME`, `CAMPUS_INDEX`, `CAMPUS_STATE`).
    public var environment: [String: String]

    /// The variables ``init(environment:)`` reads from the process by default.
    public static let variables = ["XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "HOME", "CAMPUS_INDEX", "CAMPUS_STATE"]

    public init(environment: [String: String] = ProcessEnvironment.values(variables)) {
        self.environment = environment
    }

    private var home: String { environment["HOME"] ?? NSHomeDirectory() }

    /// `$XDG_CONFIG_HOME/campus/config.yaml` (default `~/.config/campus/config.yaml`).
    public var configFile: URL {
        base("XDG_CONFIG_HOME", fallback: ".config").appendingPathComponent("campus/config.yaml")
    }

    /// `$XDG_CONFIG_HOME/campus/login.json`: the campus server `campus login` logged in to, and its session.
    public var loginFile: URL {
        base("XDG_CONFIG_HOME", fallback: ".config").appendingPathComponent("campus/login.json")
    }

    /// `$XDG_CACHE_HOME/campus/answers` (default `~/.cache/campus/answers`): the answers of a campus server
    /// kept for when it cannot be reached (``KeptAnswers``).
    public var keptAnswersFolder: URL {
        base("XDG_CACHE_HOME", fallback: ".cache").appendingPathComponent("campus/answers")
    }

    /// `$XDG_DATA_HOME/campus/index.sqlite` (default `~/.local/share/campus/index.sqlite`).
    public var defaultIndex: URL {
        base("XDG_DATA_HOME", fallback: ".local/share").appendingPathComponent("campus/index.sqlite")
    }

    /// The index to use: `--index`, else `CAMPUS_INDEX`, else the configuration's, else the default.
    public func index(option: String?, configured: String?) -> URL {
        if let option, !option.isEmpty { return URL(fileURLWithPath: expandingTilde(option)) }
        if let variable = environment["CAMPUS_INDEX"], !variable.isEmpty {
            return URL(fileURLWithPath: expandingTilde(variable))
        }
        if let configured, !configured.isEmpty { return URL(fileURLWithPath: expandingTilde(configured)) }
        return defaultIndex
    }

    /// The user-state store (favorites and whatever else people create): `CAMPUS_STATE`,
    /// else the configuration's, else `user-state.sqlite` in the index's folder. A
    /// `postgres://` URL names a PostgreSQL database, its password in `passwordFile`.
    public func userState(configured: String?, passwordFile: String? = nil, index: URL) -> UserStateLocation {
        let named = [environment["CAMPUS_STATE"], configured].compactMap { $0 }.first { !$0.isEmpty }
        guard let named else { return .file(index.deletingLastPathComponent().appendingPathComponent("user-state.sqlite")) }
        if UserStateLocation.namesDatabase(named) {
            return .postgres(url: named, passwordFile: passwordFile.map(expandingTilde))
        }
        return .file(URL(fileURLWithPath: expandingTilde(named)))
    }

    /// `~/x` → `$HOME/x`.
    public func expandingTilde(_ path: String) -> String {
        path == "~" ? home : path.hasPrefix("~/") ? home + path.dropFirst() : path
    }

    private func base(_ variable: String, fallback: String) -> URL {
        if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
        return URL(fileURLWithPath: home).appendingPathComponent(fallback)
    }
}
