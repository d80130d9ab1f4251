import CampusCore
import CampusIndex
import Foundation
import Testing

@Suite("Replacing a term")
struct TermSwapTests {
    @Test("every field of sections, meetings, final exams and people reads back as written")
    func roundTrip() throws {
        let index = try TemporaryIndex()
        let report = try index.store.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
        let code = Fixtures.spring.code
        for section in Fixtures.springSnapshot.sections.values {
            #expect(try index.store.section(section.id, term: code) == section)
        }
        for person in Fixtures.springSnapshot.people.values {
            #expect(try index.store.person(person.username) == person)
        }
        #expect(report.sectionsBefore == 0 && report.sectionsAfter == 5 && report.sectionsAdded == 5)
        #expect(report.enrollmentsAfter == 4 && report.peopleAfter == 5)
        let summary = try #require(index.store.termSummaries().first)
        #expect(summary == TermSummary(term: Fixtures.spring, sectionCount: 5, peopleCount: 5, crawledAt: Fixtures.crawledAt))
    }

    @Test("a crawl with every section but less than half the enrollments is refused (rosters gone), and accepted with force")
    func enrollmentShrinkGuard() throws {
        let index = try TemporaryIndex()
        try index.store.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
        var emptied = Fixtures.springSnapshot
        emptied.enrollments = []
        #expect(throws: IndexError.suspiciousShrink(
            term: Fixtures.spring.code, before: Fixtures.springSnapshot.enrollments.count, after: 0, what: "enrollments")) {
            try index.store.terms.replace(emptied, force: false, now: Fixtures.crawledAt)
        }
        #expect(try !index.store.roster(Fixtures.theory.id, term: Fixtures.spring.code).isEmpty)
        try index.store.terms.replace(emptied, force: true, now: Fixtures.crawledAt)
        #expect(try index.store.roster(Fixtures.theory.id, term: Fixtures.spring.code).isEmpty)
    }

    @Test("a crawl with less than half the sections is refused, and accepted with force")
    func shrinkGuard() throws {
        let index = try TemporaryIndex()
        try index.store.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
        var shrunk = Fixtures.springSnapshot
        shrunk.sections = shrunk.sections.filter { $0.key == Fixtures.objects.id || $0.key == Fixtures.databases.id }
        shrunk.enrollments = shrunk.enrollments.filter { shrunk.sections[$0.section] != nil }
        #expect(throws: IndexError.suspiciousShrink(term: Fixtures.spring.code, before: 5, after: 2)) {
            try index.store.terms.replace(shrunk, force: false, now: Fixtures.crawledAt)
        }
        #expect(try index.store.sections(prefix: "", term: Fixtures.spring.code).count == 5)

        let report = try index.store.terms.replace(shrunk, force: true, now: Fixtures.crawledAt)
        #expect(report.sectionsRemoved == 3 && report.sectionsAfter == 2)
        #expect(report.enrollmentsRemoved == 2 && report.enrollmentsAdded == 0)
        #expect(try index.store.sections(prefix: "", term: Fixtures.spring.code).map(\.id.rawValue) == ["CSSE220-01", "CSSE333-01"])
    }

    @Test("a snapshot enrolling someone in a section it lacks is rejected midway and changes nothing")
    func failedSwapKeepsPreviousTerm() throws {
        let index = try TemporaryIndex()
        try index.store.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
        var broken = Fixtures.springSnapshot
        broken.sections[Fixtures.theory.id]?.title = "Renamed In The Broken Crawl"
        broken.people["newbie"] = Person(username: "newbie", name: "New Student")
        broken.enrollments.insert(Enrollment(section: Fixtures.id("CSSE999-01"), username: "newbie"))
        #expect {
            try index.store.terms.replace(broken, force: false, now: Fixtures.crawledAt.addingTimeInterval(60))
        } throws: { error in
            guard case let .invalidSnapshot(term, detail) = error as? IndexError else { return false }
            return term == Fixtures.spring.code && detail.contains("CSSE999-01")
        }
        #expect(try index.store.section(Fixtures.theory.id, term: Fixtures.spring.code) == Fixtures.theory)
        #expect(try index.store.person("newbie") == nil)
        #expect(try index.store.roster(Fixtures.theory.id, term: Fixtures.spring.code).map(\.username) == ["quinna", "alvarezj"])
        #expect(try index.store.termSummaries().first?.crawledAt == Fixtures.crawledAt)
    }

    @Test("replacing one term keeps the other terms and the people they name")
    func otherTermsKept() throws {
        let index = try TemporaryIndex()
        try index.store.terms.replace(Fixtures.fallSnapshot, force: false, now: Fixtures.crawledAt)
        try index.store.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
        var smaller = Fixtures.springSnapshot
        smaller.sections.removeValue(forKey: Fixtures.languages.id)
        smaller.people = [:]
        try index.store.terms.replace(smaller, force: false, now: Fixtures.crawledAt)

        #expect(try index.store.termSummaries().map(\.term) == [Fixtures.spring, Fixtures.fall])
        #expect(try index.store.sections(prefix: "CSSE1", term: Fixtures.fall.code).map(\.id.rawValue) == ["CSSE120-01"])
        #expect(try index.store.person("quinna") == Fixtures.quinna)
        #expect(try index.store.terms(for: "quinna") == [Fixtures.spring.code, Fixtures.fall.code])
    }
}
