import CampusCore
import Foundation
internal import CampusIndex
internal import Directory
internal import SignIn

/// What a log-in answers: the token (given once), when the session ends, and who logged in.
public struct LoginAnswer: Sendable {
    public var token: String
    public var session: Session
    public var caller: Caller
    public var person: Person?
    /// When the session ends if not used: the earlier of its absolute end and the idle limit.
    public var expiresAt: Date
}

/// The session a request carries, with who it is.
public struct SessionAnswer: Sendable {
    public var session: Session
    public var caller: Caller
    public var person: Person?
    public var expiresAt: Date
}

extension CampusService {
    /// A failed log-in takes at least this long, whatever failed: unknown users and wrong
    /// passwords cannot be told apart by timing.
    static let failureFloor: Duration = .milliseconds(400)

    /// `POST /v1/session`: checks the password against the directory (never keeping it)
    /// and starts a session.
    ///
    /// Unknown user, wrong or empty password, disabled account, and (under a policy that
    /// hides them from themselves) a suppressed person all get ``CampusError/loginFailed``
    /// after the same ``failureFloor``. An empty password never reaches the directory (an
    /// unauthenticated bind can succeed). Each attempt is counted, before the directory is
    /// asked, per username at the client's address and per address (``LoginThrottle``); past
    /// a limit every attempt under that key is refused with
    /// ``CampusError/loginThrottled(retryAfter:)`` without asking the directory.
    ///
    /// - Parameters:
    ///   - address: the client's address (after trusted proxies).
    ///   - keep: "keep me signed in on this device": the session has no idle limit and lasts
    ///     ``ServerConfiguration/keptLifetime`` after its last use (ignored where not offered).
    ///   - userAgent: the client's `User-Agent`, to name the device in the caller's list of log-ins.
    public func logIn(
        username rawUsername: String, password: String, address: String, keep: Bool = false, userAgent: String? = nil, now: Date
    ) async throws(CampusError) -> LoginAnswer {
        let started = ContinuousClock.now
        let name = LoginName(rawUsername)
        let account = name?.account ?? rawUsername.trimmingCharacters(in: .whitespaces).lowercased()
        let network = ThrottledNetwork(address).key
        let pair = LoginAttemptKey.pair(username: String(account.prefix(256)), address: network)
        let attempt: [Int64]
        switch try await lookingUp({ try await state.beginLoginAttempt([pair, .address(network)], throttle: configuration.throttle, at: now) }) {
        case .locked(let until):
            throw .loginThrottled(retryAfter: max(1, Int(until.timeIntervalSince(now).rounded(.up))))
        case .begun(let rows):
            attempt = rows
        }
        guard name != nil, !password.isEmpty else {
            await noteFailedLogIn(pair, account: account, network: network, now: now)
            try await fail(started: started)
        }
        guard let login else {
            try? await state.abandonLoginAttempt(attempt)
            throw .directory("log-in needs the campus directory: no directory server is configured (directory.url and directory.base)")
        }
        let username: String
        do {
            username = try await login.check(rawUsername, password: password)
            noteDirectory(answered: true, now: now)
        } catch .loginFailed {
            noteDirectory(answered: true, now: now)
            await noteFailedLogIn(pair, account: account, network: network, now: now)
            try await fail(started: started)
        } catch {
            noteDirectory(answered: false, detail: error.description, now: now)
            // Unanswered is no failure: an outage locks nobody out.
            try? await state.abandonLoginAttempt(attempt)
            throw error
        }
        let (caller, standing, generation) = try standingCaller(named: username)
        if caller.isSuppressed, view(for: caller) == .hidden { try await fail(started: started) }
        // A password is one factor: whom a second is demanded of signs in at the sign-in service.
        if try needsSecondFactor(caller) {
            try? await state.abandonLoginAttempt(attempt)
            throw Self.refusal(SignInRefusal(.noMFA, "\(username) gave the right password, and a second factor is demanded of them"))
        }
        return try await startSession(for: caller, standing: standing, generation: generation, keep: keep, userAgent: userAgent, now: now) {
            session throws(CampusError) in try await lookingUp { try await self.state.logInSucceeded(attempt, forgetting: pair, session: session) }
        }
    }

