import CampusCore
import DemoCampus
import Foundation
import Logging
import Registrar
import RegistrarEmulator
import Testing

/// Banner 8's crawl plan against the emulator serving the demo campus as Self-Service pages
/// over loopback HTTP: its form posts, its session cookie, detail pages by CRN, and faults.
@Suite("Crawling a Banner 8 registrar over HTTP", .serialized)
struct Banner8CrawlTests {
    static func write(_ folder: URL) throws {
        try Banner8PagesWriter(directory: folder).write(CrawlFixtures.truth, termDates: try BannerCrawlHarness.termDates())
    }

    func spring(behaviour: EmulatorBehaviour = .normal) async throws -> (sections: [SectionID: Section], emulator: EmulatorStatistics) {
        let read = try await BannerCrawlHarness.springSections(school: "northeastern", write: Self.write, behaviour: behaviour)
        #expect(read.failed == 0)
        return (read.sections, read.emulator)
    }

    @Test("the term list, each subject's form post and every section's detail give the term as the generator made it")
    func wholeTerm() async throws {
        let (sections, statistics) = try await spring()
        let truth = try #require(CrawlFixtures.truth.snapshot(for: TermCode("202630")!))
        #expect(Set(sections.keys) == Set(truth.sections.keys))
        let days = try #require(try BannerCrawlHarness.termDates()[TermCode("202630")!])
        for (id, expected) in truth.sections {
            let read = try #require(sections[id])
            #expect(read.crn == expected.crn)
            #expect(read.title == expected.title)
            #expect(read.credits == expected.credits)
            #expect(read.enrolled == expected.enrolled && read.capacity == expected.capacity, "seats of \(id): \(String(describing: read.enrolled))/\(String(describing: read.capacity)) read, \(String(describing: expected.enrolled))/\(String(describing: expected.capacity)) made")
            #expect(read.schedule.meetings.map { [$0.days.map { String($0.letter) }.joined(), $0.start.iso, $0.end.iso, $0.room ?? ""] }
                == expected.schedule.meetings.map { [$0.days.map { String($0.letter) }.joined(), $0.start.iso, $0.end.iso, $0.room ?? ""] })
            #expect(read.schedule.meetings.allSatisfy { $0.dates == days })
            #expect(read.instructors.map(\.email) == expected.instructors.map { $0.username.map { "\($0)@rose-hulman.edu" } })
            #expect(read.instructors.first?.isPrimary ?? true)
        }
        #expect(statistics.requests(containing: "p_get_crse_unsec") == Set(truth.sections.keys.map(\.subject)).count)
        #expect(statistics.requests(containing: "p_disp_detail_sched") == truth.sections.count)
    }

    @Test("a session that expires midway is opened again and the term comes whole; a search without the session is Banner's log-in page")
    func expiredSession() async throws {
        let whole = try await spring()
        let renewed = try await spring(behaviour: EmulatorBehaviour(sessionRequests: 3))
        #expect(renewed.sections == whole.sections)
        #expect(renewed.emulator.requests(containing: "p_disp_dyn_sched") > whole.emulator.requests(containing: "p_disp_dyn_sched"))
    }

    @Test("server errors are retried; a changed caption fails the term, naming the page")
    func faults() async throws {
        let whole = try await spring()
        let retried = try await spring(behaviour: EmulatorBehaviour(serverErrors: .firstRequests(2)))
        #expect(retried.sections == whole.sections)
        await #expect {
            _ = try await spring(behaviour: EmulatorBehaviour(changedLayout: true))
        } throws: { error in
            guard let error = error as? CrawlError, case .layoutChanged = error else { return false }
            return "\(error)".contains("p_get_crse_unsec")
        }
    }

    @Test("past terms are offered view-only: without term dates, the open ones are the default")
    func viewOnlyTerms() async throws {
        try await BannerCrawlHarness.withCrawler(school: "northeastern", write: Self.write) { crawler, _ in
            let offer = try await crawler.offer()
            #expect(offer.viewOnly == [TermCode("202610")!, TermCode("202620")!])
            #expect(offer.terms.map(\.name).allSatisfy { !$0.contains("View") })
            let clock = try BannerCrawlHarness.school("northeastern").campusDescription.termClock
            #expect(try offer.resolve([], clock: clock, now: Date()).map(\.code.rawValue) == ["202630", "202640"])
        }
    }
}
