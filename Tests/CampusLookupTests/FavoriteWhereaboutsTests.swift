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
}
