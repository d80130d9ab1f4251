/// The `server:` section of the settings file: how `campus serve` listens, whom it
/// lets in and what it shows them. Each key is also a flag of `campus serve`, which wins.
///
/// ```yaml
/// server:
///   host: 127.0.0.1                  # a non-loopback host needs TLS or behind-proxy
///   port: 8080
///   tls-cert: /etc/campus/tls/cert.pem
///   tls-key: /etc/campus/tls/key.pem
///   behind-proxy: false              # plain HTTP on a non-loopback address, behind a TLS proxy
///   trusted-proxies: [127.0.0.1]     # X-Forwarded-For is believed from these only
///   public-url: https://campus.example.edu   # how share links start
///   policy: ferpa-strict             # ferpa-strict, reg-sched-compatible, or a policy file
///   roles:
///     registrar: [regoffice, hendrix]
///   session-hours: 8                 # absolute lifetime of a log-in
///   idle-minutes: 60                 # a log-in unused this long ends
///   keep-signed-in-days: 30          # "keep me signed in": a log-in kept on a device lasts this long after its last use (0: not offered)
///   login-failures: 10               # failed log-ins for one username from one address ...
///   login-address-failures: 50       # ... or from one address for any usernames ...
///   login-window-minutes: 5          # ... within this window ...
///   login-lockout-minutes: 15        # ... lock further attempts (that pair, that address) this long
///   share-days: 120                  # a shared link ends this many days after it is made (default: with the term)
///   shares-per-person: 20            # the most links one person may keep
///   groups-per-person: 20            # the most favorites groups one person may keep
///   favorites-per-group: 200         # the most people in one favorites group
///   consents-per-person: 100         # the most consents to share a schedule one person may hold at once
///   requests-per-day: 5              # the most requests to share one person may send in a day
///   audit-retention-days: 2555       # disclosures are kept this long (7 years)
///   registrar-refresh-minutes: 360   # crawl the current and next term this often (0: never)
///   directory-refresh-minutes: 15    # incremental directory sync this often (0: never)
///   directory-full-at: "02:30"       # the nightly full directory sync, campus time (off: never)
///   ready-max-age-hours: 26          # /readyz fails when a source's last good refresh is older
///   connection-idle-seconds: 30      # a connection sending nothing this long (a request never finished) is closed
///   clock: "2026-03-30T10:05"        # demos and trials only: the campus clock starts at this moment
/// ```
public struct ServerSettings: Codable, Sendable, Equatable {
    public var host: String?
    public var port: Int?
    public var tlsCert: String?
    public var tlsKey: String?
    public var behindProxy: Bool?
    public var trustedProxies: [String]?
    public var publicURL: String?
    public var policy: String?
    public var roles: [String: [String]]?
    public var sessionHours: Double?
    public var idleMinutes: Double?
    public var keepSignedInDays: Double?
    public var loginFailures: Int?
    public var loginWindowMinutes: Double?
    public var loginLockoutMinutes: Double?
    public var loginAddressFailures: Int?
    public var shareDays: Double?
    public var sharesPerPerson: Int?
    public var groupsPerPerson: Int?
    public var favoritesPerGroup: Int?
    public var consentsPerPerson: Int?
    public var requestsPerDay: Int?
    public var auditRetentionDays: Int?
    public var registrarRefreshMinutes: Double?
    public var directoryRefreshMinutes: Double?
    public var directoryFullAt: String?
    public var readyMaxAgeHours: Double?
    public var connectionIdleSeconds: Double?
    public var clock: String?

    public init() {}

    enum CodingKeys: String, CodingKey, CaseIterable {
        case host, port, policy, roles, clock
        case tlsCert = "tls-cert"
        case tlsKey = "tls-key"
        case behindProxy = "behind-proxy"
        case trustedProxies = "trusted-proxies"
        case publicURL = "public-url"
        case sessionHours = "session-hours"
        case idleMinutes = "idle-minutes"
        case keepSignedInDays = "keep-signed-in-days"
        case loginFailures = "login-failures"
        case loginWindowMinutes = "login-window-minutes"
        case loginLockoutMinutes = "login-lockout-minutes"
        case loginAddressFailures = "login-address-failures"
        case shareDays = "share-days"
        case sharesPerPerson = "shares-per-person"
        case groupsPerPerson = "groups-per-person"
        case favoritesPerGroup = "favorites-per-group"
        case consentsPerPerson = "consents-per-person"
        case requestsPerDay = "requests-per-day"
        case auditRetentionDays = "audit-retention-days"
        case registrarRefreshMinutes = "registrar-refresh-minutes"
        case directoryRefreshMinutes = "directory-refresh-minutes"
        case directoryFullAt = "directory-full-at"
        case readyMaxAgeHours = "ready-max-age-hours"
        case connectionIdleSeconds = "connection-idle-seconds"
    }
}
