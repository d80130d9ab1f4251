/// One VEVENT of a calendar file, in campus local time, as ``ICalendarReader`` reads it.
public struct ICalendarEvent: Hashable, Sendable {
    /// A weekly repetition: `RRULE:FREQ=WEEKLY` with its days and its end.
    public struct WeeklyRule: Hashable, Sendable {
        /// The days it repeats on (`BYDAY`, else the first day's weekday).
        public var days: [Weekday]
        /// The last day it may fall on (`UNTIL`, or the `COUNT`th occurrence); `nil`: forever.
        public var last: CalendarDate?
    }

    /// The first day, local.
    public var date: CalendarDate
    /// The start, local; an all-day event starts at 0:00.
    public var start: ClockTime
    /// The end (exclusive), local; an all-day event, or one running past midnight, ends at 23:59.
    public var end: ClockTime
    /// The weekly repetition, when the event repeats.
    public var weekly: WeeklyRule?
    /// Days left out of the repetition (`EXDATE`).
    public var exceptions: Set<CalendarDate>

    /// Whether the event happens on `day`.
    public func occurs(on day: CalendarDate) -> Bool {
        guard let weekly else { return day == date }
        return day >= date && (weekly.last.map { day <= $0 } ?? true)
            && weekly.days.contains(day.weekday) && !exceptions.contains(day)
    }

    /// The overlay busy times of the event: its weekly meeting, counted every week as a
    /// section's is, or, when `week` (a Monday) is given, a meeting on each day of that week
    /// it happens; an event that does not repeat counts only in such a week.
    ///
    /// - Parameter term: the days the overlay's term has classes, when known: a weekly event
    ///   whose repetitions all fall outside them (another term's classes) counts in no week.
    public func busy(week: CalendarDate?, term: DateRange? = nil) -> [OverlayMember.Busy] {
        guard let week else {
            guard let weekly else { return [] }
            if let term, date > term.last || (weekly.last.map { $0 < term.first } ?? false) { return [] }
            return [OverlayMember.Busy(Meeting(days: weekly.days, start: start, end: end, room: nil))]
        }
        return (0..<7).map { week.adding(days: $0) }.filter(occurs(on:)).map { day in
            OverlayMember.Busy(Meeting(days: [day.weekday], start: start, end: end, room: nil),
                               dates: DateRange(first: day, last: day))
        }
    }
}
