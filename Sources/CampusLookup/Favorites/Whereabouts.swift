import CampusCore

/// Where a person is now or will be next by their weekly schedule:
/// `now: CSSE474-02 in O159 until 9:50am`, `next: MA212-01 in G310 Tue 10:00am`.
public enum Whereabouts: Hashable, Sendable, CustomStringConvertible {
    /// In class: the section, its room and when the meeting ends.
    case inClass(section: SectionID, room: String?, until: ClockTime)
    /// Free now: the next meeting in the week, its room, day and start.
    case next(section: SectionID, room: String?, day: Weekday, start: ClockTime)

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

    /// The section it places the person in.
    public var section: SectionID {
        switch self {
        case .inClass(let section, _, _), .next(let section, _, _, _): section
        }
    }

    public var description: String {
        switch self {
        case .inClass(let section, let room, let until):
            "now: \(section.rawValue)\(room.map { " in \($0)" } ?? "") until \(until.twelveHour)"
        case .next(let section, let room, let day, let start):
            "next: \(section.rawValue)\(room.map { " in \($0)" } ?? "") \(day.name.prefix(3)) \(start.twelveHour)"
        }
    }
}
