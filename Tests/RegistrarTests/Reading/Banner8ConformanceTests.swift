import CampusCore
import Foundation
import Registrar
import Testing

/// The Banner 8 reader reaches every fact of the real Northeastern pages in
/// `../shared/registrar-samples/banner8/`, as copied from the pages by hand.
@Suite struct Banner8ConformanceTests {
    static func read(_ file: String) throws -> ParsedPage {
        let url = RegistrarTestFiles.samples.appendingPathComponent("banner8/\(file)")
        return try PageReader.banner8.read([UInt8](Data(contentsOf: url)), source: url.path)
    }

    /// One section as "Sections Found" shows it: `id|crn|title|credits|campus|schedule type|
    /// instructor (P)|days start-end room first..last` and the final exam's dates, if any.
    static let sections: [String: [String]] = [
        "neu-201610-EECE2160-sections.html": [
            "EECE2160-01|15633|Embedded Design Enabling Robotics|3|Boston, Main Campus|Lecture|John Kariba Kimani (P)|MWR 09:15-10:20 Hayden Hall 009 2015-09-09..2015-12-09|exam 2015-12-11..2015-12-18",
            "EECE2160-02|15636|Embedded Design Enabling Robotics|3|Boston, Main Campus|Lecture||MWR 10:30-11:35 Hayden Hall 009 2015-09-09..2015-12-09|exam 2015-12-11..2015-12-18",
            "EECE2160-03|15639|Embedded Design Enabling Robotics|3|Boston, Main Campus|Lecture|John Kariba Kimani (P)|MWR 13:35-14:40 Hayden Hall 009 2015-09-09..2015-12-09|exam 2015-12-11..2015-12-18",
            "EECE2160-04|16102|Embedded Design Enabling Robotics|3|Boston, Main Campus|Lecture||MWR 16:35-17:40 - 2015-09-09..2015-12-09|exam 2015-12-11..2015-12-18",
            "EECE2160-05|17800|Embedded Design Enabling Robotics|3|Boston, Main Campus|Lecture||MWR 08:00-09:05 Hayden Hall 009 2015-09-09..2015-12-09|exam 2015-12-11..2015-12-18",
            "EECE2160-06|17799|Embedded Design Enabling Robotics|3|Boston, Main Campus|Lecture||MWR 11:45-12:55 Hayden Hall 009 2015-09-09..2015-12-09|exam 2015-12-11..2015-12-18",
        ],
        "neu-201610-CS2500-sections.html": [
            "CS2500-01|10664|Fundamentals of Computer Science 1|4|Boston Campus|Lecture|Leena Razzaq (P)|MWR 09:15-10:20 Shillman Hall 105 2015-09-09..2015-12-09|",
            "CS2500-02|10663|Fundamentals of Computer Science 1|4|Boston Campus|Lecture|Olin Shivers III (P)|MWR 10:30-11:35 Richards Hall 300 2015-09-09..2015-12-09|",
            "CS2500-03|11892|Fundamentals of Computer Science 1|4|Boston Campus|Lecture|Nathaniel Tuck (P)|MWR 13:35-14:40 Cargill Hall 097 2015-09-09..2015-12-09|",
            "CS2500-04|13757|Fundamentals of Computer Science 1|4|Boston Campus|Lecture|Nathaniel Tuck (P)|MWR 16:35-17:40 Shillman Hall 105 2015-09-09..2015-12-09|",
            "CS2500-05|14492|Fundamental of Com Sci1|4|Boston Campus|Lecture|Leena Razzaq (P)|MWR 16:35-17:40 Hurtig Hall 130 2015-09-09..2015-12-09|",
            "CS2500-11|17348|Fundamentals of Com Sci1 (HON)|4|Boston Campus|Lecture|Benjamin Scott Lerner (P)|MW 14:50-16:30 Richards Hall 200 2015-09-09..2015-12-09|",
        ],
    ]

