import CampusCore
import Foundation

/// A password, as bytes, that never prints: `description`, `debugDescription`
/// and string interpolation all show `<redacted>`.
///
/// Read it from a file or the environment, never from a command-line argument:
///
/// ```swift
/// let password = try DirectorySecret.readFile("/etc/campus/ldap.password")
/// let credential = DirectoryCredential.simple(bindDN: "cn=lookup,dc=rose-hulman,dc=edu",
///                                             password: password,
///                                             source: "the file /etc/campus/ldap.password")
/// ```
public struct DirectorySecret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The password's bytes; handed to libldap only.
    let bytes: [UInt8]

    /// A secret holding `bytes`.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A secret holding the UTF-8 bytes of `text`.
    public init(_ text: String) {
        self.bytes = Array(text.utf8)
    }

    /// Whether the secret has no bytes (an empty password is never sent in a bind).
    public var isEmpty: Bool { bytes.isEmpty }

    /// Always `<redacted>`.
    public var description: String { "<redacted>" }
    /// Always `<redacted>`.
    public var debugDescription: String { "<redacted>" }

    /// The contents of the file at `path`, less one trailing newline (`\n` or `\r\n`).
    ///
    /// - Throws: ``DirectoryError/invalidCredentialFile(path:detail:)`` when the
    ///   file is missing, unreadable, empty, or open to anyone but its owner.
    public static func readFile(_ path: String) throws -> DirectorySecret {
        guard FileManager.default.fileExists(atPath: path) else {
            throw DirectoryError.invalidCredentialFile(path: path, detail: "there is no such file")
        }
        if let mode = OwnerOnlyFile.groupOrOtherAccess(path) {
            throw DirectoryError.invalidCredentialFile(
                path: path, detail: "people other than its owner may read or change it (permissions \(OwnerOnlyFile.octal(mode))); "
                    + "run \(OwnerOnlyFile.chmodAdvice(path))")
        }
        guard let contents = FileManager.default.contents(atPath: path) else {
            throw DirectoryError.invalidCredentialFile(path: path, detail: "it cannot be read (check its permissions)")
        }
        var bytes = Array(contents)
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard !bytes.isEmpty else {
            throw DirectoryError.invalidCredentialFile(path: path, detail: "it is empty")
        }
        return DirectorySecret(bytes: bytes)
    }

    /// The value of the environment variable `name`.
    ///
    /// - Throws: ``DirectoryError/missingEnvironmentVariable(_:)`` when it is unset or empty.
    public static func environment(_ name: String) throws -> DirectorySecret {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else {
            throw DirectoryError.missingEnvironmentVariable(name)
        }
        return DirectorySecret(value)
    }
}
