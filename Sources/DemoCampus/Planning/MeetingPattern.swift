import CampusCore

/// The shapes a section's week takes, each printed the way reg-sched.pl prints it.
enum MeetingPattern: Hashable, Sendable {
    /// One class hour on several days: `MTRF/9:00/O159`.
    case hourly(days: [Weekday], hour: Int)
    /// Two class hours back to back: `MWF/3:00-4:50/O157`.
    case block(days: [Weekday], hour: Int)
    /// Lecture hours plus a two-hour lab: `MR/9:00/O203-1; W/8:00-9:50/O203-1`.
    case lectureAndLab(days: [Weekday], hour: Int, labDay: Weekday, labHour: Int)
    /// An evening class of two hours from 6:00 pm: `T/6:00-7:50/O159`.
    case evening(day: Weekday)
    /// `TBA`.
    case toBeAnnounced
    /// `TBA/TBA/ONLINE`.
    case online
    /// Nothing printed (capstones, independent study).
    case unscheduled

    /// Whether the section gets a room and a place in the week.
    var isScheduled: Bool {
        switch self {
        case .hourly, .block, .lectureAndLab, .evening: true
        case .toBeAnnounced, .online, .unscheduled: false
        }
    }

    /// The meetings in `room`; empty for TBA, online and unscheduled sections.
    func meetings(in room: String) -> [Meeting] {
        spans.map { span in
            Meeting(days: span.days, start: ClockTime(hour: span.hour, minute: 0)!,
                    end: ClockTime(hour: span.hour + span.hours - 1, minute: 50)!, room: room)
        }
    }

    /// The Term Schedule text for a section meeting in `room`.
    func text(in room: String) -> String {
        switch self {
        case .toBeAnnounced: return "TBA"
        case .online: return "TBA/TBA/ONLINE"
        case .unscheduled: return ""
        default:
            return spans.map { span in
                "\(span.days.letters)/\(Self.time(span))/\(room)"
            }.joined(separator: "; ")
        }
    }

    /// The (day, hour) cells this pattern fills in a week, for clash checks.
    var cells: [WeekCell] {
        spans.flatMap { span in
            span.days.flatMap { day in (span.hour..<(span.hour + span.hours)).map { WeekCell(day: day, hour: $0) } }
        }
    }

    private struct Span {
        var days: [Weekday]
        var hour: Int
        var hours: Int
    }

    private var spans: [Span] {
        switch self {
        case .hourly(let days, let hour): [Span(days: days, hour: hour, hours: 1)]
        case .block(let days, let hour): [Span(days: days, hour: hour, hours: 2)]
        case .lectureAndLab(let days, let hour, let labDay, let labHour):
            [Span(days: days, hour: hour, hours: 1), Span(days: [labDay], hour: labHour, hours: 2)]
        case .evening(let day): [Span(days: [day], hour: 18, hours: 2)]
        case .toBeAnnounced, .online, .unscheduled: []
        }
    }

    /// `9:00`, `3:00-4:50`: twelve-hour numbers without am/pm.
    private static func time(_ span: Span) -> String {
        let first = twelveHour(span.hour)
        guard span.hours > 1 else { return "\(first):00" }
        let last = twelveHour(span.hour + span.hours - 1)
        return "\(first):00-\(last):50"
    }

    private static func twelveHour(_ hour: Int) -> Int { hour > 12 ? hour - 12 : hour }
}

/// One hour of one weekday: the unit of clash checks.
struct WeekCell: Hashable, Sendable {
    var day: Weekday
    var hour: Int
}
