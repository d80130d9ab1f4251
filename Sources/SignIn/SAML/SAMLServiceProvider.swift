import Foundation

/// The server as a SAML 2.0 service provider: SP-initiated Web SSO, the `AuthnRequest` by
/// HTTP-Redirect and the `Response` by HTTP-POST, signatures checked by xmlsec1.
///
/// ```swift
/// let sp = SAMLServiceProvider(settings: settings)
/// let start = try await sp.start(relayState: state, demandingMFA: false, now: .now)   // redirect to start.url
/// let signIn = try await sp.finish(response: form["SAMLResponse"], requestID: start.requestID, demandedMFA: false, now: .now)
/// ```
public actor SAMLServiceProvider {
    public let settings: SAMLSettings
    private let http: IdentityProviderHTTP
    private var provider: (description: SAMLIdentityProvider, readAt: Date)?

    public init(settings: SAMLSettings, http: IdentityProviderHTTP = IdentityProviderHTTP()) {
        self.settings = settings
        self.http = http
    }

    /// A sign-in sent to the IdP: where to send the browser, and the request's ID its answer must name.
    public struct Start: Sendable {
        public var url: URL
        public var requestID: String
    }

    /// A sign-in the IdP vouched for: who, and what single use and single logout need.
    public struct SignedIn: Sendable {
        public var identity: SignInIdentity
        /// The assertion's issuer and ID: used once, until ``usableUntil``.
        public var assertion: String
        public var usableUntil: Date
    }

    /// Starts a sign-in: the IdP's sign-in address with a fresh `AuthnRequest` and `relayState`.
    public func start(relayState: String, demandingMFA: Bool, now: Date) async throws(SignInRefusal) -> Start {
        let provider = try await identityProvider(now: now)
        let id = SAMLMessages.makeID()
        let request = SAMLMessages.authnRequest(id: id, to: provider, settings: settings, demandingMFA: demandingMFA, now: now)
        return Start(url: try SAMLMessages.redirect(to: provider.singleSignOn, message: request, relayState: relayState), requestID: id)
    }

    /// Checks the response the IdP posted (`SAMLResponse`, base64) to the request `requestID`:
    /// signed by the IdP, from it, to this server, in answer to that request, in time, naming
    /// the person by the configured attribute, with a second factor when one was demanded.
    public func finish(response: String, requestID: String, demandedMFA: Bool, now: Date) async throws(SignInRefusal) -> SignedIn {
        guard response.utf8.count <= 1 << 20, let bytes = Data(base64Encoded: response, options: .ignoreUnknownCharacters), !bytes.isEmpty else {
            throw SignInRefusal(.unreadable, "SAMLResponse is not base64 of at most 1 MiB")
        }
        let provider = try await identityProvider(now: now)
        return try Self.check(Array(bytes), from: provider, settings: settings, requestID: requestID, demandedMFA: demandedMFA, now: now)
    }

    /// ``finish(response:requestID:demandedMFA:now:)`` on the response's XML, with the IdP as
    /// `provider` describes it: every check, nothing fetched (what the fuzz target reads with).
    public static func check(
        _ bytes: [UInt8], from provider: SAMLIdentityProvider, settings: SAMLSettings, requestID: String, demandedMFA: Bool, now: Date
    ) throws(SignInRefusal) -> SignedIn {
        let reader = SAMLResponseReader(provider: provider, settings: settings)
        let (assertion, destination, inResponseTo) = try reader.read(bytes)
        let acs = settings.assertionConsumer.absoluteString
        if let destination, destination != acs {
            throw SignInRefusal(.notTrusted, "the response is addressed to '\(destination)', not this server's \(acs)")
        }
        guard inResponseTo == nil || inResponseTo == requestID else {
            throw SignInRefusal(.notStartedHere, "the response answers request '\(inResponseTo ?? "")', not this browser's \(requestID)")
        }
        try check(assertion, provider: provider, settings: settings, requestID: requestID, now: now)
        let usedMFA = assertion.authenticationContexts.contains(settings.mfaContext)
        if demandedMFA, !usedMFA {
            throw SignInRefusal(.noMFA, "a second factor was asked for and the assertion says \(assertion.authenticationContexts)")
        }
        let username = try username(in: assertion, provider: provider, settings: settings)
        let until = [assertion.notOnOrAfter, assertion.confirmations.compactMap(\.notOnOrAfter).max()].compactMap { $0 }.max() ?? now
        let session = assertion.nameID.map {
            IdPSession(issuer: assertion.issuer, subject: $0, session: assertion.sessionIndex ?? "", hint: assertion.nameIDFormat ?? "")
        }
        return SignedIn(
            identity: SignInIdentity(username: username, method: .saml, usedMFA: usedMFA, idpSession: session),
            assertion: assertion.issuer + " " + assertion.id, usableUntil: until.addingTimeInterval(settings.skew))
    }

    /// This server's metadata, for the IdP's registration (`/saml/metadata`).
    public var metadata: String { SAMLMessages.metadata(settings) }

    /// The assertion is the IdP's, for this server, answering `requestID`, and in time.
    private static func check(
        _ assertion: SAMLAssertion, provider: SAMLIdentityProvider, settings: SAMLSettings, requestID: String, now: Date
    ) throws(SignInRefusal) {
        guard assertion.issuer == provider.entityID else {
            throw SignInRefusal(.notTrusted, "the assertion was issued by '\(assertion.issuer)', not the IdP '\(provider.entityID)'")
        }
        let skew = settings.skew
        if let notBefore = assertion.notBefore, notBefore > now.addingTimeInterval(skew) {
            throw SignInRefusal(.notTrusted, "the assertion is not valid before \(SAMLTime.format(notBefore)) (now \(SAMLTime.format(now)))")
        }
        if let notOnOrAfter = assertion.notOnOrAfter, notOnOrAfter <= now.addingTimeInterval(-skew) {
            throw SignInRefusal(.notTrusted, "the assertion expired at \(SAMLTime.format(notOnOrAfter)) (now \(SAMLTime.format(now)))")
        }
        guard !assertion.audienceRestrictions.isEmpty, assertion.audienceRestrictions.allSatisfy({ $0.contains(settings.entityID) }) else {
            throw SignInRefusal(.notTrusted, "the assertion's audience \(assertion.audienceRestrictions) is not this server (\(settings.entityID))")
        }
        let acs = settings.assertionConsumer.absoluteString
        let fitting = assertion.confirmations.filter { confirmation in
            confirmation.recipient == acs && confirmation.inResponseTo == requestID
                && confirmation.notOnOrAfter.map { $0 > now.addingTimeInterval(-skew) } == true
                && confirmation.notBefore.map { $0 <= now.addingTimeInterval(skew) } != false
        }
        guard !fitting.isEmpty else {
            let said = assertion.confirmations.map {
                "recipient \($0.recipient ?? "none"), in response to \($0.inResponseTo ?? "none"), until "
                    + ($0.notOnOrAfter.map(SAMLTime.format) ?? "never")
            }
            throw SignInRefusal(
                .notTrusted,
                "no bearer confirmation of the assertion is for \(acs), answering \(requestID), now \(SAMLTime.format(now)): \(said)")
        }
    }

    /// The username the configured attribute gives: one value; a scoped one (`name@scope`)
    /// only in a scope of the IdP's metadata, and then without it.
    private static func username(in assertion: SAMLAssertion, provider: SAMLIdentityProvider, settings: SAMLSettings) throws(SignInRefusal) -> String {
        let values = Set(settings.usernameAttributeNames.flatMap { assertion.attributes[$0] ?? [] }.filter { !$0.isEmpty })
        guard let value = values.first else {
            throw SignInRefusal(.noUsername, "the assertion has no attribute \(settings.usernameAttribute) (it has \(assertion.attributes.keys.sorted()))")
        }
        guard values.count == 1 else { throw SignInRefusal(.noUsername, "the attribute \(settings.usernameAttribute) has \(values.count) values") }
        guard settings.usernameAttribute == "eduPersonPrincipalName" else { return value.lowercased() }
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, provider.scopes.contains(parts[1].lowercased()) else {
            throw SignInRefusal(.notTrusted, "'\(value)' is not scoped in the IdP's scopes \(provider.scopes)")
        }
        return parts[0].lowercased()
    }

    /// The IdP as its metadata describes it: read once from a file, again every
    /// `settings.refresh` from an address (the last good one kept while the address fails).
    func identityProvider(now: Date) async throws(SignInRefusal) -> SAMLIdentityProvider {
        switch settings.metadata {
        case .file(let path):
            if let provider { return provider.description }
            guard let bytes = FileManager.default.contents(atPath: path) else {
                throw SignInRefusal(.unreadable, "the IdP's metadata file \(path) cannot be read")
            }
            let description = try SAMLIdentityProvider.read(metadata: Array(bytes), signer: settings.metadataSigner)
            provider = (description, now)
            return description
        case .url(let url):
            if let provider, now.timeIntervalSince(provider.readAt) < settings.refresh { return provider.description }
            do {
                let bytes = try await http.get(url, what: "the IdP's metadata")
                let description = try SAMLIdentityProvider.read(metadata: Array(bytes), signer: settings.metadataSigner)
                provider = (description, now)
                return description
            } catch {
                guard let provider else { throw error }
                return provider.description
            }
        }
    }
}
