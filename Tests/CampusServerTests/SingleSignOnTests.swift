import CampusLookup
import Foundation
import SlapdHarness
import Testing

/// Signing in by SAML, OpenID Connect and CAS at a real campus sign-in service: LemonLDAP::NG from
/// Debian, signing people in against the test slapd, driven through its own log-in form over HTTP.
@Suite("Signing in at LemonLDAP::NG: SAML, OpenID Connect and CAS", .serialized)
struct SingleSignOnTests {
    /// A server whose sign-in service is a fresh IdP, with `flags` besides. The IdP trusts the
    /// server as a SAML service provider and encrypts its assertions to the server's key.
    static func start(_ flags: [String] = []) async throws -> (LiveServer, IdentityProviderServer) {
        let slapd = try await LiveServer.sharedDirectory()
        let port = try PostgresServer.unusedPort()
        let base = "http://127.0.0.1:\(port)"
        let keys = try SAMLTestIdentityProvider()
        defer { keys.close() }
        let serviceProvider = keys.folder.appendingPathComponent("sp-metadata.xml").path
        try Data(Self.serviceProviderMetadata(base: base, certificate: try keys.certificatePEM("sp")).utf8)
            .write(to: URL(fileURLWithPath: serviceProvider))
        let idp = try IdentityProviderServer.start(
            directory: slapd, redirectURIs: [base + "/oidc/callback"], logoutURIs: [base + "/login"], samlServiceProvider: serviceProvider,
            encryptingAssertions: true)
        do {
            // The server's key outlives the folder it was made in: it is read at start.
            let server = try await LiveServer.start(
                ["--port", "\(port)", "--public-url", base] + flags,
                extraConfiguration: """
                    server:
                      login:
                        saml:
                          idp-metadata: \(idp.samlMetadataURL)
                          idp-certificate: \(idp.directory)/saml-signing.pem
                          sp-key-file: \(keys.path("sp", "key"))
                          sp-certificate-file: \(keys.path("sp", "crt"))
                        oidc:
                          issuer: \(idp.issuer)
                          client-id: \(idp.clientID)
                          client-secret-file: \(idp.clientSecretFile)
                        cas:
                          url: \(idp.casURL)
                    """)
            return (server, idp)
        } catch {
            idp.stop()
            throw error
        }
    }

    /// What the IdP is told of the server: its entity ID, where to post, the key to encrypt to.
    /// The server's own `/saml/metadata` says the same (checked in ``signsInBySAML()``).
    static func serviceProviderMetadata(base: String, certificate: String) -> String {
        let der = certificate.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        return """
            <md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="\(base)/saml/metadata">\
            <md:SPSSODescriptor AuthnRequestsSigned="false" WantAssertionsSigned="true" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">\
            <md:KeyDescriptor><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data>\
            <ds:X509Certificate>\(der)</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>\
            <md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="\(base)/saml/slo"/>\
            <md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="\(base)/saml/acs" index="0"/>\
            </md:SPSSODescriptor></md:EntityDescriptor>
            """
    }

