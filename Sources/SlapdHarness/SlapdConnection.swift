/// How a harness search reaches the server.
public enum SlapdConnection: Sendable {
    /// `ldap://` without TLS.
    case plain
    /// `ldap://` upgraded with StartTLS, which must succeed (`-ZZ`).
    case startTLS
    /// `ldaps://localhost`, TLS from the first byte.
    case ldaps
}
