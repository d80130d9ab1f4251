import CampusCore
import Foundation
import Registrar
import Testing

/// The hand-written pages in `fixtures/edge-cases/` (see its README): each reads as described.
@Suite struct EdgeCasePageTests {
    private func meeting(_ days: String, _ start: String, _ end: String, _ room: String? = nil) -> Meeting {
        MeetingExpectations.meeting(days, start, end, room)
    }

    private func section(_ page: ParsedPage, _ id: String) throws -> CampusCore.Section {
        try #require(page.sections.first { $0.id.rawValue == id }, "section \(id)")
    }

    @Test func everyMeetingStringForm() throws {
        let page = try RegistrarTestFiles.edgeCase("meeting-forms.html")
        #expect(page.kind == .courseSearch)
        #expect(page.term?.code.rawValue == "202630")
        #expect(page.sections.count == 11)
        #expect(try section(page, "CSSE401-01").schedule.meetings == [meeting("MTRF", "09:00", "09:50", "O159")])
        #expect(try section(page, "CSSE401-01").termDates == "3/2/26-5/15/26")
        #expect(try section(page, "CSSE401-01").comments == nil)
        #expect(try section(page, "CSSE402-01").schedule.meetings == [meeting("MTRF", "15:00", "15:50", "O159")])
        #expect(try section(page, "CSSE402-01").credits == 4)
        #expect(try section(page, "CSSE402-01").finalExam == FinalExam(
            day: .tuesday, start: ClockTime(iso: "08:00"), room: "O157", raw: "T at 8:00am in O157"))
        #expect(try section(page, "CSSE403-01").schedule.meetings == [
            meeting("MR", "09:00", "09:50", "O203-1"), meeting("W", "08:00", "09:50", "O203-1"),
        ])
        #expect(try section(page, "CSSE404-01").schedule.meetings == [meeting("MWF", "13:00", "14:50", "O157")])
        let online = try section(page, "CSSE405-OL1")
        #expect(online.schedule.isToBeAnnounced && online.schedule.meetings.isEmpty)
        #expect(online.instructors.isEmpty)
        let tba = try section(page, "CSSE406-01")
        #expect(tba.schedule.isToBeAnnounced && tba.schedule.meetings.isEmpty)
        #expect(tba.comments == "Meets & talks 3/25/26; in person")
        let none = try section(page, "CSSE407-01").schedule
        #expect(none.raw.isEmpty && none.meetings.isEmpty && !none.isToBeAnnounced && none.unreadable.isEmpty)
        #expect(try section(page, "CSSE408-01").schedule.meetings == [meeting("T", "17:30", "21:00", "O159")])
        #expect(try section(page, "CSSE409-01").schedule.meetings == [meeting("MTWRF", "09:55", "10:45")])
        #expect(try section(page, "CSSE410-01").schedule.meetings == [
            meeting("MTR", "14:30", "15:20"), meeting("W", "11:45", "14:25"),
        ])
    }

    @Test func unreadableCellsAreKeptWithWarningsNamingPageAndSection() throws {
        let page = try RegistrarTestFiles.edgeCase("meeting-forms.html")
        let odd = try section(page, "CSSE411-01")
        #expect(odd.schedule.unreadable == ["XYZ/9:00/O159"])
        #expect(odd.schedule.meetings == [meeting("F", "09:00", "09:50", "O159")])
        #expect(odd.enrolled == nil)
        #expect(odd.capacity == 24)
        #expect(odd.finalExam?.raw == "sometime in May")
        #expect(odd.finalExam?.start == nil)
        #expect(page.warnings.count == 3)
        for warning in page.warnings {
            #expect(warning.section == "CSSE411-01")
            #expect(warning.source.hasSuffix("fixtures/edge-cases/meeting-forms.html"))
        }
        #expect(page.warnings.contains { $0.message.contains("XYZ/9:00/O159") })
        #expect(page.warnings.contains { $0.message.contains("'n/a' is not a number") })
    }

    @Test func crossListingsFromComments() throws {
        let page = try RegistrarTestFiles.edgeCase("cross-listed.html")
        #expect(page.term == Term(code: TermCode("202620")!, name: "Winter 2025-2026"))
        #expect(try section(page, "CSSE490-01").crossListedWith.map(\.rawValue) == ["MA490-01"])
        #expect(try section(page, "MA490-01").crossListedWith.map(\.rawValue) == ["CSSE490-01"])
        #expect(try section(page, "CSSE497-01").crossListedWith.map(\.rawValue) == ["ECE497-01", "ME497-01", "BE497-01"])
    }

    @Test func emptyTermHasNoSectionsAndNoWarnings() throws {
        let page = try RegistrarTestFiles.edgeCase("empty-term.html")
        #expect(page.kind == .courseSearch)
        #expect(page.term?.code.rawValue == "202640")
        #expect(page.lookup == "CSSE")
        #expect(page.sections.isEmpty && page.grid.isEmpty && page.warnings.isEmpty)
    }

    @Test func termCodeFromLinksWhenTheHeadingNameIsOdd() throws {
        let page = try RegistrarTestFiles.edgeCase("odd-term-name.html")
        #expect(page.term == Term(code: TermCode("202630")!, name: "Spring Quarter 2026"))
        #expect(page.sections.first?.schedule.meetings == [meeting("MTRF", "12:00", "12:50", "A202")])
    }

    @Test func truncatedPageIsRefusedNamingWhereItStops() throws {
        do {
            _ = try RegistrarTestFiles.edgeCase("truncated.html")
            Issue.record("a page cut off mid-row was read")
        } catch let PageReadError.cutShort(source, line, reason) {
            #expect(source.hasSuffix("fixtures/edge-cases/truncated.html"))
            let text = try String(contentsOf: RegistrarTestFiles.edgeCases.appendingPathComponent("truncated.html"), encoding: .utf8)
            #expect(line == text.split(separator: "\n", omittingEmptySubsequences: false).count)
            #expect(reason.contains("still open"))
        }
    }

    @Test func headerOfTwoKindsIsAmbiguousNotGuessed() throws {
        do {
            _ = try RegistrarTestFiles.edgeCase("ambiguous-header.html")
            Issue.record("a header with a student's and an instructor's keys was guessed")
        } catch let PageReadError.ambiguous(source, kinds, detail) {
            #expect(source.hasSuffix("ambiguous-header.html"))
            #expect(kinds == [.instructorSchedule, .studentSchedule])
            #expect(detail.contains("Major") && detail.contains("Dept"))
        }
    }

    @Test func latin1PageReadsAccentedNames() throws {
        let bytes = try [UInt8](Data(contentsOf: RegistrarTestFiles.edgeCases.appendingPathComponent("latin1.html")))
        #expect(bytes.contains(0xEB), "the fixture holds real ISO-8859-1 bytes (ë is 0xEB)")
        let page = try RegistrarTestFiles.edgeCase("latin1.html")
        #expect(page.person?.name == "Zoë Brontë")
        #expect(page.person?.advisorName == "Renée Dupré")
        let course = try section(page, "GS225-01")
        #expect(course.title == "Français intermédiaire")
        #expect(course.instructors == [InstructorRef(name: "Dupré, Renée", username: "dupre")])
        #expect(course.comments == "Taught in français à la façon de Montréal")
    }

    @Test func noMatchPage() throws {
        let page = try RegistrarTestFiles.edgeCase("no-match.html")
        #expect(page.kind == .noMatch)
        #expect(page.lookup == "zzqx")
        #expect(page.term?.code.rawValue == "202630")
        #expect(page.sections.isEmpty)
    }

    @Test func changedLayoutNamesSourceAndLocator() throws {
        let error = try #require(throws: PageReadError.self) {
            try RegistrarTestFiles.edgeCase("layout-changed.html")
        }
        guard case .layoutChanged(let source, let locator, let detail) = error else {
            Issue.record("expected layoutChanged, got \(error)")
            return
        }
        #expect(source.hasSuffix("fixtures/edge-cases/layout-changed.html"))
        #expect(locator.contains("table[@border='1']"))
        #expect(detail.contains("Term Schedule"))
        #expect(error.description.contains("layout-changed.html"))
    }

    @Test func oldStylePageWithPeriodsAndSharedInstructors() throws {
        let page = try RegistrarTestFiles.edgeCase("old-style-2013.html")
        #expect(page.kind == .instructorSchedule)
        #expect(page.term == Term(code: TermCode("201330")!, name: "Spring 2012-2013"))
        #expect(page.person?.department == "Mathematics")
        #expect(page.person?.office == "G205")
        #expect(page.person?.campusMail == "CM 123")
        let calculus = try section(page, "MA111-01")
        #expect(calculus.title == "CALCULUS I")
        #expect(calculus.credits == 5)
        #expect(calculus.schedule.meetings == [meeting("MTWRF", "09:55", "10:45")])
        #expect(calculus.finalExam?.start == ClockTime(iso: "08:00"))
        #expect(calculus.termDates == nil)
        let matrix = try section(page, "MA212-02")
        #expect(matrix.instructors.map(\.username) == ["dee", "livesay"])
        #expect(matrix.schedule.meetings == [meeting("MTR", "14:30", "15:20"), meeting("W", "11:45", "14:25")])
        let seminar = try section(page, "MA590-01")
        #expect(seminar.instructors.map(\.username) == ["dee", "livesay"])
        #expect(seminar.schedule.meetings == [meeting("W", "18:00", "18:50", "G205")], "period 11 comes from the grid header")
        #expect(seminar.comments == "Evening period & snacks")
        #expect(page.grid.contains(GridEntry(day: .wednesday, column: "6:00", section: "MA590-01", room: "G205")))
        #expect(page.warnings.isEmpty, "\(page.warnings)")
    }

    @Test func wholeCourseRoster() throws {
        let page = try RegistrarTestFiles.edgeCase("course-roster.html")
        #expect(page.kind == .courseRoster)
        #expect(page.lookup == "CSSE474")
        #expect(page.sections.map(\.id.rawValue) == ["CSSE474-01", "CSSE474-02", "CSSE474-03"])
        #expect(page.roster.map(\.username) == ["quinna", "ashbyc", "holtq", "keener"])
        #expect(page.roster[2].major == "CS/MA")
        #expect(page.roster[2].name == "Quinn Holt")
    }

    @Test func roomSchedule() throws {
        let page = try RegistrarTestFiles.edgeCase("room-schedule.html")
        #expect(page.kind == .roomSchedule)
        #expect(page.lookup == "O159")
        #expect(page.person == nil)
        #expect(page.sections.count == 2)
        #expect(page.grid.count == 12)
        #expect(page.grid.contains(GridEntry(day: .friday, column: "3:00", section: "CSSE415-03", room: "O159")))
    }

    @Test func lastNameSearch() throws {
        let page = try RegistrarTestFiles.edgeCase("last-name.html")
        #expect(page.kind == .lastNameSearch)
        #expect(page.lookup == "Quinn")
        #expect(page.people == [
            PersonMatch(username: "quinna", name: "Quinn, Alex", bannerID: "800500002", campusMail: "CM 1201"),
            PersonMatch(username: "quinna1", name: "Quinn, Alex J.", bannerID: "800400117", campusMail: nil),
            PersonMatch(username: "quinnr", name: "Quinn, Rory", bannerID: "800500311", campusMail: "CM 4410"),
        ])
    }

    @Test func termListForm() throws {
        let page = try RegistrarTestFiles.edgeCase("term-list.html")
        #expect(page.kind == .termList)
        #expect(page.terms.map(\.code.rawValue) == ["202710", "202640", "202630", "202620", "202610"])
        #expect(page.terms.first?.name == "Fall 2026-2027")
        #expect(page.subjects == ["CSSE", "MA", "ECE", "PH"])
    }

    @Test func emptyAndForeignBytesAreTypedErrors() throws {
        let reader = PageReader(definition: try RegistrarTestFiles.definition())
        #expect(throws: PageReadError.empty(source: "blank.html")) { try reader.read(Array(" \n\t".utf8), source: "blank.html") }
        #expect(throws: PageReadError.unrecognised(source: "other.html")) {
            try reader.read(Array("<html><body><p>Weather today: sunny</p></body></html>".utf8), source: "other.html")
        }
        #expect(throws: PageReadError.self) { try reader.read([0xFF, 0xFE, 0x00, 0x01, 0x80], source: "binary.bin") }
    }

    @Test func kindDoesNotDependOnTheFileName() throws {
        let bytes = try [UInt8](Data(contentsOf: RegistrarTestFiles.samples.appendingPathComponent("sample-roster.html")))
        let page = try PageReader(definition: try RegistrarTestFiles.definition()).read(bytes, source: "Instructor-misnamed.csv")
        #expect(page.kind == .sectionRoster)
        #expect(page.lookup == "CSSE474-02")
    }
}
