import CampusCore
import Foundation

extension ScheduleAnswer {
    /// The schedule `shape` holds, as the server showed it to the caller.
    static func shown(_ shape: ScheduleShape) throws(CampusError) -> Shown<ScheduleAnswer> {
        let answer = ScheduleAnswer(term: try ShapeReading.term(shape.term), person: Person(shape.person),
                                    sections: try shape.sections.map(ScheduledSection.init))
        return Shown(answer, withheld: shape.person.withheld)
    }
}

extension HistoryAnswer {
    /// The history `shape` holds, as the server showed it to the caller.
    static func shown(_ shape: HistoryShape) throws(CampusError) -> Shown<HistoryAnswer> {
        let terms = try shape.terms.map { term throws(CampusError) in
            HistoryAnswer.TermSections(term: try ShapeReading.term(term.term), sections: try term.sections.map(ScheduledSection.init))
        }
        return Shown(HistoryAnswer(person: Person(shape.person), terms: terms), withheld: shape.person.withheld)
    }
}

extension RosterAnswer {
    /// The roster `shape` holds, as the server showed it to the caller (the directory's given
    /// and family names are not in the shape: the server's CSV carries them).
    static func shown(_ shape: RosterShape) throws(CampusError) -> Shown<RosterAnswer> {
        let students = try shape.students.map { student throws(CampusError) in
            guard let section = SectionID(student.value) else { throw ShapeReading.unreadable("a section id", student.value) }
            return Student(person: Person(student.base), section: section)
        }
        let answer = RosterAnswer(term: try ShapeReading.term(shape.term), sections: try shape.sections.map(Section.init), students: students)
        return Shown(answer, withheld: shape.students.first?.base.withheld ?? [])
    }
}

extension SearchAnswer {
    /// The matches `shape` holds, as the server showed them to the caller.
    static func shown(_ shape: SearchShape) throws(CampusError) -> Shown<SearchAnswer> {
        var withheldOf: [String: PersonFields] = [:]
        let hits = try shape.matches.map { match throws(CampusError) -> SearchHit in
            let term = match.term.flatMap { TermCode($0) }
            switch match.type {
            case "person":
                guard let person = match.person else { throw ShapeReading.unreadable("a person", match.id) }
                withheldOf[person.username.lowercased()] = person.withheld
                return .person(Person(person), exact: match.exact ?? false)
            case "section":
                guard let section = match.section, let term else { throw ShapeReading.unreadable("a section", match.id) }
                return .section(try Section(section), term: term)
            case "room":
                guard let term else { throw ShapeReading.unreadable("a room's term", match.id) }
                return .room(match.id, term: term)
            default:
                throw ShapeReading.unreadable("a kind of match", match.type)
            }
        }
        return Shown(SearchAnswer(query: shape.query, hits: hits), withheldOf: withheldOf)
    }
}

extension RoomAnswer {
    /// The room's week `shape` holds, at `moment` when one was asked.
    init(_ shape: RoomShape, moment: WeekMoment?) throws(CampusError) {
        let term = try ShapeReading.term(shape.term)
        let bookings = { (bookings: [RoomShape.Booking]) throws(CampusError) -> [RoomBooking] in
            try bookings.map { booking throws(CampusError) in
                guard let id = SectionID(booking.section) else { throw ShapeReading.unreadable("a section id", booking.section) }
                return RoomBooking(section: Section(id: id, title: booking.title), meeting: try Meeting(booking.meeting))
            }
        }
        self.init(term: term, room: shape.room, bookings: try bookings(shape.bookings), moment: moment, inSession: try bookings(shape.inSession))
    }
}

extension FreeRoomsAnswer {
    /// The free rooms `shape` holds.
    init(_ shape: FreeRoomsShape) throws(CampusError) {
        let day = try ShapeReading.day(shape.day)
        let date = try shape.date.map { text throws(CampusError) in
            guard let date = CalendarDate(iso: text) else { throw ShapeReading.unreadable("a date", text) }
            return date
        }
        let rooms = shape.rooms.map { room in
            FreeRoom(room: room.room, building: room.building, freeUntil: room.freeUntil, nextSection: room.nextSection.flatMap { SectionID($0) },
                     capacity: room.capacity)
        }
        self.init(term: try ShapeReading.term(shape.term), moment: WeekMoment(day: day, time: shape.start), date: date, minutes: shape.minutes,
                  building: shape.building, noClasses: try shape.noClasses.map(Self.noClasses), rooms: rooms, roomsSeen: shape.roomsSeen)
    }

    /// The reason ``NoClasses/description`` wrote.
    private static func noClasses(_ text: String) throws(CampusError) -> NoClasses {
        let dates = text.matches(of: /\d{4}-\d{2}-\d{2}/).compactMap { CalendarDate(iso: $0.output) }
        guard dates.count == 2 else { throw ShapeReading.unreadable("a reason for no classes", text) }
        let days = DateRange(first: dates[0], last: dates[1])
        return text.hasPrefix("a break") ? .breakDays(days) : .outsideClasses(days)
    }
}

extension FoundChanges {
    /// The refresh `shape` holds, with the changes the server showed the caller.
    init(_ shape: ChangesShape.Refresh) throws(CampusError) {
        guard let source = Source(rawValue: shape.source) else { throw ShapeReading.unreadable("a source of changes", shape.source) }
        guard let foundAt = try? Date(shape.foundAt, strategy: .iso8601) else { throw ShapeReading.unreadable("a moment", shape.foundAt) }
        let changes = try shape.changes.map { change throws(CampusError) in
            guard let kind = ClassChange.Kind(rawValue: change.kind) else { throw ShapeReading.unreadable("a kind of change", change.kind) }
            return ClassChange(kind: kind, term: change.term.flatMap { TermCode($0) }, section: change.section.flatMap { SectionID($0) },
                               title: change.title, person: change.person, before: change.before, after: change.after)
        }
        self.init(refresh: shape.refresh, token: "", source: source, term: shape.term.flatMap { TermCode($0) }, foundAt: foundAt, changes: changes)
    }
}
