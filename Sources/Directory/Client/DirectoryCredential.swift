/// Who a connection binds as.
public enum DirectoryCredential: Sendable, Hashable, CustomStringConvertible {
    /// An anonymous (unauthenticated) bind.
    case anonymous
    /// A simple bind as `bindDN` with `password`; `source` says where the
    /// password came from ("the file /etc/campus/ldap.password", "the
    /// environment variable CAMPUS_LDAP_PASSWORD") so that a refused bind can
    /// tell a person what to check.
    case simple(bindDN: String, password: DirectorySecret, source: String)

    /// The DN bound as; empty for an anonymous bind.
    public var bindDN: String {
        switch self {
        case .anonymous: ""
        case .simple(let bindDN, _, _): bindDN
        }
    }

    /// "anonymous", or the bind DN and the password's source; never the password.
    public var description: String {
        switch self {
        case .anonymous: "anonymous"
        case .simple(let bindDN, _, let source): "\(bindDN) (password from \(source))"
        }
    }
}
