import CampusCore
import Foundation

/// A small hand-written campus: two terms, a handful of sections and people,
/// covering every field the index stores.
enum Fixtures {
    static let spring = Term(code: TermCode("202630")!, name: "Spring 2025-2026")
    static let fall = Term(code: TermCode("202610")!, name: "Fall 2025-2026")
    static let crawledAt = Date(timeIntervalSince1970: 1_772_000_000)

    static func id(_ text: String) -> SectionID { SectionID(text)! }
    static func time(_ hour: Int, _ minute: Int) -> ClockTime { ClockTime(hour: hour, minute: minute)! }

    static let quinna = Person(
        username: "quinna", name: "Alex Quinn", bannerID: "900111222", email: "quinna@example.edu",
        affiliation: .student, major: "CS/MA", classStanding: "SR", year: "Y3", advisorUsername: "valer",
        advisorName: "Robin Vale")
    static let valer = Person(
        username: "valer", name: "Robin Vale", bannerID: "900333444", email: "valer@example.edu",
        affiliation: .faculty, department: "Comp Science and Software Eng", office: "O205",
        phone: "812-555-0101", campusMail: "CM 100")
    static let quinnell = Person(username: "quinnellj", name: "Jordan Quinnell", affiliation: .student, major: "SE")
    static let alvarez = Person(username: "alvarezj", name: "José Álvarez", affiliation: .student, major: "ME")
    static let boutell = Person(username: "boutellm", name: "Matt Boutell", affiliation: .faculty)

    static let theory = Section(
        id: id("CSSE474-02"), crn: "4321", title: "Theory of Computation",
        instructors: [InstructorRef(name: "Vale, Robin", username: "valer")],
        credits: 4, enrolled: 2, capacity: 30,
        schedule: MeetingSchedule(
            raw: "MTRF/9:00/O159",
            meetings: [Meeting(days: [.monday, .tuesday, .thursday, .friday], start: time(9, 0), end: time(9, 50), room: "O159")]),
        comments: "Cross-listed w/ MA474-02",
        finalExam: FinalExam(day: .wednesday, start: time(13, 0), room: "O159", raw: "W at 1:00pm in O159"),
        termDates: "3/2/26-5/15/26", crossListedWith: [id("MA474-02")])
    static let theoryMath = Section(
        id: id("MA474-02"), title: "Theory of Computation",
        instructors: [InstructorRef(name: "Vale, Robin", username: "valer")],
        schedule: theory.schedule, crossListedWith: [id("CSSE474-02")])
    static let objects = Section(
        id: id("CSSE220-01"), crn: "1001", title: "Object-Oriented Software Development",
        instructors: [InstructorRef(name: "Boutell, Matt", username: "boutellm"),
                      InstructorRef(name: "Vale, Robin", username: "valer")],
        credits: 4,
        schedule: MeetingSchedule(
            raw: "MR/9:00/O203-1; W/8:00-9:50/O203-1",
            meetings: [
                Meeting(days: [.monday, .thursday], start: time(9, 0), end: time(9, 50), room: "O203-1"),
                Meeting(days: [.wednesday], start: time(8, 0), end: time(9, 50), room: "O203-1"),
            ]))
    static let databases = Section(
        id: id("CSSE333-01"), title: "Introduction to Database Systems",
        schedule: MeetingSchedule(
            raw: "MWF/3:00/O157; R/XX/O157",
            meetings: [Meeting(days: [.monday, .wednesday, .friday], start: time(15, 0), end: time(15, 50), room: "O157")],
            unreadable: ["R/XX/O157"]))
    static let languages = Section(
        id: id("CSSE304-01"), title: "Programming Language Concepts",
        schedule: MeetingSchedule(raw: "TBA/TBA/ONLINE", meetings: [], isToBeAnnounced: true))

    /// Spring: five sections, five people, four enrollments.
    static var springSnapshot: TermSnapshot {
        TermSnapshot(
            term: spring,
            sections: Dictionary(uniqueKeysWithValues: [theory, theoryMath, objects, databases, languages].map { ($0.id, $0) }),
            people: Dictionary(uniqueKeysWithValues: [quinna, valer, quinnell, alvarez, boutell].map { ($0.username, $0) }),
            enrollments: [
                Enrollment(section: theory.id, username: "quinna"),
                Enrollment(section: objects.id, username: "quinna"),
                Enrollment(section: theory.id, username: "alvarezj"),
                Enrollment(section: databases.id, username: "quinnellj"),
            ])
    }

    /// Fall: one section of its own, taken by quinna.
    static var fallSnapshot: TermSnapshot {
        let intro = Section(id: id("CSSE120-01"), title: "Introduction to Software Development")
        return TermSnapshot(
            term: fall, sections: [intro.id: intro], people: ["quinna": Person(username: "quinna", name: "Alex Quinn")],
            enrollments: [Enrollment(section: intro.id, username: "quinna")])
    }
}
