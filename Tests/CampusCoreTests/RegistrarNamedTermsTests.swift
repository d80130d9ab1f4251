import CampusCore
import Foundation
import Testing

/// A registrar that codes and names its own terms (Banner): the current term by each term's dates.
@Suite("Terms a registrar names itself")
struct RegistrarNamedTermsTests {
    static func day(_ iso: String) -> CalendarDate { CalendarDate(iso: iso)! }
    static func range(_ first: String, _ last: String) -> DateRange { DateRange(first: day(first), last: day(last)) }

    /// Northeastern's parallel calendars: a semester, a CPS quarter and a law quarter in one fall.
    let clock = TermClock(
        scheme: .registrarNamed,
        zone: CampusTimeZone(name: "America/New_York", standardOffset: -300, daylightOffset: -240),
        termDates: [
            TermCode("201710")!: range("2016-09-07", "2016-12-16"),
            TermCode("201715")!: range("2016-09-07", "2016-12-10"),
            TermCode("201718")!: range("2016-09-12", "2016-12-02"),
            TermCode("201730")!: range("2017-01-09", "2017-04-28"),
            TermCode("201725")!: range("2017-01-09", "2017-03-25"),
        ])

    func resolve(_ choice: TermChoice, on iso: String) -> String? {
        let seconds = Int64(Self.day(iso).dayNumber) * 86_400 + 17 * 3_600
        return clock.resolve(choice, secondsSince1970: seconds)?.rawValue
    }

    @Test("the longest term in session is current; between terms the one ended last; before all the first")
    func current() {
        #expect(resolve(.current, on: "2016-10-03") == "201710")
        #expect(resolve(.current, on: "2016-12-20") == "201710")
        #expect(resolve(.current, on: "2016-12-12") == "201710", "the semester still runs")
        #expect(resolve(.current, on: "2017-05-10") == "201730")
        #expect(resolve(.current, on: "2017-02-01") == "201730")
        #expect(resolve(.current, on: "2015-01-01") == "201710")
    }

    @Test("next and previous are the terms starting after and before, the longest of a day")
    func neighbours() {
        #expect(resolve(.next, on: "2016-10-03") == "201718")
        #expect(resolve(.previous, on: "2017-02-01") == "201718")
        #expect(clock.next(after: TermCode("201718")!) == TermCode("201730"))
        #expect(resolve(.code(TermCode("201715")!), on: "2016-10-03") == "201715")
    }

    @Test("without dates no relative term can be told")
    func withoutDates() {
        let bare = TermClock(scheme: .registrarNamed, zone: clock.zone)
        #expect(bare.resolve(.current, secondsSince1970: 0) == nil)
        #expect(bare.resolve(.code(TermCode("201710")!), secondsSince1970: 0) == TermCode("201710"))
    }

    @Test("a term is found by its printed name in any case and spacing")
    func names() {
        let term = Term(code: TermCode("201715")!, name: "Fall 2016 CPS Quarter")
        #expect(term.isNamed("fall 2016  cps quarter"))
        #expect(!term.isNamed("fall 2016"))
        #expect(!term.isNamed("  "))
    }

    @Test("a meeting's own dates bound its weekly events; a named exam day is the exam's date")
    func meetingDates() throws {
        let calendar = TermCalendar(classes: Self.range("2018-01-08", "2018-04-28"))
        let lab = Meeting(days: [.wednesday], start: ClockTime(minutes: 16 * 60 + 30)!, end: ClockTime(minutes: 17 * 60 + 20)!,
                          room: "OM 1327", kind: .lab, dates: Self.range("2018-02-05", "2018-03-09"))
        let lecture = Meeting(days: [.monday], start: ClockTime(minutes: 9 * 60)!, end: ClockTime(minutes: 10 * 60)!, room: "OM 1350")
        let section = Section(id: SectionID("COMP1130-L01")!, title: "Programming",
                              schedule: MeetingSchedule(raw: "", meetings: [lab, lecture]))
        let laid = RecurringClass.classes(of: section, on: calendar)
        #expect(laid.map(\.first) == [Self.day("2018-02-07"), Self.day("2018-01-08")])
        #expect(laid.map(\.last) == [Self.day("2018-03-09"), Self.day("2018-04-28")])
        #expect(laid.first?.occurrences == 5)

        let named = FinalExam(day: nil, start: ClockTime(minutes: 9 * 60)!, room: nil, raw: "", dates: Self.range("2018-04-20", "2018-04-20"))
        #expect(calendar.date(of: named) == Self.day("2018-04-20"))
        let week = FinalExam(day: .thursday, start: ClockTime(minutes: 9 * 60)!, room: nil, raw: "", dates: Self.range("2018-04-16", "2018-04-21"))
        #expect(calendar.date(of: week) == Self.day("2018-04-19"))
        let unplaced = FinalExam(day: nil, start: nil, room: nil, raw: "", dates: Self.range("2018-04-16", "2018-04-21"))
        #expect(calendar.date(of: unplaced) == nil)
    }
}
