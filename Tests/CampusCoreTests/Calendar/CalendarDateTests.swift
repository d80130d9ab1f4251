import CampusCore
import Testing

@Suite struct CalendarDateTests {
    private func date(_ text: String) throws -> CalendarDate { try #require(CalendarDate(iso: text)) }

    @Test func weekdaysOfKnownDates() throws {
        #expect(try date("1970-01-01").weekday == .thursday)
        #expect(try date("2026-03-09").weekday == .monday)
        #expect(try date("2024-02-29").weekday == .thursday)
        #expect(try date("1999-12-31").weekday == .friday)
    }

    @Test func addingDaysCrossesMonthsYearsAndLeapDays() throws {
        #expect(try date("2025-12-31").adding(days: 1) == date("2026-01-01"))
        #expect(try date("2024-02-28").adding(days: 1) == date("2024-02-29"))
        #expect(try date("2026-03-01").adding(days: -1) == date("2026-02-28"))
        #expect(try date("2026-03-09").adding(days: 74) == date("2026-05-22"))
    }

    @Test func dayNumbersRoundTrip() throws {
        for number in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(CalendarDate(dayNumber: number).dayNumber == number)
        }
        #expect(try date("1970-01-01").dayNumber == 0)
    }

    @Test func readsDefinitionAndRegistrarForms() throws {
        #expect(CalendarDate(registrar: "6/8/26") == (try date("2026-06-08")))
        #expect(CalendarDate(registrar: "12/31/2025") == (try date("2025-12-31")))
        #expect(CalendarDate(iso: "2026-02-29") == nil)
        #expect(CalendarDate(iso: "2026-3-9") == nil)
        #expect(CalendarDate(registrar: "13/1/26") == nil)
        #expect(DateRange(registrar: "7/20/26-8/28/26")?.last == (try date("2026-08-28")))
        #expect(DateRange(registrar: "8/28/26-7/20/26") == nil)
    }

    @Test func nextWeekdayIsOnOrAfter() throws {
        #expect(try date("2026-05-25").next(.wednesday) == date("2026-05-27"))
        #expect(try date("2026-05-25").next(.monday) == date("2026-05-25"))
        #expect(try date("2026-05-28").next(.monday) == date("2026-06-01"))
    }
}

@Suite struct CampusTimeZoneTests {
    let indiana = CampusTimeZone(name: "America/Indiana/Indianapolis", standardOffset: -300, daylightOffset: -240)

    @Test func localTimesBecomeUTCWithTheRightOffset() throws {
        let may = try #require(CalendarDate(iso: "2026-05-22"))
        #expect(indiana.utc(may, minutes: 23 * 60 + 59) == (may.adding(days: 1), 3 * 60 + 59))
        let november = try #require(CalendarDate(iso: "2025-11-14"))
        #expect(indiana.utc(november, minutes: 23 * 60 + 59) == (november.adding(days: 1), 4 * 60 + 59))
        #expect(indiana.utc(november, minutes: 9 * 60) == (november, 14 * 60))
    }

    @Test func daylightTimeStartsAndEndsAtTwoOnTheUSSundays() throws {
        let spring = try #require(CalendarDate(iso: "2026-03-08"))
        #expect(indiana.offset(on: spring, minutes: 60) == -300)
        #expect(indiana.offset(on: spring, minutes: 180) == -240)
        let fall = try #require(CalendarDate(iso: "2026-11-01"))
        #expect(indiana.offset(on: fall, minutes: 60) == -240)
        #expect(indiana.offset(on: fall, minutes: 180) == -300)
        #expect(CampusTimeZone(name: "America/Phoenix", standardOffset: -420, daylightOffset: nil)
            .offset(on: try #require(CalendarDate(iso: "2026-07-01")), minutes: 600) == -420)
    }

    @Test func readsOffsets() {
        #expect(CampusTimeZone.minutes(fromOffset: "-0500") == -300)
        #expect(CampusTimeZone.minutes(fromOffset: "+0530") == 330)
        #expect(CampusTimeZone.minutes(fromOffset: "-5") == nil)
        #expect(CampusTimeZone.minutes(fromOffset: "-0575") == nil)
    }
}
