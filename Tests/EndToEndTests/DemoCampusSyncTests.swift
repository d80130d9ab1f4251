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
}
