import CampusCore

/// Where a person is now or will be next by their weekly schedule:
/// `now: CSSE474-02 in O159 until 9:50am`, `next: MA212-01 in G310 Tue 10:00am`.
public enum Whereabouts: Hashable, Sendable, CustomStringConvertible {
    /// In class: the section, its room and when the meeting ends.
    case inClass(section: SectionID, room: String?, until: ClockTime)
    /// Free now: the next meeting, its room, day and start, and its date when the term's
    /// calendar told which day of classes it falls on.
    case next(section: SectionID, room: String?, day: Weekday, start: ClockTime, date: CalendarDate? = nil)

    /// The meeting in session at `day` `time`, else the next to start within a week;
    /// `nil` when no section has a set time.
    public init?(sections: [ScheduledSection], day: Weekday, time: ClockTime) {
        let meetings = sections.flatMap { scheduled in scheduled.section.schedule.meetings.map { (scheduled.section.id, $0) } }
        if let (id, meeting) = meetings.first(where: { $0.1.isInSession(on: day, at: time) }) {
            self = .inClass(section: id, room: meeting.room, until: meeting.end)
            return
        }
        for offset in 0...7 {
            let weekday = Weekday(rawValue: (day.rawValue - 1 + offset) % 7 + 1)!
            let starting = meetings.filter { $0.1.days.contains(weekday) && (offset != 0 || $0.1.start > time) }
            if let (id, meeting) = starting.min(by: { ($0.1.start, $0.0.rawValue) < ($1.1.start, $1.0.rawValue) }) {
                self = .next(section: id, room: meeting.room, day: weekday, start: meeting.start)
                return
            }
        }
        return nil
    }

    /// Where a person is at `time` on `date` by the term's calendar: in class only on a day
    /// classes meet (not a break, within the term's days of classes and the section's own
    /// dates); else the first meeting on such a day from then on, with its date (after a break,
    /// or in a term not begun yet); `nil` when none is left in the term, or none has a set time.
    public init?(sections: [ScheduledSection], date: CalendarDate, time: ClockTime, calendar: TermCalendar) {
        let meetings = sections.flatMap { scheduled in
            scheduled.section.schedule.meetings.map { (id: scheduled.section.id, meeting: $0, dates: scheduled.section.dates(of: $0)) }
        }
        func held(_ entry: (id: SectionID, meeting: Meeting, dates: DateRange?), on day: CalendarDate) -> Bool {
            entry.meeting.days.contains(day.weekday) && (entry.dates?.contains(day) ?? true) && calendar.noClasses(on: day) == nil
        }
        if let now = meetings.first(where: { held($0, on: date) && $0.meeting.isInSession(on: date.weekday, at: time) }) {
            self = .inClass(section: now.id, room: now.meeting.room, until: now.meeting.end)
            return
        }
        var day = max(date, calendar.classes.first)
        while day <= calendar.classes.last {
            let starting = meetings.filter { held($0, on: day) && (day != date || $0.meeting.start > time) }
            if let next = starting.min(by: { ($0.meeting.start, $0.id.rawValue) < ($1.meeting.start, $1.id.rawValue) }) {
                self = .next(section: next.id, room: next.meeting.room, day: day.weekday, start: next.meeting.start, date: day)
                return
            }
            day = day.adding(days: 1)
        }
        return nil
    }

    /// Where a person is at `moment`: by the term's calendar when the index knows it, else by
    /// the week alone.
    public init?(sections: [ScheduledSection], at moment: LocalTime, calendar: TermCalendar?) {
        if let calendar {
            self.init(sections: sections, date: moment.date, time: moment.clock, calendar: calendar)
        } else {
            self.init(sections: sections, day: moment.weekday, time: moment.clock)
        }
    }

    /// The section it places the person in.
    public var section: SectionID {
        switch self {
        case .inClass(let section, _, _), .next(let section, _, _, _, _): section
        }
    }

    public var description: String {
        switch self {
        case .inClass(let section, let room, let until):
            "now: \(section.rawValue)\(room.map { " in \($0)" } ?? "") until \(until.twelveHour)"
        case .next(let section, let room, let day, let start, let date):
            "next: \(section.rawValue)\(room.map { " in \($0)" } ?? "") \(day.name.prefix(3))"
                + (date.map { " \($0.day) \($0.monthAbbreviation)" } ?? "") + " \(start.twelveHour)"
        }
    }
}
