/// A command of the harness (`scripts/slapd`, `ldapmodify`, `ldapsearch`) failed.
///
/// Carries the command's standard error, which never holds the admin password:
/// the harness passes it only as a file.
public struct SlapdError: Error, CustomStringConvertible, Sendable {
    /// The command and its arguments, as run.
    public let command: [String]
    /// The exit status, or `nil` when the command could not be started.
    public let status: Int32?
    /// What the command wrote to standard error, trimmed.
    public let standardError: String

    public var description: String {
        let outcome = status.map { "exited with status \($0)" } ?? "could not be started"
        return "\(command.joined(separator: " ")) \(outcome): \(standardError)"
    }
}
