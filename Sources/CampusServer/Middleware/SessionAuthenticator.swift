import CampusLookup
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdAuth

/// Finds who is calling: a session token in `Authorization: Bearer` (programs) or in the
/// `HttpOnly` session cookie (the web app), resolved by ``CampusLookup/CampusService``.
/// A request without a valid token goes on anonymous; what needs a log-in then answers 401.
/// A change (anything but GET and HEAD) authenticated by the cookie must come from this
/// site's own pages: its `Origin` must be the server's, or it is refused (403).
struct SessionAuthenticator: AuthenticatorMiddleware {
    typealias Context = CampusRequestContext
    typealias Identity = Caller

    /// The session cookie's name.
    static let cookieName = "campus_session"

    /// The session cookie: `HttpOnly; Secure; SameSite=Strict` on the whole site (an empty
    /// value with no age removes it).
    static func cookie(_ token: String, maxAge: Int) -> Cookie {
        Cookie(name: cookieName, value: token, maxAge: maxAge, path: "/", secure: true, httpOnly: true, sameSite: .strict)
    }

    /// The cookie of a new log-in: it lasts as long as the session may (a kept one, as long as it is kept).
    static func cookie(for login: LoginAnswer, configuration: ServerConfiguration) -> Cookie {
        let lifetime = login.session.isKept ? configuration.keptLifetime ?? configuration.sessionLifetime : configuration.sessionLifetime
        return cookie(login.token, maxAge: Int(lifetime))
    }

    let service: CampusService
    let site: SiteOrigin

    func authenticate(request: Request, context: Context) async throws -> Caller? {
        guard let (token, _) = Self.presented(request) else { return nil }
        return try await signedIn(token)?.caller
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        // A log-in acts on nobody's behalf: a session it may carry neither counts nor needs checking.
        let loggingIn = request.method == .post && request.uri.path == "/v1/session"
        var renewing: String?
        // A session the user-state store or the index cannot check just then (no index yet on
        // a replica fetching its snapshot): the request goes on anonymous with its token, so
        // what needs no caller is answered (assets, probes, a log-out), and what needs one
        // fails with that error (503), never a 401 that would make the client forget it.
        var unchecked: CampusError?
        if !loggingIn, let (token, byCookie) = Self.presented(request) {
            do {
                if let found = try await signedIn(token) {
                    context.identity = found.caller
                    context.token = token
                    if byCookie, found.renewsCookie { renewing = token }
                }
            } catch let error as CampusError {
                unchecked = error
                context.token = token
            }
            context.byCookie = byCookie && context.token != nil
            if context.byCookie, ![.get, .head].contains(request.method), !site.isSameOrigin(request) { throw HTTPProblem.crossOrigin }
        }
        var response: Response
        do {
            response = try await next(request, context)
        } catch CampusError.unauthenticated {
            throw unchecked ?? CampusError.unauthenticated
        }
        // A kept log-in's end moves on with its use: so does its cookie's (at most once a
        // minute), unless the answer sets the cookie itself (a log-out clears it) or may be kept
        // by shared caches (assets, the OpenAPI document), which must never hold a token.
        if let renewing, let lifetime = service.configuration.keptLifetime,
           !response.headers[values: .setCookie].contains(where: { $0.hasPrefix(Self.cookieName + "=") }),
           !(response.headers[.cacheControl] ?? "").contains("public") {
            response.setCookie(Self.cookie(renewing, maxAge: Int(lifetime)))
            if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "private, no-cache" }
        }
        return response
    }

    /// The session token the request carries: a bearer token, else the session cookie.
    private static func presented(_ request: Request) -> (token: String, byCookie: Bool)? {
        if let bearer = request.headers.bearer?.token { return (bearer, false) }
        if let cookie = request.cookies[cookieName]?.value, !cookie.isEmpty { return (cookie, true) }
        return nil
    }

    /// Who `token` signs in; `nil` when it stands for no live session. A user-state store or an
    /// index that cannot say (who the session's person is now) is an error, not a log-out:
    /// the session may well be alive.
    private func signedIn(_ token: String) async throws -> (caller: Caller, renewsCookie: Bool)? {
        do {
            return try await service.signedIn(token: token, now: service.now())
        } catch .unauthenticated {
            return nil
        }
    }
}
