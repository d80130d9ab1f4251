import CampusCore
import CampusLookup
import Foundation
import Hummingbird

/// `/sharing`: friends: share my week by consent (with a person, a favorites group, a section's
/// students), ask someone to share theirs, answer what I was asked, revoke, and see whose weeks
/// are shared with me.
extension WebApp {
    struct SharingView: Encodable, Sendable {
        struct Given: Encodable, Sendable {
            var with: String
            var terms: String
            var purpose: String
            var given: String
            var revokeAction: String
        }

        struct Received: Encodable, Sendable {
            var from: String
            var scheduleLink: String
            var how: String
            var terms: String
            var purpose: String
        }

        struct Incoming: Encodable, Sendable {
            var from: String
            var purpose: String
            var sent: String
            var acceptAction: String
            var declineAction: String
        }

        struct Outgoing: Encodable, Sendable {
            var to: String
            var sent: String
            var accepted: Bool
        }

        var frame: PageFrame
        var notice: String?
        var incoming: [Incoming]
        var hasIncoming: Bool
        var given: [Given]
        var received: [Received]
        var outgoing: [Outgoing]
        var hasOutgoing: Bool
        /// Audiences to pick from: my groups (`@study`) and my sections this term (`section:ID`).
        var suggestions: [Choice]
        var defaultPurpose: String
    }

    /// What a finished action says on the page it returns to.
    private static let notices = [
        "shared": "Shared: they see your week from now on, until you revoke it.",
        "revoked": "Revoked: your week is not shown to them from now on.",
        "asked": "Asked: they see your request when they next look.",
        "accepted": "Accepted: they see your week from now on, until you revoke it.",
        "declined": "Declined: they are not told.",
    ]

    @Sendable func sharingPage(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let viewer = try member(context)
        let sharing = try await service.sharing(as: context.caller)
        let requests = try await service.requests(as: context.caller)
        let groups = Set(try await service.keptFavorites(as: context.caller).map(\.group)).sorted()
        let sections = (try? service.me(term: nil, as: context.caller, now: service.now()))?.schedule?.sections.map(\.section.id.rawValue) ?? []
        let done = QueryParameters(request: request).values["done"]
        let view = SharingView(
            frame: frame("Friends", context, current: "/sharing"),
            notice: done.flatMap { Self.notices[$0] },
            incoming: requests.incoming.map { asked in
                SharingView.Incoming(
                    from: asked.sender, purpose: VisibleText.escaped(asked.purpose), sent: when(asked.sentAt),
                    acceptAction: "/requests/\(PathSegment.encoded(asked.id))/accept",
                    declineAction: "/requests/\(PathSegment.encoded(asked.id))/decline")
            },
            hasIncoming: !requests.incoming.isEmpty,
            given: sharing.given.map { consent in
                SharingView.Given(
                    with: consent.audience.written(grantor: viewer), terms: Self.terms(consent), purpose: VisibleText.escaped(consent.purpose),
                    given: when(consent.givenAt), revokeAction: "/sharing/\(PathSegment.encoded(consent.id))/revoke")
            },
            received: sharing.received.map { consent in
                SharingView.Received(
                    from: consent.grantor, scheduleLink: "/people/\(PathSegment.encoded(consent.grantor))/schedule",
                    how: Self.how(consent, viewer: viewer), terms: Self.terms(consent), purpose: VisibleText.escaped(consent.purpose))
            },
            outgoing: requests.outgoing.map { SharingView.Outgoing(to: $0.recipient, sent: when($0.sentAt), accepted: $0.answer == .accepted) },
            hasOutgoing: !requests.outgoing.isEmpty,
            suggestions: groups.map { Choice(value: "@" + $0, label: "My group \($0)", selected: false) }
                + sections.map { Choice(value: "section:" + $0, label: "The students of \($0)", selected: false) },
            defaultPurpose: Consent.defaultPurpose)
        return try page(request, context, "sharing", view)
    }

    /// `POST /sharing` (`with`, `term`, `purpose`): consents, then back to the page.
    @Sendable func share(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        struct SharingForm: Decodable {
            var csrf: String?
            var with: String
            var term: String?
            var purpose: String?
        }
        _ = try member(context)
        let form = try await form(SharingForm.self, request, context)
        try checkForm(form.csrf, context)
        let term = form.term.flatMap { $0.isEmpty ? nil : $0 }
        _ = try await service.share(with: form.with, term: term, purpose: form.purpose, as: context.caller, now: service.now())
        return redirect(to: "/sharing?done=shared")
    }

    /// `POST /sharing/{id}/revoke`: the consent stops showing anything at once.
    @Sendable func revokeSharing(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try member(context)
        try await checkButton(request, context)
        try await service.revokeSharing(id: try context.parameters.text("id", maximumLength: 40), as: context.caller, now: service.now())
        return redirect(to: "/sharing?done=revoked")
    }

    /// `POST /requests` (`to`, `purpose`): asks someone to share, then back to where it was asked from.
    @Sendable func ask(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        struct AskForm: Decodable {
            var csrf: String?
            var to: String
            var purpose: String?
        }
        _ = try member(context)
        let form = try await form(AskForm.self, request, context)
        try checkForm(form.csrf, context)
        _ = try await service.ask(form.to, purpose: form.purpose, as: context.caller, now: service.now())
        return redirect(to: "/sharing?done=asked")
    }

    /// `POST /requests/{id}/accept`.
    @Sendable func acceptRequest(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try member(context)
        try await checkButton(request, context)
        _ = try await service.acceptRequest(id: try context.parameters.text("id", maximumLength: 40), as: context.caller, now: service.now())
        return redirect(to: "/sharing?done=accepted")
    }

    /// `POST /requests/{id}/decline`.
    @Sendable func declineRequest(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try member(context)
        try await checkButton(request, context)
        try await service.declineRequest(id: try context.parameters.text("id", maximumLength: 40), as: context.caller, now: service.now())
        return redirect(to: "/sharing?done=declined")
    }

    private static func terms(_ consent: Consent) -> String {
        consent.term.map { "the term \($0.rawValue)" } ?? "every term, until revoked"
    }

    /// How a consent reaches me, in words.
    private static func how(_ consent: Consent, viewer: String) -> String {
        switch consent.audience {
        case .person: "with you"
        case .group(let owner, let name): owner == viewer ? "with your group \(name)" : "with \(owner)'s group \(name)"
        case .section(let section, _): "with the students of \(section)"
        }
    }
}
