import CampusCore
import Foundation
import Registrar
import Testing

/// Banner pages and answers at the edges of what the samples show: titles that end in a
/// dash, times written without spaces or not at all, days that say TBA, labels with
/// apostrophes, text with stray spaces and control characters, entries that make no
/// section, cross-list groups spread over answers, and detail pages of another CRN.
@Suite struct BannerEdgeCaseTests {
    /// A "Sections Found" page of one section whose title and meetings row are given.
    private func sectionsFound(title: String, time: String = "9:15 am - 10:20 am", days: String = "MWR",
                               caption: String = "Sections Found") -> [UInt8] {
        Array("""
            <html><body><table class="datadisplaytable"><caption>\(caption)</caption>
            <tr><th class="ddtitle"><a href="x?term_in=201610&amp;crn_in=1">\(title)</a></th></tr>
            <tr><td class="dddefault">Associated Term: Fall 2015 Semester<br>4.000 Credits<br>
            <table class="datadisplaytable"><caption>Scheduled Meeting Times</caption>
            <tr><th>Type</th><th>Time</th><th>Days</th><th>Where</th><th>Date Range</th></tr>
            <tr><td>Class</td><td>\(time)</td><td>\(days)</td><td>Hall 1</td><td>Sep 09, 2015 - Dec 09, 2015</td></tr>
            </table></td></tr></table></body></html>
            """.utf8)
    }

    @Test func aTitleEndingInADashKeepsIt() throws {
        let section = try #require(try PageReader.banner8.read(sectionsFound(title: "Intro to Engineering - - 15633 - EECE 2160 - 01"), source: "p").sections.first)
        #expect((section.title, section.crn, section.id.rawValue) == ("Intro to Engineering -", "15633", "EECE2160-01"))
    }

    @Test func timesWithoutSpacesReadAndOnesThatDoNotAreKept() throws {
        let tight = try #require(try PageReader.banner8.read(sectionsFound(title: "A - 1 - CS 2500 - 01", time: "9:15 am-10:20 am"), source: "p").sections.first)
        #expect(tight.schedule.meetings.map(\.start) == [ClockTime(hour: 9, minute: 15)!])
        let odd = try #require(try PageReader.banner8.read(sectionsFound(title: "A - 1 - CS 2500 - 01", time: "9.15-10.20"), source: "p").sections.first)
        #expect(odd.schedule.meetings.isEmpty)
        #expect(odd.schedule.unreadable == ["9.15-10.20"])
        #expect(!odd.schedule.isToBeAnnounced)
    }

    @Test func daysThatSayTBAAreNoDays() throws {
        let section = try #require(try PageReader.banner8.read(sectionsFound(title: "A - 1 - CS 2500 - 01", days: "TBA"), source: "p").sections.first)
        #expect(section.schedule.meetings.isEmpty, "TBA is no Tuesday")
    }

    @Test func aLabelWithAnApostropheIsFound() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("apostrophe-\(UUID().uuidString).yaml")
        try "family: banner8\nname: A\ntimeZone: UTC\npath: /p/\nlabels:\n  sectionsCaption: \"Cours trouvés (aujourd'hui)\"\n"
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let reader = try SchoolDefinition.load(contentsOf: file).reader
        let page = try reader.read(sectionsFound(title: "A - 1 - CS 2500 - 01", caption: "Cours trouvés (aujourd'hui)"), source: "p")
        #expect(page.sections.count == 1)
    }

    @Test func unreadableCreditsAreNoCredits() throws {
        let page = Array(String(decoding: sectionsFound(title: "A - 1 - CS 2500 - 01"), as: UTF8.self)
            .replacingOccurrences(of: "4.000 Credits", with: "nan Credits").utf8)
        let section = try #require(try PageReader.banner8.read(page, source: "p").sections.first)
        #expect(section.credits == nil && section.creditRange == nil)
    }

    /// A `searchResults` answer of the given sections' JSON.
    private func answer(_ sections: String...) -> [UInt8] {
        Array(#"{"success": true, "totalCount": \#(sections.count), "pageOffset": 0, "data": [\#(sections.joined(separator: ","))]}"#.utf8)
    }

    private func section(subject: String = "COMP", number: String = "1130", sequence: String = "01", crn: String = "1",
                         name: String = "Pouw, Frank", crossList: String = "null") -> String {
        #"{"term": "201820", "termDesc": "Winter 2018", "courseReferenceNumber": "\#(crn)", "subject": "\#(subject)", "courseNumber": "\#(number)", "sequenceNumber": "\#(sequence)", "courseTitle": "T", "crossList": \#(crossList), "faculty": [{"displayName": "\#(name)", "emailAddress": "f@x.ca", "primaryIndicator": true}], "meetingsFaculty": []}"#
    }

    @Test func answerTextIsReadAsPageTextIs() throws {
        let page = try PageReader.banner9.read(answer(section(name: #"  Pouw,   Frank\u0007 "#)), source: "a")
        let name = try #require(page.sections.first?.instructors.first?.name)
        #expect(!name.unicodeScalars.contains { $0.value < 0x20 })
        #expect(name.hasPrefix("Pouw, Frank"))
    }

    @Test func anEntryThatMakesNoSectionIsLeftOutWithAWarning() throws {
        let page = try PageReader.banner9.read(answer(section(subject: "A&S"), section(crn: "2")), source: "a")
        #expect(page.sections.map(\.crn) == ["2"])
        #expect(page.warnings.map(\.message).first?.hasPrefix("data[0]: 'A&S'") == true)
    }

    @Test func crossListGroupsLinkAcrossAnswers() throws {
        var snapshot = TermSnapshot(term: Term(code: TermCode("201820")!, name: "Winter 2018"))
        snapshot.add(try PageReader.banner9.read(answer(section(crossList: #""ZZ""#)), source: "comp"))
        snapshot.add(try PageReader.banner9.read(answer(section(subject: "MATH", crn: "2", crossList: #""ZZ""#)), source: "math"))
        #expect(snapshot.sections[SectionID("COMP1130-01")!]?.crossListedWith == [SectionID("MATH1130-01")!])
        #expect(snapshot.sections[SectionID("MATH1130-01")!]?.crossListedWith == [SectionID("COMP1130-01")!])
    }

    @Test func aDetailPageOfAnotherCRNIsNotUsed() throws {
        var snapshot = TermSnapshot(term: Term(code: TermCode("201610")!, name: "Fall 2015 Semester"))
        snapshot.add(try PageReader.banner8.read(sectionsFound(title: "Embedded - 99999 - EECE 2160 - 01"), source: "found"))
        snapshot.add(try Banner8ConformanceTests.read("neu-201610-crn15633-detail.html"))
        let section = try #require(snapshot.sections[SectionID("EECE2160-01")!])
        #expect(section.capacity == nil && section.waitlist == nil)
        #expect(snapshot.warnings.contains { $0.message.contains("CRN 15633") && $0.message.contains("CRN 99999") })
    }
}
