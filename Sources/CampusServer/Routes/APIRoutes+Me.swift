import CampusCore
import CampusLookup
import Foundation
import HTTPTypes
import Hummingbird

/// `PUT /v1/me/favorites/{username}`: `{"username": "valer", "group": "favorites", "added": true}`.
struct FavoriteChangeShape: Encodable, Sendable {
    var username: String
    var group: String
    var added: Bool
}

/// `DELETE /v1/me/favorites`: `{"removed": 3}`.
struct RemovedShape: Encodable, Sendable {
    var removed: Int
}

extension APIRoutes {
    /// `GET /v1/me?term=`.
    @Sendable func me(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let term = try QueryParameters(request: request).text("term", maximumLength: 40)
        return try await answerer.uncached(request, context) { _ in
            .json(MeShape(try service.me(term: term, as: context.caller, now: service.now())))
        }
    }

    /// `GET /v1/me/favorites?group=&limit=&cursor=`.
    @Sendable func favorites(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let parameters = QueryParameters(request: request)
        let group = try parameters.text("group", maximumLength: 40)
        let paging = try parameters.paging()
        return try await answerer.uncached(request, context) { _ in
            .json(FavoritesShape(try await service.favorites(group: group, paging: paging, as: context.caller, now: service.now())))
        }
    }

    /// `PUT /v1/me/favorites/{username}?group=`: 201 when added, 200 when kept already.
    @Sendable func addFavorite(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let username = try context.parameters.text("username", maximumLength: 64)
        let group = try QueryParameters(request: request).text("group", maximumLength: 40) ?? Favorite.defaultGroup
        let added = try await service.addFavorite(username, group: group, as: context.caller, now: service.now())
        return try await answerer.uncached(request, context, status: added ? .created : .ok) { _ in
            .json(FavoriteChangeShape(username: username.lowercased(), group: group, added: added))
        }
    }

    /// `DELETE /v1/me/favorites/{username}?group=`: 204, or 404 when not in the group.
    @Sendable func removeFavorite(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let username = try context.parameters.text("username", maximumLength: 64)
        let group = try QueryParameters(request: request).text("group", maximumLength: 40) ?? Favorite.defaultGroup
        guard try await service.removeFavorite(username, group: group, as: context.caller) else {
            throw CampusError.noMatch(what: "favorite in the group '\(group)'", query: username, suggestions: [])
        }
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }

    /// `DELETE /v1/me/favorites?group=`: empties one group, or all of them.
    @Sendable func clearFavorites(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let group = try QueryParameters(request: request).text("group", maximumLength: 40)
        let removed = try await service.clearFavorites(group: group, as: context.caller)
        return try await answerer.uncached(request, context) { _ in .json(RemovedShape(removed: removed)) }
    }

    /// `{"content": "schedule"}` or `{"content": "overlay", "group": "study"}`.
    struct ShareBody: Decodable {
        var content: String
        var group: String?
    }

    /// `POST /v1/me/shares`: 201 with the feed's URL, shown this once.
    @Sendable func createShare(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let body = try await body(ShareBody.self, request, context)
        let content: Share.Content
        switch body.content {
        case "schedule": content = .schedule
        case "overlay":
            guard let group = body.group else { throw CampusError.invalidParameter(name: "group", detail: "an overlay share names a favorites group") }
            content = .overlay(group: group)
        default:
            throw CampusError.invalidParameter(name: "content", detail: "'\(body.content.prefix(40))' is neither schedule nor overlay")
        }
        let created = try await service.createShare(content, as: context.caller, now: service.now())
        let url = site.feedURL(created.token, for: request)
        return try await answerer.uncached(request, context, status: .created) { _ in .json(ShareShape(created, url: url)) }
    }

    /// `GET /v1/me/shares?limit=&cursor=`.
    @Sendable func shares(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let paging = try QueryParameters(request: request).paging()
        return try await answerer.uncached(request, context) { _ in
            .json(SharesShape(try await service.shares(as: context.caller, now: service.now()), paging: paging))
        }
    }

