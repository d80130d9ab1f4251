import Foundation
import SlapdHarness
import Testing

/// Single logout through the server's router: an OpenID provider's back-channel logout token
/// reaching two replicas on one PostgreSQL user state, and a SAML IdP's signed logout request
/// (a test IdP whose messages `xmlsec1` signs); this server's own logout request to the IdP.
@Suite("Single logout: back-channel and SAML", .serialized)
struct SingleLogoutTests {
    /// Signs in at `server` through `provider` (the callback as the provider would send it); the session token.
    static func signInByOpenID(_ server: RoutedServer, _ provider: LoopbackOpenIDProvider) async throws -> String {
        let start = try await server.send(.GET, "/login/oidc")
        let away = try #require(start.header("Location").flatMap { URLComponents(string: $0)?.queryItems })
        let state = try #require(away.first { $0.name == "state" }?.value), nonce = try #require(away.first { $0.name == "nonce" }?.value)
        provider.tokenToGive.withLock { $0 = nil }
        let token = try await provider.sign(provider.claims(nonce: nonce, now: Date()))
        provider.tokenToGive.withLock { $0 = token }
        let back = try await server.send(
            .GET, "/oidc/callback?code=\(LoopbackOpenIDProvider.code)&state=\(state)", headers: [("Cookie", "__Host-campus_signin=\(state)")])
        return try Self.sessionCookie(back)
    }

    static func sessionCookie(_ answer: ServerAnswer) throws -> String {
        let cookie = try #require(answer.headers["Set-Cookie"].first { $0.hasPrefix("campus_session=") }, "\(answer.status): \(answer.text.prefix(300))")
        return String(cookie.dropFirst("campus_session=".count).prefix { $0 != ";" })
    }

