import Foundation
import Testing

/// Exit statuses, errors a person can act on, and output fit for pipes.
@Suite("campus on bad input and in pipes", .serialized)
struct CommandLineBehaviourTests {
    @Test("a usage error exits 2 and says how to fix it")
    func usageErrors() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let badTerm = try campus.run("schedule", "quinna", "--term", "spring")
        #expect(badTerm.status == 2)
        #expect(badTerm.error.contains("202630"))
        let unknownCommand = try campus.run("frobnicate")
        #expect(unknownCommand.status == 2)
        #expect(unknownCommand.error.contains("the commands are search, person"), "got: \(unknownCommand.error)")
        let misspelt = try campus.run("shedule", "quinna")
        #expect(misspelt.status == 2)
        #expect(misspelt.error.contains("'shedule' is not a campus command. Did you mean: schedule?"), "got: \(misspelt.error)")
        let badMoment = try campus.run("room", "O159", "--at", "someday")
        #expect(badMoment.status == 2)
        #expect(badMoment.error.contains("M 9:00"))
    }

    @Test("--index and --json work before the subcommand as after it")
    func globalOptionsFirst() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.importSamples().status == 0)
        var elsewhere = campus
        elsewhere.environment["CAMPUS_INDEX"] = campus.home.appendingPathComponent("absent.sqlite").path
        let after = try elsewhere.run("schedule", "quinna", "--term", "202630", "--json", "--index", campus.indexPath)
        let before = try elsewhere.run("--index", campus.indexPath, "--json", "schedule", "quinna", "--term", "202630")
        let joined = try elsewhere.run("--index=\(campus.indexPath)", "schedule", "quinna", "--term", "202630", "--json")
        #expect(after.status == 0)
        #expect(before.status == 0 && before.output == after.output, "got: \(before.error)")
        #expect(joined.status == 0 && joined.output == after.output, "got: \(joined.error)")
        let unknownOption = try elsewhere.run("--frobnicate", "schedule", "quinna")
        #expect(unknownOption.status == 2)
    }

    @Test("no match exits 1 and suggests close matches")
    func noMatch() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.importSamples().status == 0)
        let result = try campus.run("schedule", "quinnx", "--term", "202630")
        #expect(result.status == 1)
        #expect(result.error.contains("quinna"), "expected a suggestion, got: \(result.error)")
        let search = try campus.run("search", "zzzzqqq")
        #expect(search.status == 1)
        #expect(search.error.contains("no "))
    }

    @Test("an unknown term names the terms the index holds")
    func unknownTerm() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.importSamples().status == 0)
        let result = try campus.run("course", "CSSE3", "--term", "201910")
        #expect(result.status == 1)
        #expect(result.error.contains("202630"))
    }

    @Test("a corrupt index is reported clearly and left as it was")
    func corruptIndex() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: campus.indexPath))
        let result = try campus.run("terms")
        #expect(result.status == 1)
        #expect(result.error.contains(campus.indexPath))
        #expect(!result.error.contains("Fatal error"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: campus.indexPath)) == garbage)
    }

    @Test("output to a pipe has no colour codes, and CSV is tabular")
    func pipesAndCSV() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.importSamples().status == 0)
        let text = try campus.run("schedule", "quinna", "--term", "202630")
        #expect(text.status == 0)
        #expect(!text.output.contains("\u{1B}["))
        #expect(text.output.contains("CSSE474-02"))
        #expect(text.output.contains("MON"))
        let csv = try campus.run("course", "CSSE3", "--term", "202630", "--csv")
        let lines = csv.output.split(whereSeparator: \.isNewline)
        #expect(lines.first?.hasPrefix("term,section,crn") == true)
        #expect(lines.count > 17)
    }

    @Test("search finds usernames, names in any order, course prefixes and rooms")
    func search() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.importSamples().status == 0)
        func ids(_ query: String) throws -> [String] {
            let result = try campus.run("search", query, "--term", "202630", "--json")
            let matches = (try? result.json() as? [String: Any])?["matches"] as? [[String: Any]] ?? []
            return matches.compactMap { $0["id"] as? String }
        }
        #expect(try ids("quinna").first == "quinna")
        #expect(try ids("quin").contains("quinna"))
        #expect(try ids("quinn alex").contains("quinna"))
        #expect(try ids("alex quinn").contains("quinna"))
        #expect(try ids("CSSE33").contains("CSSE332-01"))
        #expect(try ids("O15").contains("O159"))
    }

    @Test("room --at tells free from busy")
    func roomAt() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.importSamples().status == 0)
        let busy = try campus.run("room", "O159", "--term", "202630", "--at", "M 9:10")
        #expect(busy.status == 1)
        #expect(busy.output.contains("CSSE474-02"))
        let free = try campus.run("room", "O159", "--term", "202630", "--at", "W 11:00", "--json")
        #expect(free.status == 0)
        #expect((try free.json() as? [String: Any])?["free"] as? Bool == true)
    }
}
