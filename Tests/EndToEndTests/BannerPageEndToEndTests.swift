import Foundation
import Testing

/// `campus page --definition` reads a Banner school's saved pages and answers with the
/// school's family, and refuses a page of another family naming it.
@Suite("campus page on Banner pages")
struct BannerPageEndToEndTests {
    private let samples = CampusRunner.samples

    @Test("a Banner 9 answer and a Banner 8 page read as their schools' definitions say")
    func readsEachFamily() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let answer = try campus.run("page", "--definition", "thompson-rivers", "--json", samples.appendingPathComponent("banner9/tru-201820-COMP.json").path)
        #expect(answer.status == 0, "\(answer.error)")
        let page = try #require(try answer.json() as? [String: Any])
        #expect(page["kind"] as? String == "courseSearch")
        let sections = try #require(page["sections"] as? [[String: Any]])
        #expect(sections.count == 66)
        #expect(sections.first?["crn"] as? String == "20425")

        let html = try campus.run("page", "--definition", "northeastern", samples.appendingPathComponent("banner8/neu-201610-crn15633-detail.html").path)
        #expect(html.status == 0, "\(html.error)")
        #expect(html.output.contains("sectionDetail") && html.output.contains("EECE2160-01"))
    }

    @Test("a page of another family is refused, naming the page and the way out")
    func refusesAnotherFamily() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let path = samples.appendingPathComponent("banner9/tru-201820-ECON.json").path
        let result = try campus.run("page", "--definition", "northeastern", path)
        #expect(result.status == 1)
        #expect(result.error.contains(path) && result.error.contains("--definition"))
    }
}
