/// Reads the events of an iCalendar file (RFC 5545) as busy time: unfolded lines,
/// VEVENTs with DTSTART and DTEND (in the campus zone, UTC or floating local time;
/// a DATE is a whole day), and weekly repetition (`RRULE:FREQ=WEEKLY` with `BYDAY`,
/// `UNTIL` or `COUNT`; `EXDATE`). Any other repetition is an error naming its line.
///
/// ```swift
/// let events = try ICalendarReader(zone: zone).events(in: text)
/// ```
public struct ICalendarReader: Sendable {
    /// The campus zone: `TZID` must name it; UTC times are turned into it.
    public var zone: CampusTimeZone

    public init(zone: CampusTimeZone) {
        self.zone = zone
    }

    /// The events of `text`, each in campus local time.
    ///
    /// - Throws: ``ICalendarError`` for an event it cannot read, and for a file that is not a
    ///   whole calendar: no `BEGIN:VCALENDAR`, or one that stops inside an event or before
    ///   `END:VCALENDAR` (cut short: what it holds is not all there is).
    public func events(in text: String) throws(ICalendarError) -> [ICalendarEvent] {
        var events: [ICalendarEvent] = []
        var properties: [ICalendarProperty]?
        var eventLine = 0
        var depth = 0
        var calendar: (begun: Int?, ended: Bool) = (nil, false)
        var lastLine = 0
        for property in ICalendarProperty.unfolded(text) {
            lastLine = property.line
            switch (property.name, property.value.uppercased()) {
            case ("BEGIN", "VCALENDAR") where properties == nil:
                calendar.begun = calendar.begun ?? property.line
            case ("END", "VCALENDAR") where properties == nil:
                calendar.ended = true
            case ("BEGIN", "VEVENT") where properties == nil:
                properties = []
                eventLine = property.line
            case ("BEGIN", _) where properties != nil:
                depth += 1
            case ("END", "VEVENT") where properties != nil && depth == 0:
                events.append(try event(properties ?? [], endLine: property.line))
                properties = nil
            case ("END", _) where properties != nil:
                depth -= 1
            default:
                if depth == 0 { properties?.append(property) }
            }
        }
        guard calendar.begun != nil else {
            throw ICalendarError(line: 1, problem: "this is not an iCalendar file: it has no BEGIN:VCALENDAR (export the calendar as .ics).")
        }
        if properties != nil {
            throw ICalendarError(line: eventLine, problem: "the file ends inside the event begun here: it is cut short; export the calendar again.")
        }
        guard calendar.ended else {
            throw ICalendarError(line: lastLine, problem: "the file ends before END:VCALENDAR: it is cut short; export the calendar again.")
        }
        return events
    }

    private func event(_ properties: [ICalendarProperty], endLine: Int) throws(ICalendarError) -> ICalendarEvent {
        guard let startProperty = properties.first(where: { $0.name == "DTSTART" }) else {
            throw ICalendarError(line: endLine, problem: "this event has no DTSTART; give each VEVENT a DTSTART and a DTEND.")
        }
        let start = try moment(startProperty)
        var endTime: ClockTime
        if let endProperty = properties.first(where: { $0.name == "DTEND" }) {
            let end = try moment(endProperty)
            endTime = end.date > start.date || end.minutes == nil ? ClockTime(minutes: 24 * 60 - 1)! : ClockTime(minutes: end.minutes!)!
        } else if start.minutes == nil {
            endTime = ClockTime(minutes: 24 * 60 - 1)!
        } else {
            throw ICalendarError(line: startProperty.line, problem: "this event has a DTSTART but no DTEND; give it a DTEND (DURATION is not read).")
        }
        let startTime = ClockTime(minutes: start.minutes ?? 0)!
        if endTime < startTime { endTime = startTime }
        var event = ICalendarEvent(date: start.date, start: startTime, end: endTime, weekly: nil, exceptions: [])
        for property in properties {
            switch property.name {
            case "RRULE":
                event.weekly = try weeklyRule(property, first: start.date)
            case "EXDATE":
                for value in property.value.split(separator: ",") {
                    var single = property
                    single.value = String(value)
                    event.exceptions.insert(try moment(single).date)
                }
            case "RDATE", "EXRULE":
                throw ICalendarError(line: property.line, problem: "\(property.name) is not read; write the extra dates as events of their own.")
            default:
                break
            }
        }
        return event
    }

