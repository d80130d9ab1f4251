import Foundation
import Testing

/// `campus roster ID --csv` against the registrar's own Download Roster file.
@Suite("roster CSV in the registrar's columns")
struct RosterCSVTests {
    /// The registrar's lines, title block dropped: header first, then one per student.
    private static func registrarLines() throws -> [String] {
        let text = try String(contentsOf: CampusRunner.samples.appendingPathComponent("CSSE220-01.csv"), encoding: .utf8)
        return Array(text.split(whereSeparator: \.isNewline).dropFirst(3).map(String.init))
    }

    /// The fields of one line in which every field is quoted and none holds a comma.
    private static func fields(_ line: String) -> [String] {
        line.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
    }

    /// The lines of `campus roster ID --term TERM --csv` after importing the real samples.
    private static func csvLines(_ id: String, term: String) throws -> [String] {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.importSamples().status == 0)
        let result = try campus.run("roster", id, "--term", term, "--csv")
        #expect(result.status == 0, "\(result.error)")
        return result.output.split(whereSeparator: \.isNewline).map(String.init)
    }

    @Test("the header and each student's row match the registrar's CSV")
    func matchesRegistrar() throws {
        let ours = try Self.csvLines("CSSE220-01", term: "202710")
        let registrar = try Self.registrarLines()
        #expect(ours.first == registrar.first)
        #expect(ours.count == registrar.count)
        let rows = Dictionary(ours.dropFirst().map { (Self.fields($0)[0], Self.fields($0)) }, uniquingKeysWith: { first, _ in first })
        for line in registrar.dropFirst() {
            let expected = Self.fields(line)
            let row = try #require(rows[expected[0]], "no row for \(expected[0])")
            #expect(row.count == expected.count)
            for column in [1, 2, 3, 4, 5] {
                #expect(row[column] == expected[column], "\(expected[0]) column \(column)")
            }
            #expect(row[9].lowercased() == expected[9].lowercased())
        }
    }

    @Test("a whole-course roster leads with a Section column")
    func courseHasSection() throws {
        let header = try Self.csvLines("CSSE474", term: "202630").first
        #expect(header == "\"Section\"," + (try Self.registrarLines().first ?? ""))
    }
}
