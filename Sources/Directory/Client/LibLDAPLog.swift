internal import CLDAP

/// libldap's own log lines (`invalid format (line 2) entry: ...`) kept off
/// standard error: every failure comes back to us as a result code, which the
/// tool explains in its own words.
enum LibLDAPLog {
    private static let silenced: Void = { _ = campus_ldap_silence_log() }()

    /// Sends libldap's log lines nowhere, once per process.
    static func silence() { silenced }
}
