import CampusCore
import Foundation
internal import SignIn
internal import CampusIndex
import Synchronization

/// The one door to the campus: every use case, asked on behalf of a ``Caller`` (someone
/// logged in to `campus serve`, nobody, or the operator of this machine at the command
/// line), with the policy deciding what each caller sees, withheld facts left out, and
/// every disclosure of an education record written to the access record before the
/// answer goes out. Nothing outside `CampusLookup` reads the index or the user state but
/// through it.
///
/// ```swift
/// let service = try CampusService(campus: campus, configuration: try await campus.serverConfiguration())
/// let login = try await service.logIn(username: "quinna", password: typed, address: "127.0.0.1", now: .now)
/// let caller = try await service.caller(token: login.token, now: .now)
/// let card = try await service.person("valer", as: caller, now: .now)
///
/// let operated = CampusService(operating: campus)  // the command line
/// let week = try await operated.schedule(of: "valer", term: nil, as: .operator(), now: .now)
/// ```
public final class CampusService: Sendable {
    let campus: CampusContext
    public let configuration: ServerConfiguration
    let login: (any PasswordChecker)?
    let clock: any CampusClock
    let disclosures: DisclosureLog
    let sessions: Mutex<[String: CachedSession]>
    let refreshes: Mutex<[RefreshSource: RefreshOutcome]>
    let version: Mutex<CachedVersion?>
    let directoryHealthState: Mutex<DirectoryHealth?>
    /// How alerts are sent; `nil` when the configuration sets none up.
    public let alerts: AlertSetup?
    let alertHealthState: Mutex<AlertHealth?>
    /// How this replica shares one index with the others, when its user state is shared with
    /// them (PostgreSQL); `nil` for a server on its own.
    public let indexSharing: IndexSharing?
    /// The OpenID Connect relying party, when the campus's sign-in service is configured.
    let saml: SAMLServiceProvider?
    let openID: OpenIDRelyingParty?
    /// The CAS client, when the campus's CAS server is configured.
    let cas: CASClient?

    /// A session resolved recently, kept in memory so that most requests read nothing.
    struct CachedSession: Sendable {
        var session: Session
        var caller: Caller
        var checkedAt: Date
        /// The index generation its person's standing was read at: a sync (a new generation)
        /// has it read again, so what a sync records ends the session at once.
        var generation: Int64
    }

    /// How long a resolved session is believed without a look at the store.
    static let sessionCacheTime: TimeInterval = 30

    /// A service over `campus`; opens the user-state store. Log-in checks passwords against
    /// the directory server of the `directory:` settings (none configured: log-in answers 503);
    /// the clock is the machine's, moved by ``ServerConfiguration/clockOffset``.
    public convenience init(campus: CampusContext, configuration: ServerConfiguration) throws(CampusError) {
        let login: DirectoryLogin?
        do {
            login = try DirectoryLogin(campus: campus)
        } catch .directoryNotConfigured {
            login = nil
        }
        try self.init(campus: campus, configuration: configuration, login: login, clock: SystemClock(offset: configuration.clockOffset))
    }

    /// A service over `campus` with its parts given: `login` checks passwords (`nil`: log-in
    /// answers 503), `clock` tells the present moment. Tests give in-memory parts.
    public convenience init(campus: CampusContext, configuration: ServerConfiguration, login: (any PasswordChecker)?, clock: any CampusClock) throws(CampusError) {
        let state = try campus.userState()
        let sharing = state.isShared && campus.resources.hasIndexFile
            ? (state as? any IndexSnapshotExchange).map { IndexSharing(exchange: $0, campus: campus) } : nil
        self.init(
            campus: campus, configuration: configuration, login: login, clock: clock,
            alerts: try campus.alertSetup(publicURL: configuration.publicURL), indexSharing: sharing)
    }

    /// The door as the operator of this machine uses it (the command line), each use case
    /// asked as ``Caller/operator(named:)``: no log-in, alerts or shared index, and nothing
    /// opened until a use case needs it.
    public convenience init(operating campus: CampusContext) {
        self.init(campus: campus, configuration: .operating, login: nil, clock: SystemClock(offset: 0), alerts: nil, indexSharing: nil)
    }

    private init(
        campus: CampusContext, configuration: ServerConfiguration, login: (any PasswordChecker)?, clock: any CampusClock,
        alerts: AlertSetup?, indexSharing: IndexSharing?
    ) {
        self.campus = campus
        self.configuration = configuration
        self.login = login
        self.clock = clock
        disclosures = DisclosureLog { () throws(CampusError) in try campus.userState() }
        sessions = Mutex([:])
        refreshes = Mutex([:])
        version = Mutex(nil)
        directoryHealthState = Mutex(nil)
        self.alerts = alerts
        alertHealthState = Mutex(nil)
        self.indexSharing = indexSharing
        saml = configuration.signIn.saml.map { SAMLServiceProvider(settings: $0) }
        openID = configuration.signIn.openID.map { OpenIDRelyingParty(settings: $0) }
        cas = configuration.signIn.cas.map { CASClient(server: $0.server, usernameAttribute: $0.usernameAttribute) }
    }

