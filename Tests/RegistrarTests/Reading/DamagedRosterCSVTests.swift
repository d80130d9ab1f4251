import CampusCore
import Foundation
import Testing
@testable import Registrar

/// Roster CSVs damaged on the way (cut short, an unclosed quote, edited by hand): refused
/// naming where, or read with a warning saying what does not add up; never a student's
/// name swallowing the rows after it.
@Suite("Damaged roster CSVs")
struct DamagedRosterCSVTests {
    private func sample() throws -> String {
        try String(contentsOf: RegistrarTestFiles.samples.appendingPathComponent("CSSE220-01.csv"), encoding: .utf8)
    }

    private func read(_ text: String) throws -> ParsedPage {
        try PageReader(definition: try RegistrarTestFiles.definition()).read(Array(text.utf8), source: "roster.csv")
    }

    private func cutShort(_ text: String) throws -> (line: Int, reason: String)? {
        do {
            _ = try read(text)
            return nil
        } catch let PageReadError.cutShort(source, line, reason) {
            #expect(source == "roster.csv")
            return (line, reason)
        }
    }

    @Test("a quote never closed is refused at the line it opens, not read as one name holding the rest of the file")
    func openQuote() throws {
        let text = try sample().replacingOccurrences(of: "\"Mason\"", with: "\"Mason")
        let refused = try #require(try cutShort(text))
        #expect(refused.line == 5 && refused.reason.contains("never closed"))
        let closedLater = text.replacingOccurrences(of: "\"Lila\"", with: "\"Lila")
        let broken = try #require(try cutShort(closedLater))
        #expect(broken.line == 5 && broken.reason.contains("quote is missing or extra"))
    }

    @Test("a file cut inside a student row is refused at that row; one cut before the column header row too")
    func cutInsideARow() throws {
        let text = try sample()
        let row = try #require(text.range(of: "\"grangeb\""))
        let inRow = try #require(try cutShort(String(text[..<text.index(row.upperBound, offsetBy: 20)])))
        #expect(inRow.line == 8 && inRow.reason.contains("where the file ends"), "\(inRow)")
        let beforeHeader = try #require(try cutShort(String(text.prefix(150))))
        #expect(beforeHeader.reason.contains("column header"), "\(beforeHeader)")
    }

    @Test("a count that does not match the rows, and a student listed twice, are read with warnings")
    func countsThatDoNotAddUp() throws {
        let text = try sample()
        let counted = try read(text.replacingOccurrences(of: "Number of Students=15", with: "Number of Students=99"))
        #expect(counted.roster.count == 15)
        #expect(counted.warnings.contains { $0.message.contains("says 99 students but lists 15") }, "\(counted.warnings)")
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("\"cranel\"") })
        let doubled = try read(text + row + "\n")
        #expect(doubled.roster.count == 15 && doubled.roster.filter { $0.username == "cranel" }.count == 1)
        #expect(doubled.warnings.contains { $0.message.contains("cranel is listed twice (lines 6 and 20)") }, "\(doubled.warnings)")
        #expect(try read(text).warnings.isEmpty)
    }

    @Test("a head count no section could have (negative, or past any room) is left unknown with a warning")
    func impossibleCounts() throws {
        let text = try sample()
        let page = try read(text.replacingOccurrences(of: "Capacity=15", with: "Capacity=9223372036854775807")
            .replacingOccurrences(of: "Number of Students=15", with: "Number of Students=-5"))
        let section = try #require(page.sections.first)
        #expect(section.capacity == nil && section.enrolled == nil)
        #expect(page.warnings.filter { $0.message.contains("is no count a section could have") }.count == 2, "\(page.warnings)")
    }
}
