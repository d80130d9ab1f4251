import CampusCore
import CampusLookup
import Foundation
import HTTPTypes
import Hummingbird

/// The phone-first web app on the same server as the API: server-rendered pages from
/// Mustache templates over the same use cases and the same JSON shapes, so that the policy
/// decides what each page shows exactly as it decides what the API answers. Every page works
/// without script; `app.js` only adds search as you type and copy buttons.
///
/// Sessions are the API's `HttpOnly; Secure; SameSite=Strict` cookie; every form carries a
/// token derived from the session (``CampusLookup/FormToken``) and every change must come with
/// this site's `Origin`. Pages may load nothing but this server's own style sheet, script and
/// images (a strict Content-Security-Policy, no inline script or style).
struct WebApp: Sendable {
    let service: CampusService
    let answerer: Answerer
    let clientAddress: ClientAddress
    let site: SiteOrigin
    /// Counts refused log-ins.
    let metrics: ServerMetrics

    typealias Handler = @Sendable (Request, CampusRequestContext) async throws -> Response

    /// Registers every page on `router`, behind the middleware that turns failures into pages.
    func register(on router: Router<CampusRequestContext>) {
        let pages = router.group().add(middleware: WebErrorMiddleware(app: self))
        pages.get("/login", use: loginPage)
        if service.configuration.signIn.password { pages.post("/login", use: logIn) }
        for signIn in service.configuration.signIn.services {
            pages.get(RouterPath(signIn.startPath), use: startSignIn(signIn))
            if signIn == .saml {
                pages.post(RouterPath(signIn.callbackPath), use: finishSignIn(signIn))
                pages.get("/saml/metadata", use: samlMetadata)
                pages.post("/saml/slo", use: samlLogout)
            } else {
                pages.get(RouterPath(signIn.callbackPath), use: finishSignIn(signIn))
            }
            if signIn == .openID { pages.post("/oidc/backchannel-logout", use: backChannelLogout) }
        }
        pages.post("/logout", use: logOut)
        pages.post("/logout-everywhere", use: logOutEverywhere)
        pages.get("/", use: mePage)
        pages.get("/search", use: searchPage)
        pages.get("/people/{username}", use: personPage)
        pages.get("/people/{username}/card.vcf", use: personCard)
        pages.get("/people/{username}/schedule", use: schedulePage)
        pages.get("/people/{username}/schedule.ics", use: scheduleCalendar)
        pages.post("/favorites", use: changeFavorite)
        pages.get("/sections/{id}", use: sectionPage)
        pages.get("/sections/{id}/roster", use: rosterPage)
        pages.get("/sections/{id}/roster.csv", use: rosterCSV)
        pages.get("/rooms/free", use: freeRoomsPage)
        pages.get("/rooms/{room}", use: roomPage)
        pages.get("/meet", use: meetPage)
        pages.get("/meet/invitation.ics", use: meetInvitation)
        pages.get("/shares", use: sharesPage)
        pages.post("/shares", use: createShare)
        pages.post("/shares/{id}/revoke", use: revokeShare)
        pages.get("/sharing", use: sharingPage)
        pages.post("/sharing", use: share)
        pages.post("/sharing/{id}/revoke", use: revokeSharing)
        pages.post("/requests", use: ask)
        pages.post("/requests/{id}/accept", use: acceptRequest)
        pages.post("/requests/{id}/decline", use: declineRequest)
        pages.get("/alerts", use: alertsPage)
        pages.post("/alerts", use: saveAlerts)
        pages.post("/alerts/read", use: readAlertsPage)
        pages.get("/alerts/unsubscribe", use: unsubscribePage)
        pages.post("/alerts/unsubscribe", use: unsubscribe)
        pages.get("/record", use: recordPage)
        pages.get("/sessions", use: devicesPage)
        pages.get("/device", use: deviceLoginPage)
        pages.post("/device", use: answerDeviceLogin)
        pages.post("/sessions/end-others", use: endOtherSessions)
        pages.post("/sessions/{id}/end", use: endSession)
        // Any other address a browser asks for: a page saying so (an API address stays the API's 404 or 405).
        pages.get("**") { request, _ -> Response in
            if request.uri.path.hasPrefix("/v1/") { throw HTTPError(.notFound) }
            throw HTTPProblem(status: .notFound, kind: "not-found", title: "Nothing here", detail: "there is no such page")
        }
        // Browsers ask for an icon on every page: nothing to show, rather than the HTML of a 404.
        router.get("/favicon.ico") { _, _ in Response(status: .noContent, headers: [.cacheControl: "public, max-age=86400"]) }
        router.get("/assets/{name}") { request, context in
            try WebAssets.respond(request, context, name: try context.parameters.text("name", maximumLength: 40), answerer: answerer)
        }
    }

    /// Requires someone logged in; a page without a session sends the browser to log in.
    func member(_ context: CampusRequestContext) throws -> String {
        guard let username = context.caller.username else { throw CampusError.unauthenticated }
        return username
    }

    /// The token the session's forms carry.
    func formToken(_ context: CampusRequestContext) -> String? {
        context.token.map { FormToken.of(session: $0) }
    }

    /// Refuses a form of this session without its token (a page from another site, or from an
    /// earlier log-in), with a 403 page saying to go back and send it again.
    func checkForm(_ token: String?, _ context: CampusRequestContext) throws {
        guard let expected = formToken(context), let token, FormToken.matches(token, expected) else {
            throw HTTPProblem(
                status: .forbidden, kind: "form-expired", title: "This form has expired",
                detail: "it was made for another session or another site. Go back, reload the page and send it again.")
        }
    }

    /// Requires a form that carries nothing but its token (a button: revoke, end, log out
    /// everywhere) and that token this session's, as ``checkForm(_:_:)``.
    func checkButton(_ request: Request, _ context: CampusRequestContext) async throws {
        struct ButtonForm: Decodable { var csrf: String? }
        try checkForm(try await form(ButtonForm.self, request, context).csrf, context)
    }

    /// A form's fields from an `application/x-www-form-urlencoded` body of at most 16 KiB.
    func form<Fields: Decodable>(
        _ type: Fields.Type, _ request: Request, _ context: CampusRequestContext, upTo limit: Int = 16 * 1024
    ) async throws -> Fields {
        var request = request
        let buffer = try await request.collectBody(upTo: limit)
        let text = String(decoding: buffer.readableBytesView, as: UTF8.self)
        do {
            return try URLEncodedFormDecoder().decode(Fields.self, from: text)
        } catch {
            throw HTTPProblem(status: .badRequest, kind: "bad-form", title: "The form is not valid",
                              detail: "the form's fields could not be read: reload the page and send it again.")
        }
    }

    /// `303 See Other` to a page of this site.
    func redirect(to location: String, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.location] = location
        headers[.cacheControl] = "no-store"
        return Response(status: .seeOther, headers: headers)
    }
}
