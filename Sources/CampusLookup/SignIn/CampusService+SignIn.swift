import CampusCore
import Crypto
import Foundation
internal import CampusIndex
internal import SignIn

/// A sign-in sent to the campus's sign-in service: where to send the browser, and the
/// one-time value that ties its return to this browser (kept in a cookie until it comes back).
public struct SignInStart: Sendable {
    public var url: URL
    public var binding: String

    /// How long a sign-in may stay at the campus's sign-in service before its return is refused.
    public static let lifetime: TimeInterval = 600
}

/// What came back from the campus's sign-in service, as the callback's query holds it.
public struct SignInReturn: Sendable {
    /// The one-time value the sign-in was sent with (OIDC `state`, SAML `RelayState`; ours in the CAS service URL).
    public var state: String?
    /// SAML: the `SAMLResponse` posted, base64.
    public var samlResponse: String?
    /// OIDC: the code to trade, or the provider's `error`.
    public var code: String?
    public var error: String?
    /// CAS: the service ticket.
    public var ticket: String?

    public init(state: String?, samlResponse: String? = nil, code: String? = nil, error: String? = nil, ticket: String? = nil) {
        self.state = state
        self.samlResponse = samlResponse
        self.code = code
        self.error = error
        self.ticket = ticket
    }
}

/// What a return from the campus's sign-in service comes to.
public enum SignInOutcome: Sendable {
    /// Signed in: the session, and the path of this site to go on to.
    case signedIn(LoginAnswer, next: String)
    /// The person needs a second factor and did not use one: the sign-in starts again asking for it.
    case again(SignInStart)
}

extension CampusService {
    static var signInLifetime: TimeInterval { SignInStart.lifetime }

    /// Sends a sign-in to the campus's sign-in service, to come back to `next` (a path of this
    /// site, as the front end checked it).
    ///
    /// - Throws: ``CampusError/signInRefused(kind:words:detail:)`` when the service cannot be
    ///   reached, or is not configured.
    public func startSignIn(_ service: SignInService, next: String, keep: Bool, now: Date) async throws(CampusError) -> SignInStart {
        try await start(service, next: next, keep: keep, demandingMFA: configuration.signIn.mfa == .everyone, hint: nil, now: now)
    }

    /// Finishes a sign-in that came back to `service`'s callback: the return is the one this
    /// browser (`binding`, from its cookie) started, not yet used and not too old; the proof it
    /// carries (an ID token for its code, a CAS ticket) holds every check; the person is one of
    /// the directory; a second factor is asked for again when their role needs one.
    public func finishSignIn(
        _ service: SignInService, _ back: SignInReturn, binding: String?, userAgent: String?, now: Date
    ) async throws(CampusError) -> SignInOutcome {
        guard let state = back.state, !state.isEmpty, state.utf8.count <= 128, binding == state else {
            throw Self.refusal(SignInRefusal(.notStartedHere, "the return's state is not the one this browser's cookie holds"))
        }
        guard let pending = try await lookingUp({
            try await self.state.takePendingSignIn(key: Self.key(of: state), startedAfter: now.addingTimeInterval(-Self.signInLifetime))
        }), pending.method == service.rawValue else {
            throw Self.refusal(SignInRefusal(.notStartedHere, "no \(service.rawValue) sign-in started here in the last 10 minutes has this state"))
        }
        let identity: SignInIdentity
        do {
            identity = try await proof(service, back, state: state, pending: pending, now: now)
        } catch {
            throw Self.refusal(error)
        }
        let (caller, standing, generation) = try standingCaller(named: identity.username)
        guard standing.inDirectory else {
            throw .signInRefused(
                kind: "not-in-directory",
                words: "The campus sign-in service says you are \(VisibleText.escaped(identity.username)), but the campus directory this "
                    + "site reads has no such person. If your account is new, try again tomorrow; otherwise tell the help desk.",
                detail: "\(identity.username) signed in by \(service.rawValue) and is not in the directory index")
        }
        if !identity.usedMFA, try needsSecondFactor(caller) {
            // Asked for once more, where the service can be asked; refused where it cannot say.
            guard service != .cas, !pending.demandsMFA else {
                throw Self.refusal(SignInRefusal(.noMFA, "\(identity.username) needs a second factor; \(service.rawValue) said none was used"))
            }
            return .again(try await start(service, next: pending.next, keep: pending.keep, demandingMFA: true, hint: identity.username, now: now))
        }
        if caller.isSuppressed, view(for: caller) == .hidden {
            throw .signInRefused(
                kind: "not-shown", words: "This site's policy does not let you sign in while the directory hides you. Tell the help desk.",
                detail: "\(identity.username) is suppressed and the policy hides them from themselves")
        }
        let answer = try await startSession(for: caller, standing: standing, generation: generation, keep: pending.keep, userAgent: userAgent, now: now)
        try await link(answer, to: identity)
        return .signedIn(answer, next: pending.next)
    }