    /// Signs `username` in by SAML from `start`: the IdP's form, then its page that posts the
    /// response back (as its script would); the answer after that, and what was posted.
    static func signInBySAML(_ browser: inout TestBrowser, _ start: String, as username: String) async throws
        -> (answer: ServerAnswer, post: (action: String, fields: [(String, String)]))
    {
        var page = try await browser.follow(.GET, start)
        if let token = page.text.firstMatch(of: /name="token" value="([^"]+)"/)?.1 {
            page = try await browser.go(.POST, browser.location, form: [("user", username), ("password", "demo-\(username)"), ("token", String(token))])
        }
        let post = try #require(Self.postBack(page), "the IdP's answer: \(page.text.prefix(400))")
        return (try await browser.follow(.POST, post.action, form: post.fields), post)
    }

    /// What the IdP's page posts back to the server by its script: the form's action and the
    /// SAML fields, when the page is one.
    static func postBack(_ page: ServerAnswer, field: String = "SAMLResponse") -> (action: String, fields: [(String, String)])? {
        guard page.text.contains(field), let action = page.text.firstMatch(of: /<form[^>]*action="([^"]+)"/)?.1 else { return nil }
        let fields = page.text.matches(of: /<input type="hidden" name="(SAMLResponse|SAMLRequest|RelayState)" value="([^"]*)"/).map {
            (String($0.1), String($0.2).replacingOccurrences(of: "&#43;", with: "+").replacingOccurrences(of: "&#x3D;", with: "="))
        }
        return (String(action), fields)
    }

    /// Stops the IdP at once and the server as soon as it can.
    static func stop(_ server: LiveServer, _ idp: IdentityProviderServer) {
        idp.stop()
        Task { await server.stop() }
    }

    /// `callback` again in `browser`, its binding cookie put back as the browser held it.
    static func replay(_ callback: String, in browser: inout TestBrowser) async throws -> ServerAnswer {
        let state = try #require(URLComponents(string: callback)?.queryItems?.first { $0.name == "state" }?.value)
        browser.set("__Host-campus_signin", state, host: "127.0.0.1")
        return try await browser.go(.GET, callback)
    }

    /// Signs `username` in at the IdP's form from `start` (a page of the server that sends the
    /// browser there); the answer after every redirect back, and the callback's address.
    static func signIn(_ browser: inout TestBrowser, _ start: String, as username: String) async throws -> (answer: ServerAnswer, callback: String?) {
        let form = try await browser.follow(.GET, start)
        let token = try #require(form.text.firstMatch(of: /name="token" value="([^"]+)"/)?.1, "the IdP's form: \(form.text.prefix(300))")
        let posted = try await browser.go(.POST, browser.location, form: [("user", username), ("password", "demo-\(username)"), ("token", String(token))])
        let callback = posted.header("Location")
        guard let callback, posted.status == 302 || posted.status == 303 else { return (posted, nil) }
        return (try await browser.follow(.GET, callback), callback)
    }

    @Test("a student signs in through the IdP's own form and reaches her week, one who opted out too; the return is good once and in this browser only")
    func signsIn() async throws {
        let (server, idp) = try await Self.start()
        defer { Self.stop(server, idp) }
        var browser = TestBrowser()
        let login = try await browser.go(.GET, server.baseURL + "/login")
        #expect(login.text.contains("Sign in with Campus SSO") && login.text.contains("name=\"password\""), "both ways offered")
        let (week, callback) = try await Self.signIn(&browser, server.baseURL + "/login/oidc?next=%2Fpeople%2Fbrennam", as: "brennam")
        #expect(week.status == 200 && browser.location.hasSuffix("/people/brennam"), "\(browser.location): \(week.text.prefix(200))")
        #expect(week.text.contains("Morgan Brennan") && week.text.contains("CSSE"), "her own week, classes and all")
        let session = try #require(browser.cookie("campus_session", host: "127.0.0.1"))
        let me = try await server.send(.GET, "/v1/session", token: session)
        #expect((me.json["user"] as? [String: Any])?["username"] as? String == "brennam", "\(me.text)")
        #expect(browser.cookie("__Host-campus_signin", host: "127.0.0.1") == nil, "the binding cookie is spent")

        // The same return again, the binding cookie put back as the browser held it: the sign-in was taken once.
        let replay = try await Self.replay(try #require(callback), in: &browser)
        #expect(replay.status == 403 && replay.text.contains("not started in this browser"), "\(replay.status): \(replay.text.prefix(300))")

        var optedOut = TestBrowser()
        let (own, _) = try await Self.signIn(&optedOut, server.baseURL + "/login/oidc?next=%2Fpeople%2Fholtq", as: "holtq")
        #expect(own.status == 200 && optedOut.cookie("campus_session", host: "127.0.0.1") != nil, "a student who opted out sees her own page")

        var stranger = TestBrowser()
        let started = try await stranger.go(.GET, server.baseURL + "/login/oidc")
        let away = try #require(started.header("Location"))
        let binding = try #require(started.headers["Set-Cookie"].first { $0.hasPrefix("__Host-campus_signin=") })
        for attribute in ["Path=/;", "Secure", "HttpOnly", "SameSite=Lax", "Max-Age=600"] {
            #expect(binding.contains(attribute) || binding.hasSuffix(attribute.dropLast()), "\(attribute) in \(binding)")
        }
        #expect(away.hasPrefix(idp.url) && away.contains("code_challenge_method=S256") && stranger.cookie("__Host-campus_signin", host: "127.0.0.1") != nil)
    }

    @Test("by SAML: through the IdP's form, the assertion encrypted to the server, to her week; the response is good once and in this browser only")
    func signsInBySAML() async throws {
        let (server, idp) = try await Self.start()
        defer { Self.stop(server, idp) }
        var browser = TestBrowser()
        let login = try await browser.go(.GET, server.baseURL + "/login")
        #expect(login.text.contains("href=\"/login/saml?next=/\"") && login.text.contains("Sign in with Campus SSO (SAML)"), "\(login.text.prefix(600))")
        let (week, post) = try await Self.signInBySAML(&browser, server.baseURL + "/login/saml?next=%2Fpeople%2Fbrennam", as: "brennam")
        #expect(post.action == server.baseURL + "/saml/acs")
        let response = try #require(post.fields.first { $0.0 == "SAMLResponse" }?.1)
        let xml = String(decoding: try #require(Data(base64Encoded: response)), as: UTF8.self)
        #expect(xml.contains("EncryptedAssertion") && !xml.contains("brennam"), "the assertion travels encrypted")
        #expect(week.status == 200 && browser.location.hasSuffix("/people/brennam") && week.text.contains("Morgan Brennan"),
                "\(browser.location): \(week.text.prefix(300))")
        let session = try #require(browser.cookie("campus_session", host: "127.0.0.1"))
        let me = try await server.send(.GET, "/v1/session", token: session)
        #expect((me.json["user"] as? [String: Any])?["username"] as? String == "brennam", "\(me.text)")

        // The same post again, the binding cookie put back: refused, the sign-in and the assertion spent.
        let relay = try #require(post.fields.first { $0.0 == "RelayState" }?.1)
        browser.set("__Host-campus_signin", relay, host: "127.0.0.1")
        let replay = try await browser.go(.POST, post.action, form: post.fields)
        #expect(replay.status == 403 && replay.text.contains("not started in this browser"), "\(replay.status): \(replay.text.prefix(300))")
        // In another browser, without the binding cookie: nobody signed in there.
        var other = TestBrowser()
        let elsewhere = try await other.go(.POST, post.action, form: post.fields)
        #expect(elsewhere.status == 403 && other.cookie("campus_session", host: "127.0.0.1") == nil)

        var stranger = TestBrowser()
        let started = try await stranger.go(.GET, server.baseURL + "/login/saml")
        let binding = try #require(started.headers["Set-Cookie"].first { $0.hasPrefix("__Host-campus_signin=") })
        #expect(binding.contains("SameSite=None") && binding.contains("Secure"), "the IdP's post from its own site carries it: \(binding)")
        #expect(try #require(started.header("Location")).hasPrefix(idp.url + "/saml/singleSignOn?SAMLRequest="))

        let metadata = try await browser.go(.GET, server.baseURL + "/saml/metadata")
        #expect(metadata.status == 200 && metadata.header("Content-Type") == "application/samlmetadata+xml")
        #expect(metadata.text.contains("entityID=\"\(server.baseURL)/saml/metadata\"") && metadata.text.contains("Location=\"\(server.baseURL)/saml/acs\""))
        let certificate = try String(contentsOfFile: idp.directory + "/saml-signing.pem", encoding: .utf8)
        #expect(!metadata.text.contains(certificate.split(separator: "\n")[1]), "the IdP's certificate is not the server's")
    }

    /// Logs the browser's session out by the web app's own button; the answer (not followed).
    static func logOut(_ browser: inout TestBrowser, at server: LiveServer) async throws -> ServerAnswer {
        let page = try await browser.go(.GET, server.baseURL + "/")
        let csrf = try #require(page.text.firstMatch(of: /name="csrf" value="([^"]+)"/)?.1, "\(page.text.prefix(300))")
        return try await browser.go(.POST, server.baseURL + "/logout", form: [("csrf", String(csrf))])
    }

    @Test("logging out here logs out at the IdP too, by SAML and by OpenID Connect: the next sign-in asks for the password again")
    func singleLogoutToTheIdP() async throws {
        let (server, idp) = try await Self.start()
        defer { Self.stop(server, idp) }
        var browser = TestBrowser()
        _ = try await Self.signInBySAML(&browser, server.baseURL + "/login/saml", as: "brennam")
        let session = try #require(browser.cookie("campus_session", host: "127.0.0.1"))
        let out = try await Self.logOut(&browser, at: server)
        let request = try #require(Self.postBack(out) ?? Self.postBack(out, field: "SAMLRequest"), "\(out.status): \(out.text.prefix(500))")
        #expect(request.action.hasPrefix(idp.url + "/saml/"), "to the IdP's single logout: \(request.action)")
        // The IdP ends its session and posts its answer back; the server takes it and goes on to the log-in page.
        let idpAnswer = try await browser.follow(.POST, request.action, form: request.fields)
        let back = try #require(Self.postBack(idpAnswer), "the IdP's answer: \(idpAnswer.status) \(idpAnswer.text.prefix(600))")
        #expect(back.action == server.baseURL + "/saml/slo")
        let landed = try await browser.follow(.POST, back.action, form: back.fields)
        #expect(landed.status == 200 && browser.location.hasPrefix(server.baseURL + "/login"), "\(browser.location)")
        #expect(try await server.send(.GET, "/v1/session", token: session).status == 401)
        let again = try await browser.follow(.GET, server.baseURL + "/login/saml")
        #expect(again.text.contains("name=\"token\""), "the IdP asks for the password again: \(again.text.prefix(300))")

        var byOpenID = TestBrowser()
        _ = try await Self.signIn(&byOpenID, server.baseURL + "/login/oidc", as: "brennam")
        let openIDSession = try #require(byOpenID.cookie("campus_session", host: "127.0.0.1"))
        let away = try await Self.logOut(&byOpenID, at: server)
        let endSession = try #require(TestBrowser.onward(away), "\(away.status): \(away.text.prefix(400))")
        #expect(endSession.hasPrefix(idp.url + "/oauth2/logout?") && endSession.contains("id_token_hint="), "\(endSession)")
        let home = try await byOpenID.follow(.GET, endSession)
        #expect(byOpenID.location.hasPrefix(server.baseURL + "/login"), "back at the log-in page: \(byOpenID.location) \(home.text.prefix(300))")
        #expect(try await server.send(.GET, "/v1/session", token: openIDSession).status == 401)
        let openIDAgain = try await byOpenID.follow(.GET, server.baseURL + "/login/oidc")
        #expect(openIDAgain.text.contains("name=\"token\""), "the provider asks for the password again")
    }

    @Test("logging out at the IdP logs out here too: its signed request, by its own logout page's frame, ends the session")
    func singleLogoutFromTheIdP() async throws {
        let (server, idp) = try await Self.start()
        defer { Self.stop(server, idp) }
        var browser = TestBrowser()
        _ = try await Self.signInBySAML(&browser, server.baseURL + "/login/saml", as: "brennam")
        let session = try #require(browser.cookie("campus_session", host: "127.0.0.1"))
        let portal = try await browser.follow(.GET, idp.url + "/?logout=1")
        let frame = try #require(portal.text.firstMatch(of: /<iframe src="([^"]+)"/)?.1, "the IdP's logout page: \(portal.text.suffix(800))")
        let relay = try await browser.follow(.GET, String(frame).replacingOccurrences(of: "&amp;", with: "&"))
        let request = try #require(Self.postBack(relay, field: "SAMLRequest"), "\(relay.text.prefix(500))")
        #expect(request.action == server.baseURL + "/saml/slo")
        let answer = try await browser.go(.POST, request.action, form: request.fields)
        let reply = try #require(Self.postBack(answer), "\(answer.status): \(answer.text.prefix(500))")
        #expect(reply.action.hasPrefix(idp.url), "answered to the IdP: \(reply.action)")
        #expect(answer.header("Content-Security-Policy")?.contains("frame-ancestors \(idp.url)") == true, "the IdP's page may frame it")
        #expect(try await server.send(.GET, "/v1/session", token: session).status == 401, "the session here ended with the IdP's")
        let done = try await browser.follow(.POST, reply.action, form: reply.fields)
        #expect(done.status == 200 && browser.location.hasPrefix(idp.url), "the IdP took the answer: \(browser.location) \(done.text.prefix(300))")
    }

    @Test("by CAS too: through the IdP's form to her week; the ticket and the return are good once")
    func signsInByCAS() async throws {
        let (server, idp) = try await Self.start()
        defer { Self.stop(server, idp) }
        var browser = TestBrowser()
        let login = try await browser.go(.GET, server.baseURL + "/login")
        #expect(login.text.contains("href=\"/login/cas?next=/\"") && login.text.contains("Sign in with Campus SSO (CAS)"), "\(login.text.prefix(600))")
        let (week, callback) = try await Self.signIn(&browser, server.baseURL + "/login/cas?next=%2F%2Fevil.example%2Fx", as: "brennam")
        #expect(week.status == 200 && browser.location == server.baseURL + "/" && week.text.contains("Morgan Brennan"),
                "another site as next is this site's front page: \(browser.location)")
        let back = try #require(callback)
        #expect(back.hasPrefix(server.baseURL + "/cas/callback?state=") && back.contains("ticket=ST-"))
        let replay = try await Self.replay(back, in: &browser)
        #expect(replay.status == 403 && replay.text.contains("not started in this browser"), "taken once: \(replay.text.prefix(300))")
    }

    @Test("a callback carried to another browser signs nobody in there (no login CSRF)")
    func otherBrowser() async throws {
        let (server, idp) = try await Self.start()
        defer { Self.stop(server, idp) }
        var attacker = TestBrowser()
        let form = try await attacker.follow(.GET, server.baseURL + "/login/oidc")
        let token = try #require(form.text.firstMatch(of: /name="token" value="([^"]+)"/)?.1)
        let posted = try await attacker.go(.POST, attacker.location, form: [("user", "whitfid"), ("password", "demo-whitfid"), ("token", String(token))])
        let callback = try #require(posted.header("Location"))
        var victim = TestBrowser()
        let refused = try await victim.go(.GET, callback)
        #expect(refused.status == 403 && refused.text.contains("not started in this browser"), "\(refused.text.prefix(300))")
        #expect(victim.cookie("campus_session", host: "127.0.0.1") == nil)
    }

    @Test("with MFA demanded of roles, the registrar's password-only sign-in and password log-in are refused in words; a student's go through")
    func secondFactorForRoles() async throws {
        let (server, idp) = try await Self.start(["--login-mfa", "roles"])
        defer { Self.stop(server, idp) }
        var registrar = TestBrowser()
        let (refused, _) = try await Self.signIn(&registrar, server.baseURL + "/login/oidc", as: "marchk")
        #expect(refused.status == 403 && refused.text.contains("second factor"), "\(refused.status): \(refused.text.prefix(400))")
        #expect(registrar.cookie("campus_session", host: "127.0.0.1") == nil)
        // By SAML: asked again with the REFEDS MFA context, which the IdP's password sign-in does not reach.
        var bySAML = TestBrowser()
        var (answer, _) = try await Self.signInBySAML(&bySAML, server.baseURL + "/login/saml", as: "marchk")
        if let again = Self.postBack(answer) { answer = try await bySAML.follow(.POST, again.action, form: again.fields) }
        #expect(answer.status == 403 && answer.text.contains("second factor"), "\(answer.status): \(answer.text.prefix(400))")
        #expect(bySAML.cookie("campus_session", host: "127.0.0.1") == nil)
        let password = try await server.send(.POST, "/v1/session", json: ["username": "marchk", "password": "demo-marchk"])
        #expect(password.status == 403 && password.json["type"] as? String == "urn:campus-lookup:problem:sign-in-refused"
            && (password.json["detail"] as? String)?.contains("Campus SSO") == true, "a password is one factor: \(password.text)")
        #expect(try await server.send(.POST, "/v1/session", json: ["username": "brennam", "password": "demo-brennam"]).status == 200)
        var form = TestBrowser()
        let page = try await form.go(.GET, server.baseURL + "/login")
        let csrf = try #require(page.text.firstMatch(of: /name="csrf" value="([^"]+)"/)?.1)
        let refusedForm = try await form.go(.POST, server.baseURL + "/login", form: [
            ("csrf", String(csrf)), ("next", "/"), ("username", "marchk"), ("password", "demo-marchk"),
        ])
        #expect(refusedForm.status == 403 && refusedForm.text.contains("second factor") && refusedForm.text.contains("name=\"password\""),
                "said on the form: \(refusedForm.text.prefix(300))")
        var student = TestBrowser()
        let (week, _) = try await Self.signIn(&student, server.baseURL + "/login/oidc", as: "brennam")
        #expect(week.status == 200 && student.cookie("campus_session", host: "127.0.0.1") != nil, "\(week.text.prefix(200))")
    }

    @Test("with the password off, the log-in page offers the sign-in service alone and no password reaches the server")
    func passwordOff() async throws {
        let (server, idp) = try await Self.start(["--login-password", "off"])
        defer { Self.stop(server, idp) }
        let page = try await server.page("/login")
        #expect(page.text.contains("Sign in with Campus SSO") && !page.text.contains("name=\"password\""))
        let api = try await server.send(.POST, "/v1/session", json: ["username": "brennam", "password": "demo-brennam"])
        #expect(api.status == 404 || api.status == 405, "\(api.status)")
        let form = try await server.post("/login", [("username", "brennam"), ("password", "demo-brennam")])
        #expect(form.status == 404 || form.status == 405, "\(form.status)")
    }
}
