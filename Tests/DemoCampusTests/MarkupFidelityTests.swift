import Foundation
import Testing

/// Generated pages share the real pages' markup wherever the real pages show it.
@Suite struct MarkupFidelityTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let samples = repository.deletingLastPathComponent().appendingPathComponent("shared/registrar-samples")
    static let demo = repository.appendingPathComponent("fixtures/demo-campus")

    static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// The text from the first `start` up to and including the next `end`.
    static func slice(_ text: String, from start: String, through end: String) -> String? {
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex) else {
            return nil
        }
        return String(text[from.lowerBound..<to.upperBound])
    }

    @Test(arguments: [
        ("sample-student.html", "202630/Username-brennam.html"),
        ("sample-instructor.html", "202630/Instructor-whitfid.html"),
        ("sample-roster.html", "202630/Roster-CSSE474-01.html"),
        ("sample-courses.html", "202630/Course-CSSE.html"),
    ])
    func theHeadingTableAndSectionsHeaderAreTheRealOnes(sample: String, generated: String) throws {
        let real = try Self.text(Self.samples.appendingPathComponent(sample))
        let ours = try Self.text(Self.demo.appendingPathComponent(generated))
        let heading = Self.slice(real, from: "<TABLE WIDTH=100% COLS=2><TR>", through: "Spring 2025-2026</TD>")
        #expect(heading != nil)
        #expect(heading == Self.slice(ours, from: "<TABLE WIDTH=100% COLS=2><TR>", through: "Spring 2025-2026</TD>"))
        let sectionsHeader = Self.slice(real, from: "<TABLE BORDER=1", through: "</TR>\n")
        #expect(sectionsHeader == Self.slice(ours, from: "<TABLE BORDER=1", through: "</TR>\n"))
        let firstRowStart = Self.slice(real, from: "</TR>\n<TR><TD", through: "<A HREF=\"/regweb-cgi/reg-sched.pl?type=Roster&")
        #expect(firstRowStart == Self.slice(ours, from: "</TR>\n<TR><TD", through: "<A HREF=\"/regweb-cgi/reg-sched.pl?type=Roster&"))
    }

    @Test func theTermGridAndStudentsTableHeadersAreTheRealOnes() throws {
        let realStudent = try Self.text(Self.samples.appendingPathComponent("sample-student.html"))
        let ourStudent = try Self.text(Self.demo.appendingPathComponent("202630/Username-brennam.html"))
        let grid = Self.slice(realStudent, from: "<p><TABLE BORDER=1 CELLSPACING=0 CELLPADDING=3><TR><TH>TERM GRID", through: "</TR>\n")
        #expect(grid != nil)
        #expect(grid == Self.slice(ourStudent, from: "<p><TABLE BORDER=1 CELLSPACING=0 CELLPADDING=3><TR><TH>TERM GRID", through: "</TR>\n"))
        #expect(ourStudent.contains("<TR><TH>SATURDAY</TH>") && !ourStudent.contains("SUNDAY"))

        let realRoster = try Self.text(Self.samples.appendingPathComponent("sample-roster.html"))
        let ourRoster = try Self.text(Self.demo.appendingPathComponent("202630/Roster-CSSE474-01.html"))
        let students = Self.slice(realRoster, from: "<TR><TH>USERNAME", through: "</TR>\n")
        #expect(students != nil)
        #expect(students == Self.slice(ourRoster, from: "<TR><TH>USERNAME", through: "</TR>\n"))
    }

    @Test func theRosterDownloadHasTheRealTitleLinesAndColumns() throws {
        let real = try Self.text(Self.samples.appendingPathComponent("CSSE220-01.csv")).split(separator: "\n")
        let ours = try Self.text(Self.demo.appendingPathComponent("202630/Roster-CSSE474-01.csv")).split(separator: "\n")
        #expect(ours[3] == real[3])
        #expect(ours[0].hasPrefix("\"Course Roster for CSSE474-01 ("))
        #expect(ours[1].hasPrefix("\"Term=Spring 2025-2026  Instructor=whitfid  Credits=4  Number of Students="))
        #expect(ours[2].hasPrefix("\"Term Schedule="))
        #expect(ours.dropFirst(4).allSatisfy { $0.split(separator: ",").count == 10 })
    }
}
