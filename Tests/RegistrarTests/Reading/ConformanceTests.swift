import CampusCore
import Foundation
import Registrar
import Testing

/// The reader reaches every fact `expected.json` holds for the real registrar pages.
@Suite struct ConformanceTests {
    static let files = ["sample-student.html", "sample-instructor.html", "sample-roster.html", "sample-courses.html"]

    @Test(arguments: files)
    func readsEveryExpectedFact(file: String) throws {
        let expected = try #require(try ExpectedPage.all().first { $0.file == file })
        let page = try RegistrarTestFiles.sample(file)

        #expect(page.heading == expected.heading)
        #expect(page.term?.code.rawValue == expected.termCode)
        #expect(page.term?.name == expected.termName)
        #expect(page.header.count == expected.header.count)
        for (key, value) in expected.header {
            #expect(page.header.contains(HeaderField(key: key, value: value)), "header \(key)")
        }
        try #require(page.sections.count == expected.sections.count)
        for (section, facts) in zip(page.sections, expected.sections) {
            expectSection(section, facts)
        }
        try #require(page.roster.count == expected.roster.count)
        for (entry, facts) in zip(page.roster, expected.roster) {
            #expect(entry.username == facts.username)
            #expect(entry.name == facts.name)
            #expect(entry.bannerID == facts.bannerId)
            #expect(entry.major == facts.major)
            #expect(entry.classStanding == facts.class)
            #expect(entry.year == facts.year)
            #expect(entry.advisor == facts.advisor)
            #expect(entry.email == facts.email)
        }
        #expect(page.warnings.isEmpty, "\(page.warnings)")
    }

    private func expectSection(_ section: CampusCore.Section, _ facts: ExpectedPage.Section) {
        let label = Comment(rawValue: facts.course)
        #expect(section.id.rawValue == facts.course, label)
        #expect(section.crn == facts.crn, label)
        #expect(section.title == facts.title, label)
        #expect(section.instructors.first?.name == facts.instructorName, label)
        #expect(section.instructors.first?.username == facts.instructorUsername, label)
        #expect(section.instructors.count == (facts.instructorUsername == nil ? 0 : 1), label)
        #expect(section.credits == facts.credits, label)
        #expect(section.enrolled == facts.enrolled, label)
        #expect(section.capacity == facts.capacity, label)
        #expect(section.schedule.raw == facts.termSchedule, label)
        #expect(section.schedule.unreadable.isEmpty, label)
        #expect(section.schedule.meetings.map(\.days.letters) == facts.meetings.map(\.days), label)
        #expect(section.schedule.meetings.map(\.start.iso) == facts.meetings.map(\.start), label)
        #expect(section.schedule.meetings.map(\.end.iso) == facts.meetings.map(\.end), label)
        #expect(section.schedule.meetings.map(\.room) == facts.meetings.map(\.room), label)
        #expect(section.comments == facts.comments, label)
        #expect(section.finalExam?.day?.description == facts.finalExam?.day, label)
        #expect(section.finalExam?.start?.iso == facts.finalExam?.start, label)
        #expect(section.finalExam?.room == facts.finalExam?.room, label)
        #expect(section.termDates == facts.termDates, label)
    }

    @Test func pageKindsComeFromTheContent() throws {
        #expect(try RegistrarTestFiles.sample("sample-student.html").kind == .studentSchedule)
        #expect(try RegistrarTestFiles.sample("sample-instructor.html").kind == .instructorSchedule)
        #expect(try RegistrarTestFiles.sample("sample-roster.html").kind == .sectionRoster)
        #expect(try RegistrarTestFiles.sample("sample-courses.html").kind == .courseSearch)
    }

    @Test func studentPageDescribesTheStudent() throws {
        let page = try RegistrarTestFiles.sample("sample-student.html")
        let person = try #require(page.person)
        #expect(person.username == "quinna")
        #expect(person.name == "Alex Quinn")
        #expect(person.affiliation == .student)
        #expect(person.major == "CS")
        #expect(person.year == "Y3")
        #expect(person.advisorName == "Robin Vale")
        #expect(person.email == "QUINNA@rose-hulman.edu")
        #expect(page.lookup == "quinna")
        #expect(page.sections.first { $0.id.rawValue == "CSSE474-02" }?.crossListedWith.map(\.rawValue) == ["MA474-02"])
        #expect(page.grid.contains(GridEntry(day: .thursday, column: "9:00", section: "CSSE474-02", room: "O159")))
        #expect(page.grid.count == 12)
    }

    @Test func instructorPageDescribesTheInstructor() throws {
        let page = try RegistrarTestFiles.sample("sample-instructor.html")
        let person = try #require(page.person)
        #expect(person.username == "valer")
        #expect(person.affiliation == .faculty)
        #expect(person.department == "Comp Science and Software Eng")
        #expect(person.office == nil)
        #expect(person.phone == nil)
        #expect(person.email == "VALER@rose-hulman.edu")
    }

    @Test func rosterCSVReadsTheSectionAndItsStudents() throws {
        let page = try RegistrarTestFiles.sample("CSSE220-01.csv")
        #expect(page.kind == .rosterCSV)
        #expect(page.term == Term(code: TermCode("202710")!, name: "Fall 2026-2027"))
        let section = try #require(page.sections.first)
        #expect(page.sections.count == 1)
        #expect(section.id.rawValue == "CSSE220-01")
        #expect(section.title == "Object-Oriented Software Dvlpm")
        #expect(section.instructors.map(\.username) == ["valer"])
        #expect(section.credits == 4)
        #expect(section.enrolled == 15)
        #expect(section.capacity == 15)
        #expect(section.finalExam == nil)
        #expect(section.schedule.meetings == [
            Meeting(days: [.monday, .wednesday, .friday], start: ClockTime(hour: 13, minute: 0)!,
                    end: ClockTime(hour: 14, minute: 50)!, room: "O157"),
        ])
        #expect(page.roster.count == 15)
        #expect(page.roster.first == RosterEntry(
            username: "abbottm", name: "Mason Abbott", bannerID: "800300017", major: "ME", classStanding: "SO",
            year: "Y1", advisor: "ashbyc", email: "ABBOTTM@rose-hulman.edu"))
        #expect(page.warnings.isEmpty)
    }
}