    /// `DELETE /v1/me/sessions`: every session of the caller ends, on every device, this one included.
    @Sendable func logOutEverywhere(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try await service.logOutEverywhere(as: context.caller)
        var response = Response(status: .noContent, headers: [.cacheControl: "no-store"])
        response.setCookie(SessionAuthenticator.cookie("", maxAge: 0))
        return response
    }

    /// `GET /v1/me/sessions`: my log-ins, with their devices, and recent lockouts of my account.
    @Sendable func devices(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        try await answerer.uncached(request, context) { _ in
            let now = service.now()
            return .json(DevicesShape(try await service.sessions(as: context.caller, current: context.token, now: now),
                               lockouts: try await service.lockouts(as: context.caller, now: now)))
        }
    }

    /// `DELETE /v1/me/sessions/{id}`: that log-in ends at once, on whatever device holds it.
    @Sendable func endSession(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let id = try context.parameters.text("id", maximumLength: 40)
        var response = Response(status: .noContent, headers: [.cacheControl: "no-store"])
        if try await service.endSession(id: id, as: context.caller, current: context.token) {
            response.setCookie(SessionAuthenticator.cookie("", maxAge: 0))
        }
        return response
    }

    /// `DELETE /v1/me/shares/{id}`: the link is not found from now on.
    @Sendable func revokeShare(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let id = try context.parameters.text("id", maximumLength: 40)
        try await service.revokeShare(id: id, as: context.caller)
        return Response(status: .noContent, headers: [.cacheControl: "no-store"])
    }

    /// `GET /v1/feeds/{token}.ics`: no log-in (calendar programs cannot log in); the link is the key.
    @Sendable func feed(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let token = try context.parameters.text("token", maximumLength: 64)
        let feed = try await service.feed(token: token, now: service.now())
        let tag = "\"" + FNV.hex("\(feed.generation)\u{1F}\(token)\u{1F}\(answerer.policyTag)\u{1F}\(feed.basis)") + "\""
        var headers: HTTPFields = [
            .eTag: tag, .lastModified: HTTPDate.text(feed.changedAt), .cacheControl: "private, no-cache", .referrerPolicy: "no-referrer",
            .vary: "Accept-Encoding",
        ]
        if let given = request.headers[.ifNoneMatch], Answerer.matches(given, tag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentDisposition] = "inline; filename=\"campus.ics\""
        return try answerer.respond(.text(feed.ics, type: "text/calendar"), status: .ok, headers: headers, to: request, context)
    }

    /// `GET /v1/audit?viewer=&subject=&since=&until=&limit=&cursor=`.
    @Sendable func audit(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let parameters = QueryParameters(request: request)
        var query = DisclosureQuery(
            viewer: try parameters.text("viewer", maximumLength: 64), subject: try parameters.text("subject", maximumLength: 64),
            since: try parameters.date("since"), until: try parameters.date("until"))
        let student = try parameters.text("student", maximumLength: 64)
        let paging = try parameters.paging()
        return try await answerer.uncached(request, context) { _ in
            if let student { query.concerning = try service.disclosedStudent(student, as: context.caller) }
            let found = try await service.disclosures(matching: query, limit: paging.limit, offset: paging.offset, as: context.caller)
            return .json(AuditShape(found.items, total: found.total, paging: paging))
        }
    }

    /// `GET /v1/me/disclosures?limit=&cursor=`: who saw my records.
    @Sendable func myDisclosures(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let paging = try QueryParameters(request: request).paging()
        return try await answerer.uncached(request, context) { _ in
            let found = try await service.myDisclosures(limit: paging.limit, offset: paging.offset, as: context.caller)
            return .json(AuditShape(found.items, total: found.total, paging: paging))
        }
    }
}
