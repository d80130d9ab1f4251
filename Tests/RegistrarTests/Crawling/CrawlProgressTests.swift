import CampusCore
import Registrar
import Testing

/// Remembers every report, to check what the crawler told it.
private actor RecordingProgress: CrawlProgress {
    private(set) var updates: [(done: Int, total: Int, current: String)] = []
    private(set) var finishes: [(done: Int, total: Int)] = []

    func update(done: Int, total: Int, current: String) {
        updates.append((done, total, current))
    }

    func finish(done: Int, total: Int) {
        finishes.append((done, total))
    }
}

@Suite("Progress reports during a crawl")
struct CrawlProgressTests {
    @Test("every page is reported once, counting up to the total, and the end is reported")
    func reports() async throws {
        let definition = try CrawlFixtures.definition()
        let progress = RecordingProgress()
        let crawler = TermCrawler(
            definition: definition, source: SavedPagesSource(directory: CrawlFixtures.demoCampus, definition: definition),
            progress: progress)
        let summer = Term(code: TermCode("202640")!, name: "Summer 2025-2026")
        let result = try await crawler.crawl(summer, subjects: CrawlFixtures.truth.subjects)
        let updates = await progress.updates
        let finishes = await progress.finishes
        #expect(updates.map(\.done) == Array(1...result.pagesFetched))
        #expect(updates.allSatisfy { $0.done <= $0.total })
        #expect(Set(updates.map(\.current)) == Set(result.pages.map { "\($0.lookup)" }))
        #expect(finishes.count == 1)
        #expect(finishes.first?.done == result.pagesFetched && finishes.first?.total == result.pagesFetched)
    }
}