    private static func describe(_ section: CampusCore.Section) -> String {
        let instructors = section.instructors.map { $0.name + ($0.isPrimary ? " (P)" : "") }.joined(separator: ", ")
        let meetings = section.schedule.meetings.map { meeting in
            let dates = meeting.dates.map { "\($0.first.iso)..\($0.last.iso)" } ?? "-"
            return "\(meeting.days.letters) \(meeting.start.iso)-\(meeting.end.iso) \(meeting.room ?? "-") \(dates)"
        }.joined(separator: "; ")
        let exam = section.finalExam.map { exam in "exam " + (exam.dates.map { "\($0.first.iso)..\($0.last.iso)" } ?? "-") } ?? ""
        return [section.id.rawValue, section.crn ?? "-", section.title, section.credits.map(String.init) ?? "-",
                section.campus ?? "-", section.scheduleType ?? "-", instructors, meetings, exam].joined(separator: "|")
    }

    @Test(arguments: ["neu-201610-EECE2160-sections.html", "neu-201610-CS2500-sections.html"])
    func readsEverySectionOfSectionsFound(file: String) throws {
        let page = try Self.read(file)
        #expect(page.kind == .courseSearch)
        #expect(page.term == Term(code: TermCode("201610")!, name: "Fall 2015 Semester"))
        #expect(page.warnings.isEmpty, "\(page.warnings)")
        #expect(page.sections.map(Self.describe) == Self.sections[file])
        #expect(page.sections.allSatisfy { $0.instructors.allSatisfy { $0.username == nil && $0.email == nil } })
        #expect(page.sections.allSatisfy { $0.schedule.meetings.allSatisfy { $0.kind == .class } })
    }

    @Test func anExamIsNotAWeeklyMeeting() throws {
        let section = try #require(try Self.read("neu-201610-EECE2160-sections.html").sections.first)
        #expect(section.schedule.meetings.count == 1)
        let exam = try #require(section.finalExam)
        #expect(exam.day == nil && exam.start == nil && exam.room == nil)
        #expect(section.schedule.raw == "MWR 9:15am-10:20am Hayden Hall 009")
    }

    @Test func readsSeatsAndWaitlistOfADetailPage() throws {
        let first = try Self.read("neu-201610-crn15633-detail.html")
        #expect(first.kind == .sectionDetail)
        #expect(first.term == Term(code: TermCode("201610")!, name: "Fall 2015 Semester"))
        let eece = try #require(first.sections.first)
        #expect(eece.id.rawValue == "EECE2160-01")
        #expect(eece.crn == "15633")
        #expect(eece.title == "Embedded Design Enabling & Robotics")
        #expect((eece.capacity, eece.enrolled, eece.credits) == (32, 32, 3))
        #expect(eece.waitlist == Waitlist(capacity: 0, count: 0))

        let second = try Self.read("neu-201810-crn17822-detail.html")
        #expect(second.term == Term(code: TermCode("201810")!, name: "Fall 2017 Semester"))
        let music = try #require(second.sections.first)
        #expect(music.id.rawValue == "MUSC1902-01")
        #expect((music.crn, music.title) == ("17822", "Music Lessons 2"))
        #expect((music.capacity, music.enrolled, music.credits) == (99, 32, 1))
        #expect(music.waitlist == Waitlist(capacity: 0, count: 0))
        #expect(music.campus == "No campus, no room needed Campus")
    }

    @Test func readsTheTermListWithTheSchoolsOwnCodes() throws {
        let page = try Self.read("neu-terms.html")
        #expect(page.kind == .termList)
        #expect(page.terms.count == 111)
        #expect(page.terms.prefix(6).map { "\($0.code) \($0.name)" } == [
            "201718 Fall 2016 Law Quarter", "201715 Fall 2016 CPS Quarter", "201714 Fall 2016 CPS Semester",
            "201712 Fall 2016 Law Semester", "201710 Fall 2016 Semester", "201660 Summer 2 2016 Semester",
        ])
        #expect(!page.terms.contains { $0.name.contains("View only") })
    }

    @Test func aSeatCountMergesIntoTheSectionItCounts() throws {
        var snapshot = TermSnapshot(term: Term(code: TermCode("201610")!, name: "Fall 2015 Semester"))
        snapshot.add(try Self.read("neu-201610-EECE2160-sections.html"))
        snapshot.add(try Self.read("neu-201610-crn15633-detail.html"))
        let section = try #require(snapshot.sections[SectionID("EECE2160-01")!])
        #expect(section.schedule.meetings.count == 1, "the detail page leaves the meetings as Sections Found read them")
        #expect(section.title == "Embedded Design Enabling Robotics")
        #expect((section.capacity, section.enrolled) == (32, 32))
        #expect(section.waitlist == Waitlist(capacity: 0, count: 0))
    }
}

