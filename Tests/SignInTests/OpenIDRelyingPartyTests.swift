import Crypto
import Foundation
import JWTKit
import SlapdHarness
import Testing

@testable import SignIn

/// The OpenID Connect relying party against a provider on loopback whose tokens the test
/// writes: every check of an ID token, each refusal named.
@Suite("OpenID Connect: the relying party's checks", .serialized)
struct OpenIDRelyingPartyTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    func party(_ provider: LoopbackOpenIDProvider, timeout: Duration = .seconds(60)) -> OpenIDRelyingParty {
        OpenIDRelyingParty(
            settings: OpenIDSettings(
                issuer: provider.issuer, clientID: LoopbackOpenIDProvider.clientID, clientSecret: LoopbackOpenIDProvider.secret,
                redirectURI: URL(string: "https://campus.example.edu/oidc/callback")!),
            http: IdentityProviderHTTP(timeout: timeout))
    }

    /// The refusal `token` meets, or `nil` when it is accepted.
    func refusal(_ party: OpenIDRelyingParty, _ token: String, nonce: String = "n1", mfa: Bool = false) async -> SignInRefusal? {
        do {
            _ = try await party.identity(in: token, nonce: nonce, demandedMFA: mfa, now: now)
            return nil
        } catch {
            return error
        }
    }

    @Test("the authorization URL carries state, nonce and an S256 challenge of the verifier; acr_values only when MFA is demanded")
    func authorizationURL() async throws {
        let provider = try await LoopbackOpenIDProvider.start()
        defer { provider.stop() }
        let party = party(provider)
        let start = try await party.start(demandingMFA: false, now: now)
        let items = try #require(URLComponents(url: start.url, resolvingAgainstBaseURL: false)?.queryItems)
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        #expect(start.url.absoluteString.hasPrefix(provider.issuer + "/authorize?tenant=a+b&"), "the endpoint's own query is kept")
        #expect(value("state") == start.state && value("nonce") == start.nonce && value("client_id") == "campus-lookup")
        #expect(value("response_type") == "code" && value("scope") == "openid profile email" && value("code_challenge_method") == "S256")
        let digest = Data(SHA256.hash(data: Data(start.verifier.utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        #expect(value("code_challenge") == digest && value("acr_values") == nil)
        #expect(Set([start.state, start.nonce, start.verifier]).count == 3 && start.verifier.count >= 43)
        let strict = try await party.start(demandingMFA: true, now: now)
        #expect(URLComponents(url: strict.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "acr_values" }?.value
            == OpenIDSettings.refedsMFA)
        #expect(strict.state != start.state)
    }

    @Test("a code is traded with the verifier and the client's secret, and the ID token names its person")
    func finish() async throws {
        let provider = try await LoopbackOpenIDProvider.start()
        defer { provider.stop() }
        let party = party(provider)
        let start = try await party.start(demandingMFA: false, now: now)
        provider.tokenToGive.withLock { $0 = nil }
        let token = try await provider.sign(provider.claims(nonce: start.nonce, now: now))
        provider.tokenToGive.withLock { $0 = token }
        let who = try await party.finish(code: LoopbackOpenIDProvider.code, nonce: start.nonce, verifier: start.verifier, demandedMFA: false, now: now)
        #expect(who.username == "brennam" && who.method == .oidc && !who.usedMFA)
        #expect(who.idpSession == IdPSession(issuer: provider.issuer, subject: "subject-brennam", session: "provider-session-1", hint: token),
                "the provider's session, for single logout")
        #expect(provider.lastVerifier.withLock { $0 } == start.verifier)
        await #expect { try await party.finish(code: "stolen", nonce: start.nonce, verifier: start.verifier, demandedMFA: false, now: now) }
            throws: { ($0 as? SignInRefusal)?.kind == .refusedByIdP }
    }

    @Test("issuer, audience, authorized party, times and nonce: each wrong one is refused as not trusted")
    func claimsRefused() async throws {
        let provider = try await LoopbackOpenIDProvider.start()
        defer { provider.stop() }
        let party = party(provider)
        let good = provider.claims(nonce: "n1", now: now)
        #expect(await refusal(party, try await provider.sign(good)) == nil)
        var cases: [(String, ProviderClaims)] = []
        var claims = good
        claims.iss = provider.issuer + "/other"; cases.append(("issuer", claims))
        claims = good; claims.aud = ["someone-else"]; cases.append(("audience", claims))
        claims = good; claims.aud = ["campus-lookup", "someone-else"]; cases.append(("two audiences, no azp", claims))
        claims = good; claims.azp = "someone-else"; cases.append(("another azp", claims))
        claims = good; claims.exp = now.addingTimeInterval(-121).timeIntervalSince1970; cases.append(("expired past the skew", claims))
        claims = good; claims.iat = now.addingTimeInterval(121).timeIntervalSince1970; cases.append(("issued in the future", claims))
        claims = good; claims.nonce = "n2"; cases.append(("another nonce", claims))
        claims = good; claims.nonce = nil; cases.append(("no nonce", claims))
        for (name, claims) in cases {
            let refused = await refusal(party, try await provider.sign(claims))
            #expect(refused?.kind == .notTrusted, "\(name): \(String(describing: refused))")
        }
        claims = good; claims.aud = ["campus-lookup", "someone-else"]; claims.azp = "campus-lookup"
        #expect(await refusal(party, try await provider.sign(claims)) == nil, "two audiences with this client as azp")
        claims = good; claims.exp = now.addingTimeInterval(-60).timeIntervalSince1970
        #expect(await refusal(party, try await provider.sign(claims)) == nil, "within the skew")
        claims = good; claims.preferred_username = nil
        #expect(await refusal(party, try await provider.sign(claims))?.kind == .noUsername)
    }

    @Test("a demanded second factor holds by the REFEDS acr or amr mfa, else is refused in words for the help desk")
    func secondFactor() async throws {
        let provider = try await LoopbackOpenIDProvider.start()
        defer { provider.stop() }
        let party = party(provider)
        var claims = provider.claims(nonce: "n1", now: now)
        claims.acr = "loa-2"
        let refused = await refusal(party, try await provider.sign(claims), mfa: true)
        #expect(refused?.kind == .noMFA && refused?.words.contains("second factor") == true && refused?.detail.contains("loa-2") == true)
        claims.acr = OpenIDSettings.refedsMFA
        #expect(await refusal(party, try await provider.sign(claims), mfa: true) == nil)
        claims.acr = nil; claims.amr = ["pwd", "mfa"]
        #expect(await refusal(party, try await provider.sign(claims), mfa: true) == nil)
    }

    @Test("alg none, HS256 and RS384 are refused before any key is tried; another key's signature under k1 is refused")
    func signaturesRefused() async throws {
        let provider = try await LoopbackOpenIDProvider.start()
        defer { provider.stop() }
        let party = party(provider)
        let signed = try await provider.sign(provider.claims(nonce: "n1", now: now))
        let parts = signed.split(separator: ".").map(String.init)
        func header(_ json: String) -> String {
            Data(json.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_")
        }
        for alg in ["none", "HS256", "RS384"] {
            let forged = header(#"{"alg":"\#(alg)","kid":"k1"}"#) + "." + parts[1] + "." + (alg == "none" ? "" : parts[2])
            let refused = await refusal(party, forged)
            #expect(refused?.kind == .notTrusted && refused?.detail.contains(alg) == true, "\(alg): \(String(describing: refused))")
        }
        let stranger = try await provider.sign(provider.claims(nonce: "n1", now: now), kid: "k1", signer: ES256PrivateKey())
        #expect(await refusal(party, stranger)?.kind == .notTrusted)
        let spliced = parts[0] + "." + header(#"{"iss":"x"}"#) + "." + parts[2]
        #expect(await refusal(party, spliced)?.kind == .notTrusted, "a payload changed under a good signature")
    }

    @Test("an unknown key id fetches the keys again at most once a minute; a rotated key is then accepted")
    func keyRotation() async throws {
        let provider = try await LoopbackOpenIDProvider.start()
        defer { provider.stop() }
        let party = party(provider)
        #expect(await refusal(party, try await provider.sign(provider.claims(nonce: "n1", now: now))) == nil)
        #expect(provider.keyFetches.withLock { $0 } == 1)
        let rotated = ES256PrivateKey()
        let byK2 = try await provider.sign(provider.claims(nonce: "n1", now: now), kid: "k2", signer: rotated)
        let unknown = await refusal(party, byK2)
        #expect(unknown?.kind == .notTrusted && unknown?.detail.contains("k2") == true)
        #expect(provider.keyFetches.withLock { $0 } == 2, "fetched again for the unknown key")
        provider.extraKeys.withLock { $0["k2"] = rotated }
        #expect(await refusal(party, byK2) != nil, "not again within the minute")
        #expect(provider.keyFetches.withLock { $0 } == 2)
        let later = try await party.identity(in: byK2, nonce: "n1", demandedMFA: false, now: now.addingTimeInterval(61))
        #expect(later.username == "brennam" && provider.keyFetches.withLock { $0 } == 3)
    }

    @Test("a provider that is down, slow, or names another issuer is refused in bounded time, never hung")
    func providerTrouble() async throws {
        let provider = try await LoopbackOpenIDProvider.start()
        let issuer = provider.issuer
        provider.namedIssuer.withLock { $0 = "https://evil.example" }
        let named = party(provider)
        let wrong = await #expect(throws: SignInRefusal.self) { _ = try await named.start(demandingMFA: false, now: now) }
        #expect(wrong?.kind == .notTrusted)
        provider.namedIssuer.withLock { $0 = nil }
        let remembered = await #expect(throws: SignInRefusal.self) { _ = try await named.start(demandingMFA: false, now: now.addingTimeInterval(10)) }
        #expect(remembered?.kind == .notTrusted, "a failed discovery is kept a while: the provider is not asked at each sign-in")
        _ = try await named.start(demandingMFA: false, now: now.addingTimeInterval(16))
        provider.discoveryDelay.withLock { $0 = 3 }
        let slow = await #expect(throws: SignInRefusal.self) { _ = try await party(provider, timeout: .seconds(1)).start(demandingMFA: false, now: now) }
        #expect(slow?.kind == .unreachable)
        provider.stop()
        try await Task.sleep(for: .milliseconds(200))
        let down = OpenIDRelyingParty(
            settings: OpenIDSettings(issuer: issuer, clientID: "c", clientSecret: "s", redirectURI: URL(string: "https://x/oidc/callback")!),
            http: IdentityProviderHTTP(timeout: .seconds(2)))
        let refused = await #expect(throws: SignInRefusal.self) { _ = try await down.start(demandingMFA: false, now: now) }
        #expect(refused?.kind == .unreachable && refused?.words.contains("cannot be reached") == true)
    }
}
