import CampusCore
import CampusLookup
import Foundation
import Hummingbird

/// `/shares`: my calendar links: make one (my schedule, or a favorites group's free time),
/// copy it once into a calendar program, revoke any at once.
extension WebApp {
    struct SharesView: Encodable, Sendable {
        struct Entry: Encodable, Sendable {
            var id: String
            var what: String
            var created: String
            var ends: String
            var fetched: String?
            var revokeAction: String
        }

        struct Created: Encodable, Sendable {
            var url: String
            var webcal: String
            var what: String
            var ends: String
            /// Whose weeks the link leaves out, by name.
            var notShared: String?
        }

        var frame: PageFrame
        var shares: [Entry]
        var groups: [String]
        var hasGroups: Bool
        var created: Created?
        /// Said after a link was revoked.
        var revoked: Bool
    }

    @Sendable func sharesPage(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try member(context)
        return try await sharesPage(request, context, created: nil, status: .ok)
    }

    /// `POST /shares` (`content=schedule`, or `content=overlay&group=`): the new link, shown this once.
    @Sendable func createShare(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        struct ShareForm: Decodable {
            var csrf: String?
            var content: String
            var group: String?
        }
        _ = try member(context)
        let form = try await form(ShareForm.self, request, context)
        try checkForm(form.csrf, context)
        let content: Share.Content
        switch (form.content, form.group) {
        case ("schedule", _): content = .schedule
        case ("overlay", .some(let group)) where !group.isEmpty: content = .overlay(group: group)
        default: throw CampusError.invalidParameter(name: "content", detail: "choose my schedule, or a favorites group's free time")
        }
        let made = try await service.createShare(content, as: context.caller, now: service.now())
        let url = site.feedURL(made.token, for: request)
        let webcal = "webcal://" + url.drop { $0 != ":" }.dropFirst(3)
        let created = SharesView.Created(
            url: url, webcal: webcal, what: Self.describe(content), ends: when(made.share.expiresAt),
            notShared: made.notShared.isEmpty ? nil : made.notShared.joined(separator: ", "))
        return try await sharesPage(request, context, created: created, status: .created)
    }

    /// `POST /shares/{id}/revoke`: the link stops working at once.
    @Sendable func revokeShare(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try member(context)
        try await checkButton(request, context)
        try await service.revokeShare(id: try context.parameters.text("id", maximumLength: 40), as: context.caller)
        return redirect(to: "/shares?revoked=1")
    }

    private func sharesPage(
        _ request: Request, _ context: CampusRequestContext, created: SharesView.Created?, status: HTTPResponse.Status
    ) async throws -> Response {
        let shares = try await service.shares(as: context.caller, now: service.now())
        let shared = try await service.groupsShared(as: context.caller).map { "\($0.owner)/\($0.name)" }
        let groups = Set(try await service.keptFavorites(as: context.caller).map(\.group)).sorted() + shared
        let view = SharesView(
            frame: frame("Shared calendars", context, current: "/shares"),
            shares: shares.map { share in
                SharesView.Entry(
                    id: share.id, what: Self.describe(share.content), created: when(share.createdAt),
                    ends: when(share.expiresAt), fetched: share.lastFetchedAt.map(when), revokeAction: "/shares/\(PathSegment.encoded(share.id))/revoke")
            },
            groups: groups, hasGroups: !groups.isEmpty, created: created,
            revoked: created == nil && QueryParameters(request: request).values["revoked"] == "1")
        return try page(request, context, "shares", view, status: status)
    }

    private static func describe(_ content: Share.Content) -> String {
        switch content {
        case .schedule: "My schedule"
        case .overlay(let group):
            if let slash = group.firstIndex(of: "/") {
                "When \(group[..<slash])'s group \(group[group.index(after: slash)...]) is free"
            } else {
                "When my group \(group) is free"
            }
        }
    }
}
