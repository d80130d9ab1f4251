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

    let service: CampusService
    let publicOrigin: String?

    func authenticate(request: Request, context: Context) async throws -> Caller? {
        try await found(request)?.caller
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        // A log-in acts on nobody's behalf: a session it may carry neither counts nor needs checking.
        let loggingIn = request.method == .post && request.uri.path == "/v1/session"
        if !loggingIn, let found = try await found(request) {
            context.identity = found.caller
            context.token = found.token
            context.byCookie = found.byCookie
            if found.byCookie, ![.get, .head].contains(request.method), !isSameOrigin(request) { throw HTTPProblem.crossOrigin }
        }
        return try await next(request, context)
    }

    private func found(_ request: Request) async throws -> (caller: Caller, token: String, byCookie: Bool)? {
        let now = Date()
        if let bearer = request.headers.bearer?.token {
            guard let caller = try? await service.caller(token: bearer, now: now) else { return nil }
            return (caller, bearer, false)
        }
        if let cookie = request.cookies[Self.cookieName]?.value, !cookie.isEmpty {
            guard let caller = try? await service.caller(token: cookie, now: now) else { return nil }
            return (caller, cookie, true)
        }
        return nil
    }

    /// Whether the request's `Origin` is this server: the public URL when configured, else its own `Host`.
    private func isSameOrigin(_ request: Request) -> Bool {
        guard let origin = request.headers[.origin] else { return false }
        if let publicOrigin { return origin == publicOrigin }
        guard let host = request.head.authority else { return false }
        return origin == "https://\(host)" || origin == "http://\(host)"
    }
}
