import CampusCore
import Testing

@Suite struct ICalendarWriterTests {
    static func date(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }

    let spring = TermCalendar(
        classes: DateRange(first: date("2026-03-09"), last: date("2026-05-22")),
        breaks: [DateRange(first: date("2026-04-03"), last: date("2026-04-06"))], finalsStart: date("2026-05-25"))
    let campus = CampusCalendar(
        timeZone: CampusTimeZone(name: "America/Indiana/Indianapolis", standardOffset: -300, daylightOffset: -240),
        examMinutes: 180, terms: [:])

    func section(_ id: String, days: String, termDates: String? = nil, exam: FinalExam? = nil, title: String = "Theory of Computation") -> Section {
        Section(
            id: SectionID(id)!, crn: "3096", title: title, instructors: [InstructorRef(name: "Vale, Robin", username: "valer")],
            schedule: MeetingSchedule(raw: "", meetings: [Meeting(days: [Weekday](letters: days)!, start: ClockTime(hour: 9, minute: 0)!,
                                                                   end: ClockTime(hour: 9, minute: 50)!, room: "O159")]),
            finalExam: exam, termDates: termDates)
    }

    func write(_ sections: [Section]) -> String {
        ICalendarWriter(calendar: campus, term: Term(code: TermCode("202630")!, name: "Spring 2025-2026"),
                        termCalendar: spring, owner: "Quinna").write(sections, stampedAt: (Self.date("2026-03-01"), 75))
    }

    @Test func aWeeklyPatternStartsOnItsFirstDayAndSkipsBreakDays() {
        let text = write([section("CSSE474-02", days: "TR")])
        #expect(text.contains("UID:202630-CSSE474-02-m0-quinna@campus-lookup\r\n"))
        #expect(text.contains("DTSTAMP:20260301T011500Z\r\n"))
        #expect(text.contains("DTSTART;TZID=America/Indiana/Indianapolis:20260310T090000\r\n"), "the first Tuesday, not Monday the 9th")
        #expect(text.contains("RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20260523T035959Z\r\n"))
        #expect(!text.contains("EXDATE"), "the Easter break (Fri-Mon) has no Tuesday or Thursday")
        #expect(text.contains("DESCRIPTION:Vale\\, Robin (valer)\\nCRN 3096\r\n"))
        let classes = RecurringClass.classes(of: section("CSSE474-02", days: "MWF"), on: spring)
        #expect(classes.map(\.exceptions) == [[Self.date("2026-04-03"), Self.date("2026-04-06")]])
        #expect(classes.map(\.occurrences) == [31])
    }

    @Test func termDatesNarrowTheTermAndAFinalIsOnItsWeekdayOfExamWeek() {
        let half = RecurringClass.classes(of: section("CSSE132-01", days: "M", termDates: "4/13/26-5/1/26"), on: spring)
        #expect(half.map(\.first) == [Self.date("2026-04-13")])
        #expect(half.map(\.occurrences) == [3])
        let exam = FinalExam(day: .wednesday, start: ClockTime(hour: 13, minute: 0), room: "O159", raw: "W at 1:00pm in O159")
        let text = write([section("CSSE474-02", days: "M", exam: exam)])
        #expect(text.contains("UID:202630-CSSE474-02-final-quinna@campus-lookup\r\nDTSTAMP:20260301T011500Z\r\n"
            + "DTSTART;TZID=America/Indiana/Indianapolis:20260527T130000\r\nDTEND;TZID=America/Indiana/Indianapolis:20260527T160000\r\n"))
        #expect(text.contains("SUMMARY:Final exam: CSSE474-02 Theory of Computation\r\n"))
        #expect(RecurringClass.classes(of: section("X1-01", days: "M", termDates: "9/1/26-9/30/26"), on: spring).isEmpty)
    }

    @Test func longLinesAreFoldedAndTheTimeZoneIsDescribed() {
        let text = write([section("CSSE474-02", days: "M", title: String(repeating: "Théorie; ", count: 12))])
        #expect(text.split(separator: "\r\n", omittingEmptySubsequences: false).allSatisfy { $0.utf8.count <= 75 })
        #expect(text.contains("\r\n Th") || text.contains("\r\n ;") || text.contains("\r\n \\"))
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") && text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(text.contains("BEGIN:DAYLIGHT\r\nDTSTART:20070311T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\r\n"
            + "TZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\n"))
    }
}
