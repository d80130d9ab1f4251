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
        try await found(request)?.caller
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        // A log-in acts on nobody's behalf: a session it may carry neither counts nor needs checking.
        let loggingIn = request.method == .post && request.uri.path == "/v1/session"
        var renewing: String?
        if !loggingIn, let found = try await found(request) {
            context.identity = found.caller
            context.token = found.token
            context.byCookie = found.byCookie
            if found.byCookie, ![.get, .head].contains(request.method), !site.isSameOrigin(request) { throw HTTPProblem.crossOrigin }
            if found.byCookie, found.renewsCookie { renewing = found.token }
        }
        var response = try await next(request, context)
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

    private func found(_ request: Request) async throws -> (caller: Caller, token: String, byCookie: Bool, renewsCookie: Bool)? {
        if let bearer = request.headers.bearer?.token {
            guard let found = try await signedIn(bearer) else { return nil }
            return (found.caller, bearer, false, found.renewsCookie)
        }
        if let cookie = request.cookies[Self.cookieName]?.value, !cookie.isEmpty {
            guard let found = try await signedIn(cookie) else { return nil }
            return (found.caller, cookie, true, found.renewsCookie)
        }
        return nil
    }

    /// Who `token` signs in; `nil` when it stands for no live session. A user-state store or an
    /// index that cannot say (who the session's person is now) is an error (503), not a
    /// log-out: the session may well be alive, and the client must not forget it.
    private func signedIn(_ token: String) async throws -> (caller: Caller, renewsCookie: Bool)? {
        do {
            return try await service.signedIn(token: token, now: service.now())
        } catch .unauthenticated {
            return nil
        }
    }
}
