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

    /// Whether the server listens on this machine only.
    public var isLoopback: Bool {
        ["127.0.0.1", "::1", "localhost"].contains(host) || host.hasPrefix("127.")
    }

    /// The named roles of a username.
    public func roles(of username: String) -> Set<String> {
        Set(roles.compactMap { $0.value.contains(username.lowercased()) ? $0.key : nil })
    }
}

extension CampusContext {
    /// The server's configuration: `options` over the `server:` settings over the defaults.
    ///
    /// - Throws: ``CampusError/invalidParameter(name:detail:)`` naming the flag or key that is
    ///   not valid, ``CampusError/badPolicy(path:detail:)``, or a missing policy file.
    public func serverConfiguration(_ options: ServeOptions) throws(CampusError) -> ServerConfiguration {
        let settings = configuration.server
        let host = options.host ?? settings.host ?? "127.0.0.1"
        let port = options.port ?? settings.port ?? 8080
        guard (0...65_535).contains(port) else { throw .invalidParameter(name: "port", detail: "\(port) is not a port from 0 to 65535") }
        let cert = (options.tlsCert ?? settings.tlsCert).map(paths.expandingTilde)
        let key = (options.tlsKey ?? settings.tlsKey).map(paths.expandingTilde)
        guard (cert == nil) == (key == nil) else {
            throw .invalidParameter(name: cert == nil ? "tls-cert" : "tls-key", detail: "HTTPS needs both a certificate and its key")
        }
        if let key, let mode = OwnerOnlyFile.groupOrOtherAccess(key) {
            throw .exposedFile(path: key, mode: mode, holds: "the server's TLS private key")
        }
        let roles = try serverRoles(settings.roles ?? [:], pairs: options.roles)
        let policyName = options.policy ?? settings.policy ?? "ferpa-strict"
        let policy = try Policy.load(from: try locator.policy(policyName))
        if let unknown = policy.roles.subtracting(roles.keys).sorted().first {
            throw .badPolicy(
                path: policyName,
                detail: "it names the role '\(unknown)', which no username holds: give one with server.roles.\(unknown) or --role \(unknown)=USERNAME")
        }
        var configuration = ServerConfiguration(
            host: host, port: port, tls: cert.flatMap { cert in key.map { (cert, $0) } },
            behindProxy: options.behindProxy ?? settings.behindProxy ?? false,
            trustedProxies: Set(options.trustedProxies ?? settings.trustedProxies ?? []),
            publicURL: options.publicURL ?? settings.publicURL, policy: policy, roles: roles,
            sessionLifetime: try positive("session-hours", options.sessionHours ?? settings.sessionHours ?? 8) * 3600,
            idleLimit: try positive("idle-minutes", options.idleMinutes ?? settings.idleMinutes ?? 60) * 60,
            keptLifetime: try days("keep-signed-in-days", options.keepSignedInDays ?? settings.keepSignedInDays ?? 30),
            throttle: LoginThrottle(
                failures: Int(try positive("login-failures", Double(options.loginFailures ?? settings.loginFailures ?? 10))),
                addressFailures: Int(try positive(
                    "login-address-failures", Double(options.loginAddressFailures ?? settings.loginAddressFailures ?? 50))),
                window: try positive("login-window-minutes", options.loginWindowMinutes ?? settings.loginWindowMinutes ?? 5) * 60,
                lockout: try positive("login-lockout-minutes", options.loginLockoutMinutes ?? settings.loginLockoutMinutes ?? 15) * 60),
            shareLifetime: try (options.shareDays ?? settings.shareDays).map { days throws(CampusError) in try positive("share-days", days) * 86_400 },
            limits: KeepingLimits(
                shares: Int(try positive("shares-per-person", Double(options.sharesPerPerson ?? settings.sharesPerPerson ?? 20))),
                groups: Int(try positive("groups-per-person", Double(options.groupsPerPerson ?? settings.groupsPerPerson ?? 20))),
                favoritesPerGroup: Int(try positive(
                    "favorites-per-group", Double(options.favoritesPerGroup ?? settings.favoritesPerGroup ?? 200))),
                consents: Int(try positive("consents-per-person", Double(options.consentsPerPerson ?? settings.consentsPerPerson ?? 100))),
                requestsPerDay: Int(try positive("requests-per-day", Double(options.requestsPerDay ?? settings.requestsPerDay ?? 5)))),
            auditRetention: try positive("audit-retention-days", Double(options.auditRetentionDays ?? settings.auditRetentionDays ?? 2555)) * 86_400,
            registrarRefresh: try every("registrar-refresh-minutes", options.registrarRefreshMinutes ?? settings.registrarRefreshMinutes ?? 360),
            directoryRefresh: try every("directory-refresh-minutes", options.directoryRefreshMinutes ?? settings.directoryRefreshMinutes ?? 15),
            directoryFullAt: try clockMinutes(options.directoryFullAt ?? settings.directoryFullAt ?? "02:30"),
            readyMaxAge: try positive("ready-max-age-hours", options.readyMaxAgeHours ?? settings.readyMaxAgeHours ?? 26) * 3600,
            connectionIdleLimit: try positive("connection-idle-seconds", options.connectionIdleSeconds ?? settings.connectionIdleSeconds ?? 30))
        if configuration.tls == nil, !configuration.isLoopback, !configuration.behindProxy {
            throw .invalidParameter(
                name: "host",
                detail: "\(host) is not this machine, and plain HTTP would carry passwords and tokens in clear text: "
                    + "give a certificate and key for HTTPS, or say the server is behind a TLS proxy (behind-proxy)")
        }
        if let url = configuration.publicURL, URL(string: url)?.scheme.map({ ["http", "https"].contains($0) }) != true {
            throw .invalidParameter(name: "public-url", detail: "'\(url)' is not an http:// or https:// address")
        }
        configuration.publicURL = configuration.publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        if let clock = options.clock ?? settings.clock {
            configuration.clockOffset = try clockOffset(clock, now: Date())
            configuration.clock = clock
        }
        return configuration
    }

    private func serverRoles(_ configured: [String: [String]], pairs: [String]) throws(CampusError) -> [String: Set<String>] {
        var roles = configured.mapValues { Set($0.map { $0.lowercased() }) }
        for pair in pairs {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw .invalidParameter(name: "role", detail: "'\(pair)' is not NAME=USERNAME, e.g. registrar=regoffice")
            }
            roles[parts[0], default: []].insert(parts[1].lowercased())
        }
        return roles
    }

    private func positive(_ name: String, _ value: Double) throws(CampusError) -> Double {
        guard value > 0, value.isFinite else { throw .invalidParameter(name: name, detail: "\(value) is not a positive number") }
        return value
    }

    private func days(_ name: String, _ days: Double) throws(CampusError) -> TimeInterval? {
        guard days >= 0, days.isFinite else { throw .invalidParameter(name: name, detail: "\(days) is not a number of days (0: never)") }
        return days == 0 ? nil : days * 86_400
    }

    private func every(_ name: String, _ minutes: Double) throws(CampusError) -> TimeInterval? {
        guard minutes >= 0, minutes.isFinite else { throw .invalidParameter(name: name, detail: "\(minutes) is not a number of minutes (0: never)") }
        return minutes == 0 ? nil : minutes * 60
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
        let zone = try read { reader in try termClock(reader).zone }
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
