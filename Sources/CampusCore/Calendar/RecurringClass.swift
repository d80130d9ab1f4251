/// One weekly meeting of a section laid on a term's calendar: the dates it
/// first and last can meet, and the break days it skips.
public struct RecurringClass: Hashable, Sendable {
    public var section: Section
    /// Which of the section's meetings (0 for the first pattern).
    public var meetingIndex: Int
    public var meeting: Meeting { section.schedule.meetings[meetingIndex] }
    /// The first day the meeting is held (on or after the start of classes, not a break).
    public var first: CalendarDate
    /// The last day of classes for this section (the term's, or the section's own Term Dates).
    public var last: CalendarDate
    /// Meeting days between `first` and `last` that are breaks or holidays.
    public var exceptions: [CalendarDate]
    /// How many times it meets.
    public var occurrences: Int

    /// Lays every meeting pattern of `section` on `calendar`: within the meeting's own dates
    /// (Banner), else the section's readable Term Dates, else the term's days of classes.
    /// Patterns that never meet are left out.
    public static func classes(of section: Section, on calendar: TermCalendar) -> [RecurringClass] {
        let own = section.termDates.flatMap { DateRange(registrar: $0) }
        return section.schedule.meetings.indices.compactMap { index in
            let meeting = section.schedule.meetings[index]
            guard let span = (meeting.dates ?? own).map({ $0.clamped(to: calendar.classes) }) ?? calendar.classes,
                  let laid = lay(meeting.days, within: span, on: calendar) else { return nil }
            return RecurringClass(section: section, meetingIndex: index, first: laid.first, last: span.last,
                                  exceptions: laid.exceptions, occurrences: laid.occurrences)
        }
    }

    /// The first day a weekly pattern on `days` is held within `span`, the break days it skips,
    /// and how often it is held; `nil` when never.
    static func lay(_ days: [Weekday], within span: DateRange, on calendar: TermCalendar)
        -> (first: CalendarDate, exceptions: [CalendarDate], occurrences: Int)? {
        let held = calendar.classDays(on: days, within: span)
        guard let first = held.first else { return nil }
        var exceptions: [CalendarDate] = []
        for number in first.dayNumber...span.last.dayNumber {
            let date = CalendarDate(dayNumber: number)
            if days.contains(date.weekday), calendar.isBreak(date) { exceptions.append(date) }
        }
        return (first, exceptions, held.count)
    }
}
