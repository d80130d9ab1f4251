import CampusCore
import Foundation

/// What `campus serve` runs with: its flags over the `server:` settings over the
/// defaults, checked. Made by ``CampusContext/serverConfiguration(_:)``.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// The certificate and key files for HTTPS; `nil` for plain HTTP.
    public var tls: (cert: String, key: String)?
    /// Plain HTTP on a non-loopback address is allowed (a TLS proxy in front).
    public var behindProxy: Bool
    /// Addresses whose `X-Forwarded-For` is believed.
    public var trustedProxies: Set<String>
    /// How share links start (`https://campus.example.edu`); `nil`: from the request's host.
    public var publicURL: String?
    public var policy: Policy
    /// Role name -> usernames (lower-cased).
    public var roles: [String: Set<String>]
    public var sessionLifetime: TimeInterval
    public var idleLimit: TimeInterval
    /// How long a log-in kept on its device ("keep me signed in") lasts after its last use;
    /// `nil`: not offered.
    public var keptLifetime: TimeInterval?
    public var throttle: LoginThrottle
    /// How long a shared link lasts; `nil`: until the end of the term it was made in.
    public var shareLifetime: TimeInterval?
    /// The most of each thing one person may keep.
    public var limits: KeepingLimits
    public var auditRetention: TimeInterval
    /// `nil`: never.
    public var registrarRefresh: TimeInterval?
    public var directoryRefresh: TimeInterval?
    /// Campus-time minutes after midnight of the nightly full directory sync; `nil`: never.
    public var directoryFullAt: Int?
    public var readyMaxAge: TimeInterval
    /// How long a connection may send nothing, a request begun and not finished included,
    /// before it is closed: a client cannot hold connections open by writing slowly.
    public var connectionIdleLimit: TimeInterval
    /// How far the server's clock is set from the real one (`clock`: demos and trials on a
    /// term gone by); 0 on a real campus.
    public var clockOffset: TimeInterval = 0
    /// The moment the campus clock was set to, as configured (`2026-03-30T10:05`).
    public var clock: String?
    /// How people sign in: the password, the campus's sign-in service.
    public var signIn = SignInSettings.passwordOnly

    /// Whether the server listens on this machine only.
    public var isLoopback: Bool {
        ["127.0.0.1", "::1", "localhost"].contains(host) || host.hasPrefix("127.")
    }

    /// What the door runs with for the operator of this machine (``CampusService/init(operating:)``):
    /// nothing is served, and the operator's use cases read only the policy's name (every rule
    /// allows them) and keep no limits.
    static let operating = ServerConfiguration(
        host: "127.0.0.1", port: 0, tls: nil, behindProxy: false, trustedProxies: [], publicURL: nil,
        policy: Policy(name: "operator", summary: "The operator of this machine, whom every rule allows.", rules: [:]),
        roles: [:], sessionLifetime: 0, idleLimit: 0, keptLifetime: nil,
        throttle: LoginThrottle(failures: 0, addressFailures: 0, window: 0, lockout: 0), shareLifetime: nil,
        limits: KeepingLimits(shares: 0, groups: 0, favoritesPerGroup: 0, consents: 0, requestsPerDay: 0), auditRetention: 0,
        registrarRefresh: nil, directoryRefresh: nil, directoryFullAt: nil, readyMaxAge: 0, connectionIdleLimit: 0)

    /// The named roles of a username.
    public func roles(of username: String) -> Set<String> {
        Set(roles.compactMap { $0.value.contains(username.lowercased()) ? $0.key : nil })
    }
}

