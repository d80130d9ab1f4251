import CampusCore
import CampusLookup
import Foundation
import HTTPTypes
import Hummingbird

/// `/login`: the form, and its answer. Before any session the form's token is a fresh one kept
/// in a cookie of its own too (both must match), and the post must carry this site's `Origin`.
extension WebApp {
    struct LoginView: Encodable, Sendable {
        var frame: PageFrame
        var csrf: String
        var next: String
        var username: String?
        var error: String?
        /// How long "keep me signed in" keeps the log-in (`30 days`); `nil` where it is not offered.
        var keepFor: String?
        /// Whether the directory password is offered.
        var password: Bool
        /// The ways in through the campus's sign-in service.
        var services: [ServiceLink]
        /// Whether the password comes after a way in through the sign-in service.
        var passwordToo: Bool
    }

    /// A way in through the campus's sign-in service: with and without "keep me signed in".
    struct ServiceLink: Encodable, Sendable {
        var label: String
        var href: String
        var keepHref: String
    }

    struct LoginForm: Decodable {
        var username: String?
        var password: String?
        var csrf: String?
        var next: String?
        /// `on` when "keep me signed in on this device" is ticked.
        var keep: String?
    }

    /// The log-in form's own cookie, for its token before any session.
    static let loginCookieName = "campus_login"

    /// `GET /login?next=`: the form (a browser already logged in goes on to `next`).
    @Sendable func loginPage(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let next = Self.localPath(QueryParameters(request: request).values["next"])
        if context.caller.isMember { return redirect(to: next) }
        return try loginForm(request, context, next: next, username: nil, error: nil, status: .ok)
    }

    /// `POST /login`: checks the password against the directory; on success the session
    /// cookie and back to where the browser was going, else the form again saying why.
    @Sendable func logIn(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let form = try await form(LoginForm.self, request, context)
        let next = Self.localPath(form.next)
        guard let expected = request.cookies[Self.loginCookieName]?.value, let given = form.csrf, FormToken.matches(given, expected),
              site.isSameOrigin(request) else {
            return try loginForm(request, context, next: next, username: form.username,
                                 error: "That form had expired. Please log in again.", status: .forbidden)
        }
        let username = (form.username ?? "").trimmingCharacters(in: .whitespaces)
        let answer: LoginAnswer
        do {
            let address = clientAddress.of(request, peer: context.remoteAddress)
            answer = try await metrics.countingRefusals { () async throws(CampusError) in
                try await service.logIn(
                    username: username, password: form.password ?? "", address: address, keep: form.keep == "on",
                    userAgent: request.headers[.userAgent], now: service.now())
            }
        } catch {
            switch error {
            case .loginFailed:
                return try loginForm(request, context, next: next, username: username,
                                     error: "That username and password do not match. Check them and try again.", status: .unauthorized)
            case .signInRefused(_, let words, _):
                return try loginForm(request, context, next: next, username: username, error: words, status: .forbidden)
            case .loginThrottled(let seconds):
                let minutes = max(1, (seconds + 59) / 60)
                return try loginForm(request, context, next: next, username: username,
                                     error: "Too many failed log-ins. Try again in \(CountedText.text(minutes, "minute")).",
                                     status: .tooManyRequests, headers: [.retryAfter: String(seconds)])
            default:
                throw error
            }
        }
        var response = redirect(to: next)
        response.setCookie(SessionAuthenticator.cookie(for: answer, configuration: service.configuration))
        response.setCookie(Self.loginCookie("", maxAge: 0))
        return response
    }

    /// `POST /logout`: ends the session at once and forgets the cookie. The form's token is not
    /// asked for: a tab opened before the last log-in must still log out (on a shared computer
    /// above all), and the post already had to come from this site's own pages (`Origin`);
    /// another site can make no one log out.
    @Sendable func logOut(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        guard let token = context.token else { return redirect(to: "/login") }
        let answer = try await service.logOut(token: token)
        if let problem = answer.notAtIdP { context.logger.notice("single logout at the IdP not asked for: \(problem)") }
        var response = try answer.atIdP.map { try toIdentityProvider($0, request, context, heading: "Logged out") } ?? redirect(to: "/login")
        response.setCookie(SessionAuthenticator.cookie("", maxAge: 0))
        return response
    }

    /// `POST /logout-everywhere`: ends every session of this person, on every device, and
    /// forgets the cookie here.
    @Sendable func logOutEverywhere(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try member(context)
        try await checkButton(request, context)
        _ = try await service.logOutEverywhere(as: context.caller)
        var response = redirect(to: "/login")
        response.setCookie(SessionAuthenticator.cookie("", maxAge: 0))
        return response
    }

    private func loginForm(
        _ request: Request, _ context: CampusRequestContext, next: String, username: String?, error: String?,
        status: HTTPResponse.Status, headers: HTTPFields = [:]
    ) throws -> Response {
        // The form's token is the one this browser already holds, when it holds one: a second
        // log-in tab must not void the first.
        let held = request.cookies[Self.loginCookieName].map { String($0.value) }
        let token = held.flatMap { FormToken.isWellFormed($0) ? $0 : nil } ?? FormToken.fresh()
        var anonymous = context
        anonymous.identity = nil
        anonymous.token = nil
        let keepFor = service.configuration.keptLifetime.map { lifetime in
            let days = Int((lifetime / 86_400).rounded())
            return CountedText.text(days, "day")
        }
        let services = service.configuration.signIn.services.map { signIn in
            ServiceLink(
                label: service.configuration.signIn.label(of: signIn), href: signIn.startPath + PathSegment.query([("next", next)]),
                keepHref: signIn.startPath + PathSegment.query([("next", next), ("keep", "on")]))
        }
        let view = LoginView(
            frame: frame("Log in", anonymous), csrf: token, next: next, username: username, error: error, keepFor: keepFor,
            password: service.configuration.signIn.password, services: services,
            passwordToo: service.configuration.signIn.password && !services.isEmpty)
        var response = try page(request, context, "login", view, status: status, headers: headers)
        response.setCookie(Self.loginCookie(token, maxAge: 3600))
        return response
    }

    private static func loginCookie(_ token: String, maxAge: Int) -> Cookie {
        Cookie(name: loginCookieName, value: token, maxAge: maxAge, path: "/login", secure: true, httpOnly: true, sameSite: .strict)
    }

    /// `next` when it is a path of this site (`/people/valer`), else `/`: never another site.
    static func localPath(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.hasPrefix("/\\"), next.unicodeScalars.count <= 500,
              !next.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return "/" }
        return next
    }
}
