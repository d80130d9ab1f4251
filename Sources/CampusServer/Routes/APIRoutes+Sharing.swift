import CampusCore
import CampusLookup
import Foundation
import HTTPTypes
import Hummingbird

extension APIRoutes {
    /// `{"with": "quinna" | "@study" | "@alice/study" | "section:CSSE120-01", "term": "202610", "purpose": "..."}`.
    struct SharingBody: Decodable {
        var with: String
        var term: String?
        var purpose: String?
    }

    /// `{"to": "quinna", "purpose": "..."}`.
    struct RequestBody: Decodable {
        var to: String
        var purpose: String?
    }

    /// `POST /v1/me/sharing`: 201 with the consent.
    @Sendable func share(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let body = try await body(SharingBody.self, request, context)
        let consent = try await service.share(with: body.with, term: body.term, purpose: body.purpose, as: context.caller, now: service.now())
        return try await answerer.uncached(request, context, status: .created) { _ in .json(ConsentShape(consent)) }
    }

    /// `GET /v1/me/sharing`: what I share with whom, and who shares with me.
    @Sendable func sharing(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        try await answerer.uncached(request, context) { _ in .json(SharingShape(try await service.sharing(as: context.caller))) }
    }

    /// `DELETE /v1/me/sharing/{id}`: 204; what it showed is not shown from now on.
    @Sendable func revokeSharing(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let id = try context.parameters.text("id", maximumLength: 40)
        try await service.revokeSharing(id: id, as: context.caller, now: service.now())
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }

    /// `POST /v1/me/requests`: 201 with the request.
    @Sendable func ask(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let body = try await body(RequestBody.self, request, context)
        let sent = try await service.ask(body.to, purpose: body.purpose, as: context.caller, now: service.now())
        return try await answerer.uncached(request, context, status: .created) { _ in .json(ConsentRequestShape(sent)) }
    }

    /// `GET /v1/me/requests`: requests to me waiting, and mine.
    @Sendable func requests(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        try await answerer.uncached(request, context) { _ in .json(RequestsShape(try await service.requests(as: context.caller))) }
    }

    /// `POST /v1/me/requests/{id}/accept`: 201 with the consent it gave.
    @Sendable func acceptRequest(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let id = try context.parameters.text("id", maximumLength: 40)
        let consent = try await service.acceptRequest(id: id, as: context.caller, now: service.now())
        return try await answerer.uncached(request, context, status: .created) { _ in .json(ConsentShape(consent)) }
    }

    /// `POST /v1/me/requests/{id}/decline`: 204; the sender is not told.
    @Sendable func declineRequest(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let id = try context.parameters.text("id", maximumLength: 40)
        try await service.declineRequest(id: id, as: context.caller, now: service.now())
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }
}