    /// The user-state store, opened on first use and kept (the server's is opened when it is made).
    var state: any UserStateStore {
        get throws(CampusError) { try campus.userState() }
    }

    /// The server's present moment, as its clock tells it.
    public func now() -> Date {
        clock.now()
    }

    /// `text` (`2026-03-30T10:05`) read on the campus clock (see ``CampusContext/campusMoment(_:)``).
    public func campusMoment(_ text: String) throws(CampusError) -> Date {
        try campus.campusMoment(text)
    }

    /// The index file this door reads.
    public var indexURL: URL { campus.indexURL }

    /// `date` on the campus clock (the index's time zone), for people to read; `nil` when the
    /// index cannot be read.
    public func campusTime(_ date: Date) -> LocalTime? {
        (try? campus.read { reader in try campus.termClock(reader).zone })?.localTime(secondsSince1970: date.secondsSince1970)
    }

    /// The policy in force.
    public var policy: Policy { configuration.policy }

    /// Whom lookups made for `caller` show although the directory suppresses them: nobody to
    /// the operator, as to anonymous callers.
    func view(for caller: Caller) -> SuppressedView {
        guard let username = caller.username, !caller.isOperator else { return .hidden }
        if policy.grant(.suppressed, to: caller) != nil { return .everyone }
        return policy.grant(.suppressed, to: caller, relations: Relations(isSelf: true)) != nil ? .person(username) : .hidden
    }

    /// The campus as `caller`'s lookups read it.
    func campus(for caller: Caller) -> CampusContext {
        campus.revealing(view(for: caller))
    }

    /// The facts about a person the policy holds back from `caller`, given their relations.
    func withheld(from caller: Caller, relations: Relations) -> PersonFields {
        var fields: PersonFields = []
        var unconsented = relations
        unconsented.isConsented = false
        if policy.grant(.bannerId, to: caller, relations: unconsented) == nil { fields.insert(.bannerId) }
        // A consent shows classes, never the advisor.
        if policy.grant(.schedule, to: caller, relations: relations).map({ $0.principal == .consent }) ?? true { fields.insert(.advisor) }
        return fields
    }

    /// Requires someone logged in.
    func requireMember(_ caller: Caller) throws(CampusError) -> String {
        guard let username = caller.username else { throw .unauthenticated }
        return username
    }

    /// Appends disclosures to the access record; returns once committed.
    func record(_ disclosures: [Disclosure]) async throws(CampusError) {
        try await self.disclosures.record(disclosures)
    }

    /// ``record(_:)`` of what `caller` was shown; nothing of the operator's, who holds the index itself.
    func record(_ disclosures: [Disclosure], by caller: Caller) async throws(CampusError) {
        guard !caller.isOperator else { return }
        try await record(disclosures)
    }

    /// The caller `username` is: their affiliation and suppression from the index, their roles from the configuration.
    func caller(named username: String) throws(CampusError) -> Caller {
        try standingCaller(named: username).caller
    }

    /// ``caller(named:)`` with their standing in the directory and the index generation read, in one read.
    func standingCaller(named username: String) throws(CampusError) -> (caller: Caller, standing: DirectoryStanding, generation: Int64) {
        let username = username.lowercased()
        let found = try campus.revealing(.person(username)).read { reader in
            (person: try reader.person(username), standing: try reader.standing(of: username), generation: try reader.version().generation)
        }
        let caller = Caller(
            username: username, affiliation: found.person?.affiliation ?? .unknown,
            roles: configuration.roles(of: username), isSuppressed: found.standing.suppressed)
        return (caller, found.standing, found.generation)
    }
}

/// An answer and the facts about people in it that the policy withheld: `withheld` of
/// everyone, unless `withheldOf` names a person (by lower-cased username).
public struct Shown<Answer: Sendable>: Sendable {
    public var answer: Answer
    public var withheld: PersonFields
    public var withheldOf: [String: PersonFields]
    /// The consents of the person asked about that the answer was made under, as
    /// ``CampusService/consentTag(of:as:)`` tells them (empty when none).
    public var consents: String = ""

    public init(_ answer: Answer, withheld: PersonFields = [], withheldOf: [String: PersonFields] = [:]) {
        self.answer = answer
        self.withheld = withheld
        self.withheldOf = withheldOf
    }

    /// This answer, made under `consents`.
    func made(under consents: GivenConsents) -> Shown {
        var shown = self
        shown.consents = consents.tag
        return shown
    }

    /// What is withheld of the person `username`.
    public func withheld(of username: String) -> PersonFields {
        withheldOf[username.lowercased()] ?? withheld
    }
}
