import CampusCore
import CampusLookup
import Foundation
import HTTPTypes
import Hummingbird

extension APIRoutes {
    /// `{"email": true, "daily": false, "follows": ["202630 CHEM111-02"], "rooms": ["O169"], "people": ["quinna"]}`;
    /// a key left out stays as it was.
    struct AlertsBody: Decodable {
        var email: Bool?
        var daily: Bool?
        var follows: [String]?
        var rooms: [String]?
        var people: [String]?
    }

    /// `GET /v1/me/alerts`: what I hear about and how, and my inbox.
    @Sendable func myAlerts(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        try await answerer.uncached(request, context) { _ in .json(MyAlertsShape(try await service.myAlerts(as: context.caller))) }
    }

    /// `PUT /v1/me/alerts`: change what I hear about and how.
    @Sendable func setMyAlerts(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let body = try await body(AlertsBody.self, request, context)
        let alerts = try await service.setMyAlerts(
            email: body.email, daily: body.daily, follows: body.follows, rooms: body.rooms, people: body.people, as: context.caller,
            now: service.now())
        return try await answerer.uncached(request, context) { _ in .json(MyAlertsShape(alerts)) }
    }

    /// `POST /v1/me/alerts/read`: 204; my inbox is read.
    @Sendable func readAlerts(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try await service.markAlertsRead(as: context.caller, now: service.now())
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }

    /// `GET /v1/changes?since=&term=&section=&refresh=&limit=`: what refreshes found changed, as
    /// much as the policy shows the caller.
    @Sendable func changes(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let parameters = QueryParameters(request: request)
        let term = try parameters.text("term", maximumLength: 40)
        let section = try parameters.text("section", maximumLength: 40)
        let query = ChangeQuery(
            since: try parameters.date("since"), refresh: try parameters.integer("refresh", in: 1...Int(Int32.max)).map(Int64.init),
            section: try section.map { text throws(CampusError) in
                guard let id = SectionID(text.uppercased()) else {
                    throw .invalidParameter(name: "section", detail: "'\(text)' is not a section id such as CHEM111-02")
                }
                return id
            },
            limit: try parameters.integer("limit", in: 1...Paging.maximumLimit) ?? 100)
        return try await answerer.uncached(request, context) { _ in
            .json(ChangesShape(try await service.changes(query, term: term, as: context.caller, now: service.now())))
        }
    }
}
