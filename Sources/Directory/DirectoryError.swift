/// Everything that can go wrong talking to the directory or reading LDIF,
/// each case carrying what a person needs to fix it.
///
/// No case ever carries a password: credential problems name the bind DN and
/// where the password came from (``DirectoryCredential``'s `source`).
public enum DirectoryError: Error, Equatable, Sendable {
    /// The server URL cannot be used; `detail` says why.
    case invalidURL(String, detail: String)
    /// The server could not be reached at all (refused, no route, connect time-out).
    case unreachable(url: String, detail: String)
    /// The connection was lost during `operation` (the server went away mid-way).
    case connectionLost(url: String, operation: String)
    /// TLS could not be set up; `detail` names the CA file or host name problem.
    case tls(url: String, detail: String)
    /// The server did not answer `operation` within the operation time-out.
    case timeout(url: String, operation: String)
    /// The server refused the password for `bindDN`.
    case bindRefused(bindDN: String, credentialSource: String)
    /// The bind failed for a reason other than a wrong password.
    case bindFailed(bindDN: String, code: Int32, message: String)
    /// A password file is missing, unreadable or empty.
    case invalidCredentialFile(path: String, detail: String)
    /// A password environment variable is not set or is empty.
    case missingEnvironmentVariable(String)
    /// An LDIF file could not be opened.
    case unreadableLDIF(file: String, detail: String)
    /// An LDIF file is not valid at `line` (1-based).
    case malformedLDIF(file: String, line: Int, detail: String)
    /// An LDIF value written as a URL (`attribute:< file:///...`) that may not be
    /// read: every such value when `allowedFolder` is `nil`, else one outside it.
    case ldifValueFromFile(file: String, line: Int, attribute: String, url: String, allowedFolder: String?)
    /// The search base does not exist on the server.
    case noSuchBase(String)
    /// The server rejected or failed a search.
    case searchFailed(base: String, filter: String, code: Int32, message: String)
    /// Another operation failed with an LDAP result code.
    case operationFailed(url: String, operation: String, code: Int32, message: String)
    /// A distinguished name could not be parsed.
    case invalidDN(String)
    /// A user could not be authenticated; deliberately never says which part was wrong.
    case wrongUsernameOrPassword
    /// An empty password was offered: LDAP treats it as an unauthenticated bind, so it is refused.
    case emptyPassword
    /// A user filter template lacks the `{username}` placeholder.
    case invalidUserFilter(String)
    /// A password would go to a host on the network without TLS.
    case cleartextBind(url: String)

    /// Whether the connection to the server was lost or never made, so that
    /// reconnecting might help (``DirectorySession`` retries these).
    public var isConnectionLoss: Bool {
        switch self {
        case .unreachable, .connectionLost: true
        default: false
        }
    }
}

extension DirectoryError: CustomStringConvertible {
    /// A sentence for a person: what failed, and what to check.
    public var description: String {
        switch self {
        case .invalidURL(let url, let detail):
            "The directory URL \(url) cannot be used: \(detail)."
        case .unreachable(let url, let detail):
            "Cannot reach the directory server at \(url): \(detail)."
        case .connectionLost(let url, let operation):
            "The connection to the directory server at \(url) was lost during \(operation)."
        case .tls(let url, let detail):
            "TLS with the directory server at \(url) failed: \(detail)."
        case .timeout(let url, let operation):
            "The directory server at \(url) did not answer \(operation) in time."
        case .bindRefused(let bindDN, let source):
            "The server refused the bind as DN \(bindDN); check the password in \(source)."
        case .bindFailed(let bindDN, let code, let message):
            "The bind as DN \(bindDN) failed (LDAP code \(code)): \(message)."
        case .invalidCredentialFile(let path, let detail):
            "The password file \(path) cannot be used: \(detail)."
        case .missingEnvironmentVariable(let name):
            "The environment variable \(name) holding the directory password is not set or empty."
        case .unreadableLDIF(let file, let detail):
            "Cannot read the LDIF file \(file): \(detail)."
        case .malformedLDIF(let file, let line, let detail):
            "\(file):\(line): not valid LDIF: \(detail)."
        case .ldifValueFromFile(let file, let line, let attribute, let url, let folder?):
            "\(file):\(line): the value of \(attribute) is to be read from \(url), which is not a local file under "
                + "\(folder), the only folder values may be read from."
        case .ldifValueFromFile(let file, let line, let attribute, let url, nil):
            "\(file):\(line): the value of \(attribute) is to be read from \(url); values are not read from files "
                + "unless files under one folder are allowed."
        case .noSuchBase(let dn):
            "The search base \(dn) does not exist on the directory server."
        case .searchFailed(let base, let filter, let code, let message):
            "The search under \(base) for \(filter) failed (LDAP code \(code)): \(message)."
        case .operationFailed(let url, let operation, let code, let message):
            "\(operation) at \(url) failed (LDAP code \(code)): \(message)."
        case .invalidDN(let dn):
            "\(dn) is not a valid distinguished name."
        case .wrongUsernameOrPassword:
            "Wrong username or password."
        case .emptyPassword:
            "An empty password is refused: LDAP would treat it as an anonymous bind."
        case .invalidUserFilter(let template):
            "The user filter \(template) lacks the {username} placeholder."
        case .cleartextBind(let url):
            "The bind password would cross the network to \(url) in clear text: use ldaps:// or StartTLS, "
                + "or allow clear text explicitly for this server."
        }
    }
}
