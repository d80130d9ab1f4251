import CampusCore
import Foundation
import Registrar
import Testing

@Suite("Crawling saved pages that are missing or broken")
struct SavedPagesFailureTests {
    let definition: RegistrarDefinition
    let summer = Term(code: TermCode("202640")!, name: "Summer 2025-2026")

    init() throws {
        definition = try CrawlFixtures.definition()
    }

    private func crawl(_ campus: ScratchCampus) async throws(CrawlError) -> CrawlResult {
        let source = SavedPagesSource(directory: campus.directory.path, definition: definition)
        return try await TermCrawler(definition: definition, source: source)
            .crawl(summer, subjects: CrawlFixtures.truth.subjects)
    }

    @Test("a course search page whose layout changed fails the term, naming the page and the locator")
    func courseSearchLayoutChanged() async throws {
        let campus = try ScratchCampus(term: "202640")
        defer { campus.delete() }
        try campus.replace("202640/Course-CSSE.html", withEdgeCase: "layout-changed.html")
        let error = await #expect(throws: CrawlError.self) { try await crawl(campus) }
        guard case .layoutChanged(.layoutChanged(let source, let locator, _)) = error else {
            Issue.record("expected a layout error, got \(String(describing: error))")
            return
        }
        #expect(source == campus.path("202640/Course-CSSE.html"))
        #expect(locator.hasPrefix("sections table"))
        let message = error?.description ?? ""
        #expect(message.contains(campus.path("202640/Course-CSSE.html")) && message.contains(locator))
    }

    @Test("a roster page that cannot be read is a warning with its path; the term still crawls")
    func rosterUnreadable() async throws {
        let campus = try ScratchCampus(term: "202640")
        defer { campus.delete() }
        let section = try #require(CrawlFixtures.truth.snapshot(for: summer.code)?.sections.keys.sorted().first)
        try campus.replace("202640/Roster-\(section).html", withEdgeCase: "layout-changed.html")
        let result = try await crawl(campus)
        #expect(result.pagesFailed == 1)
        let warning = try #require(result.warnings.first { $0.source == campus.path("202640/Roster-\(section).html") })
        #expect(warning.section == section.rawValue)
        #expect(warning.message.contains("could not be read"))
    }

    @Test("a missing roster page is a warning; the crawl goes on")
    func rosterMissing() async throws {
        let campus = try ScratchCampus(term: "202640")
        defer { campus.delete() }
        let truth = try #require(CrawlFixtures.truth.snapshot(for: summer.code))
        let section = try #require(truth.sections.keys.sorted().last)
        try campus.remove("202640/Roster-\(section).html")
        let result = try await crawl(campus)
        #expect(result.pagesFailed == 1)
        #expect(result.snapshot.sections.count == truth.sections.count)
        #expect(result.warnings.contains { $0.section == section.rawValue && $0.message.contains("No page") })
        #expect(!result.snapshot.enrollments.contains { $0.section == section })
    }

    @Test("a term without a single course search page fails rather than coming out empty")
    func noCourseSearches() async throws {
        let campus = try ScratchCampus(term: "202640")
        defer { campus.delete() }
        for subject in CrawlFixtures.truth.subjects {
            try campus.remove("202640/Course-\(subject).html")
        }
        let error = await #expect(throws: CrawlError.self) { try await crawl(campus) }
        guard case .noCourseSearches(let term, _) = error else {
            Issue.record("expected noCourseSearches, got \(String(describing: error))")
            return
        }
        #expect(term == summer.code)
    }

    @Test("a saved page that is a directory is broken, not missing")
    func brokenPage() async throws {
        let campus = try ScratchCampus(term: "202640")
        defer { campus.delete() }
        try campus.remove("202640/Course-MA.html")
        try FileManager.default.createDirectory(atPath: campus.path("202640/Course-MA.html"), withIntermediateDirectories: false)
        let source = SavedPagesSource(directory: campus.directory.path, definition: definition)
        let error = await #expect(throws: FetchError.self) {
            try await source.fetch(.course(prefix: "MA", term: summer.code))
        }
        #expect(error == .unreadable(path: campus.path("202640/Course-MA.html"), reason: "it is a directory"))
        let missing = await #expect(throws: FetchError.self) {
            try await source.fetch(.course(prefix: "NOPE", term: summer.code))
        }
        #expect(missing == .pageMissing(
            lookup: .course(prefix: "NOPE", term: summer.code), location: campus.path("202640/Course-NOPE.html")))
    }
}

@Suite("A saved page of another term")
struct OtherTermPageTests {
    @Test("a roster page about another term is a warning and adds nothing")
    func otherTerm() async throws {
        let definition = try CrawlFixtures.definition()
        let summer = Term(code: TermCode("202640")!, name: "Summer 2025-2026")
        let campus = try ScratchCampus(term: "202640")
        defer { campus.delete() }
        let truth = try #require(CrawlFixtures.truth.snapshot(for: summer.code))
        let section = try #require(truth.sections.keys.sorted().first)
        let spring = URL(fileURLWithPath: CrawlFixtures.demoCampus).appendingPathComponent("202630")
        let springRoster = try #require(try FileManager.default.contentsOfDirectory(atPath: spring.path)
            .sorted().first { $0.hasPrefix("Roster-") })
        try campus.remove("202640/Roster-\(section).html")
        try FileManager.default.copyItem(
            atPath: spring.appendingPathComponent(springRoster).path, toPath: campus.path("202640/Roster-\(section).html"))
        let result = try await TermCrawler(
            definition: definition, source: SavedPagesSource(directory: campus.directory.path, definition: definition)
        ).crawl(summer, subjects: CrawlFixtures.truth.subjects)
        #expect(result.pagesFailed == 1)
        #expect(result.warnings.contains { $0.message.contains("about term 202630, not 202640") })
        #expect(!result.snapshot.enrollments.contains { $0.section == section })
    }
}