    /// A new session of `caller`, whoever checked who they are: what an earlier holder of the
    /// username kept forgotten, the session stored (by `store`, else on its own) and remembered.
    func startSession(
        for caller: Caller, standing: DirectoryStanding, generation: Int64, keep: Bool, userAgent: String?, device: String? = nil, now: Date,
        store: ((Session) async throws(CampusError) -> Void)? = nil
    ) async throws(CampusError) -> LoginAnswer {
        let username = try requireMember(caller)
        // Someone held this username before them: what was kept under it is none of theirs.
        if let arrived = standing.arrivedAt { try await lookingUp { try await state.forget(username, before: arrived) } }
        let token = SessionToken.make()
        let kept = keep ? configuration.keptLifetime : nil
        let session = Session(
            tokenHash: SessionToken.hash(token), username: username, createdAt: now, lastUsedAt: now,
            expiresAt: now.addingTimeInterval(kept ?? configuration.sessionLifetime), isKept: kept != nil,
            device: device ?? DeviceName.of(userAgent: userAgent))
        if let store {
            try await store(session)
        } else {
            try await lookingUp { try await state.addSession(session) }
        }
        sessions.withLock { $0[session.tokenHash] = CachedSession(session: session, caller: caller, checkedAt: now, generation: generation) }
        return LoginAnswer(
            token: token, session: session, caller: caller, person: try person(of: caller),
            expiresAt: session.endsAt(idle: configuration.idleLimit))
    }

    /// The caller a request's token stands for, the session marked used.
    ///
    /// - Throws: ``CampusError/unauthenticated`` for a token that is malformed, unknown,
    ///   revoked, past its end or idle too long.
    public func caller(token: String, now: Date) async throws(CampusError) -> Caller {
        try await resolve(token: token, now: now).found.caller
    }

    /// ``caller(token:now:)``, and whether the answer should renew the session's cookie: a kept
    /// session whose end this use moved on (at most once per ``touchInterval``).
    public func signedIn(token: String, now: Date) async throws(CampusError) -> (caller: Caller, renewsCookie: Bool) {
        let resolved = try await resolve(token: token, now: now)
        return (resolved.found.caller, resolved.touched && resolved.found.session.isKept)
    }

    /// `GET /v1/session`: the session the token stands for.
    public func session(token: String, now: Date) async throws(CampusError) -> SessionAnswer {
        let cached = try await resolve(token: token, now: now).found
        return SessionAnswer(
            session: cached.session, caller: cached.caller, person: try person(of: cached.caller),
            expiresAt: cached.session.endsAt(idle: configuration.idleLimit))
    }

    /// `DELETE /v1/session`: ends the session at once; where to log out at the campus's
    /// sign-in service too, when the session came from it.
    @discardableResult
    public func logOut(token: String) async throws(CampusError) -> LogOutAnswer {
        guard SessionToken.isWellFormed(token) else { throw .unauthenticated }
        let hash = SessionToken.hash(token)
        let link = try await lookingUp { try await state.signInLink(tokenHash: hash) }
        sessions.withLock { _ = $0.removeValue(forKey: hash) }
        let removed = try await lookingUp { try await state.removeSession(tokenHash: hash) }
        // Again: a request that read the session before it was removed may have cached it since.
        sessions.withLock { _ = $0.removeValue(forKey: hash) }
        guard removed else { throw .unauthenticated }
        return await logoutAtIdP(link, now: Date())
    }

    /// Removes ended sessions, old failed log-ins and lockouts, expired links and disclosures past the retention.
    public func removeExpired(now: Date) async throws(CampusError) {
        _ = try await lookingUp { try await state.removeEndedSessions(at: now, idle: configuration.idleLimit) }
        _ = try await lookingUp { try await state.removeLoginFailures(before: now.addingTimeInterval(-configuration.throttle.horizon)) }
        _ = try await lookingUp { try await state.removeLockouts(before: now.addingTimeInterval(-Self.lockoutsKept)) }
        _ = try await lookingUp { try await state.removePendingSignIns(before: now.addingTimeInterval(-Self.signInLifetime)) }
        _ = try await lookingUp { try await state.removeUsedSignInProofs(before: Date()) }
        _ = try await lookingUp { try await state.removeEndedSignInLinks() }
        _ = try await lookingUp { try await state.removeEndedShares(at: now) }
        _ = try await lookingUp { try await state.removeDisclosures(before: now.addingTimeInterval(-configuration.auditRetention)) }
        sessions.withLock { cache in
            cache = cache.filter { $0.value.session.isValid(at: now, idle: configuration.idleLimit) }
        }
    }

