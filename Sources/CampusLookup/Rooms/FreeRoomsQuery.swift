internal import CampusIndex
import CampusCore
import Foundation

/// When `campus rooms free` looks: a moment of any week of the term, or now on the campus clock.
public enum FreeRoomsMoment: Hashable, Sendable {
    /// `--at "M 10:00"`: that moment of every week; sections count whatever their dates.
    case week(WeekMoment)
    /// `--now`: this moment on the campus clock, on this date of the term's calendar.
    case now
}

/// `campus rooms free`: the rooms with no class for a while from a moment.
public struct FreeRoomsAnswer: Sendable {
    public var term: Term
    /// The day and time looked at.
    public var moment: WeekMoment
    /// The date looked at, with `--now`.
    public var date: CalendarDate?
    /// How long a room must stay free.
    public var minutes: Int
    /// The building looked in, when one was asked for.
    public var building: String?
    /// Why no class meets on ``date``, when none does: then every room is free.
    public var noClasses: NoClasses?
    /// The rooms free for the whole of ``minutes``, those free longest first.
    public var rooms: [FreeRoom]
    /// How many rooms the term's sections meet in (in ``building``, when asked).
    public var roomsSeen: Int
}

extension CampusContext {
    /// `campus rooms free [--at "M 10:00" | --now] [--for 50m] [--building O]`: every room the
    /// term's sections meet in that has no class from the moment for `minutes`.
    ///
    /// With ``FreeRoomsMoment/now`` the moment is the campus clock's, and the date counts: no
    /// class meets on a break or outside the term's days of classes (the term calendar the index
    /// keeps), and a section with its own term dates only on those. Without `term`, `now` looks
    /// at the term whose classes (through its finals week) hold today, else the usual term.
    ///
    /// A span past midnight looks at the rest of the day: a day's classes end by then.
    ///
    /// - Throws: ``CampusError/invalidParameter(name:detail:)`` naming `building` for one that is
    ///   not letters, ``CampusError/noMatch(what:query:suggestions:)`` for a building with no room
    ///   in use that term (the suggestions are the term's buildings); the usual term errors.
    func freeRooms(
        at moment: FreeRoomsMoment, minutes: Int, building: String?, term text: String?, now: Date
    ) throws(CampusError) -> FreeRoomsAnswer {
        let building = building.map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
        if let building, building.isEmpty || !building.allSatisfy({ $0.isASCII && $0.isLetter }) {
            throw .invalidParameter(name: "building", detail: "'\(building)' is not a building: the letters a room's name starts with, such as O")
        }
        return try read { reader in
            let calendar = try campusDescription(reader).calendar
            let local = try termClock(reader).zone.localTime(secondsSince1970: now.secondsSince1970)
            let term: Term
            if text == nil, moment == .now, let inSession = try termInSession(on: local.date, calendar: calendar, reader) {
                term = inSession
            } else {
                term = try requireTerm(text, reader, now: now)
            }
            let finder = try roomFinder(term: term.code, reader)
            if let building, !finder.buildings.contains(building) {
                throw CampusError.noMatch(what: "building with a room in use in \(term.name)", query: building, suggestions: finder.buildings)
            }
            let week: WeekMoment, date: CalendarDate?
            switch moment {
            case .week(let given): (week, date) = (given, nil)
            case .now: (week, date) = (WeekMoment(day: local.weekday, time: local.clock), local.date)
            }
            // A day's classes end by midnight: a span past it asks for what is left of the day
            // (the answer's minutes say so).
            let minutes = min(minutes, 24 * 60 - week.time.minutes)
            let termCalendar = calendar.terms[term.code]
            let rooms = finder.free(on: week.day, from: week.time, minutes: minutes, date: date, calendar: termCalendar, building: building)
            return FreeRoomsAnswer(
                term: term, moment: week, date: date, minutes: minutes, building: building,
                noClasses: date.flatMap { termCalendar?.noClasses(on: $0) }, rooms: rooms,
                roomsSeen: building.map(finder.roomCount(in:)) ?? finder.rooms.count)
        }
    }

    /// Which rooms are free when in `term`, kept while the index stays at the generation `reader` reads.
    func roomFinder(term: TermCode, _ reader: IndexReader) throws(CampusError) -> FreeRoomFinder {
        let stamp = try lookingUp { try reader.stamp() }
        return try resources.roomFinders.value(term, at: stamp) { () throws(CampusError) in
            FreeRoomFinder(uses: try lookingUp { try reader.roomUses(term: term) })
        }
    }

    /// The held term whose days of classes, through its finals week, hold `date`.
    private func termInSession(on date: CalendarDate, calendar: CampusCalendar, _ reader: IndexReader) throws(CampusError) -> Term? {
        try lookingUp { try reader.heldTerms() }.first { term in
            guard let days = calendar.terms[term.code] else { return false }
            return DateRange(first: days.classes.first, last: days.finalsStart.adding(days: 6)).contains(date)
        }
    }
}
