import CampusCore
import Foundation

/// Where a secret is read from. Never a command-line argument: a file or an
/// environment variable, so it stays out of shell history and process lists.
public enum CredentialSource: Hashable, Sendable, CustomStringConvertible {
    /// A file holding the secret (surrounding white space and newlines are ignored).
    case file(path: String)
    /// An environment variable holding the secret.
    case environment(name: String)

    /// Where the secret lives, never the secret: `file /home/x/.config/campus/registrar.password`.
    public var description: String {
        switch self {
        case .file(let path): "file \(path)"
        case .environment(let name): "environment variable \(name)"
        }
    }

    /// Reads the secret.
    ///
    /// - Parameter environment: The process environment (passed in so tests can supply their own).
    /// - Throws: ``FetchError/credentialsUnavailable(source:reason:)`` when it is missing, empty,
    ///   or (a file) open to anyone but its owner.
    public func read(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(FetchError) -> String {
        let raw: String
        switch self {
        case .file(let path):
            if let mode = OwnerOnlyFile.groupOrOtherAccess(path) {
                throw .credentialsUnavailable(
                    source: description, reason: "people other than its owner may read or change it (permissions "
                        + "\(OwnerOnlyFile.octal(mode))); run \(OwnerOnlyFile.chmodAdvice(path))")
            }
            do {
                raw = try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw .credentialsUnavailable(
                    source: description, reason: "it cannot be read (\(error.localizedDescription))")
            }
        case .environment(let name):
            guard let value = environment[name] else {
                throw .credentialsUnavailable(source: description, reason: "it is not set")
            }
            raw = value
        }
        let secret = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !secret.isEmpty else {
            throw .credentialsUnavailable(source: description, reason: "it is empty")
        }
        return secret
    }
}
