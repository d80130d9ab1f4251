import CampusCore
import CampusLookup
import Foundation
import Hummingbird

/// `/rooms/{room}?term=`: whether the room is free now, what meets there today, and its week.
extension WebApp {
    struct RoomView: Encodable, Sendable {
        struct Booking: Encodable, Sendable {
            var time: String
            var section: String
            var href: String
            var title: String
            var now: Bool
        }

        var frame: PageFrame
        var room: String
        var termName: String
        var status: String
        var free: Bool
        var todayName: String
        var today: [Booking]
        var grid: WeekGridView
    }

    @Sendable func roomPage(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try member(context)
        let name = try context.parameters.text("room", maximumLength: 20)
        let term = try QueryParameters(request: request).text("term", maximumLength: 40)
        let now = service.now()
        let week = try service.room(name, term: term, at: nil, as: context.caller, now: now)
        let day = try service.campusDay(now, term: week.term.code)
        let moment = WeekMoment(day: day.time.weekday, time: day.time.clock)
        let query = PathSegment.query([("term", week.term.code.rawValue)])
        let today = day.noClasses == nil ? week.bookings.filter { $0.meeting.days.contains(moment.day) }.sorted { $0.meeting.start < $1.meeting.start } : []
        let current = today.first { $0.meeting.isInSession(on: moment.day, at: moment.time) }
        let status: String
        if let noClasses = day.noClasses {
            status = "Free now: no class meets today, \(noClasses)."
        } else if let current {
            status = "In use now: \(current.section.id.rawValue) until \(current.meeting.end.twelveHour)."
        } else if let next = today.first(where: { $0.meeting.start > moment.time }) {
            status = "Free now, until \(next.meeting.start.twelveHour) (\(next.section.id.rawValue))."
        } else {
            status = "Free now, for the rest of the day."
        }
        let view = RoomView(
            frame: frame("Room \(week.room)", context), room: week.room, termName: week.term.name, status: status, free: current == nil,
            todayName: moment.day.name,
            today: today.map { booking in
                RoomView.Booking(
                    time: "\(booking.meeting.start.twelveHour)-\(booking.meeting.end.twelveHour)", section: booking.section.id.rawValue,
                    href: "/sections/" + PathSegment.encoded(booking.section.id.rawValue) + query, title: booking.section.title,
                    now: booking == current)
            },
            grid: WeekGridView(week.bookings.map { ($0.section.id.rawValue, $0.meeting) }, caption: "\(week.room), \(week.term.name)",
                               today: day.noClasses == nil ? moment.day : nil) { "/sections/" + PathSegment.encoded($0) + query })
        return try page(request, context, "room", view)
    }
}
