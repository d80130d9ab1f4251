import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Environment variables read one by one (`getenv`), not by building the whole
/// environment as a dictionary, which a short-lived lookup process would pay for
/// at every start.
public enum ProcessEnvironment {
    /// The value of `name`; `nil` when unset.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The variables named that are set, by name.
    public static func values(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names { values[name] = value(name) }
        return values
    }

    /// The variables whose names start with `prefix`, by name (the whole environment is read).
    public static func values(prefixed prefix: String) -> [String: String] {
        ProcessInfo.processInfo.environment.filter { $0.key.hasPrefix(prefix) }
    }
}
