import CampusCore
import CampusLookup
import Foundation
import Hummingbird

/// `/people/{username}/schedule?term=`: a person's week in a term (where the policy lets me see
/// it), to download as iCalendar, and for my own a link a calendar program can subscribe to.
extension WebApp {
    struct ScheduleView: Encodable, Sendable {
        var frame: PageFrame
        var name: String
        var personHref: String
        var terms: TermChoiceView
        var action: String
        var schedule: ScheduleBlock
        var isOwn: Bool
    }

    @Sendable func schedulePage(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let viewer = try member(context)
        let username = try context.parameters.text("username", maximumLength: 64).lowercased()
        let term = try QueryParameters(request: request).text("term", maximumLength: 40)
        let shown = try await service.schedule(of: username, term: term, as: context.caller, now: service.now())
        let name = shown.answer.person.name ?? username
        let view = ScheduleView(
            frame: frame("Schedule of \(name)", context), name: name, personHref: "/people/" + PathSegment.encoded(username),
            terms: TermChoiceView(try service.heldTerms(as: context.caller), shown: shown.answer.term.code),
            action: "/people/\(PathSegment.encoded(username))/schedule",
            schedule: scheduleBlock(shown.answer, today: nil), isOwn: username == viewer)
        return try page(request, context, "schedule", view)
    }

    /// `/people/{username}/schedule.ics?term=`: the schedule as an iCalendar file.
    @Sendable func scheduleCalendar(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try member(context)
        let username = try context.parameters.text("username", maximumLength: 64).lowercased()
        let term = try QueryParameters(request: request).text("term", maximumLength: 40)
        let now = service.now()
        let shown = try await service.schedule(of: username, term: term, as: context.caller, now: now)
        return try download(request, context, try service.iCalendar(of: shown.answer, now: now), type: "text/calendar",
                            filename: "\(username)-\(shown.answer.term.code.rawValue).ics")
    }
}
