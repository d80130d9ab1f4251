/// The `directory:` section of the settings file: where the campus directory
/// is and how to read it. Command-line options win over each key.
///
/// ```yaml
/// directory:
///   url: ldaps://ldap.example.edu          # ldap://, ldaps:// or ldapi://
///   base: ou=People,dc=example,dc=edu
///   bind-dn: cn=campus-lookup,ou=Services,dc=example,dc=edu
///   password-file: ~/.config/campus/ldap.password
///   # password-env: CAMPUS_LDAP_PASSWORD   # or an environment variable
///   starttls: required                     # required, optional or off (ldap:// only)
///   ca-file: /etc/ssl/certs/campus-ca.pem
///   profile: openldap                      # openldap, ad, or a profile file
///   # exclude: "(|(sAMAccountName=svc-*)(description=service account))"   # entries that are nobody's
///   page-size: 500
///   connect-timeout: 5                     # seconds
///   timeout: 30                            # seconds per operation
///   login-timeout: 5                       # seconds a log-in waits for the directory (connect, each answer)
///   # ldif: /srv/exports/directory.ldif    # read an LDIF export instead of a server
///   # ldif-files-under: /srv/exports       # values written "attr:< file://..." may come from here
///   removal-limit: 10                      # % of people a full sync may remove without --force
///   # allow-cleartext: true                # send the bind password without TLS (not to loopback)
/// ```
/// The password itself is never stored here: only where to read it.
public struct DirectorySettings: Codable, Sendable, Equatable {
    public var url: String?
    public var base: String?
    public var bindDN: String?
    public var passwordFile: String?
    public var passwordEnv: String?
    public var starttls: String?
    public var caFile: String?
    public var profile: String?
    public var exclude: String?
    public var pageSize: Int?
    public var connectTimeout: Double?
    public var timeout: Double?
    public var loginTimeout: Double?
    public var ldif: String?
    public var ldifFilesUnder: String?
    public var removalLimit: Int?
    public var allowCleartext: Bool?

    public init() {}

    enum CodingKeys: String, CodingKey, CaseIterable {
        case url, base, starttls, profile, timeout, ldif, exclude
        case bindDN = "bind-dn"
        case passwordFile = "password-file"
        case passwordEnv = "password-env"
        case caFile = "ca-file"
        case pageSize = "page-size"
        case connectTimeout = "connect-timeout"
        case loginTimeout = "login-timeout"
        case ldifFilesUnder = "ldif-files-under"
        case removalLimit = "removal-limit"
        case allowCleartext = "allow-cleartext"
    }
}
