import CampusCore
import DemoCampus
import Foundation
import Registrar
import Testing

@Suite("Crawling the committed demo campus from saved pages")
struct SavedPagesCrawlTests {
    let definition: RegistrarDefinition
    let crawler: TermCrawler

    init() throws {
        definition = try CrawlFixtures.definition()
        crawler = TermCrawler(
            definition: definition, source: SavedPagesSource(directory: CrawlFixtures.demoCampus, definition: definition))
    }

    @Test("the term list offers the demo's four terms and its subjects")
    func offer() async throws {
        let offer = try await crawler.offer()
        #expect(Set(offer.terms) == Set(CrawlFixtures.demoTerms))
        #expect(offer.subjects == CrawlFixtures.truth.subjects)
    }

    @Test("a crawled term holds what the generator made", arguments: ["202630", "202640"])
    func termMatchesTruth(code: String) async throws {
        let truth = try #require(CrawlFixtures.truth.snapshot(for: TermCode(code)!))
        let offer = try await crawler.offer()
        let result = try await crawler.crawl(truth.term, subjects: offer.subjects)
        let snapshot = result.snapshot

        #expect(Set(snapshot.sections.keys) == Set(truth.sections.keys))
        #expect(snapshot.enrollments == truth.enrollments)
        let teachers = Set(truth.sections.values.flatMap { $0.instructors.compactMap(\.username) })
        #expect(teachers.isSubset(of: Set(snapshot.people.keys)))
        for username in teachers {
            let crawled = snapshot.people[username]
            let known = CrawlFixtures.truth.person(username)
            #expect(crawled?.office == known?.office, "office of \(username)")
            #expect(crawled?.department == known?.department, "department of \(username)")
        }
        #expect(result.pagesFailed == 0)
        #expect(result.pagesFetched == offer.subjects.count + truth.sections.count + teachers.count)
        #expect(result.pages.allSatisfy { $0.lookup.term == truth.term.code && !$0.bytes.isEmpty })
    }

    @Test("the demo instructor and one of their sections read as generated")
    func specificPeople() async throws {
        let term = try #require(CrawlFixtures.truth.snapshot(for: TermCode("202630")!))
        let result = try await crawler.crawl(term.term, subjects: CrawlFixtures.truth.subjects)
        let username = CrawlFixtures.truth.examples.instructor
        let instructor = try #require(result.snapshot.people[username])
        let known = try #require(CrawlFixtures.truth.person(username))
        #expect(instructor.name == known.name)
        #expect(instructor.phone == known.phone)
        #expect(instructor.affiliation == .faculty)
        let section = try #require(term.sections.values.sorted { $0.id < $1.id }
            .first { $0.instructors.contains { $0.username == username } })
        let crawled = try #require(result.snapshot.sections[section.id])
        #expect(crawled.title == section.title)
        #expect(crawled.schedule == section.schedule)
        #expect(crawled.enrolled == section.enrolled)
    }
}
