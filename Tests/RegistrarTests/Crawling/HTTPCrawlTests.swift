import CampusCore
import Foundation
import Registrar
import RegistrarEmulator
import Testing

@Suite("Crawling the emulator over HTTP")
struct HTTPCrawlTests {
    let summer = Term(code: TermCode("202640")!, name: "Summer 2025-2026")
    let basic = EmulatorAuthentication.basic(username: "alice", password: EmulatorHarness.password)

    private func crawler(_ source: HTTPPageSource) throws -> TermCrawler {
        TermCrawler(definition: try CrawlFixtures.definition(), source: source, concurrency: 6)
    }

    @Test("a crawl with Basic authentication reads the term as generated, within the host limit")
    func crawlMatchesTruth() async throws {
        let secret = try SecretFile(EmulatorHarness.password)
        defer { secret.delete() }
        let truth = try #require(CrawlFixtures.truth.snapshot(for: summer.code))
        let (crawls, statistics) = try await EmulatorHarness.withEmulator(authentication: basic) { emulator in
            let crawls = try await EmulatorHarness.withSource(
                emulator.baseURL, credential: .basic(username: "alice", password: .file(path: secret.path))
            ) { source in
                try await crawler(source).crawl([.next], now: CrawlFixtures.date(year: 2026, month: 4, day: 20))
            }
            return (crawls, emulator.statistics)
        }
        #expect(crawls.map(\.term) == [summer])
        let result = try #require(try crawls.first?.outcome.get())
        #expect(Set(result.snapshot.sections.keys) == Set(truth.sections.keys))
        #expect(result.snapshot.enrollments == truth.enrollments)
        #expect(result.pages.allSatisfy { $0.source.hasPrefix("http://127.0.0.1:") })
        #expect(statistics.totalRequests == result.pagesFetched + 1, "every page once, plus the term list")
        #expect(statistics.maxConcurrentRequests <= FetchOptions().concurrencyPerHost)
    }

    @Test("a registrar failing midway fails the term with the server error")
    func failsMidway() async throws {
        let (crawls, served) = try await EmulatorHarness.withEmulator(
            behaviour: EmulatorBehaviour(failAfterSuccesses: 12)
        ) { emulator in
            let crawls = try await EmulatorHarness.withSource(emulator.baseURL, options: EmulatorHarness.quickOptions(retries: 1)) {
                source in try await crawler(source).crawl([.code(summer.code)], now: Date())
            }
            return (crawls, emulator.statistics.responsesByStatus[200] ?? 0)
        }
        #expect(served == 12)
        let outcome = try #require(crawls.first?.outcome)
        guard case .failure(.fetch(.serverError(let url, 500, 2))) = outcome else {
            Issue.record("expected the term to fail with a server error, got \(outcome)")
            return
        }
        #expect(url.contains("termcode=202640"))
    }

    @Test("a changed layout fails the term, naming the URL and the locator")
    func changedLayout() async throws {
        let error = try await EmulatorHarness.withEmulator(behaviour: EmulatorBehaviour(changedLayout: true)) { emulator in
            try await EmulatorHarness.withSource(emulator.baseURL) { source in
                await #expect(throws: CrawlError.self) {
                    try await crawler(source).crawl(summer, subjects: CrawlFixtures.truth.subjects)
                }
            }
        }
        guard case .layoutChanged(.layoutChanged(let source, let locator, _)) = error else {
            Issue.record("expected a layout error, got \(String(describing: error))")
            return
        }
        #expect(source.contains("type=Course") && source.contains("termcode=202640"))
        #expect(error?.description.contains(source) == true)
        #expect(error?.description.contains(locator) == true)
    }

    @Test("cancelling a crawl stops it with a cancellation error, before the pages left are asked for")
    func cancellation() async throws {
        let (outcome, requested) = try await EmulatorHarness.withEmulator(
            behaviour: EmulatorBehaviour(delayMilliseconds: 500)
        ) { emulator in
            try await EmulatorHarness.withSource(emulator.baseURL) { source in
                let crawler = try crawler(source)  // 39 pages, two at a time
                let task = Task { try await crawler.crawl(summer, subjects: CrawlFixtures.truth.subjects) }
                try await Task.sleep(for: .milliseconds(350))
                task.cancel()
                let outcome = await task.result
                return (outcome, emulator.statistics.totalRequests)
            }
        }
        guard case .failure(let error) = outcome, case .cancelled = error as? CrawlError else {
            Issue.record("expected a cancelled crawl, got \(outcome)")
            return
        }
        #expect(requested < 39, "the crawl went on asking for pages after it was cancelled (\(requested) asked)")
    }
}
