import CampusCore
import CampusLookup
import Foundation
import HTTPTypes
import Hummingbird

/// The API's routes over one ``CampusLookup/CampusService``: each handler reads its
/// parameters, calls one use case as the request's caller, and answers with the use
/// case's one shape. Registered routes are kept in a ``RouteTable``.
struct APIRoutes: Sendable {
    let service: CampusService
    let answerer: Answerer
    let clientAddress: ClientAddress
    /// This site, for how share links start.
    let site: SiteOrigin
    /// Counts refused log-ins.
    let metrics: ServerMetrics

    typealias Handler = @Sendable (Request, CampusRequestContext) async throws -> Response

    /// Registers every route on `router`; the table of what was registered.
    func register(on router: Router<CampusRequestContext>) -> RouteTable {
        var routes: [RouteTable.Route] = []
        func on(_ method: HTTPRequest.Method, _ path: String, _ handler: @escaping Handler) {
            router.on(RouterPath(path), method: method, use: handler)
            routes.append(.init(method: method, path: path))
        }
        // With the password off, none reaches this server.
        if service.configuration.signIn.password { on(.post, "/v1/session", logIn) }
        on(.get, "/v1/session", session)
        on(.post, "/v1/device/authorize", authorizeDevice)
        on(.post, "/v1/device/token", deviceToken)
        on(.delete, "/v1/session", logOut)
        on(.get, "/v1/me/sessions", devices)
        on(.delete, "/v1/me/sessions", logOutEverywhere)
        on(.delete, "/v1/me/sessions/{id}", endSession)
        on(.get, "/v1/search", search)
        on(.get, "/v1/people/{username}", person)
        on(.get, "/v1/people/{username}/photo", photo)
        on(.get, "/v1/people/{username}/schedule", schedule)
        on(.get, "/v1/people/{username}/history", history)
        on(.get, "/v1/instructors/{username}/sections", teaching)
        on(.get, "/v1/courses/{idOrPrefix}", course)
        on(.get, "/v1/sections/{id}", section)
        on(.get, "/v1/sections/{id}/roster", roster)
        on(.get, "/v1/rooms/free", freeRooms)
        on(.get, "/v1/rooms/{room}", room)
        on(.get, "/v1/terms", terms)
        on(.post, "/v1/overlay", overlay)
        on(.post, "/v1/meet", meet)
        on(.get, "/v1/me", me)
        on(.get, "/v1/me/favorites", favorites)
        on(.delete, "/v1/me/favorites", clearFavorites)
        on(.put, "/v1/me/favorites/{username}", addFavorite)
        on(.delete, "/v1/me/favorites/{username}", removeFavorite)
        on(.get, "/v1/me/shares", shares)
        on(.post, "/v1/me/shares", createShare)
        on(.delete, "/v1/me/shares/{id}", revokeShare)
        on(.get, "/v1/me/sharing", sharing)
        on(.post, "/v1/me/sharing", share)
        on(.delete, "/v1/me/sharing/{id}", revokeSharing)
        on(.get, "/v1/me/requests", requests)
        on(.post, "/v1/me/requests", ask)
        on(.post, "/v1/me/requests/{id}/accept", acceptRequest)
        on(.post, "/v1/me/requests/{id}/decline", declineRequest)
        on(.get, "/v1/me/disclosures", myDisclosures)
        on(.get, "/v1/me/alerts", myAlerts)
        on(.put, "/v1/me/alerts", setMyAlerts)
        on(.post, "/v1/me/alerts/read", readAlerts)
        on(.get, "/v1/changes", changes)
        on(.get, "/v1/feeds/{token}.ics", feed)
        on(.get, "/v1/audit", audit)
        return RouteTable(routes)
    }

    /// Reads a JSON body of at most 64 KiB into `Body`; refuses another type (415).
    func body<Body: Decodable>(_ type: Body.Type, _ request: Request, _ context: CampusRequestContext) async throws -> Body {
        let contentType = request.headers[.contentType]
        guard let contentType, contentType.lowercased().hasPrefix("application/json") else {
            throw HTTPProblem.unsupportedMediaType(contentType)
        }
        var request = request
        let buffer = try await request.collectBody(upTo: context.maxUploadSize)
        guard buffer.readableBytes > 0 else { throw HTTPProblem.badBody("the body is empty: send a JSON object") }
        return try JSONDecoder().decode(Body.self, from: Data(buffer.readableBytesView))
    }
}