extension CampusContext {
    /// The server's configuration: each ``ServerSetting`` from `flags`, else the environment,
    /// else the `server:` section of the configuration file, else its default; checked.
    ///
    /// - Parameters:
    ///   - flags: what followed `campus serve` that is a setting (`--port 8081`).
    ///   - environment: the variables starting with ``ServerSetting/environmentPrefix``; by default
    ///     the process's.
    /// - Throws: ``CampusError/invalidParameter(name:detail:)`` naming the setting that is not
    ///   valid or the flag that is unknown, ``CampusError/badPolicy(path:detail:)``, or a missing
    ///   policy file.
    public func serverConfiguration(flags: [String] = [], environment: [String: String]? = nil) async throws(CampusError) -> ServerConfiguration {
        let settings = try ServerSettingsReader(
            flags: flags, environment: environment ?? ProcessEnvironment.values(prefixed: ServerSetting.environmentPrefix),
            file: configuration.serverFile)
        let host = try await settings.required(settings.text(.host), .host)
        let port = try await settings.required(settings.whole(.port), .port)
        guard (0...65_535).contains(port) else { throw ServerSettingsReader.invalid(.port, "\(port) is not a port from 0 to 65535") }
        let cert = try await settings.text(.tlsCert).map(paths.expandingTilde)
        let key = try await settings.text(.tlsKey).map(paths.expandingTilde)
        guard (cert == nil) == (key == nil) else {
            throw ServerSettingsReader.invalid(cert == nil ? .tlsCert : .tlsKey, "HTTPS needs both a certificate and its key")
        }
        if let key, let mode = OwnerOnlyFile.groupOrOtherAccess(key) {
            throw .exposedFile(path: key, mode: mode, holds: "the server's TLS private key")
        }
        let policyName = try await settings.required(settings.text(.policy), .policy)
        let policy = try Policy.load(from: try locator.policy(policyName))
        let roles = try await settings.roles(named: policy.roles)
        if let unknown = policy.roles.subtracting(roles.keys).sorted().first {
            throw .badPolicy(
                path: policyName,
                detail: "it names the role '\(unknown)', which no username holds: give one with server.roles.\(unknown) or --role \(unknown)=USERNAME")
        }
        let shareDays = try await settings.number(.shareDays)
        var configuration = ServerConfiguration(
            host: host, port: port, tls: cert.flatMap { cert in key.map { (cert, $0) } },
            behindProxy: try await settings.flag(.behindProxy),
            trustedProxies: Set(try await settings.list(.trustedProxies)),
            publicURL: try await settings.text(.publicURL), policy: policy, roles: roles,
            sessionLifetime: try await positive(.sessionHours, settings) * 3600,
            idleLimit: try await positive(.idleMinutes, settings) * 60,
            keptLifetime: try await every(.keepSignedInDays, settings).map { $0 * 86_400 },
            throttle: LoginThrottle(
                failures: Int(try await positive(.loginFailures, settings)),
                addressFailures: Int(try await positive(.loginAddressFailures, settings)),
                window: try await positive(.loginWindowMinutes, settings) * 60,
                lockout: try await positive(.loginLockoutMinutes, settings) * 60),
            shareLifetime: try shareDays.map { days throws(CampusError) in try positive(.shareDays, days) * 86_400 },
            limits: KeepingLimits(
                shares: Int(try await positive(.sharesPerPerson, settings)),
                groups: Int(try await positive(.groupsPerPerson, settings)),
                favoritesPerGroup: Int(try await positive(.favoritesPerGroup, settings)),
                consents: Int(try await positive(.consentsPerPerson, settings)),
                requestsPerDay: Int(try await positive(.requestsPerDay, settings))),
            auditRetention: try await positive(.auditRetentionDays, settings) * 86_400,
            registrarRefresh: try await every(.registrarRefreshMinutes, settings).map { $0 * 60 },
            directoryRefresh: try await every(.directoryRefreshMinutes, settings).map { $0 * 60 },
            directoryFullAt: try clockMinutes(try await settings.required(settings.text(.directoryFullAt), .directoryFullAt)),
            readyMaxAge: try await positive(.readyMaxAgeHours, settings) * 3600,
            connectionIdleLimit: try await positive(.connectionIdleSeconds, settings))
        if configuration.tls == nil, !configuration.isLoopback, !configuration.behindProxy {
            throw ServerSettingsReader.invalid(
                .host,
                "\(host) is not this machine, and plain HTTP would carry passwords and tokens in clear text: "
                    + "give a certificate and key for HTTPS, or say the server is behind a TLS proxy (behind-proxy)")
        }
        if let url = configuration.publicURL, URL(string: url)?.scheme.map({ ["http", "https"].contains($0) }) != true {
            throw ServerSettingsReader.invalid(.publicURL, "'\(url)' is not an http:// or https:// address")
        }
        configuration.publicURL = configuration.publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        configuration.signIn = try await signInSettings(settings, publicURL: configuration.publicURL)
        if let clock = try await settings.text(.clock) {
            configuration.clockOffset = try clockOffset(clock, now: Date())
            configuration.clock = clock
        }
        return configuration
    }

    /// `setting`'s number (or its default), which must be above 0.
    private func positive(_ setting: ServerSetting, _ settings: ServerSettingsReader) async throws(CampusError) -> Double {
        try positive(setting, try await settings.required(settings.number(setting), setting))
    }

    private func positive(_ setting: ServerSetting, _ value: Double) throws(CampusError) -> Double {
        guard value > 0 else { throw ServerSettingsReader.invalid(setting, "\(value) is not a positive number") }
        return value
    }

    /// `setting`'s number, which must not be below 0; `nil` for 0 (never, not offered).
    private func every(_ setting: ServerSetting, _ settings: ServerSettingsReader) async throws(CampusError) -> Double? {
        let value = try await settings.required(settings.number(setting), setting)
        guard value >= 0 else { throw ServerSettingsReader.invalid(setting, "\(value) is below 0 (0: never)") }
        return value == 0 ? nil : value
    }

    /// How far `text`, a moment of the campus clock (`2026-03-30T10:05`), is from `now`.
    private func clockOffset(_ text: String, now: Date) throws(CampusError) -> TimeInterval {
        try campusMoment(text).timeIntervalSince1970 - now.timeIntervalSince1970
    }

    /// The moment `text` names on the campus clock (`2026-03-30T10:05`, in the index's time zone):
    /// `server.clock`, and `CAMPUS_CLOCK` for the command line, for demos and trials on a term gone by.
    ///
    /// - Throws: ``CampusError/invalidParameter(name:detail:)`` naming `clock`.
    public func campusMoment(_ text: String) throws(CampusError) -> Date {
        let parts = text.split(separator: "T")
        guard parts.count == 2, let date = CalendarDate(iso: parts[0]), let time = ClockTime(iso: parts[1]) else {
            throw .invalidParameter(name: "clock", detail: "'\(text.prefix(40))' is not a moment of the campus clock such as 2026-03-30T10:05")
        }
        // A replica with no index yet (it fetches one from the refresher) reads the school's own definition.
        let zone: CampusTimeZone
        do {
            zone = try read { reader in try termClock(reader).zone }
        } catch .indexMissing {
            zone = try school().campusDescription.termClock.zone
        }
        let utc = zone.utc(date, minutes: time.minutes)
        return Date(timeIntervalSince1970: TimeInterval(utc.date.dayNumber) * 86_400 + TimeInterval(utc.minutes) * 60)
    }

    private func clockMinutes(_ text: String) throws(CampusError) -> Int? {
        if text.lowercased() == "off" { return nil }
        let parts = text.split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute) else {
            throw .invalidParameter(name: "directory-full-at", detail: "'\(text)' is not a time HH:MM of the campus clock (or off)")
        }
        return hour * 60 + minute
    }
}