    /// `RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=...` or `;COUNT=n`.
    private func weeklyRule(_ property: ICalendarProperty, first: CalendarDate) throws(ICalendarError) -> ICalendarEvent.WeeklyRule {
        var days = [first.weekday]
        var last: CalendarDate?
        var count: Int?
        var frequency: String?
        for part in property.value.split(separator: ";") {
            // Empty sides kept, so a part of only `=` has an empty name rather than none.
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { String($0).uppercased() }
            let value = pair.count == 2 ? pair[1] : ""
            switch pair[0] {
            case "FREQ":
                frequency = value
            case "BYDAY":
                var parsed: [Weekday] = []
                for code in value.split(separator: ",") {
                    guard let day = Weekday.allCases.first(where: { ICalendarWriter.dayCode($0) == code }) else {
                        throw unsupported(property, "BYDAY=\(value)")
                    }
                    parsed.append(day)
                }
                guard !parsed.isEmpty else { throw unsupported(property, "BYDAY=") }
                days = parsed
            case "UNTIL":
                var until = property
                until.value = value
                until.parameters = [:]
                last = try moment(until).date
            case "COUNT":
                guard let number = Int(value), number > 0 else { throw unsupported(property, "COUNT=\(value)") }
                count = number
            case "WKST":
                break
            case "INTERVAL" where value == "1":
                break
            default:
                throw unsupported(property, String(part))
            }
        }
        guard frequency == "WEEKLY" else { throw unsupported(property, "FREQ=\(frequency ?? "(none)")") }
        days = Array(Set(days)).sorted()
        if let count {
            guard let day = Self.occurrence(count, of: days, from: first) else {
                throw ICalendarError(line: property.line, problem: "COUNT=\(count) in \(property.name):\(property.value) ends more than "
                    + "\(Self.maximumYears) years after DTSTART; end the rule with UNTIL or a smaller COUNT.")
            }
            last = day
        }
        return ICalendarEvent.WeeklyRule(days: days, last: last)
    }

    /// How far off the last day of a `COUNT` rule may be.
    private static let maximumYears = 10_000

    /// The `count`th day from `first` on that falls on one of `days`, worked out, not walked to, since
    /// each week holds the same days; `nil` beyond ``maximumYears``.
    private static func occurrence(_ count: Int, of days: [Weekday], from first: CalendarDate) -> CalendarDate? {
        let firstWeek = (0..<7).map { first.adding(days: $0) }.filter { days.contains($0.weekday) }
        let weeks = (count - 1) / firstWeek.count
        guard weeks <= maximumYears * 53 else { return nil }
        return firstWeek[(count - 1) % firstWeek.count].adding(days: 7 * weeks)
    }

    private func unsupported(_ property: ICalendarProperty, _ part: String) -> ICalendarError {
        ICalendarError(line: property.line, problem: "the rule \(part) in \(property.name):\(property.value) is not expanded; "
            + "only weekly rules are read (FREQ=WEEKLY with BYDAY, UNTIL or COUNT, and EXDATE): write other events one by one.")
    }

    /// A date, and a local time unless the value is a DATE.
    private func moment(_ property: ICalendarProperty) throws(ICalendarError) -> (date: CalendarDate, minutes: Int?) {
        let value = property.value
        let bad = ICalendarError(line: property.line, problem: "\(property.name) '\(value)' is not a date (20260309) or a date and time (20260309T090000, with Z for UTC).")
        let characters = Array(value)
        guard characters.count >= 8, let year = Self.number(characters[0..<4]), let month = Self.number(characters[4..<6]),
              let day = Self.number(characters[6..<8]), let date = CalendarDate(year: year, month: month, day: day) else { throw bad }
        guard characters.count > 8 else { return (date, nil) }
        guard characters.count >= 15, characters[8] == "T", let hour = Self.number(characters[9..<11]),
              let minute = Self.number(characters[11..<13]), hour < 24, minute < 60 else { throw bad }
        let minutes = hour * 60 + minute
        if characters.count == 16, characters[15] == "Z" { return local(utc: date, minutes: minutes) }
        guard characters.count == 15 else { throw bad }
        if let tzid = property.parameters["TZID"], tzid != zone.name {
            throw ICalendarError(line: property.line, problem: "TZID=\(tzid) is not the campus zone \(zone.name); write times in \(zone.name), in UTC (Z) or as local times.")
        }
        return (date, minutes)
    }

    /// The number `digits` spell; `nil` unless every one is an ASCII digit (`Int` would also read `-5` and `+5`).
    private static func number(_ digits: ArraySlice<Character>) -> Int? {
        digits.allSatisfy(\.isASCIIDigit) ? Int(String(digits)) : nil
    }

    /// The campus local date and time of a UTC one.
    private func local(utc date: CalendarDate, minutes: Int) -> (date: CalendarDate, minutes: Int) {
        let guess = Self.normalized(date, minutes: minutes + zone.standardOffset)
        let shifted = Self.normalized(date, minutes: minutes + zone.offset(on: guess.date, minutes: guess.minutes))
        return (shifted.date, shifted.minutes)
    }

    private static func normalized(_ date: CalendarDate, minutes: Int) -> (date: CalendarDate, minutes: Int) {
        let days = minutes >= 0 ? minutes / 1440 : -((1439 - minutes) / 1440)
        return (date.adding(days: days), minutes - days * 1440)
    }
}