    /// Who the return's proof says signed in, once it holds.
    private func proof(
        _ service: SignInService, _ back: SignInReturn, state: String, pending: PendingSignIn, now: Date
    ) async throws(SignInRefusal) -> SignInIdentity {
        switch service {
        case .saml:
            guard let saml else { throw SignInRefusal(.unreadable, "SAML is not configured") }
            guard let response = back.samlResponse, !response.isEmpty else { throw SignInRefusal(.unreadable, "the post holds no SAMLResponse") }
            // The assertion's times are the IdP's: checked against the real clock, never a demo's.
            let signedIn = try await saml.finish(response: response, requestID: pending.nonce, demandedMFA: pending.demandsMFA, now: Date())
            let fresh: Bool
            do {
                fresh = try await self.state.useSignInProof(key: Self.key(of: signedIn.assertion), until: signedIn.usableUntil)
            } catch {
                throw SignInRefusal(.unreachable, "the record of used assertions cannot be written: \(error)")
            }
            guard fresh else { throw SignInRefusal(.notStartedHere, "the assertion \(signedIn.assertion) was used already") }
            return signedIn.identity
        case .openID:
            guard let party = openID else { throw SignInRefusal(.unreadable, "OpenID Connect is not configured") }
            if let error = back.error {
                throw SignInRefusal(.refusedByIdP, "the provider answered error=\(VisibleText.escaped(String(error.prefix(80))))")
            }
            guard let code = back.code, !code.isEmpty, code.utf8.count <= 2048 else { throw SignInRefusal(.unreadable, "the return holds no code") }
            // The token's times are the provider's: checked against the real clock, never a demo's.
            return try await party.finish(code: code, nonce: pending.nonce, verifier: pending.verifier, demandedMFA: pending.demandsMFA, now: Date())
        case .cas:
            guard let cas, let service = casService(state: state) else { throw SignInRefusal(.unreadable, "CAS is not configured") }
            guard let ticket = back.ticket, !ticket.isEmpty, ticket.utf8.count <= 2048 else {
                throw SignInRefusal(.refusedByIdP, "the return holds no ticket")
            }
            return try await cas.validate(ticket: ticket, service: service)
        }
    }

    private func start(
        _ service: SignInService, next: String, keep: Bool, demandingMFA: Bool, hint: String?, now: Date
    ) async throws(CampusError) -> SignInStart {
        var pending = PendingSignIn(
            key: "", method: service.rawValue, nonce: "", verifier: "", next: next, keep: keep && configuration.keptLifetime != nil,
            demandsMFA: demandingMFA, startedAt: now)
        let state: String, url: URL
        switch service {
        case .saml:
            guard let saml else { throw Self.refusal(SignInRefusal(.unreadable, "SAML is not configured")) }
            state = SignInNonce.make()
            let start: SAMLServiceProvider.Start
            do {
                start = try await saml.start(relayState: state, demandingMFA: demandingMFA, now: Date())
            } catch {
                throw Self.refusal(error)
            }
            (url, pending.nonce) = (start.url, start.requestID)
        case .openID:
            guard let party = openID else { throw Self.refusal(SignInRefusal(.unreadable, "OpenID Connect is not configured")) }
            let start: OpenIDRelyingParty.Start
            do {
                start = try await party.start(demandingMFA: demandingMFA, loginHint: hint, now: Date())
            } catch {
                throw Self.refusal(error)
            }
            (state, url, pending.nonce, pending.verifier) = (start.state, start.url, start.nonce, start.verifier)
        case .cas:
            state = SignInNonce.make()
            guard let cas, let service = casService(state: state) else { throw Self.refusal(SignInRefusal(.unreadable, "CAS is not configured")) }
            url = cas.loginURL(service: service)
        }
        pending.key = Self.key(of: state)
        let kept = pending
        try await lookingUp { try await self.state.addPendingSignIn(kept) }
        return SignInStart(url: url, binding: state)
    }

    /// This server's SAML metadata, for the IdP's registration; `nil` without SAML.
    public var samlMetadata: String? {
        get async { await saml?.metadata }
    }

    /// The service URL of a CAS sign-in: this site's callback, naming the sign-in's one-time value.
    private func casService(state: String) -> URL? {
        configuration.publicURL.flatMap { URL(string: $0 + SignInService.cas.callbackPath + "?state=" + state) }
    }

    /// Whether `caller` must sign in with a second factor: everyone's must, or those who see
    /// rosters (a role of the configuration, teaching in a term the index holds, advising).
    func needsSecondFactor(_ caller: Caller) throws(CampusError) -> Bool {
        switch configuration.signIn.mfa {
        case .off: return false
        case .everyone: return true
        case .roles:
            guard caller.roles.isEmpty, let username = caller.username else { return true }
            return try campus.read { reader in try !reader.teachingTerms(of: username).isEmpty || reader.advisesAnyone(username) }
        }
    }

    /// How a return's one-time value is kept: its SHA-256, so the store holds nothing a return could be forged from.
    static func key(of state: String) -> String {
        SHA256.hash(data: Data(state.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    static func refusal(_ refusal: SignInRefusal) -> CampusError {
        .signInRefused(kind: refusal.kind.rawValue, words: refusal.words, detail: refusal.detail)
    }
}
