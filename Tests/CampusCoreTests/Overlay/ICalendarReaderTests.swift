import CampusCore
import Testing

@Suite struct ICalendarReaderTests {
    static func date(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }
    static func time(_ text: String) -> ClockTime { ClockTime(iso: text)! }

    let reader = ICalendarReader(
        zone: CampusTimeZone(name: "America/Indiana/Indianapolis", standardOffset: -300, daylightOffset: -240))

    /// A calendar of one event made of `lines`, CRLF line ends as files have them.
    static func calendar(_ lines: String...) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT"] + lines + ["END:VEVENT", "END:VCALENDAR"])
            .joined(separator: "\r\n") + "\r\n"
    }

    func only(_ text: String) throws -> ICalendarEvent {
        let events = try reader.events(in: text)
        try #require(events.count == 1)
        return events[0]
    }

    @Test("folded lines are joined, and a TZID of the campus zone is local time")
    func foldingAndZone() throws {
        let event = try only(Self.calendar(
            "DTSTART;TZID=America/Indiana/Indianapolis:20260309T0900", " 00", "DTEND;TZID=America/Indiana/Indianapolis:20260309T095000",
            "SUMMARY:A long\r\n  title"))
        #expect(event.date == Self.date("2026-03-09"))
        #expect(event.start == Self.time("09:00") && event.end == Self.time("09:50"))
        #expect(event.weekly == nil)
    }

    @Test("UTC times turn into campus time, daylight saving included; a DATE is the whole day")
    func utcAndAllDay() throws {
        let summer = try only(Self.calendar("DTSTART:20260601T130000Z", "DTEND:20260601T140000Z"))
        #expect(summer.start == Self.time("09:00") && summer.end == Self.time("10:00"))
        let winter = try only(Self.calendar("DTSTART:20260112T140000Z", "DTEND:20260112T150000Z"))
        #expect(winter.start == Self.time("09:00"))
        let allDay = try only(Self.calendar("DTSTART;VALUE=DATE:20260310", "DTEND;VALUE=DATE:20260311"))
        #expect(allDay.start == Self.time("00:00") && allDay.end == Self.time("23:59"))
    }

    @Test("a weekly rule with UNTIL and EXDATE happens on its days, within its dates, but not the dates left out")
    func weeklyUntilAndExceptions() throws {
        let event = try only(Self.calendar(
            "DTSTART;TZID=America/Indiana/Indianapolis:20260309T090000", "DTEND;TZID=America/Indiana/Indianapolis:20260309T095000",
            "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20260523T035959Z",
            "EXDATE;TZID=America/Indiana/Indianapolis:20260403T090000,20260406T090000"))
        #expect(event.weekly?.days == [.monday, .wednesday, .friday])
        #expect(event.weekly?.last == Self.date("2026-05-22"))
        #expect(event.occurs(on: Self.date("2026-03-11")))
        #expect(!event.occurs(on: Self.date("2026-03-10")))
        #expect(!event.occurs(on: Self.date("2026-04-03")) && !event.occurs(on: Self.date("2026-04-06")))
        #expect(!event.occurs(on: Self.date("2026-05-25")))
        let busy = event.busy(week: Self.date("2026-03-30"))
        #expect(busy.map(\.meeting.days) == [[.monday], [.wednesday]])
    }

    @Test("COUNT ends the rule at its last occurrence; without --week a one-off event is not busy")
    func countAndOneOff() throws {
        let event = try only(Self.calendar(
            "DTSTART:20260309T140000", "DTEND:20260309T150000", "RRULE:FREQ=WEEKLY;BYDAY=MO,TH;COUNT=3"))
        #expect(event.weekly?.last == Self.date("2026-03-16"))
        #expect(event.busy(week: nil).map(\.meeting) == [Meeting(days: [.monday, .thursday], start: Self.time("14:00"), end: Self.time("15:00"), room: nil)])
        let once = try only(Self.calendar("DTSTART:20260310T140000", "DTEND:20260310T150000"))
        #expect(once.busy(week: nil).isEmpty)
        #expect(once.busy(week: Self.date("2026-03-09")).count == 1)
        #expect(once.busy(week: Self.date("2026-03-16")).isEmpty)
    }

    @Test("COUNT counts the rule's days from DTSTART on, whether or not DTSTART falls on one, over many weeks too")
    func countFromAnOffDay() throws {
        let tuesday = "DTSTART:20260310T140000"
        let fifth = try only(Self.calendar(tuesday, "DTEND:20260310T150000", "RRULE:FREQ=WEEKLY;BYDAY=MO,FR;COUNT=5"))
        #expect(fifth.weekly?.last == Self.date("2026-03-27"))
        let hundredth = try only(Self.calendar(tuesday, "DTEND:20260310T150000", "RRULE:FREQ=WEEKLY;BYDAY=MO,FR;COUNT=100"))
        #expect(hundredth.weekly?.last == Self.date("2026-03-13").adding(days: 7 * 49 + 3))
    }

    @Test("a rule that is not expanded is an error naming its line and the rule", arguments: [
        ("RRULE:FREQ=DAILY;COUNT=5", "FREQ=DAILY"), ("RRULE:FREQ=MONTHLY;BYDAY=MO", "FREQ=MONTHLY"),
        ("RRULE:FREQ=WEEKLY;BYDAY=MO;BYSETPOS=1", "BYSETPOS=1"), ("RDATE:20260312T090000", "RDATE"),
    ])
    func unsupportedRule(line: String, named: String) throws {
        let text = Self.calendar("DTSTART:20260309T090000", "DTEND:20260309T095000", line)
        let error = #expect(throws: ICalendarError.self) { try reader.events(in: text) }
        #expect(error?.line == 6)
        #expect(error?.description.contains(named) == true, "\(String(describing: error))")
    }

    @Test("another zone's TZID is an error saying which zones are read")
    func otherZone() throws {
        let text = Self.calendar("DTSTART;TZID=Europe/Paris:20260309T090000", "DTEND:20260309T095000")
        let error = #expect(throws: ICalendarError.self) { try reader.events(in: text) }
        #expect(error?.line == 4 && error?.problem.contains("America/Indiana/Indianapolis") == true)
    }

    @Test("a file that is no calendar, or one cut short inside an event or before END:VCALENDAR, is refused naming the line")
    func wholeCalendarsOnly() throws {
        for (text, line, words) in [
            ("", 1, "no BEGIN:VCALENDAR"), ("SUMMARY:notes\r\n", 1, "no BEGIN:VCALENDAR"),
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nDTSTART:20260309T140000Z\r\n", 3, "ends inside the event"),
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n", 2, "ends before END:VCALENDAR"),
        ] {
            #expect(throws: ICalendarError.self) { try reader.events(in: text) }
            do {
                _ = try reader.events(in: text)
            } catch {
                #expect(error.line == line && error.problem.contains(words), "\(error)")
            }
        }
        #expect(try reader.events(in: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n").isEmpty)
    }

    @Test("a weekly event all of whose days fall outside the term's days of classes counts in no week of that term")
    func weeklyEventsOfAnotherTerm() throws {
        let fall = try only(Self.calendar(
            "DTSTART;TZID=America/Indiana/Indianapolis:20250901T090000", "DTEND;TZID=America/Indiana/Indianapolis:20250901T095000",
            "RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20251115T045959Z"))
        let spring = DateRange(first: Self.date("2026-03-02"), last: Self.date("2026-05-22"))
        let autumn = DateRange(first: Self.date("2025-08-25"), last: Self.date("2025-11-14"))
        #expect(fall.busy(week: nil, term: spring).isEmpty)
        #expect(fall.busy(week: nil, term: autumn).count == 1)
        #expect(fall.busy(week: nil).count == 1, "no term known: every week, as before")
        let later = DateRange(first: Self.date("2024-03-02"), last: Self.date("2024-05-22"))
        #expect(fall.busy(week: nil, term: later).isEmpty, "a term before the event's first day")
    }
}