    /// `DELETE /v1/me/sessions`: ends every session of the caller, on every device, this one
    /// included; how many ended.
    public func logOutEverywhere(as caller: Caller) async throws(CampusError) -> Int {
        let username = try requireMember(caller)
        let ended = try await lookingUp { try await state.removeSessions(username: username, except: nil) }
        forgetSessions { $0.username == username }
        return ended
    }

    /// Forgets the remembered sessions `ended` picks, as their rows have just been removed.
    func forgetSessions(_ ended: (Session) -> Bool) {
        sessions.withLock { cache in cache = cache.filter { !ended($0.value.session) } }
    }

    /// The session a token stands for, from memory when it was read recently and no sync has
    /// written the index since; else from the store, with its person's standing read again. A
    /// session made before its person left the directory or changed their password has ended:
    /// it is removed from the store. `touched`: whether this use was written to the store.
    private func resolve(token: String, now: Date) async throws(CampusError) -> (found: CachedSession, touched: Bool) {
        guard SessionToken.isWellFormed(token) else { throw .unauthenticated }
        let hash = SessionToken.hash(token)
        let idle = configuration.idleLimit
        let generation = try indexVersion(now: now).generation
        if var cached = sessions.withLock({ $0[hash] }), now.timeIntervalSince(cached.checkedAt) < Self.sessionCacheTime,
           cached.generation == generation {
            if try state.isShared {
                // Another server may have ended it (a log-out, a revocation): the store says, every time.
                guard let stored = try await lookingUp({ try await state.session(tokenHash: hash) }).map(asConfigured) else {
                    sessions.withLock { _ = $0.removeValue(forKey: hash) }
                    throw .unauthenticated
                }
                cached.session = stored
            }
            guard cached.session.isValid(at: now, idle: idle) else { throw .unauthenticated }
            guard now.timeIntervalSince(cached.session.lastUsedAt) >= touchInterval else { return (cached, false) }
            try await touch(&cached.session, now: now)
            sessions.withLock { $0[hash] = cached }
            return (cached, true)
        }
        guard var session = try await lookingUp({ try await state.session(tokenHash: hash) }).map(asConfigured),
              session.isValid(at: now, idle: idle) else {
            sessions.withLock { _ = $0.removeValue(forKey: hash) }
            throw .unauthenticated
        }
        let found = try standingCaller(named: session.username)
        guard found.standing.keeps(madeAt: session.createdAt) else {
            sessions.withLock { _ = $0.removeValue(forKey: hash) }
            _ = try await lookingUp { try await state.removeSession(tokenHash: hash) }
            throw .unauthenticated
        }
        let touched = now.timeIntervalSince(session.lastUsedAt) >= touchInterval
        if touched { try await touch(&session, now: now) }
        let cached = CachedSession(session: session, caller: found.caller, checkedAt: now, generation: found.generation)
        sessions.withLock { $0[hash] = cached }
        return (cached, touched)
    }

    /// Marks `session` used at `now`, in the store and in `session`; a kept one's end moves on.
    private func touch(_ session: inout Session, now: Date) async throws(CampusError) {
        let keptUntil = session.isKept ? configuration.keptLifetime.map(now.addingTimeInterval) : nil
        let hash = session.tokenHash
        try await lookingUp { try await state.touchSession(tokenHash: hash, at: now, keptUntil: keptUntil) }
        session.lastUsedAt = now
        if let keptUntil { session.expiresAt = max(session.expiresAt, keptUntil) }
    }

    /// A session is marked used in the store at most this often (a tenth of the idle limit, at
    /// most a minute): most requests read nothing and write nothing.
    var touchInterval: TimeInterval { min(60, configuration.idleLimit / 10) }

    /// Waits out the floor and refuses; the attempt stays counted as a failure.
    private func fail(started: ContinuousClock.Instant) async throws(CampusError) -> Never {
        try? await Task.sleep(until: started + Self.failureFloor, clock: .continuous)
        throw .loginFailed
    }

    /// The person logged in, as they see themselves.
    func person(of caller: Caller) throws(CampusError) -> Person? {
        guard let username = caller.username else { return nil }
        return try campus.revealing(.person(username)).read { reader in try reader.person(username) }
    }
}
