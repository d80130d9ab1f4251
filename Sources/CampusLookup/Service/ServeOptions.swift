/// The flags of `campus serve`; each set one wins over the `server:` key of the same name.
public struct ServeOptions: Sendable {
    public var host: String?
    public var port: Int?
    public var tlsCert: String?
    public var tlsKey: String?
    public var behindProxy: Bool?
    public var trustedProxies: [String]?
    public var publicURL: String?
    public var policy: String?
    /// `registrar=regoffice` pairs, added to the configured roles.
    public var roles: [String]
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
    /// `2026-03-30T10:05`: the campus clock starts at this moment (demos and trials).
    public var clock: String?

    public init(
        host: String? = nil, port: Int? = nil, tlsCert: String? = nil, tlsKey: String? = nil, behindProxy: Bool? = nil,
        trustedProxies: [String]? = nil, publicURL: String? = nil, policy: String? = nil, roles: [String] = [],
        sessionHours: Double? = nil, idleMinutes: Double? = nil, keepSignedInDays: Double? = nil, loginFailures: Int? = nil,
        loginWindowMinutes: Double? = nil, loginLockoutMinutes: Double? = nil, loginAddressFailures: Int? = nil,
        shareDays: Double? = nil, sharesPerPerson: Int? = nil, groupsPerPerson: Int? = nil, favoritesPerGroup: Int? = nil,
        consentsPerPerson: Int? = nil, requestsPerDay: Int? = nil, auditRetentionDays: Int? = nil,
        registrarRefreshMinutes: Double? = nil, directoryRefreshMinutes: Double? = nil, directoryFullAt: String? = nil,
        readyMaxAgeHours: Double? = nil, connectionIdleSeconds: Double? = nil, clock: String? = nil
    ) {
        self.host = host
        self.port = port
        self.tlsCert = tlsCert
        self.tlsKey = tlsKey
        self.behindProxy = behindProxy
        self.trustedProxies = trustedProxies
        self.publicURL = publicURL
        self.policy = policy
        self.roles = roles
        self.sessionHours = sessionHours
        self.idleMinutes = idleMinutes
        self.keepSignedInDays = keepSignedInDays
        self.loginFailures = loginFailures
        self.loginWindowMinutes = loginWindowMinutes
        self.loginLockoutMinutes = loginLockoutMinutes
        self.loginAddressFailures = loginAddressFailures
        self.shareDays = shareDays
        self.sharesPerPerson = sharesPerPerson
        self.groupsPerPerson = groupsPerPerson
        self.favoritesPerGroup = favoritesPerGroup
        self.consentsPerPerson = consentsPerPerson
        self.requestsPerDay = requestsPerDay
        self.auditRetentionDays = auditRetentionDays
        self.registrarRefreshMinutes = registrarRefreshMinutes
        self.directoryRefreshMinutes = directoryRefreshMinutes
        self.directoryFullAt = directoryFullAt
        self.readyMaxAgeHours = readyMaxAgeHours
        self.connectionIdleSeconds = connectionIdleSeconds
        self.clock = clock
    }
}
