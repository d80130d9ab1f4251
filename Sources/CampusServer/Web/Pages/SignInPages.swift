import CampusCore
import CampusLookup
import Foundation
import HTTPTypes
import Hummingbird

/// Signing in through the campus's sign-in service: off to it from `/login/saml` (`/login/oidc`,
/// `/login/cas`), and back at `/saml/acs` (`/oidc/callback`, `/cas/callback`). The return must
/// come to the browser that left: a cookie of its own holds the one-time value the return must
/// name (`SameSite=Lax`, so that the service's redirect back carries it; `None` for SAML, whose
/// IdP posts its answer from its own site).
extension WebApp {
    /// The cookie that ties a sign-in's return to this browser: `__Host-`, so that no other
    /// host of the campus's domain can plant one.
    static let signInCookieName = "__Host-campus_signin"

    /// `GET /login/oidc?next=&keep=on`: off to the campus's sign-in service (a browser already
    /// signed in goes on to `next`).
    func startSignIn(_ signIn: SignInService) -> Handler {
        { request, context in
            let parameters = QueryParameters(request: request)
            let next = Self.localPath(parameters.values["next"])
            if context.caller.isMember { return redirect(to: next) }
            let start = try await logged(context) { () async throws(CampusError) in
                try await service.startSignIn(signIn, next: next, keep: parameters.values["keep"] == "on", now: service.now())
            }
            return away(to: start, signIn)
        }
    }

    /// What the IdP posts to `/saml/acs`.
    struct SAMLPost: Decodable {
        var SAMLResponse: String?
        var RelayState: String?
    }

    /// `POST /saml/acs` (`SAMLResponse`, `RelayState`), `GET /oidc/callback?code=&state=`,
    /// `GET /cas/callback?state=&ticket=`: the return from the sign-in service; signed in and on
    /// to where the browser was going, sent back for a second factor, or a page saying why not.
    func finishSignIn(_ signIn: SignInService) -> Handler {
        { request, context in
            let back: SignInReturn
            if signIn == .saml {
                let post = try await form(SAMLPost.self, request, context, upTo: 1 << 20)
                back = SignInReturn(state: post.RelayState, samlResponse: post.SAMLResponse)
            } else {
                let parameters = QueryParameters(request: request).values
                back = SignInReturn(state: parameters["state"], code: parameters["code"], error: parameters["error"], ticket: parameters["ticket"])
            }
            let outcome = try await logged(context) { () async throws(CampusError) in
                try await service.finishSignIn(
                    signIn, back, binding: request.cookies[Self.signInCookieName].map { String($0.value) },
                    userAgent: request.headers[.userAgent], now: service.now())
            }
            switch outcome {
            case .again(let start):
                return away(to: start, signIn)
            case .signedIn(let answer, let next):
                // A page of this site goes on to `next`: the session cookie is `SameSite=Strict`,
                // which a browser would not send on a redirect that began at the IdP's site.
                let next = Self.localPath(next)
                var response = try page(request, context, "signed_in", SignedInView(frame: frame("Signed in", context), next: next))
                response.setCookie(SessionAuthenticator.cookie(for: answer, configuration: service.configuration))
                response.setCookie(Self.signInCookie("", maxAge: 0, signIn))
                return response
            }
        }
    }

    /// The page a sign-in ends on: on to `next` at once.
    struct SignedInView: Encodable, Sendable {
        var frame: PageFrame
        var next: String
    }

    /// What the IdP posts to `/saml/slo`.
    struct SAMLLogoutPost: Decodable {
        var SAMLRequest: String?
        var SAMLResponse: String?
        var RelayState: String?
    }

    /// `POST /saml/slo`: the IdP logs a person out (their sessions here end on every server, and
    /// the browser carries the answer back), or answers a logout this server asked for (the
    /// session ended before it went: on to the log-in page, no cookie touched, so that a post
    /// from any site can end nothing).
    @Sendable func samlLogout(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let post = try await form(SAMLLogoutPost.self, request, context, upTo: 1 << 20)
        let reply = try await logged(context) { () async throws(CampusError) in
            try await service.receiveSAMLLogout(request: post.SAMLRequest, response: post.SAMLResponse, relayState: post.RelayState)
        }
        return try reply.map { try toIdentityProvider($0, request, context, heading: "Logged out", inIdPFrame: true) } ?? redirect(to: "/login")
    }

