import CampusCore
import CampusIndex
import CampusLookup
import Testing

@Suite("Where a favorite is now or next")
struct FavoriteWhereaboutsTests {
    static func section(_ id: String, _ schedule: [Meeting]) -> ScheduledSection {
        ScheduledSection(
            section: Section(
                id: SectionID(id)!, title: id, schedule: MeetingSchedule(raw: id, meetings: schedule)),
            role: .student)
    }

    static func time(_ hour: Int, _ minute: Int) -> ClockTime { ClockTime(hour: hour, minute: minute)! }

    let theory = section("CSSE474-02", [Meeting(days: [.monday, .tuesday, .thursday, .friday], start: time(9, 0), end: time(9, 50), room: "O159")])
    let calculus = section("MA212-01", [Meeting(days: [.tuesday], start: time(10, 0), end: time(10, 50), room: "G310")])
    let online = section("EMGT512-OL1", [])

    @Test("in class: the section, its room and when it ends")
    func inClass() {
        let now = Whereabouts(sections: [theory, calculus], day: .monday, time: Self.time(9, 20))
        #expect(now == .inClass(section: SectionID("CSSE474-02")!, room: "O159", until: Self.time(9, 50)))
        #expect(now?.description == "now: CSSE474-02 in O159 until 9:50am")
    }

    @Test("free: the next meeting later today, else on a later day, wrapping round the week")
    func next() {
        let later = Whereabouts(sections: [theory, calculus], day: .tuesday, time: Self.time(9, 55))
        #expect(later?.description == "next: MA212-01 in G310 Tue 10:00am")
        let wrapped = Whereabouts(sections: [theory, calculus], day: .friday, time: Self.time(12, 0))
        #expect(wrapped == .next(section: SectionID("CSSE474-02")!, room: "O159", day: .monday, start: Self.time(9, 0)))
        let sameDayNextWeek = Whereabouts(sections: [calculus], day: .tuesday, time: Self.time(11, 0))
        #expect(sameDayNextWeek == .next(section: SectionID("MA212-01")!, room: "G310", day: .tuesday, start: Self.time(10, 0)))
    }

    @Test("no set times: nowhere to say")
    func nowhere() {
        #expect(Whereabouts(sections: [online], day: .monday, time: Self.time(9, 0)) == nil)
    }

    static func date(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }

    /// Spring: classes 2 March to 22 May 2026, a break 3 to 6 April (a Friday to a Monday).
    let spring = TermCalendar(
        classes: DateRange(first: date("2026-03-02"), last: date("2026-05-22")),
        breaks: [DateRange(first: date("2026-04-03"), last: date("2026-04-06"))])

    @Test("by the term's calendar: nobody is in class on a break, and next is the first day of classes after it, dated")
    func breaks() {
        let onBreak = Whereabouts(sections: [theory, calculus], date: Self.date("2026-04-03"), time: Self.time(9, 20), calendar: spring)
        #expect(onBreak == .next(section: SectionID("CSSE474-02")!, room: "O159", day: .tuesday, start: Self.time(9, 0),
                                 date: Self.date("2026-04-07")))
        #expect(onBreak?.description == "next: CSSE474-02 in O159 Tue 7 Apr 9:00am")
        let classDay = Whereabouts(sections: [theory], date: Self.date("2026-03-30"), time: Self.time(9, 20), calendar: spring)
        #expect(classDay == .inClass(section: SectionID("CSSE474-02")!, room: "O159", until: Self.time(9, 50)))
    }

    @Test("a term not begun: next is its first class, dated; a term over: nowhere to say")
    func outsideTheTerm() {
        let before = Whereabouts(sections: [calculus], date: Self.date("2026-01-15"), time: Self.time(9, 0), calendar: spring)
        #expect(before == .next(section: SectionID("MA212-01")!, room: "G310", day: .tuesday, start: Self.time(10, 0),
                                date: Self.date("2026-03-03")))
        #expect(Whereabouts(sections: [theory, calculus], date: Self.date("2026-06-01"), time: Self.time(9, 20), calendar: spring) == nil)
        #expect(Whereabouts(sections: [theory], date: Self.date("2026-05-22"), time: Self.time(9, 55), calendar: spring) == nil,
                "after the last class of the last day")
    }
}