    static func form(_ fields: [(String, String)]) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._*"))
        return fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
    }

    @Test("a back-channel logout token ends the provider's session on both replicas at once; forged or misaddressed tokens end nothing")
    func backChannelOnEveryReplica() async throws {
        let provider = try await LoopbackOpenIDProvider.start()
        defer { provider.stop() }
        let postgres = try await PostgresServer.shared()
        let database = try postgres.createDatabase()
        let root = try ServerFiles.freshRoot()
        let secret = root.appendingPathComponent("oidc-secret")
        try Data(LoopbackOpenIDProvider.secret.utf8).write(to: secret)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: secret.path)
        let configuration = """
            state: postgres://campus@127.0.0.1:\(postgres.port)/\(database)?sslmode=disable
            state-password-file: \(postgres.passwordFile)
            server:
              login:
                oidc:
                  issuer: \(provider.issuer)
                  client-id: \(LoopbackOpenIDProvider.clientID)
                  client-secret-file: \(secret.path)

            """
        let flags = ["--public-url", "http://localhost"]
        let one = try await RoutedServer.start(flags, extraConfiguration: configuration)
        let other = try await RoutedServer.start(flags, extraConfiguration: configuration)
        defer { Task { await one.stop(); await other.stop() } }
        let session = try await Self.signInByOpenID(one, provider)
        let password = try await other.logIn("brennam")
        #expect(try await other.send(.GET, "/v1/me", token: session).status == 200, "a session from the provider holds on the other replica")

        let now = Date()
        func logoutToken(_ change: (inout ProviderClaims) -> Void = { _ in }) -> ProviderClaims {
            var claims = ProviderClaims(
                iss: provider.issuer, aud: [LoopbackOpenIDProvider.clientID], exp: now.addingTimeInterval(120).timeIntervalSince1970,
                iat: now.timeIntervalSince1970, nonce: nil, preferred_username: nil, sid: "provider-session-1", events: ProviderClaims.logoutEvent,
                jti: UUID().uuidString)
            change(&claims)
            return claims
        }
        let refused: [(String, String)] = [
            ("an ID token", try await provider.sign(provider.claims(nonce: "n", now: now))),
            ("for another client", try await provider.sign(logoutToken { $0.aud = ["someone-else"] })),
            ("with a nonce", try await provider.sign(logoutToken { $0.nonce = "n" })),
            ("from another issuer", try await provider.sign(logoutToken { $0.iss = "https://evil.example.com" })),
            ("long ago", try await provider.sign(logoutToken { $0.iat = now.addingTimeInterval(-3600).timeIntervalSince1970 })),
            ("signed by a stranger", try await provider.signByStranger(logoutToken())),
            ("without a jti", try await provider.sign(logoutToken { $0.jti = nil })),
            ("no token at all", ""),
        ]
        for (name, token) in refused {
            let answer = try await one.send(
                .POST, "/oidc/backchannel-logout", body: Self.form([("logout_token", token)]),
                headers: [("Content-Type", "application/x-www-form-urlencoded")])
            #expect(answer.status == 400 && answer.text.contains("invalid_request"), "\(name): \(answer.status) \(answer.text)")
        }
        #expect(try await other.send(.GET, "/v1/me", token: session).status == 200, "nothing refused ended anything")

        let token = try await provider.sign(logoutToken())
        let good = try await one.send(
            .POST, "/oidc/backchannel-logout", body: Self.form([("logout_token", token)]), headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(good.status == 200 && good.header("Cache-Control") == "no-store")
        let again = try await other.send(
            .POST, "/oidc/backchannel-logout", body: Self.form([("logout_token", token)]), headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(again.status == 400, "a logout token is used once, on any replica")
        #expect(try await other.send(.GET, "/v1/me", token: session).status == 401, "ended on the replica the token did not reach")
        #expect(try await one.send(.GET, "/v1/me", token: session).status == 401)
        #expect(try await other.send(.GET, "/v1/me", token: password).status == 200, "a password session is no session of the provider")
    }

    /// A server whose IdP is `idp` (its metadata in a file), with this server's key for signing.
    static func samlServer(_ idp: SAMLTestIdentityProvider) async throws -> RoutedServer {
        let metadata = idp.folder.appendingPathComponent("idp-metadata.xml")
        try Data(idp.metadata(singleSignOn: "https://idp.test.example.edu/sso").utf8).write(to: metadata)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: idp.path("sp", "key"))
        return try await RoutedServer.start(["--public-url", "http://localhost"], extraConfiguration: """
            server:
              login:
                saml:
                  idp-metadata: \(metadata.path)
                  sp-key-file: \(idp.path("sp", "key"))
                  sp-certificate-file: \(idp.path("sp", "crt"))

            """)
    }

    /// Signs `username` in at `server` by a response `idp` signed; the session token.
    static func signInBySAML(_ server: RoutedServer, _ idp: SAMLTestIdentityProvider, as username: String, assertion id: String) async throws -> String {
        let start = try await server.send(.GET, "/login/saml")
        let (_, requestID, relayState) = try SAMLTestIdentityProvider.authnRequest(in: try #require(start.header("Location")))
        var assertion = SAMLTestIdentityProvider.Assertion(
            issuer: idp.entityID, audience: "http://localhost/saml/metadata", recipient: "http://localhost/saml/acs", inResponseTo: requestID,
            attributes: ["uid": [username]], now: Date())
        assertion.id = id
        let signed = try idp.sign(assertion.xml(signed: true), element: id)
            .replacingOccurrences(of: #"<\?xml[^>]*\?>\s*"#, with: "", options: .regularExpression)
        let response = idp.response(signed, inResponseTo: requestID, destination: "http://localhost/saml/acs", now: Date())
        let back = try await server.send(
            .POST, "/saml/acs", body: Self.form([("SAMLResponse", Data(response.utf8).base64EncodedString()), ("RelayState", relayState)]),
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", "__Host-campus_signin=\(relayState)")])
        return try Self.sessionCookie(back)
    }

    @Test("the IdP's signed logout request ends that IdP session's sessions here and is answered; an unsigned one ends nothing")
    func samlLogoutFromTheIdP() async throws {
        let idp = try SAMLTestIdentityProvider()
        defer { idp.close() }
        let server = try await Self.samlServer(idp)
        defer { Task { await server.stop() } }
        let session = try await Self.signInBySAML(server, idp, as: "brennam", assertion: "_assertion1")
        #expect(try await server.send(.GET, "/v1/me", token: session).status == 200)
        let formHeaders = [("Content-Type", "application/x-www-form-urlencoded")]
        func post(_ request: String) async throws -> ServerAnswer {
            try await server.send(
                .POST, "/saml/slo", body: Self.form([("SAMLRequest", Data(request.utf8).base64EncodedString()), ("RelayState", "r1")]),
                headers: formHeaders)
        }
        let now = Date()
        let unsigned = idp.logoutRequest(destination: "http://localhost/saml/slo", nameID: "nid-_assertion1", sessionIndex: "_session1", signed: false, now: now)
        #expect(try await post(unsigned).status == 403)
        let stranger = try idp.sign(
            idp.logoutRequest(destination: "http://localhost/saml/slo", nameID: "nid-_assertion1", sessionIndex: "_session1", signed: true, now: now),
            element: "_logout1", by: .stranger)
        #expect(try await post(stranger).status == 403)
        let elsewhere = try idp.sign(
            idp.logoutRequest(destination: "https://other.example.edu/saml/slo", nameID: "nid-_assertion1", sessionIndex: "_session1", signed: true, now: now),
            element: "_logout1")
        #expect(try await post(elsewhere).status == 403)
        #expect(try await server.send(.GET, "/v1/me", token: session).status == 200, "nothing refused ended anything")

        let signed = try idp.sign(
            idp.logoutRequest(destination: "http://localhost/saml/slo", nameID: "nid-_assertion1", sessionIndex: "_session1", signed: true, now: now),
            element: "_logout1")
        let answer = try await post(signed)
        #expect(try await post(signed).status == 403, "a logout request is used once")
        #expect(answer.status == 200 && answer.text.contains("action=\"https://idp.test.example.edu/sso/logout-answer\""), "\(answer.text.prefix(400))")
        #expect(answer.header("Content-Security-Policy")?.contains("form-action 'self' https://idp.test.example.edu;") == true)
        #expect(answer.text.contains("name=\"RelayState\" value=\"r1\"") && answer.text.contains("data-auto-submit"))
        let reply = try #require(answer.text.firstMatch(of: /name="SAMLResponse" value="([^"]+)"/)?.1)
        let xml = String(decoding: try #require(Data(base64Encoded: String(reply).replacingOccurrences(of: "&#43;", with: "+"))), as: UTF8.self)
        #expect(xml.contains("InResponseTo=\"_logout1\"") && xml.contains("status:Success"))
        #expect(idp.verifies(xml), "the answer is signed with the server's key: \(xml.prefix(300))")
        #expect(try await server.send(.GET, "/v1/me", token: session).status == 401, "the IdP's session ended the one here")
    }

    /// A browser sends no `SameSite=Strict` session cookie with another site's post: the answer
    /// must not clear it either.
    @Test("a logout answer posted from any site ends nothing: no cookie touched, on to the log-in page")
    func samlLogoutAnswerEndsNothing() async throws {
        let idp = try SAMLTestIdentityProvider()
        defer { idp.close() }
        let server = try await Self.samlServer(idp)
        defer { Task { await server.stop() } }
        let session = try await Self.signInBySAML(server, idp, as: "brennam", assertion: "_assertion3")
        let answer = "<samlp:LogoutResponse xmlns:samlp=\"urn:oasis:names:tc:SAML:2.0:protocol\" ID=\"_x\" Version=\"2.0\" "
            + "IssueInstant=\"2026-01-01T00:00:00Z\"><samlp:Status><samlp:StatusCode Value=\"urn:oasis:names:tc:SAML:2.0:status:Success\"/>"
            + "</samlp:Status></samlp:LogoutResponse>"
        let posted = try await server.send(
            .POST, "/saml/slo", body: Self.form([("SAMLResponse", Data(answer.utf8).base64EncodedString())]),
            headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(posted.status == 303 && posted.header("Location") == "/login", "\(posted.status): \(posted.text.prefix(200))")
        #expect(posted.headers["Set-Cookie"].isEmpty, "\(posted.headers["Set-Cookie"])")
        #expect(try await server.send(.GET, "/v1/me", token: session).status == 200)
    }

    @Test("logging out here sends the IdP a logout request signed with this server's key, naming the person and the IdP session")
    func samlLogoutToTheIdP() async throws {
        let idp = try SAMLTestIdentityProvider()
        defer { idp.close() }
        let server = try await Self.samlServer(idp)
        defer { Task { await server.stop() } }
        let session = try await Self.signInBySAML(server, idp, as: "brennam", assertion: "_assertion7")
        let me = try await server.send(.GET, "/", headers: [("Cookie", "campus_session=\(session)")])
        let csrf = try #require(me.text.firstMatch(of: /name="csrf" value="([^"]+)"/)?.1)
        let out = try await server.send(
            .POST, "/logout", body: Self.form([("csrf", String(csrf))]),
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", "campus_session=\(session)"), ("Origin", "http://localhost")])
        #expect(out.status == 200 && out.text.contains("action=\"https://idp.test.example.edu/sso/logout\""), "\(out.status): \(out.text.prefix(400))")
        #expect(out.headers["Set-Cookie"].contains { $0.hasPrefix("campus_session=;") || $0.contains("Max-Age=0") })
        let request = try #require(out.text.firstMatch(of: /name="SAMLRequest" value="([^"]+)"/)?.1)
        let xml = String(decoding: try #require(Data(base64Encoded: String(request).replacingOccurrences(of: "&#43;", with: "+"))), as: UTF8.self)
        #expect(xml.contains(">nid-_assertion7</saml:NameID>") && xml.contains("<samlp:SessionIndex>_session1</samlp:SessionIndex>"), "\(xml)")
        #expect(idp.verifies(xml), "signed with the server's key")
        #expect(try await server.send(.GET, "/v1/me", token: session).status == 401)
    }
}
