import CampusCore
import CampusIndex
import Foundation
import Testing

/// The index keeps what Banner registrars say beyond reg-sched.pl: a section's credit
/// range, campus, schedule type, waitlist, link and cross-list group, its final exam's dates;
/// a meeting's kind and own dates; an instructor's e-mail and primary mark, and an
/// instructor the directory does not hold, by name alone.
@Suite("What Banner registrars add, kept")
struct RegistrarParticularsTests {
    static let winter = Term(code: TermCode("201820")!, name: "Winter 2018 (Jan-Apr)")
    static func day(_ iso: String) -> CalendarDate { CalendarDate(iso: iso)! }

    static let lecture = Section(
        id: SectionID("COMP3520-01")!, crn: "20461", title: "Software Engineering",
        instructors: [
            InstructorRef(name: "Pouw, Frank", username: nil, email: "fpouw@tru.ca", isPrimary: true),
            InstructorRef(name: "Vale, Robin", username: "valer"),
        ],
        credits: nil, enrolled: 31, capacity: 36,
        schedule: MeetingSchedule(raw: "MW 10:30am-11:20am Old Main Building 1350; F 1:30pm-4:20pm Science 201", meetings: [
            Meeting(days: [.monday, .wednesday], start: ClockTime(hour: 10, minute: 30)!, end: ClockTime(hour: 11, minute: 20)!,
                    room: "Old Main Building 1350", dates: DateRange(first: day("2018-01-08"), last: day("2018-04-28"))),
            Meeting(days: [.friday], start: ClockTime(hour: 13, minute: 30)!, end: ClockTime(hour: 16, minute: 20)!,
                    room: "Science 201", kind: .lab, dates: DateRange(first: day("2018-01-15"), last: day("2018-03-02"))),
        ]),
        finalExam: FinalExam(day: .tuesday, start: ClockTime(hour: 9, minute: 0)!, room: "Gym", raw: "Final Exam T 9:00am-12:00pm Gym",
                             dates: DateRange(first: day("2018-04-17"), last: day("2018-04-17")), end: ClockTime(hour: 12, minute: 0)!),
        crossListedWith: [SectionID("COMP4530-01")!],
        creditRange: CreditRange(low: 0, high: 3, joiner: .or), campus: "Kamloops", scheduleType: "Lecture",
        waitlist: Waitlist(capacity: 100, count: 9), linkIdentifier: "M1", crossListGroup: "AB")

    static let plain = Section(id: SectionID("COMP4530-01")!, crn: "20470", title: "Advanced Software Engineering")

    private func stored() throws -> TemporaryIndex {
        let index = try TemporaryIndex()
        let snapshot = TermSnapshot(
            term: Self.winter, sections: [Self.lecture.id: Self.lecture, Self.plain.id: Self.plain],
            people: ["valer": Person(username: "valer", name: "Robin Vale", affiliation: .faculty)])
        try index.store.terms.replace(snapshot, force: false, now: Fixtures.crawledAt)
        return index
    }

    @Test("a Banner section reads back as it was written")
    func roundTrip() throws {
        let index = try stored()
        #expect(try index.store.section(Self.lecture.id, term: Self.winter.code) == Self.lecture)
        #expect(try index.store.section(Self.plain.id, term: Self.winter.code) == Self.plain)
    }

    @Test("an instructor without a username is kept by name and counted as nobody")
    func instructorByNameAlone() throws {
        let index = try stored()
        let terms = try index.store.termSummaries()
        #expect(terms.first { $0.term.code == Self.winter.code }?.peopleCount == 1, "valer alone: the unnamed instructor is no person")
        #expect(try index.store.section(Self.lecture.id, term: Self.winter.code)?.instructors.first?.username == nil)
    }
}
