import CampusCore
import Testing

@Suite("What a refresh finds changed")
struct SectionChangesTests {
    let term = TermCode("202630")!

    func section(
        _ id: String, room: String? = "M111", start: Int = 11 * 60, instructors: [InstructorRef] = [InstructorRef(name: "Ambrose, Fern", username: "ambrosf")],
        capacity: Int? = 24
    ) -> Section {
        let meeting = Meeting(days: [.monday, .tuesday], start: ClockTime(minutes: start)!, end: ClockTime(minutes: start + 50)!, room: room)
        return Section(
            id: SectionID(id)!, title: "Modern Physics", instructors: instructors, capacity: capacity,
            schedule: MeetingSchedule(raw: "MT/11:00/M111", meetings: [meeting]))
    }

    @Test("a room, a time, an instructor and seats each give one change naming before and after")
    func eachFact() {
        let before = section("PH235-01")
        let after = section(
            "PH235-01", room: "O169", start: 13 * 60, instructors: [InstructorRef(name: "Vale, Robin", username: "valer")], capacity: 30)
        let changes = SectionChanges.between(before: [before], after: [after], enrolledBefore: [], enrolledAfter: [], term: term)
        #expect(changes.map(\.kind) == [.timeChanged, .roomChanged, .instructorChanged, .capacityChanged])
        #expect(changes[0].before == "MT 11:00am-11:50am" && changes[0].after == "MT 1:00pm-1:50pm")
        #expect(changes[1].before == "M111" && changes[1].after == "O169")
        #expect(changes[1].sentence == "PH235-01 Modern Physics: room M111 → O169")
        #expect(changes[2].after == "Vale, Robin (valer)")
        #expect(changes[3].before == "24" && changes[3].after == "30")
        #expect(changes.map(\.rooms) == [["O169"], ["M111", "O169"], [], []],
                "a room's followers hear of a new time in it and of a move out of or into it; not of its instructor or seats")
    }

    @Test("the same section read twice changes nothing")
    func nothing() {
        let changes = SectionChanges.between(
            before: [section("PH235-01")], after: [section("PH235-01")],
            enrolledBefore: [Enrollment(section: SectionID("PH235-01")!, username: "brennam")],
            enrolledAfter: [Enrollment(section: SectionID("PH235-01")!, username: "BRENNAM")], term: term)
        #expect(changes.isEmpty)
    }

    @Test("a section added says so once; a cancelled one names its instructor and drops its students")
    func addedAndCancelled() {
        let old = SectionID("PH235-01")!, new = SectionID("PH235-02")!
        let changes = SectionChanges.between(
            before: [section("PH235-01")], after: [section("PH235-02")],
            enrolledBefore: [Enrollment(section: old, username: "brennam")],
            enrolledAfter: [Enrollment(section: new, username: "quinna")], term: term)
        #expect(changes.map(\.kind) == [.sectionCancelled, .sectionAdded, .studentDropped])
        #expect(changes[0].person == "ambrosf" && changes[0].before == "MT 11:00am-11:50am M111")
        #expect(changes[2].person == "brennam" && changes[2].section == old)
        #expect(changes.map(\.rooms) == [["M111"], ["M111"], []], "where the cancelled section met, where the added one meets")
    }

    @Test("students added and dropped, only where the crawl read class lists")
    func students() {
        let id = SectionID("PH235-01")!
        let before: Set = [Enrollment(section: id, username: "brennam"), Enrollment(section: id, username: "quinna")]
        let after: Set = [Enrollment(section: id, username: "quinna"), Enrollment(section: id, username: "valer")]
        let changes = SectionChanges.between(
            before: [section("PH235-01")], after: [section("PH235-01")], enrolledBefore: before, enrolledAfter: after, term: term)
        #expect(changes.map(\.kind) == [.studentAdded, .studentDropped])
        #expect(changes.map(\.person) == ["valer", "brennam"])
        let unread = SectionChanges.between(
            before: [section("PH235-01")], after: [section("PH235-01")], enrolledBefore: before, enrolledAfter: nil, term: term)
        #expect(unread.isEmpty)
    }
}