/// Banner 8 pages that are not what they should be are refused, naming the page.
@Suite struct Banner8BadPageTests {
    private func refusal(_ text: String) -> PageReadError? {
        RegistrarTestFiles.refusal(of: text, by: .banner8)
    }

    @Test func aRegSchedPageIsNotABanner8Page() throws {
        let bytes = try [UInt8](Data(contentsOf: RegistrarTestFiles.samples.appendingPathComponent("sample-courses.html")))
        #expect(throws: PageReadError.unrecognised(source: "x.html")) { try PageReader.banner8.read(bytes, source: "x.html") }
    }

    @Test func aTitleThatChangedShapeNamesTheTitle() throws {
        let error = try #require(refusal("""
            <html><body><table class="datadisplaytable"><caption>Sections Found</caption>
            <tr><th class="ddtitle"><a href="x">Embedded Design 15633 EECE 2160</a></th></tr>
            <tr><td class="dddefault">text</td></tr></table></body></html>
            """))
        guard case .layoutChanged(_, _, let detail) = error else { Issue.record("\(error)"); return }
        #expect(detail.contains("'Embedded Design 15633 EECE 2160' is not 'Title - CRN - SUBJ NUM - SEC'"))
    }

    @Test func aMeetingsTableWithoutTimesIsALayoutChange() throws {
        let error = try #require(refusal("""
            <html><body><table class="datadisplaytable"><caption>Sections Found</caption>
            <tr><th class="ddtitle"><a href="x?term_in=201610">A - 1 - CS 2500 - 01</a></th></tr>
            <tr><td class="dddefault">4.000 Credits<br><table class="datadisplaytable"><caption>Scheduled Meeting Times</caption>
            <tr><th>Type</th><th>Hours</th><th>Days</th></tr><tr><td>Class</td><td>9:15 am - 10:20 am</td><td>MWR</td></tr>
            </table></td></tr></table></body></html>
            """))
        guard case .layoutChanged(_, _, let detail) = error else { Issue.record("\(error)"); return }
        #expect(detail.contains("no 'Time' or 'Days' column"))
    }

    @Test func aPageCutShortIsRefused() throws {
        let bytes = try [UInt8](Data(contentsOf: RegistrarTestFiles.samples.appendingPathComponent("banner8/neu-201610-CS2500-sections.html")))
        let error = try #require(refusal(String(decoding: bytes.prefix(bytes.count / 2), as: UTF8.self)))
        guard case .cutShort = error else { Issue.record("\(error)"); return }
    }

    @Test func variableCreditsAreARange() throws {
        let page = try PageReader.banner8.read(Array("""
            <html><body><table class="datadisplaytable"><caption>Sections Found</caption>
            <tr><th class="ddtitle"><a href="x?term_in=201610&amp;crn_in=1">Research - Topics - 1 - CS 7990 - 01</a></th></tr>
            <tr><td class="dddefault"><span>Associated Term: </span>Fall 2015 Semester<br>1.000 TO 4.000 Credits<br></td></tr>
            </table></body></html>
            """.utf8), source: "page.html")
        let section = try #require(page.sections.first)
        #expect(section.title == "Research - Topics")
        #expect(section.credits == nil)
        #expect(section.creditRange == CreditRange(low: 1, high: 4, joiner: .to))
        #expect(section.schedule == .none)
    }
}
