import CampusCore
import DemoCampus
import Foundation
import Logging
import Registrar
import RegistrarEmulator
import Testing

/// Banner 9's crawl plan against the emulator serving the demo campus as class-search
/// answers over loopback HTTP, with Banner's session rules and the faults reg-sched.pl's crawl meets.
@Suite("Crawling a Banner 9 registrar over HTTP", .serialized)
struct Banner9CrawlTests {
    static func write(_ folder: URL) throws {
        try Banner9AnswersWriter(directory: folder).write(CrawlFixtures.truth, termDates: try BannerCrawlHarness.termDates())
    }

    func withCrawler<Value>(
        behaviour: EmulatorBehaviour = .normal, pageSize: Int = 500, _ body: (any TermCrawling, RegistrarEmulator) async throws -> Value
    ) async throws -> Value {
        try await BannerCrawlHarness.withCrawler(school: "thompson-rivers", write: Self.write, behaviour: behaviour, pageSize: pageSize, body)
    }

    @Test("every section of a term is crawled through a session bound to the term, paged to totalCount, as the generator made it")
    func wholeTerm() async throws {
        try await withCrawler { crawler, emulator in
            let offer = try await crawler.offer()
            #expect(offer.terms.map(\.code) == CrawlFixtures.truth.terms.reversed().map(\.term.code))
            let truth = try #require(CrawlFixtures.truth.snapshot(for: TermCode("202630")!))
            let term = try #require(offer.terms.first { $0.code.rawValue == "202630" })
            let result = try await crawler.crawl(term, subjects: [])
            #expect(result.pagesFailed == 0)
            #expect(result.snapshot.term == truth.term)
            #expect(Set(result.snapshot.sections.keys) == Set(truth.sections.keys))
            for (id, expected) in truth.sections {
                let read = try #require(result.snapshot.sections[id])
                #expect(read.crn == expected.crn)
                #expect(read.title == expected.title)
                #expect(read.enrolled == expected.enrolled && read.capacity == expected.capacity)
                #expect(read.schedule.meetings.map { [$0.days.map(\.letter).map(String.init).joined(), $0.start.iso, $0.end.iso, $0.room ?? ""] }
                    == expected.schedule.meetings.map { [$0.days.map(\.letter).map(String.init).joined(), $0.start.iso, $0.end.iso, $0.room ?? ""] })
                #expect(read.instructors.map(\.email) == expected.instructors.map { $0.username.map { "\($0)@rose-hulman.edu" } })
                #expect(read.instructors.allSatisfy { $0.username == nil }, "Banner names instructors by e-mail")
                #expect(Set(read.crossListedWith) == Set(expected.crossListedWith))
            }
            let searches = emulator.statistics.requestsByTarget.keys.filter { $0.contains("searchResults") }
            #expect(searches.count == Set(truth.sections.keys.map(\.subject)).count)
        }
    }

    func springSections(behaviour: EmulatorBehaviour = .normal, pageSize: Int = 500) async throws -> (sections: [SectionID: Section], emulator: EmulatorStatistics) {
        let read = try await BannerCrawlHarness.springSections(school: "thompson-rivers", write: Self.write, behaviour: behaviour, pageSize: pageSize)
        #expect(read.failed == 0)
        return (read.sections, read.emulator)
    }

    @Test("answers smaller than a subject are paged to totalCount: every section read once")
    func paging() async throws {
        let whole = try await springSections()
        let paged = try await springSections(pageSize: 7)
        #expect(paged.sections == whole.sections)
        let pages = { (statistics: EmulatorStatistics) in statistics.requestsByTarget.filter { $0.key.contains("searchResults") }.count }
        #expect(pages(paged.emulator) > pages(whole.emulator))
    }

    @Test("an expired session's refused search is asked again in a new session; the term comes whole")
    func expiredSession() async throws {
        let whole = try await springSections()
        let renewed = try await springSections(behaviour: EmulatorBehaviour(sessionRequests: 6))
        #expect(renewed.sections == whole.sections)
        let sessions = renewed.emulator.requestsByTarget.filter { $0.key.contains("termSelection") }.values.reduce(0, +)
        #expect(sessions > 1)
    }

    @Test("a search refused again in a new session fails the term, saying the registrar refused it")
    func refusedAgain() async throws {
        await #expect {
            _ = try await springSections(behaviour: EmulatorBehaviour(sessionRequests: 2))
        } throws: { error in
            guard let error = error as? CrawlError, case .layoutChanged(.searchRefused) = error else { return false }
            return error.description.contains("refused the search")
        }
    }

    @Test("server errors are retried; a slow answer runs into the time limit; a changed answer layout fails the term naming the missing field")
    func faults() async throws {
        let whole = try await springSections()
        let retried = try await springSections(behaviour: EmulatorBehaviour(serverErrors: .firstRequests(2)))
        #expect(retried.sections == whole.sections)
        var quick = EmulatorHarness.quickOptions(retries: 1)
        quick.requestTimeout = .milliseconds(200)
        await #expect {
            _ = try await BannerCrawlHarness.withCrawler(
                school: "thompson-rivers", write: Self.write, behaviour: EmulatorBehaviour(delayMilliseconds: 600), options: quick
            ) { crawler, _ in try await crawler.offer() }
        } throws: { error in
            guard let error = error as? CrawlError, case .fetch(.timedOut) = error else { return false }
            return "\(error)".contains("getTerms")
        }
        await #expect {
            _ = try await springSections(behaviour: EmulatorBehaviour(changedLayout: true))
        } throws: { error in
            "\(error)".contains("courseReferenceNumber")
        }
    }

    @Test("no Banner 9 session page, or a term list that is not one, is a clear error")
    func notBanner() async throws {
        // The reg-sched.pl emulator answers 404 to the API's addresses.
        let school = try BannerCrawlHarness.school("thompson-rivers")
        try await EmulatorHarness.withEmulator { emulator in
            let source = try HTTPPageSource(baseURL: emulator.baseURL, definition: nil, options: EmulatorHarness.quickOptions(),
                                            logger: Logger(label: "registrar-tests"))
            let crawler = school.crawler(source: source, progress: nil)
            await #expect {
                _ = try await crawler.offer()
            } throws: { error in
                "\(error)".contains("getTerms")
            }
            await source.shutdown()
        }
    }
}
