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
