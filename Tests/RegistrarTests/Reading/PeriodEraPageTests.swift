import CampusCore
import Foundation
import Registrar
import Testing

/// The pages of the 2011-2012 period-number era in `fixtures/period-era/` (see its README):
/// each is told by its heading and header first, its tables second, and read whole.
@Suite("Pages of the period-number era")
struct PeriodEraPageTests {
    private let spring2012 = Term(code: TermCode("201230")!, name: "Spring 2011-2012")

    private func meeting(_ days: String, _ start: String, _ end: String, _ room: String? = nil) -> Meeting {
        MeetingExpectations.meeting(days, start, end, room)
    }

    private func section(_ page: ParsedPage, _ id: String) throws -> CampusCore.Section {
        try #require(page.sections.first { $0.id.rawValue == id }, "section \(id)")
    }

    /// A fixture's text with `replacements` made, read as if it were the file.
    private func variant(_ name: String, _ replacements: [(String, String)]) throws -> ParsedPage {
        var text = try String(contentsOf: RegistrarTestFiles.periodEra.appendingPathComponent(name), encoding: .utf8)
        for (old, new) in replacements {
            #expect(text.contains(old), "\(name) holds '\(old)'")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return try PageReader(definition: RegistrarTestFiles.definition()).read(Array(text.utf8), source: name)
    }

    @Test("a room schedule: its own heading and Room Number header, a room per meeting pattern, periods as times")
    func roomSchedule() throws {
        let page = try RegistrarTestFiles.periodEraPage("room-schedule.html")
        #expect(page.kind == .roomSchedule)
        #expect(page.term == spring2012)
        #expect(page.lookup == "O159")
        #expect(page.sections.map(\.id.rawValue) == ["CSSE120-02", "MA212-01", "PH113-03"])
        // T/8/O169:W/4-6/O159: period 8 (2:30pm) in O169; periods 4 to 6 (10:50am to 1:30pm) in O159.
        #expect(try section(page, "CSSE120-02").schedule.meetings == [
            meeting("T", "14:30", "15:20", "O169"), meeting("W", "10:50", "13:30", "O159"),
        ])
        #expect(try section(page, "CSSE120-02").finalExam?.room == "O159")
        #expect(try section(page, "MA212-01").instructors.map(\.username) == ["hartwig", "okonkwu"])
        #expect(try section(page, "MA212-01").title == "Matrix Algebra & Systems")
        #expect(try section(page, "PH113-03").schedule.meetings == [meeting("MWF", "16:20", "17:10", "O159")])
        #expect(try section(page, "PH113-03").comments == nil)
        #expect(page.grid.filter { $0.day == .wednesday }.map(\.section) == ["CSSE120-02", "CSSE120-02", "CSSE120-02", "PH113-03"])
        #expect(page.grid.allSatisfy { $0.room == "O159" })
        #expect(page.warnings.isEmpty, "\(page.warnings)")
    }

    @Test("a course roster whose students table also fits a Person Match is read as the roster its heading says")
    func courseRoster() throws {
        let page = try RegistrarTestFiles.periodEraPage("course-roster.html")
        #expect(page.kind == .sectionRoster)
        #expect(page.term == spring2012)
        #expect(page.lookup == "CSSE404-01")
        #expect(page.people.isEmpty)
        let compilers = try section(page, "CSSE404-01")
        #expect(compilers.credits == 4 && compilers.enrolled == 5 && compilers.capacity == 25)
        #expect(compilers.instructors == [InstructorRef(name: "lindqvr", username: "lindqvr")])
        #expect(compilers.schedule.meetings == [meeting("MTR", "13:35", "14:25", "O267"), meeting("W", "12:40", "13:30", "O267")])
        #expect(page.roster.map(\.username) == ["ortegaj", "pellarm", "quayles", "tenbrob", "vasquei"])
        #expect(page.roster[0] == RosterEntry(
            username: "ortegaj", name: "Jamie Lee Ortega", major: "CS", classStanding: "SR", advisor: "lindqvr",
            email: "ortegaj@rose-hulman.edu", campusMail: "CM 2213"))
        #expect(page.roster[3].campusMail == nil, "&nbsp is no campus mailbox")
        #expect(page.warnings.isEmpty, "\(page.warnings)")

        var snapshot = TermSnapshot(term: spring2012)
        snapshot.add(page)
        #expect(snapshot.enrollments.count == 5)
        #expect(snapshot.enrollments.allSatisfy { $0.section.rawValue == "CSSE404-01" })
        #expect(snapshot.people["pellarm"]?.campusMail == "CM 1874")
        #expect(snapshot.people["pellarm"]?.advisorUsername == "hartwig")
    }

    @Test("a roster with no students is a roster of nobody, its section kept")
    func emptyRoster() throws {
        let page = try RegistrarTestFiles.periodEraPage("empty-roster.html")
        #expect(page.kind == .sectionRoster)
        #expect(page.lookup == "CSSE375-01")
        #expect(page.sections.map(\.id.rawValue) == ["CSSE375-01"])
        #expect(try section(page, "CSSE375-01").schedule.meetings == [meeting("MTR", "09:55", "10:45", "O257")])
        #expect(page.roster.isEmpty && page.people.isEmpty)
        #expect(page.warnings.isEmpty, "\(page.warnings)")
    }

    @Test("a roster joining two sections reads both; who is in which is not guessed")
    func joinedRoster() throws {
        let page = try RegistrarTestFiles.periodEraPage("joined-roster.html")
        #expect(page.kind == .joinedRoster)
        #expect(page.lookup == "CSSE491-06|CSSE290-09")
        #expect(page.sections.map(\.id.rawValue) == ["CSSE491-06", "CSSE290-09"])
        #expect(page.roster.map(\.username) == ["ashworl", "bricent"])
        #expect(page.joinedRosterSection == nil)
        #expect(page.warnings.count == 1)
        #expect(page.warnings.first?.message.contains("does not say which section") == true)
        var snapshot = TermSnapshot(term: spring2012)
        snapshot.add(page)
        #expect(snapshot.sections.count == 2)
        #expect(snapshot.people["ashworl"]?.major == "ME")
        #expect(snapshot.enrollments.isEmpty)
    }

    @Test("a joined roster whose counts put every student in one section enrols them there")
    func joinedRosterWithOneSectionHoldingAll() throws {
        // ENRL 0 for CSSE491-06 and 2 for CSSE290-09 (the fixture says 1 and 1).
        let page = try variant("joined-roster.html", [
            ("okonkwu</A></TD><TD>2</TD><TD>1</TD><TD>10</TD><TD>R/9-10/C115</TD><TD>Cross-listed w/ CSSE290-09",
             "okonkwu</A></TD><TD>2</TD><TD>0</TD><TD>10</TD><TD>R/9-10/C115</TD><TD>Cross-listed w/ CSSE290-09"),
            ("okonkwu</A></TD><TD>2</TD><TD>1</TD><TD>10</TD><TD>R/9-10/C115</TD><TD>Cross-listed w/ CSSE491-06",
             "okonkwu</A></TD><TD>2</TD><TD>2</TD><TD>10</TD><TD>R/9-10/C115</TD><TD>Cross-listed w/ CSSE491-06"),
        ])
        #expect(page.joinedRosterSection?.rawValue == "CSSE290-09")
        #expect(page.warnings.isEmpty, "\(page.warnings)")
        var snapshot = TermSnapshot(term: spring2012)
        snapshot.add(page)
        #expect(snapshot.enrollments == [
            Enrollment(section: SectionID("CSSE290-09")!, username: "ashworl"),
            Enrollment(section: SectionID("CSSE290-09")!, username: "bricent"),
        ])
    }

    @Test("a Person Match page: its own heading names what was matched; rows cut short read what they hold")
    func personMatch() throws {
        let page = try RegistrarTestFiles.periodEraPage("person-match.html")
        #expect(page.kind == .lastNameSearch)
        #expect(page.lookup == "loa*")
        #expect(page.term == spring2012)
        #expect(page.people == [
            PersonMatch(username: "loane", name: "Ellis J Loane", campusMail: "CM 4043", description: "faculty"),
            PersonMatch(username: "loaizar", name: "Rene Loaiza", campusMail: "CM 1577", description: "student",
                        major: "ME", classStanding: "SO", advisor: "hartwig"),
        ])
        #expect(page.roster.isEmpty && page.sections.isEmpty)
        #expect(page.warnings.isEmpty, "\(page.warnings)")
        var snapshot = TermSnapshot(term: spring2012)
        snapshot.add(page)
        #expect(snapshot.people["loane"]?.affiliation == .faculty)
        #expect(snapshot.people["loaizar"]?.affiliation == .student)
        #expect(snapshot.people["loaizar"]?.advisorUsername == "hartwig")
    }

    @Test("without its heading, a table of people that fits both a roster and a Person Match is ambiguous")
    func headinglessPeopleTableIsAmbiguous() throws {
        do {
            _ = try variant("course-roster.html", [("Course Roster - Spring 2011-2012", "")])
            Issue.record("a page without a heading whose table fits two kinds was guessed")
        } catch let PageReadError.ambiguous(source, kinds, detail) {
            #expect(source == "course-roster.html")
            #expect(Set(kinds) == [.lastNameSearch, .sectionRoster])
            #expect(detail.contains("USERNAME"))
        }
    }

    @Test("a roster heading over a table of people without a roster's columns is a changed layout")
    func rosterWithoutStudentsColumns() throws {
        #expect(throws: PageReadError.self) {
            try variant("course-roster.html", [("<TH>MAJOR</TH>", "<TH>PROGRAM</TH>")])
        }
        do {
            _ = try variant("course-roster.html", [("<TH>MAJOR</TH>", "<TH>PROGRAM</TH>")])
        } catch let PageReadError.layoutChanged(_, locator, detail) {
            #expect(locator.hasPrefix("students table"))
            #expect(detail.contains("MAJOR"))
        }
    }
}
