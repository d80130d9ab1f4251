/// One setting of `campus serve`, declared here and nowhere else: its key under `server:` in
/// the configuration file, its flag, its environment variable, its default and its help.
/// ``CampusContext/serverConfiguration(flags:environment:)`` reads each through
/// swift-configuration (a flag wins over the environment, which wins over the file), and
/// `campus serve --help` lists them from here.
///
/// ```yaml
/// server:
///   port: 8080                       # or --port 8080, or CAMPUS_SERVER_PORT=8080
///   session-hours: 8                 # or --session-hours 8, or CAMPUS_SERVER_SESSION_HOURS=8
///   roles:
///     registrar: [regoffice]         # or --role registrar=regoffice, or CAMPUS_SERVER_ROLES_REGISTRAR=regoffice
/// ```
public struct ServerSetting: Sendable, Hashable {
    /// How a value is written.
    public enum Kind: Sendable, Hashable {
        /// Text: an address, a file, a name, a moment.
        case text
        /// A whole number.
        case whole
        /// A number; fractions allowed.
        case number
        /// Yes or no; the bare flag says yes.
        case flag
        /// Several values: a list in the file, the flag repeated, commas in the environment.
        case list
        /// Usernames by role: `roles: {registrar: [regoffice]}` in the file, `--role registrar=regoffice`
        /// (added to the file's), `CAMPUS_SERVER_ROLES_REGISTRAR=regoffice`.
        case roles
    }

    /// The key under `server:` (`session-hours`).
    public let key: String
    /// The flag without its dashes (`session-hours`; `trusted-proxy` for `trusted-proxies`).
    public let flag: String
    public let kind: Kind
    /// What the help calls a value (`hours`).
    public let valueName: String
    /// The value when nothing sets it, written as in the file; `nil`: unset.
    public let defaultValue: String?
    /// What it does, in one sentence.
    public let help: String

    init(_ key: String, _ kind: Kind, _ valueName: String, default defaultValue: String? = nil, flag: String? = nil, help: String) {
        self.key = key
        self.flag = flag ?? key
        self.kind = kind
        self.valueName = valueName
        self.defaultValue = defaultValue
        self.help = help
    }

    /// The environment variable that sets it: `CAMPUS_SERVER_SESSION_HOURS`, `CAMPUS_SERVER_LOGIN_OIDC_ISSUER`.
    public var environmentName: String {
        Self.environmentPrefix + key.uppercased().replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: ".", with: "_")
    }

    /// Its key in the configuration file from the top: `server`, then each part of the dotted key.
    var path: [String] {
        ["server"] + key.split(separator: ".").map(String.init)
    }

    /// What every variable setting the server starts with.
    public static let environmentPrefix = "CAMPUS_SERVER_"

    /// The sections of `server:` that hold settings rather than being one (`login`, `login.oidc`).
    static var sections: [String] {
        Array(Set(all.flatMap { setting in
            let parts = setting.key.split(separator: ".").dropLast()
            return parts.indices.map { parts[...$0].joined(separator: ".") }
        })).sorted()
    }

    /// The setting under `server.key` in the configuration file.
    static func named(key: String) -> ServerSetting? {
        all.first { $0.key == key }
    }

    /// The setting whose flag is `flag` (without dashes).
    public static func named(flag: String) -> ServerSetting? {
        all.first { $0.flag == flag }
    }
}

