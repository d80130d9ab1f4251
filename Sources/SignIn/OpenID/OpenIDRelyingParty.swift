import Foundation
import JWTKit

/// The server as an OpenID Connect relying party: the authorization code flow with PKCE
/// (S256), `state` and `nonce`, and the ID token checked with jwt-kit (OpenID Connect Core
/// §3.1.3.7): signed RS256 or ES256 by a key of the provider's JWKS, from its issuer, for this
/// client, in time, with the nonce the sign-in was started with.
///
/// ```swift
/// let party = OpenIDRelyingParty(settings: settings)
/// let start = try await party.start(demandingMFA: false)     // redirect the browser to start.url
/// let who = try await party.finish(code: code, nonce: start.nonce, verifier: start.verifier, demandedMFA: false, now: .now)
/// ```
public actor OpenIDRelyingParty {
    public let settings: OpenIDSettings
    private let http: IdentityProviderHTTP
    /// How long the discovery document is kept before it is fetched again.
    private let discoveryLifetime: TimeInterval
    /// The soonest the keys are fetched again for a token whose key id they lack.
    private let keyRefetchInterval: TimeInterval

    private var metadata: (document: OpenIDProviderMetadata, fetchedAt: Date)?
    private var failure: (refusal: SignInRefusal, at: Date)?
    private var keySet: OpenIDKeySet?
    /// When the keys were last fetched for a key id they lacked.
    private var lastRefetch: Date?

    public init(
        settings: OpenIDSettings, http: IdentityProviderHTTP = IdentityProviderHTTP(), discoveryLifetime: TimeInterval = 3600,
        keyRefetchInterval: TimeInterval = 60
    ) {
        self.settings = settings
        self.http = http
        self.discoveryLifetime = discoveryLifetime
        self.keyRefetchInterval = keyRefetchInterval
    }

    /// A sign-in started: where to send the browser, and the one-time values to keep until it comes back.
    public struct Start: Sendable {
        public var url: URL
        public var state: String
        public var nonce: String
        public var verifier: String
    }

    /// Starts a sign-in: the provider's authorization URL with a fresh `state`, `nonce` and
    /// PKCE verifier; with `demandingMFA`, `acr_values` asks for a second factor.
    public func start(demandingMFA: Bool, loginHint: String? = nil, now: Date = Date()) async throws(SignInRefusal) -> Start {
        let provider = try await discover(now: now)
        let state = SignInNonce.make(), nonce = SignInNonce.make(), verifier = SignInNonce.make()
        var query = [
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "client_id", value: settings.clientID),
            URLQueryItem(name: "redirect_uri", value: settings.redirectURI.absoluteString),
            URLQueryItem(name: "scope", value: "openid profile email"),
            URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "nonce", value: nonce),
            URLQueryItem(name: "code_challenge", value: SignInNonce.challenge(of: verifier)),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
        ]
        if demandingMFA { query.append(URLQueryItem(name: "acr_values", value: settings.mfaContext)) }
        if let loginHint { query.append(URLQueryItem(name: "login_hint", value: loginHint)) }
        guard var components = URLComponents(url: provider.authorizationEndpoint, resolvingAgainstBaseURL: false) else {
            throw SignInRefusal(.unreadable, "the authorization endpoint of \(settings.issuer) is no URL")
        }
        // '+' is a space to a form reader: written as %2B in every value.
        components.percentEncodedQueryItems = (components.percentEncodedQueryItems ?? []) + query.map {
            URLQueryItem(name: $0.name, value: $0.value.map { FormEncoding.encode($0).replacingOccurrences(of: "+", with: "%20") })
        }
        guard let url = components.url else { throw SignInRefusal(.unreadable, "the authorization URL of \(settings.issuer) cannot be made") }
        return Start(url: url, state: state, nonce: nonce, verifier: verifier)
    }

    /// Finishes a sign-in: trades `code` for tokens at the token endpoint (with the PKCE
    /// `verifier` and the client's secret) and checks the ID token.
    ///
    /// - Parameter demandedMFA: whether a second factor must have been used.
    public func finish(code: String, nonce: String, verifier: String, demandedMFA: Bool, now: Date) async throws(SignInRefusal)
        -> SignInIdentity
    {
        let provider = try await discover(now: now)
        let answer = try await http.post(
            provider.tokenEndpoint,
            form: [
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", settings.redirectURI.absoluteString),
                ("code_verifier", verifier),
            ],
            basic: (settings.clientID, settings.clientSecret), what: "the token endpoint")
        struct Tokens: Decodable { var id_token: String? }
        guard let idToken = (try? JSONDecoder().decode(Tokens.self, from: answer))?.id_token else {
            throw SignInRefusal(.unreadable, "the token endpoint of \(settings.issuer) answered with no ID token")
        }
        return try await identity(in: idToken, nonce: nonce, demandedMFA: demandedMFA, now: now)
    }

    /// The identity an ID token holds, once every check of OpenID Connect Core §3.1.3.7 holds.
    func identity(in token: String, nonce: String, demandedMFA: Bool, now: Date) async throws(SignInRefusal) -> SignInIdentity {
        let claims = try await verified(token, now: now)
        guard claims.issuer == settings.issuer else {
            throw SignInRefusal(.notTrusted, "the ID token's issuer is \(IdentityProviderHTTP.printable(claims.issuer)), not \(settings.issuer)")
        }
        guard claims.audience.contains(settings.clientID) else {
            throw SignInRefusal(.notTrusted, "the ID token is for \(IdentityProviderHTTP.printable(claims.audience.joined(separator: ", "))), not \(settings.clientID)")
        }
        if claims.audience.count > 1 || claims.authorizedParty != nil, claims.authorizedParty != settings.clientID {
            throw SignInRefusal(.notTrusted, "the ID token was given to \(IdentityProviderHTTP.printable(claims.authorizedParty ?? "no party named (azp)")), not \(settings.clientID)")
        }
        guard claims.expires.timeIntervalSince(now) > -settings.skew else {
            throw SignInRefusal(.notTrusted, "the ID token expired at \(claims.expires)")
        }
        guard !claims.hasLogoutEvent else { throw SignInRefusal(.notTrusted, "a logout token was given as an ID token") }
        guard claims.issuedAt.timeIntervalSince(now) < settings.skew else {
            throw SignInRefusal(.notTrusted, "the ID token was issued at \(claims.issuedAt), in the future")
        }
        guard let given = claims.nonce, given == nonce else {
            throw SignInRefusal(.notTrusted, "the ID token's nonce is not the one this sign-in sent")
        }
        guard let username = claims.texts[settings.usernameClaim]?.trimmingCharacters(in: .whitespaces).lowercased(), !username.isEmpty else {
            throw SignInRefusal(.noUsername, "the ID token has no claim \(settings.usernameClaim)")
        }
        let usedMFA = claims.authenticationContext == settings.mfaContext || claims.authenticationMethods.contains("mfa")
        if demandedMFA, !usedMFA {
            throw SignInRefusal(.noMFA, "\(IdentityProviderHTTP.printable(username)) signed in with acr \(IdentityProviderHTTP.printable(claims.authenticationContext ?? "none")) "
                + "and amr [\(IdentityProviderHTTP.printable(claims.authenticationMethods.joined(separator: ", ")))]; \(settings.mfaContext) was demanded")
        }
        let session = IdPSession(issuer: claims.issuer, subject: claims.texts["sub"] ?? "", session: claims.texts["sid"] ?? "", hint: token)
        return SignInIdentity(username: username, method: .oidc, usedMFA: usedMFA, idpSession: session)
    }

    /// Where to send the browser to log out at the provider too (RP-Initiated Logout 1.0): its
    /// `end_session_endpoint` with the session's ID token as the hint, coming back to
    /// `returnTo`; `nil` when the provider offers no such endpoint.
    public func logoutURL(for session: IdPSession, returnTo: URL, now: Date) async -> URL? {
        guard let endpoint = try? await discover(now: now).endSessionEndpoint,
            var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
        else { return nil }
        let query = [("id_token_hint", session.hint), ("client_id", settings.clientID), ("post_logout_redirect_uri", returnTo.absoluteString)]
        components.percentEncodedQueryItems = (components.percentEncodedQueryItems ?? []) + query.map {
            URLQueryItem(name: $0.0, value: FormEncoding.encode($0.1).replacingOccurrences(of: "+", with: "%20"))
        }
        return components.url
    }

    /// The session a back-channel logout token (Back-Channel Logout 1.0 §2.6) ends, once jwt-kit
    /// has checked its signature and it is from the issuer, for this client, recent, with the
    /// logout event, naming a `sid` or a `sub`, and no `nonce`.
    public func loggedOut(by token: String, now: Date) async throws(SignInRefusal) -> LogoutToken {
        let claims = try await verified(token, now: now)
        guard claims.issuer == settings.issuer, claims.audience.contains(settings.clientID) else {
            throw SignInRefusal(.notTrusted, "the logout token is from \(IdentityProviderHTTP.printable(claims.issuer)) for "
                + "\(IdentityProviderHTTP.printable(claims.audience.joined(separator: ", "))), not \(settings.issuer) for \(settings.clientID)")
        }
        guard abs(claims.issuedAt.timeIntervalSince(now)) < settings.skew + 300, claims.expires.timeIntervalSince(now) > -settings.skew else {
            throw SignInRefusal(.notTrusted, "the logout token was issued at \(claims.issuedAt) until \(claims.expires): not now")
        }
        guard claims.nonce == nil, claims.hasLogoutEvent else {
            throw SignInRefusal(.unreadable, "the token is no logout token (a nonce, or no back-channel logout event)")
        }
        let subject = claims.texts["sub"], session = claims.texts["sid"]
        guard subject != nil || session != nil else { throw SignInRefusal(.unreadable, "the logout token names neither a sid nor a sub") }
        guard let id = claims.texts["jti"], !id.isEmpty, id.utf8.count <= 256 else { throw SignInRefusal(.unreadable, "the logout token has no jti") }
        return LogoutToken(subject: subject, session: session, id: id, usableUntil: claims.expires.addingTimeInterval(settings.skew))
    }

    /// The token's claims once jwt-kit has checked its signature with the provider's key: the
    /// keys fetched again, at most once per ``keyRefetchInterval``, for a key id they lack.
    private func verified(_ token: String, now: Date) async throws(SignInRefusal) -> IDTokenClaims {
        let header = try JOSEHeader.read(token)
        guard ["RS256", "ES256"].contains(header.alg) else {
            throw SignInRefusal(.notTrusted, "the ID token is signed with \(IdentityProviderHTTP.printable(header.alg ?? "nothing")); only RS256 and ES256 are accepted")
        }
        var keys = try await signingKeys(now: now, refetching: false)
        if let kid = header.kid, !keys.identifiers.contains(kid) {
            keys = try await signingKeys(now: now, refetching: true)
            guard keys.identifiers.contains(kid) else {
                throw SignInRefusal(.notTrusted, "the ID token is signed with key \(IdentityProviderHTTP.printable(kid)), which \(settings.issuer) does not publish")
            }
        }
        do {
            return try await keys.keys.verify(token, as: IDTokenClaims.self)
        } catch {
            throw SignInRefusal(.notTrusted, "the ID token's signature does not hold: \(error)")
        }
    }

    /// The provider's discovery document, kept for ``discoveryLifetime``; a failure to have it is
    /// kept for ``failureLifetime``, so that sign-ins while the provider is down do not each ask it.
    private func discover(now: Date) async throws(SignInRefusal) -> OpenIDProviderMetadata {
        if let metadata, now.timeIntervalSince(metadata.fetchedAt) < discoveryLifetime { return metadata.document }
        if let failure, now.timeIntervalSince(failure.at) < Self.failureLifetime { throw failure.refusal }
        let base = settings.issuer.hasSuffix("/") ? String(settings.issuer.dropLast()) : settings.issuer
        guard let url = URL(string: base + "/.well-known/openid-configuration") else {
            throw SignInRefusal(.unreadable, "the issuer \(settings.issuer) is no URL")
        }
        do {
            let document = try OpenIDProviderMetadata.read(try await http.get(url, what: "the discovery document"), for: settings.issuer)
            metadata = (document, now)
            failure = nil
            return document
        } catch {
            failure = (error, now)
            throw error
        }
    }

    /// How long a failed discovery is answered from memory.
    static let failureLifetime: TimeInterval = 15

    private func signingKeys(now: Date, refetching: Bool) async throws(SignInRefusal) -> OpenIDKeySet {
        if let keySet {
            guard refetching, lastRefetch.map({ now.timeIntervalSince($0) >= keyRefetchInterval }) ?? true else { return keySet }
            lastRefetch = now
        }
        let url = try await discover(now: now).jwksURI
        let keys = try await OpenIDKeySet.read(try await http.get(url, what: "the signing keys"), from: url)
        keySet = keys
        return keys
    }
}

/// What a checked back-channel logout token says: whose sessions end, and what makes it used once.
public struct LogoutToken: Sendable, Hashable {
    /// The provider's `sub`, and its session's `sid`: at least one of the two.
    public var subject: String?
    public var session: String?
    /// Its `jti`: a token is used once, until it expires.
    public var id: String
    public var usableUntil: Date
}
