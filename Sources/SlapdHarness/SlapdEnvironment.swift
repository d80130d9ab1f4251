import Foundation

/// The `NAME=VALUE` lines `scripts/slapd start` prints (and writes to `DIR/env`).
struct SlapdEnvironment {
    private var values: [String: String] = [:]

    /// Reads assignments whose values are bare or in single quotes (`'\''` for a quote).
    init(parsing text: String) {
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            var value = String(line[line.index(after: equals)...])
            if value.hasPrefix("'") && value.hasSuffix("'") && value.count >= 2 {
                value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "'\\''", with: "'")
            }
            values[String(line[..<equals])] = value
        }
    }

    /// The value of `name`; throws when the script did not print it.
    func value(_ name: String) throws -> String {
        guard let value = values[name] else {
            throw SlapdError(command: ["scripts/slapd", "start"], status: 0, standardError: "printed no \(name)")
        }
        return value
    }
}
