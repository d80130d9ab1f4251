import CampusCore
import Foundation
internal import CampusIndex
internal import SignIn

/// Where a browser goes to log out at the campus's sign-in service too.
public struct IdPLogout: Sendable {
    /// The IdP's logout address.
    public var url: URL
    /// The form to post there (SAML's HTTP-POST binding); empty: the browser goes there by GET.
    public var fields: [(name: String, value: String)]
}

/// What a log-out comes to at the campus's sign-in service.
public struct LogOutAnswer: Sendable {
    /// Where the browser goes to log out there too, when the session came from it and it takes logouts.
    public var atIdP: IdPLogout?
    /// Why the IdP could not be asked to log out too, for the log.
    public var notAtIdP: String?

    init(atIdP: IdPLogout? = nil, notAtIdP: String? = nil) {
        self.atIdP = atIdP
        self.notAtIdP = notAtIdP
    }
}

/// Single logout: a session that came from the campus's sign-in service ends with the IdP's
/// session, whichever side logs out first, on every server sharing the user state.
extension CampusService {
    /// Keeps which IdP session the session `answer` came from, when the proof named one.
    func link(_ answer: LoginAnswer, to identity: SignInIdentity) async throws(CampusError) {
        guard let session = identity.idpSession else { return }
        let link = SignInLink(
            tokenHash: SessionToken.hash(answer.token), method: identity.method.rawValue, issuer: session.issuer, subject: session.subject,
            session: session.session, hint: session.hint)
        try await lookingUp { try await state.addSignInLink(link) }
    }

    /// Where to log out at the IdP once a session of `link` ended here: a SAML `LogoutRequest`
    /// to post, the OpenID provider's end-session address; none when the session did not come
    /// from one, or it offers no logout.
    func logoutAtIdP(_ link: SignInLink?, now: Date) async -> LogOutAnswer {
        guard let link else { return LogOutAnswer() }
        let session = IdPSession(issuer: link.issuer, subject: link.subject, session: link.session, hint: link.hint)
        switch link.method {
        case SignInMethod.saml.rawValue:
            do {
                return LogOutAnswer(atIdP: try await saml?.logoutRequest(for: session, now: now).map { IdPLogout(url: $0.url, fields: $0.fields) })
            } catch {
                return LogOutAnswer(notAtIdP: error.detail)
            }
        case SignInMethod.oidc.rawValue:
            guard let openID, let back = configuration.publicURL.flatMap({ URL(string: $0 + "/login") }) else { return LogOutAnswer() }
            return LogOutAnswer(atIdP: await openID.logoutURL(for: session, returnTo: back, now: now).map { IdPLogout(url: $0, fields: []) })
        default:
            return LogOutAnswer()
        }
    }

    /// `POST /saml/slo`: the IdP's logout request (its sessions here end, on every server; the
    /// answer to post back), or its answer to ours (`nil`: on to the log-in page).
    public func receiveSAMLLogout(request: String?, response: String?, relayState: String?) async throws(CampusError) -> IdPLogout? {
        guard let saml else { throw Self.refusal(SignInRefusal(.unreadable, "SAML is not configured")) }
        let message: SAMLLogoutMessage
        do {
            message = try await saml.receiveLogout(request: request, response: response, relayState: relayState, now: Date())
        } catch {
            throw Self.refusal(error)
        }
        guard case .request(let issuer, let subject, let indexes, let reply, let proof, let until) = message else { return nil }
        try await useOnce(proof, until: until, what: "the logout request")
        for index in indexes.isEmpty ? [nil] : indexes.map(Optional.some) {
            try await endSessions(.saml, issuer: issuer, subject: subject, session: index)
        }
        return IdPLogout(url: reply.url, fields: reply.fields)
    }

    /// `POST /oidc/backchannel-logout`: the OpenID provider's logout token; the sessions of the
    /// provider's session (or of its subject) end at once, on every server.
    public func backChannelLogout(token: String) async throws(CampusError) {
        guard let openID else { throw Self.refusal(SignInRefusal(.unreadable, "OpenID Connect is not configured")) }
        guard !token.isEmpty, token.utf8.count <= 16_384 else { throw Self.refusal(SignInRefusal(.unreadable, "no logout_token was posted")) }
        let ended: LogoutToken
        do {
            ended = try await openID.loggedOut(by: token, now: Date())
        } catch {
            throw Self.refusal(error)
        }
        try await useOnce(openID.settings.issuer + " logout-token " + ended.id, until: ended.usableUntil, what: "the logout token")
        try await endSessions(.oidc, issuer: openID.settings.issuer, subject: ended.subject, session: ended.session)
    }

    /// Records the IdP's logout message `proof` as used, refusing it when it was used already.
    private func useOnce(_ proof: String, until: Date, what: String) async throws(CampusError) {
        guard try await lookingUp({ try await state.useSignInProof(key: Self.key(of: proof), until: until) }) else {
            throw Self.refusal(SignInRefusal(.notStartedHere, "\(what) \(proof) was used already"))
        }
    }

    /// Ends the sessions of an IdP session, in the store and in this server's memory.
    private func endSessions(_ method: SignInMethod, issuer: String, subject: String?, session: String?) async throws(CampusError) {
        let hashes = Set(
            try await lookingUp {
                try await state.endSignedInSessions(method: method.rawValue, issuer: issuer, subject: subject, session: session)
            })
        sessions.withLock { cache in cache = cache.filter { !hashes.contains($0.key) } }
    }
}
