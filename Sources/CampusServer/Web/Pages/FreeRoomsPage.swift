import CampusCore
import CampusLookup
import Foundation
import Hummingbird

/// `/rooms/free?at=&for=&building=&term=`: the rooms with no class now (or at a moment of the
/// week) for a while, free longest first, each with until when, what comes next and its seats.
extension WebApp {
    struct FreeRoomsView: Encodable, Sendable {
        struct Room: Encodable, Sendable {
            var room: String
            var href: String
            var until: String
            var next: String?
            var nextHref: String?
            var seats: Int?
        }

        var frame: PageFrame
        var heading: String
        var noClasses: String?
        var summary: String
        var rooms: [Room]
        /// The address showing every free room, when the page shows the first ``shownAtFirst`` only.
        var allHref: String?
        var lengths: [Choice]
        var days: [Choice]
        var time: String
        var building: String
        var isNow: Bool
        var termCode: String
        /// Whether rooms were looked for: not when the form asked something wrong.
        var answered = true
        /// What was wrong with what the form asked, said above the form kept as filled in.
        var mistake: FormMistake?
    }

    /// How many free rooms a page lists before a link to all of them: a phone's worth.
    static let shownAtFirst = 30

    @Sendable func freeRoomsPage(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try member(context)
        let parameters = QueryParameters(request: request)
        let term = try parameters.text("term", maximumLength: 40)
        let minutes = try parameters.integer("for", in: 1...DurationText.maximumMinutes) ?? OverlayOptions.classHour
        let building = try parameters.text("building", maximumLength: 10)
        var moment = FreeRoomsMoment.now
        let day = try parameters.text("day", maximumLength: 10), time = try parameters.text("time", maximumLength: 10)
        let answer: FreeRoomsAnswer
        do {
            if parameters.values["when"] == "at", let day, let time {
                guard let given = WeekMoment("\(day) \(time)") else {
                    throw CampusError.invalidParameter(name: "time", detail: "'\(day) \(time)' is not a day and a time such as Monday 10:00")
                }
                moment = .week(given)
            }
            answer = try service.freeRooms(at: moment, minutes: minutes, building: building, term: term, as: context.caller, now: service.now())
        } catch let error as CampusError {
            guard let mistake = FormMistake(error) else { throw error }
            let asked = Weekday.allCases.first { String($0.letter) == day }
            let view = FreeRoomsView(
                frame: frame("Free rooms", context, current: "/rooms/free"), heading: "", noClasses: nil, summary: "", rooms: [], allHref: nil,
                lengths: Choice.lengths(selected: minutes), days: Choice.days(selected: Set(asked.map { [$0] } ?? [])),
                time: time ?? "", building: building ?? "", isNow: parameters.values["when"] != "at", termCode: term ?? "",
                answered: false, mistake: mistake)
            return try page(request, context, "free_rooms", view, status: .init(code: ProblemShape(error).status))
        }
        let query = PathSegment.query([("term", answer.term.code.rawValue)])
        let when = answer.date == nil ? answer.moment.description : "now, \(answer.moment.day.name) \(answer.moment.time.twelveHour)"
        let showAll = parameters.values["all"] == "1"
        let listed = showAll ? answer.rooms[...] : answer.rooms.prefix(Self.shownAtFirst)
        let view = FreeRoomsView(
            frame: frame("Free rooms", context, current: "/rooms/free"),
            heading: "Free \(when) for \(DurationText.text(answer.minutes))" + (answer.building.map { " in \($0)" } ?? ""),
            noClasses: answer.noClasses.map { "No class meets today: \($0). Every room is free." },
            summary: "\(answer.rooms.count) of \(answer.roomsSeen) rooms free, \(answer.term.name)"
                + (listed.count < answer.rooms.count ? "; the \(listed.count) free longest first" : ""),
            rooms: listed.map { room in
                FreeRoomsView.Room(
                    room: room.room, href: "/rooms/" + PathSegment.encoded(room.room) + query,
                    until: room.freeUntilText(from: answer.moment.time),
                    next: room.nextSection?.rawValue, nextHref: room.nextSection.map { "/sections/" + PathSegment.encoded($0.rawValue) + query },
                    seats: room.capacity)
            },
            allHref: listed.count < answer.rooms.count ? "/rooms/free" + Self.query(of: request, adding: ("all", "1")) : nil,
            lengths: Choice.lengths(selected: minutes), days: Choice.days(selected: [answer.moment.day]),
            time: answer.moment.time.iso, building: answer.building ?? "", isNow: answer.date != nil, termCode: answer.term.code.rawValue)
        return try page(request, context, "free_rooms", view)
    }
}