extension ServerSetting {
    static let host = ServerSetting("host", .text, "address", default: "127.0.0.1", help: "The address to listen on; another than this machine's needs tls-cert or behind-proxy.")
    static let port = ServerSetting("port", .whole, "port", default: "8080", help: "The port to listen on (0 picks a free one).")
    static let tlsCert = ServerSetting("tls-cert", .text, "file", help: "A PEM certificate chain: serve HTTPS.")
    static let tlsKey = ServerSetting("tls-key", .text, "file", help: "The PEM private key of tls-cert (mode 600).")
    static let behindProxy = ServerSetting(
        "behind-proxy", .flag, "yes-or-no", default: "false", help: "Serve plain HTTP on an address other than this machine's, behind a TLS proxy.")
    static let trustedProxies = ServerSetting(
        "trusted-proxies", .list, "address", flag: "trusted-proxy",
        help: "A proxy whose X-Forwarded-For is believed (the throttle's client address); repeat for several.")
    static let publicURL = ServerSetting("public-url", .text, "url", help: "How share links and alert e-mails start (https://campus.example.edu).")
    static let policy = ServerSetting(
        "policy", .text, "name-or-file", default: "ferpa-strict", help: "Who may see what: ferpa-strict, reg-sched-compatible, or a policy file.")
    static let roles = ServerSetting(
        "roles", .roles, "role=username", flag: "role", help: "Give a role the policy names to a username, e.g. registrar=regoffice; repeat for several. In the file: "
            + "roles: {registrar: [regoffice]}; in the environment: CAMPUS_SERVER_ROLES_REGISTRAR=regoffice,hendrix.")
    static let sessionHours = ServerSetting("session-hours", .number, "hours", default: "8", help: "The absolute lifetime of a log-in.")
    static let idleMinutes = ServerSetting("idle-minutes", .number, "minutes", default: "60", help: "A log-in unused this long ends.")
    static let keepSignedInDays = ServerSetting(
        "keep-signed-in-days", .number, "days", default: "30",
        help: "\"Keep me signed in\": a log-in kept on a device lasts this long after its last use (0: not offered).")
    static let loginFailures = ServerSetting(
        "login-failures", .whole, "count", default: "10", help: "Failed log-ins for one username from one address that lock that pair ...")
    static let loginAddressFailures = ServerSetting(
        "login-address-failures", .whole, "count", default: "50", help: "... and from one address, any usernames, that lock the address ...")
    static let loginWindowMinutes = ServerSetting("login-window-minutes", .number, "minutes", default: "5", help: "... within this window ...")
    static let loginLockoutMinutes = ServerSetting(
        "login-lockout-minutes", .number, "minutes", default: "15", help: "... for this long, without asking the directory.")
    static let shareDays = ServerSetting(
        "share-days", .number, "days", help: "A shared link ends this long after it is made (unset: at the end of its term).")
    static let sharesPerPerson = ServerSetting("shares-per-person", .whole, "count", default: "20", help: "The most shared links one person keeps.")
    static let groupsPerPerson = ServerSetting("groups-per-person", .whole, "count", default: "20", help: "The most favorites groups one person keeps.")
    static let favoritesPerGroup = ServerSetting("favorites-per-group", .whole, "count", default: "200", help: "The most people in one favorites group.")
    static let consentsPerPerson = ServerSetting(
        "consents-per-person", .whole, "count", default: "100", help: "The most consents to share a schedule one person holds at once.")
    static let requestsPerDay = ServerSetting(
        "requests-per-day", .whole, "count", default: "5", help: "The most requests to share one person sends in a day.")
    static let auditRetentionDays = ServerSetting(
        "audit-retention-days", .whole, "days", default: "2555", help: "How long the record of disclosures keeps each entry (7 years).")
    static let registrarRefreshMinutes = ServerSetting(
        "registrar-refresh-minutes", .number, "minutes", default: "360", help: "Crawl the current and next term this often (0: never).")
    static let directoryRefreshMinutes = ServerSetting(
        "directory-refresh-minutes", .number, "minutes", default: "15", help: "Sync the directory's changes this often (0: never).")
    static let directoryFullAt = ServerSetting(
        "directory-full-at", .text, "HH:MM", default: "02:30", help: "The nightly full directory sync, campus time (off: never).")
    static let readyMaxAgeHours = ServerSetting(
        "ready-max-age-hours", .number, "hours", default: "26", help: "/readyz fails when a source's last good refresh is older.")
    static let connectionIdleSeconds = ServerSetting(
        "connection-idle-seconds", .number, "seconds", default: "30",
        help: "Close a connection that sends nothing this long, a request never finished included.")
    static let loginPassword = ServerSetting(
        "login.password", .flag, "on-or-off", default: "on", flag: "login-password",
        help: "Offer the directory password on the log-in page and POST /v1/session (off: the campus's sign-in service only).")
    static let loginMFA = ServerSetting(
        "login.mfa", .text, "off|everyone|roles", default: "off", flag: "login-mfa",
        help: "Demand a second factor at the campus's sign-in service: of everyone, or of those who see rosters "
            + "(registrar and other roles, instructors, advisors).")
    static let samlIdPMetadata = ServerSetting(
        "login.saml.idp-metadata", .text, "url-or-file", flag: "saml-idp-metadata",
        help: "Sign in with SAML 2.0 at the IdP this metadata describes (https://idp.example.edu/idp/shibboleth, or a file).")
    static let samlIdPCertificate = ServerSetting(
        "login.saml.idp-certificate", .text, "file", flag: "saml-idp-certificate",
        help: "Pin the IdP's signing certificate (PEM): its signatures must hold with it, whatever the metadata says.")
    static let samlMetadataSigner = ServerSetting(
        "login.saml.idp-metadata-signer", .text, "file", flag: "saml-idp-metadata-signer",
        help: "The certificate (PEM) the metadata's own signature must hold with (a federation's signer).")
    static let samlUsernameAttribute = ServerSetting(
        "login.saml.username-attribute", .text, "attribute", default: "uid", flag: "saml-username-attribute",
        help: "The attribute that holds the username: uid, or eduPersonPrincipalName (in the IdP's scope; the scope dropped).")
    static let samlEntityID = ServerSetting(
        "login.saml.entity-id", .text, "id", flag: "saml-entity-id", help: "This server's entity ID (unset: public-url/saml/metadata).")
    static let samlKeyFile = ServerSetting(
        "login.saml.sp-key-file", .text, "file", flag: "saml-sp-key-file",
        help: "This server's private key (PEM, mode 600), for assertions the IdP encrypts.")
    static let samlCertificateFile = ServerSetting(
        "login.saml.sp-certificate-file", .text, "file", flag: "saml-sp-certificate-file",
        help: "The certificate of that key (PEM), published in /saml/metadata.")
    static let samlClockSkew = ServerSetting(
        "login.saml.clock-skew-seconds", .number, "seconds", default: "120", flag: "saml-clock-skew-seconds",
        help: "How far the IdP's clock may be from this server's.")
    static let oidcIssuer = ServerSetting(
        "login.oidc.issuer", .text, "url", flag: "oidc-issuer", help: "Sign in with OpenID Connect at this issuer (https://login.example.edu).")
    static let oidcClientID = ServerSetting("login.oidc.client-id", .text, "id", flag: "oidc-client-id", help: "This server's client id there.")
    static let oidcClientSecretFile = ServerSetting(
        "login.oidc.client-secret-file", .text, "file", flag: "oidc-client-secret-file", help: "A file (mode 600) holding the client secret.")
    static let oidcUsernameClaim = ServerSetting(
        "login.oidc.username-claim", .text, "claim", default: "preferred_username", flag: "oidc-username-claim",
        help: "The ID token's claim that holds the username.")
    static let casURL = ServerSetting("login.cas.url", .text, "url", flag: "cas-url", help: "Sign in with CAS 3.0 at this server (https://cas.example.edu/cas).")
    static let casUsernameAttribute = ServerSetting(
        "login.cas.username-attribute", .text, "attribute", flag: "cas-username-attribute",
        help: "The CAS attribute that holds the username (unset: the CAS user).")
    static let clock = ServerSetting(
        "clock", .text, "YYYY-MM-DDTHH:MM",
        help: "Demos and trials only: run the campus clock from this moment of campus time, so that now, today and this term "
            + "are those of a term gone by (sessions, throttles and the record of disclosures keep this clock too).")

    /// Every setting, in the order the help lists them.
    public static let all: [ServerSetting] = [
        host, port, tlsCert, tlsKey, behindProxy, trustedProxies, publicURL, policy, roles, sessionHours, idleMinutes,
        keepSignedInDays, loginFailures, loginAddressFailures, loginWindowMinutes, loginLockoutMinutes, shareDays,
        sharesPerPerson, groupsPerPerson, favoritesPerGroup, consentsPerPerson, requestsPerDay, auditRetentionDays,
        registrarRefreshMinutes, directoryRefreshMinutes, directoryFullAt, readyMaxAgeHours, connectionIdleSeconds, loginPassword,
        loginMFA, samlIdPMetadata, samlIdPCertificate, samlMetadataSigner, samlUsernameAttribute, samlEntityID, samlKeyFile,
        samlCertificateFile, samlClockSkew, oidcIssuer, oidcClientID, oidcClientSecretFile, oidcUsernameClaim, casURL, casUsernameAttribute, clock,
    ]
}
