/// A span of whole days, first and last included: a term, a break, a holiday.
public struct DateRange: Hashable, Codable, Sendable {
    public var first: CalendarDate
    public var last: CalendarDate

    public init(first: CalendarDate, last: CalendarDate) {
        self.first = first
        self.last = last
    }

    /// Reads a Term Dates cell (`6/8/26-7/17/26`); `nil` unless both dates parse and are in order.
    public init?(registrar text: some StringProtocol) {
        let parts = text.split(separator: "-")
        guard parts.count == 2,
              let first = CalendarDate(registrar: parts[0].trimmingCharacters(in: .whitespaces)),
              let last = CalendarDate(registrar: parts[1].trimmingCharacters(in: .whitespaces)),
              first <= last else { return nil }
        self.init(first: first, last: last)
    }

    public func contains(_ date: CalendarDate) -> Bool { first <= date && date <= last }

    /// How many days it holds (one for a single day).
    public var length: Int { last.dayNumber - first.dayNumber + 1 }

    /// The days from the first of either to the last of either.
    public func spanning(_ other: DateRange) -> DateRange {
        DateRange(first: min(first, other.first), last: max(last, other.last))
    }

    /// The days both ranges hold; `nil` when they do not meet.
    public func clamped(to other: DateRange) -> DateRange? {
        let range = DateRange(first: max(first, other.first), last: min(last, other.last))
        return range.first <= range.last ? range : nil
    }
}

/// When one term's classes meet: the first and last day of classes, the days
/// off in between, and where final exams fall.
///
/// Finals on the pages name a weekday only (`W at 1:00pm in O159`); one is
/// placed on the first date of that weekday on or after ``finalsStart``,
/// which defaults to the day after the last day of classes.
public struct TermCalendar: Hashable, Codable, Sendable {
    /// First through last day of classes.
    public var classes: DateRange
    /// Breaks and holidays: no class meets on these days.
    public var breaks: [DateRange]
    /// The first day of the final-exam week.
    public var finalsStart: CalendarDate

    public init(classes: DateRange, breaks: [DateRange] = [], finalsStart: CalendarDate? = nil) {
        self.classes = classes
        self.breaks = breaks
        self.finalsStart = finalsStart ?? classes.last.adding(days: 1)
    }

    /// Whether `date` is a break or holiday.
    public func isBreak(_ date: CalendarDate) -> Bool {
        breaks.contains { $0.contains(date) }
    }

    /// Why no class meets on `date`: a break, or a day outside the days of classes; `nil` when classes meet.
    public func noClasses(on date: CalendarDate) -> NoClasses? {
        if let days = breaks.first(where: { $0.contains(date) }) { return .breakDays(days) }
        return classes.contains(date) ? nil : .outsideClasses(classes)
    }

    /// The first day of classes on `weekday` on or after `date`, breaks left out; `nil` when
    /// the term's classes end before one.
    public func nextClassDay(on weekday: Weekday, onOrAfter date: CalendarDate) -> CalendarDate? {
        var day = max(date, classes.first).next(weekday)
        while day <= classes.last {
            if !isBreak(day) { return day }
            day = day.adding(days: 7)
        }
        return nil
    }

    /// The days a class meeting on `days` is held within `span` (the whole term by default), breaks left out.
    public func classDays(on days: [Weekday], within span: DateRange? = nil) -> [CalendarDate] {
        guard let span = span.map({ $0.clamped(to: classes) }) ?? classes else { return [] }
        var dates: [CalendarDate] = []
        for number in span.first.dayNumber...span.last.dayNumber {
            let date = CalendarDate(dayNumber: number)
            if days.contains(date.weekday), !isBreak(date) { dates.append(date) }
        }
        return dates
    }

    /// The date of a final exam held on `weekday` of the exam week.
    public func finalExamDate(on weekday: Weekday) -> CalendarDate {
        finalsStart.next(weekday)
    }

    /// The day `exam` is held: the one day the registrar names (Banner), the first of its
    /// weekday within the days it names, or the first of its weekday in finals week;
    /// `nil` when neither a date nor a weekday says.
    public func date(of exam: FinalExam) -> CalendarDate? {
        if let dates = exam.dates {
            if dates.first == dates.last { return dates.first }
            guard let day = exam.day else { return nil }
            let date = dates.first.next(day)
            return dates.contains(date) ? date : nil
        }
        return exam.day.map(finalExamDate(on:))
    }
}

/// Why no class meets on a date: a break, or a day outside the term's classes.
public enum NoClasses: Hashable, Sendable, CustomStringConvertible {
    case breakDays(DateRange)
    case outsideClasses(DateRange)

    public var description: String {
        switch self {
        case .breakDays(let days): "a break (\(days.first.iso) to \(days.last.iso))"
        case .outsideClasses(let classes): "outside the term's classes (\(classes.first.iso) to \(classes.last.iso))"
        }
    }
}
