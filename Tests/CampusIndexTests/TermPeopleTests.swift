import CampusCore
import CampusIndex
import Foundation
import Testing

@Suite("People as each term describes them")
struct TermPeopleTests {
    let nextFall = Term(code: TermCode("202710")!, name: "Fall 2026-2027")

    /// A later term in which quinna has moved on: another major and year.
    var nextFallSnapshot: TermSnapshot {
        let section = Section(id: Fixtures.id("CSSE220-01"), title: "Object-Oriented Software Development")
        let quinna = Person(username: "quinna", name: "Alex Quinn", affiliation: .student, major: "CS", year: "Y4")
        return TermSnapshot(
            term: nextFall, sections: [section.id: section], people: ["quinna": quinna],
            enrollments: [Enrollment(section: section.id, username: "quinna")])
    }

    @Test("each term's roster and schedule show that term's facts; the shared record follows the newest term")
    func perTermFacts() throws {
        let index = try TemporaryIndex()
        try index.store.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
        try index.store.terms.merge(nextFallSnapshot, now: Fixtures.crawledAt)

        let spring = try index.store.roster(Fixtures.theory.id, term: Fixtures.spring.code)
        #expect(spring.first == Fixtures.quinna)
        let later = try index.store.roster(Fixtures.id("CSSE220-01"), term: nextFall.code)
        #expect(later.map(\.major) == ["CS"] && later.map(\.year) == ["Y4"])
        #expect(later.first?.bannerID == Fixtures.quinna.bannerID)
        #expect(try index.store.schedule(of: "quinna", term: Fixtures.spring.code).person == Fixtures.quinna)

        let shared = try #require(try index.store.person("quinna"))
        #expect(shared.major == "CS" && shared.year == "Y4" && shared.email == Fixtures.quinna.email)
    }

    @Test("a reading from an older term only fills what the shared record lacks")
    func olderTermFillsOnly() throws {
        let index = try TemporaryIndex()
        try index.store.terms.merge(nextFallSnapshot, now: Fixtures.crawledAt)
        try index.store.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)

        let shared = try #require(try index.store.person("quinna"))
        #expect(shared.major == "CS" && shared.year == "Y4")
        #expect(shared.bannerID == Fixtures.quinna.bannerID && shared.advisorUsername == "valer")
        #expect(try index.store.roster(Fixtures.theory.id, term: Fixtures.spring.code).first == Fixtures.quinna)
    }
}
