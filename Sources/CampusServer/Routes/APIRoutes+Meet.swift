import CampusCore
import CampusLookup
import Foundation
import Hummingbird

extension APIRoutes {
    /// `{"members": ["brennam", "oyelarn"], "groups": ["study"], "term": "202630", "minutes": 50, "days": "MTWRF",
    /// "between": "8:00-17:00", "week": "2026-03-30", "top": 3, "rooms": 3, "invite": 1, "title": "Project"}`:
    /// all but members or groups optional.
    struct MeetBody: Decodable {
        var members: [String]?
        var groups: [String]?
        var term: String?
        var minutes: Int?
        var days: String?
        var between: String?
        var week: String?
        var top: Int?
        var rooms: Int?
        var invite: Int?
        var title: String?
    }

    /// `POST /v1/meet`: the best times and rooms as JSON, or with `Accept: text/calendar` the
    /// invitation to time `invite` (default 1) as iCalendar.
    @Sendable func meet(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let body = try await body(MeetBody.self, request, context)
        let members = try overlayMembers(body.members, groups: body.groups)
        guard !members.isEmpty else { throw CampusError.invalidParameter(name: "members", detail: "give the people to meet (usernames, or groups)") }
        let options = try overlayOptions(days: body.days, between: body.between, minimum: body.minutes, minimumName: "minutes", week: body.week)
        let top = body.top ?? 3
        guard (1...50).contains(top) else { throw CampusError.invalidParameter(name: "top", detail: "\(top) is not from 1 to 50") }
        let rooms = body.rooms ?? 3
        guard (0...50).contains(rooms) else { throw CampusError.invalidParameter(name: "rooms", detail: "\(rooms) is not from 0 to 50") }
        if let invite = body.invite, !(1...50).contains(invite) {
            throw CampusError.invalidParameter(name: "invite", detail: "\(invite) is not from 1 to 50")
        }
        if let title = body.title, title.isEmpty || title.count > 200 || title.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw CampusError.invalidParameter(name: "title", detail: "1 to 200 characters, without control characters")
        }
        let chosen = try answerer.negotiate(request, ["application/json", "text/calendar"])
        let now = service.now()
        // An invitation to a time past `top` ranks that many times: what was asked for is found.
        let ranked = chosen == "text/calendar" ? max(top, body.invite ?? 1) : top
        let answer = try await service.meet(usernames: members, term: body.term, options: options, top: ranked, roomsEach: rooms,
                                            as: context.caller, now: now)
        return try await answerer.uncached(request, context, offering: [chosen]) { type in
            guard type == "text/calendar" else { return .json(MeetShape(answer)) }
            return .text(try service.invitation(body.invite ?? 1, of: answer, title: body.title, as: context.caller, now: now), type: "text/calendar")
        }
    }
}
