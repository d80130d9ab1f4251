import CampusCore
import CampusLookup
import Foundation
import Hummingbird

/// `/sessions`: my log-ins, by device and last use; end any one, or all of them; and when
/// failed log-ins locked my account in the last 30 days.
extension WebApp {
    struct DevicesView: Encodable, Sendable {
        struct Entry: Encodable, Sendable {
            var device: String
            var lastUsed: String
            var ends: String
            var kept: Bool
            var current: Bool
            var endAction: String
        }

        /// A time failed log-ins locked the account: when, from where, until when.
        struct Lockout: Encodable, Sendable {
            var at: String
            var network: String
            var until: String
        }

        var frame: PageFrame
        /// How long log-ins last here, in words.
        var lifetimes: String
        var sessions: [Entry]
        /// Whether there are log-ins other than this one.
        var hasOthers: Bool
        /// Said after a log-in was ended.
        var ended: Bool
        var lockouts: [Lockout]
        var hasLockouts: Bool
    }

    @Sendable func devicesPage(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try member(context)
        let now = service.now()
        let listed = try await service.sessions(as: context.caller, current: context.token, now: now)
        let lockouts = try await service.lockouts(as: context.caller, now: now)
        let view = DevicesView(
            frame: frame("My devices", context), lifetimes: lifetimes(),
            sessions: listed.map { entry in
                DevicesView.Entry(
                    device: entry.session.device ?? "an unknown device", lastUsed: when(entry.session.lastUsedAt), ends: when(entry.endsAt),
                    kept: entry.session.isKept, current: entry.isCurrent, endAction: "/sessions/\(PathSegment.encoded(entry.session.id))/end")
            },
            hasOthers: listed.contains { !$0.isCurrent },
            ended: QueryParameters(request: request).values["ended"] == "1",
            lockouts: lockouts.map { DevicesView.Lockout(at: when($0.at), network: $0.network, until: when($0.until)) },
            hasLockouts: !lockouts.isEmpty)
        return try page(request, context, "devices", view)
    }

    /// `A log-in ends 8 hours after it was made, or after 60 minutes unused; one kept signed in, 30 days after its last use.`
    private func lifetimes() -> String {
        let configuration = service.configuration
        let hours = Int((configuration.sessionLifetime / 3600).rounded()), minutes = Int((configuration.idleLimit / 60).rounded())
        var text = "A log-in ends \(CountedText.text(hours, "hour")) after it was made, or after \(CountedText.text(minutes, "minute")) unused"
        if let kept = configuration.keptLifetime {
            let days = Int((kept / 86_400).rounded())
            text += "; one kept signed in, \(CountedText.text(days, "day")) after its last use"
        }
        return text + "."
    }

    /// `POST /sessions/end-others`: every log-in but this one ends at once.
    @Sendable func endOtherSessions(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try member(context)
        try await checkButton(request, context)
        guard let token = context.token else { throw CampusError.unauthenticated }
        _ = try await service.endOtherSessions(as: context.caller, current: token)
        return redirect(to: "/sessions?ended=1")
    }

    /// `POST /sessions/{id}/end`: that log-in ends at once; ending this one logs this browser out.
    @Sendable func endSession(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try member(context)
        try await checkButton(request, context)
        let id = try context.parameters.text("id", maximumLength: 40)
        guard try await service.endSession(id: id, as: context.caller, current: context.token) == false else {
            var response = redirect(to: "/login")
            response.setCookie(SessionAuthenticator.cookie("", maxAge: 0))
            return response
        }
        return redirect(to: "/sessions?ended=1")
    }
}
