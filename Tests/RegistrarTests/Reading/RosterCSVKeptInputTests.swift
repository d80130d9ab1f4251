import CampusCore
import Foundation
import Testing
@testable import Registrar

/// The inputs kept in `Fuzz/Inputs/roster-csv/` (FUZZING.md), read by the roster CSV reader as the
/// fuzz target reads them: each once crashed it, and now reads to a page or a ``PageReadError``.
@Suite struct RosterCSVKeptInputTests {
    static let inputs = RegistrarTestFiles.packageRoot.appendingPathComponent("Fuzz/Inputs/roster-csv")

    func read(_ name: String) throws -> ParsedPage {
        let bytes = try [UInt8](Data(contentsOf: Self.inputs.appendingPathComponent(name)))
        return try RosterCSVReader(definition: RegistrarTestFiles.definition(), source: name).read(bytes)
    }

    @Test("a meeting whose day letters upper-case to two letters (ß) is kept unreadable, with a warning; it crashed")
    func dayLetterWithLongUpperCase() throws {
        // The kept input's quoting is broken too (its fields run over line breaks): refused, not crashed on.
        #expect(throws: PageReadError.self) { try read("crash-30328e3c0f7aa03ea24268cd0c443bd2ed403bcb") }
        // Its meeting, in a roster whose quoting is whole (the ß is where the fuzzer put it).
        let csv = "\"Course Roster for CSSE415-03 (Machine Learning)\"\n\"Term Schedule=MRß/9:00/M137\"\n"
            + "\"Username\",\"Last\",\"First\"\n\"marshd\",\"Marsh\",\"Dell\"\n"
        let page = try RosterCSVReader(definition: RegistrarTestFiles.definition(), source: "ss.csv").read(Array(csv.utf8))
        #expect(page.lookup == "CSSE415-03")
        let unreadable = try #require(page.sections.first).schedule.unreadable
        #expect(unreadable.contains { $0.contains("ß") }, "\(unreadable)")
        #expect(page.warnings.contains { $0.message.hasPrefix("cannot read the meeting") && $0.message.contains("ß") })
    }

    @Test("a title line that also names the columns is not the column header row; it made a backwards range")
    func titleLineNamingTheColumns() throws {
        let error = #expect(throws: PageReadError.self) { try read("crash-84e33b03401e7ff5a98c6afbd224d821c87be476") }
        guard case .layoutChanged(_, let locator, _)? = error else {
            Issue.record("expected a layout change, got \(String(describing: error))")
            return
        }
        #expect(locator == "roster CSV column header row")
    }

    @Test("after such a title line, the header row below it is found and the students read")
    func headerRowBelowATitleNamingTheColumns() throws {
        let csv = "\"Course Roster for CSSE220-01 (Objects)\",\"Username\"\n\"Username\",\"Last\",\"First\"\n\"valer\",\"Vale\",\"Robin\"\n"
        let page = try PageReader(definition: RegistrarTestFiles.definition()).read(Array(csv.utf8), source: "title.csv")
        #expect(page.kind == .rosterCSV)
        #expect(page.roster.map(\.username) == ["valer"])
        #expect(page.roster.first?.name == "Robin Vale")
    }
}
