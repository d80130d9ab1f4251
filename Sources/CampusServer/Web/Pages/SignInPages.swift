import CampusCore
import CampusLookup
import Foundation
import HTTPTypes
import Hummingbird

/// Signing in through the campus's sign-in service: off to it from `/login/oidc` (`/login/cas`),
/// and back at `/oidc/callback` (`/cas/callback`). The return must come to the browser that
/// left: a cookie of its own (`SameSite=Lax`, so that the service's redirect back carries it)
/// holds the one-time value the return must name.
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

    /// `GET /oidc/callback?code=&state=`, `GET /cas/callback?state=&ticket=`: the return from the
    /// sign-in service; signed in and on to where the browser was going, sent back for a
    /// second factor, or a page saying why not.
    func finishSignIn(_ signIn: SignInService) -> Handler {
        { request, context in
            let parameters = QueryParameters(request: request).values
            let back = SignInReturn(state: parameters["state"], code: parameters["code"], error: parameters["error"], ticket: parameters["ticket"])
            let outcome = try await logged(context) { () async throws(CampusError) in
                try await service.finishSignIn(
                    signIn, back, binding: request.cookies[Self.signInCookieName].map { String($0.value) },
                    userAgent: request.headers[.userAgent], now: service.now())
            }
            switch outcome {
            case .again(let start):
                return away(to: start, signIn)
            case .signedIn(let answer, let next):
                var response = redirect(to: Self.localPath(next))
                response.setCookie(SessionAuthenticator.cookie(for: answer, configuration: service.configuration))
                response.setCookie(Self.signInCookie("", maxAge: 0, signIn))
                return response
            }
        }
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

    /// `Lax`, so that the sign-in service's redirect back carries it; `Path=/`, as `__Host-` asks.
    private static func signInCookie(_ value: String, maxAge: Int, _ signIn: SignInService) -> Cookie {
        Cookie(name: signInCookieName, value: value, maxAge: maxAge, path: "/", secure: true, httpOnly: true, sameSite: .lax)
    }
}