    /// What an OpenID provider posts to `/oidc/backchannel-logout`.
    struct LogoutTokenPost: Decodable {
        var logout_token: String?
    }

    /// `POST /oidc/backchannel-logout` (OpenID Connect Back-Channel Logout 1.0): the provider,
    /// server to server, ends the sessions of one of its sessions; 200, or 400 with the reason.
    @Sendable func backChannelLogout(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let post = try await form(LogoutTokenPost.self, request, context)
        do {
            try await service.backChannelLogout(token: post.logout_token ?? "")
        } catch {
            if case .signInRefused(_, _, let detail) = error { context.logger.notice("back-channel logout refused: \(detail)") }
            return Response(
                status: .badRequest, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"error":"invalid_request"}"#)))
        }
        return Response(status: .ok, headers: [.cacheControl: "no-store"])
    }

    /// The browser on to the IdP: `logout`'s form posted by this page's script (a button
    /// without one), or its address by a refresh; `inIdPFrame`: the page may sit in a frame of
    /// the IdP's own single-logout page.
    func toIdentityProvider(
        _ logout: IdPLogout, _ request: Request, _ context: CampusRequestContext, heading: String, inIdPFrame: Bool = false
    ) throws -> Response {
        var anonymous = context
        anonymous.identity = nil
        anonymous.token = nil
        let view = IdPLogoutView(
            frame: frame(heading, anonymous), heading: heading, url: logout.url.absoluteString,
            fields: logout.fields.map { IdPLogoutView.Field(name: $0.name, value: $0.value) }, post: !logout.fields.isEmpty)
        let origin = CampusServer.origin(logout.url.absoluteString)
        return try page(request, context, "idp_logout", view, postingTo: origin, framedBy: inIdPFrame ? origin : nil)
    }

    /// The page that sends the browser on to the IdP's logout.
    struct IdPLogoutView: Encodable, Sendable {
        struct Field: Encodable, Sendable {
            var name: String
            var value: String
        }

        var frame: PageFrame
        var heading: String
        var url: String
        var fields: [Field]
        var post: Bool
    }

    /// `GET /saml/metadata`: this server as a SAML service provider, for the IdP's registration.
    @Sendable func samlMetadata(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        guard let metadata = await service.samlMetadata else { throw HTTPError(.notFound) }
        return Response(
            status: .ok, headers: [.contentType: "application/samlmetadata+xml", .cacheControl: "max-age=3600"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: metadata)))
    }

    /// To the sign-in service, this browser holding the value its return must name.
    private func away(to start: SignInStart, _ signIn: SignInService) -> Response {
        var response = redirect(to: start.url.absoluteString)
        response.setCookie(Self.signInCookie(start.binding, maxAge: Int(SignInStart.lifetime), signIn))
        return response
    }

    /// `body`, with a refused sign-in's detail written to the log (the page says it in words only).
    private func logged<T: Sendable>(_ context: CampusRequestContext, _ body: () async throws(CampusError) -> T) async throws(CampusError) -> T {
        do {
            return try await body()
        } catch {
            if case .signInRefused(let kind, _, let detail) = error {
                context.logger.notice("sign-in refused (\(kind)): \(detail)")
            }
            throw error
        }
    }

    /// `Lax`, so that the sign-in service's redirect back carries it (`None` for SAML's post from
    /// the IdP's page); `Path=/`, as `__Host-` asks.
    private static func signInCookie(_ value: String, maxAge: Int, _ signIn: SignInService) -> Cookie {
        Cookie(
            name: signInCookieName, value: value, maxAge: maxAge, path: "/", secure: true, httpOnly: true,
            sameSite: signIn == .saml ? Cookie.SameSite.none : .lax)
    }
}
