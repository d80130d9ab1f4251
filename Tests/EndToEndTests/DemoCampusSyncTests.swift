import Foundation
import Testing

/// The README's demo: a crawl of the bundled demo campus with no configuration.
@Suite("campus sync on the bundled demo campus", .serialized)
struct DemoCampusSyncTests {
    @Test("sync registrar with no configuration crawls the demo campus; reparse rebuilds it")
    func syncAndReparse() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let sync = try campus.run("sync", "registrar", "--term", "all", "--json")
        #expect(sync.status == 0, "\(sync.error)")
        let outcomes = try #require(try sync.json() as? [[String: Any]])
        #expect(outcomes.count == 4)
        for outcome in outcomes {
            #expect(outcome["replaced"] as? Bool == true)
            #expect((outcome["sectionsAfter"] as? Int ?? 0) > 0)
        }
        #expect(outcomes.filter { ($0["sectionsAfter"] as? Int ?? 0) >= 100 }.count == 3, "fall, winter and spring are full terms")
        let terms = try #require(try campus.run("terms", "--json").json() as? [[String: Any]])
        #expect(terms.count == 4)

        let reparse = try campus.run("reparse")
        #expect(reparse.status == 0, "\(reparse.error)")
        let after = try #require(try campus.run("terms", "--json").json() as? [[String: Any]])
        #expect(after.map { $0["sections"] as? Int } == terms.map { $0["sections"] as? Int })
    }

    @Test("a source that does not exist is named, and the index keeps its terms")
    func badSource() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.importSamples().status == 0)
        let result = try campus.run("sync", "registrar", "--source", campus.home.appendingPathComponent("nowhere").path)
        #expect(result.status == 1)
        #expect(result.error.contains("nowhere"))
        let terms = try #require(try campus.run("terms", "--json").json() as? [[String: Any]])
        #expect(terms.contains { $0["code"] as? String == "202630" })
    }

    /// A copy of the demo campus's saved pages in `campus`'s home, to damage.
    static func demoPages(_ campus: CampusRunner) throws -> URL {
        let copy = campus.home.appendingPathComponent("pages")
        try FileManager.default.copyItem(at: CampusRunner.packageRoot.appendingPathComponent("fixtures/demo-campus"), to: copy)
        return copy
    }

    @Test("a crawl that could not read a roster, or found none where the search lists the section, keeps the term; --force accepts it")
    func incompleteCrawlsKeepTheTerm() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let pages = try Self.demoPages(campus)
        #expect(try campus.run("sync", "registrar", "--source", pages.path, "--term", "202630").status == 0)
        let before = try campus.run("roster", "PH235-01", "--term", "202630", "--json").output

        let roster = pages.appendingPathComponent("202630/Roster-PH235-01.html")
        let whole = try Data(contentsOf: roster)
        try whole.prefix(whole.count * 2 / 3).write(to: roster)
        let cut = try campus.run("sync", "registrar", "--source", pages.path, "--term", "202630")
        let said = cut.output + cut.error
        #expect(cut.status == 1 && said.contains("Refusing to replace term 202630") && said.contains("PH235-01")
                    && said.contains("--force"), "\(said)")
        #expect(try campus.run("roster", "PH235-01", "--term", "202630", "--json").output == before, "the term is kept whole")

        try FileManager.default.removeItem(at: roster)
        let missing = try campus.run("sync", "registrar", "--source", pages.path, "--term", "202630")
        #expect(missing.status == 1 && (missing.output + missing.error).contains("PH235-01"), "\(missing.output)")

        let forced = try campus.run("sync", "registrar", "--source", pages.path, "--term", "202630", "--force")
        #expect(forced.status == 0, "\(forced.error)")
        #expect(try campus.run("roster", "PH235-01", "--term", "202630").output.contains("0 student"))
    }
}
