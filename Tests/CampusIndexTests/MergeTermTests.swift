import CampusCore
import CampusIndex
import Foundation
import Testing

@Suite("Merging imported pages into a term")
struct MergeTermTests {
    @Test("a thinner reading of a section and a person keeps the facts it lacks")
    func keepsKnownFacts() throws {
        let index = try TemporaryIndex()
        try index.store.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
        var thin = Fixtures.theory
        thin.crn = nil
        thin.finalExam = nil
        thin.instructors = []
        thin.enrolled = 3
        let page = TermSnapshot(
            term: Fixtures.spring, sections: [thin.id: thin],
            people: ["quinna": Person(username: "quinna", name: "Alex Quinn", affiliation: .student, major: "CS")],
            enrollments: [Enrollment(section: thin.id, username: "quinnellj")])
        try index.store.terms.merge(page, now: Fixtures.crawledAt)

        var expected = Fixtures.theory
        expected.enrolled = 3
        #expect(try index.store.section(thin.id, term: Fixtures.spring.code) == expected)
        var quinna = Fixtures.quinna
        quinna.major = "CS"
        #expect(try index.store.person("quinna") == quinna)
        #expect(try index.store.roster(thin.id, term: Fixtures.spring.code).map(\.username) == ["quinna", "quinnellj", "alvarezj"])
        #expect(try index.store.sections(prefix: "", term: Fixtures.spring.code).count == 5)
    }

    @Test("merging into an empty index creates the term")
    func createsTerm() throws {
        let index = try TemporaryIndex()
        try index.store.terms.merge(Fixtures.fallSnapshot, now: Fixtures.crawledAt)
        #expect(try index.store.termSummaries() == [
            TermSummary(term: Fixtures.fall, sectionCount: 1, peopleCount: 1, crawledAt: Fixtures.crawledAt)
        ])
    }

    @Test("an enrollment in a section neither the page nor the index holds is rejected, nothing merged")
    func rejectsDanglingEnrollment() throws {
        let index = try TemporaryIndex()
        try index.store.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
        let page = TermSnapshot(
            term: Fixtures.spring, people: ["quinna": Person(username: "quinna", major: "Changed")],
            enrollments: [Enrollment(section: Fixtures.id("CSSE999-01"), username: "quinna")])
        #expect(throws: IndexError.self) { try index.store.terms.merge(page, now: Fixtures.crawledAt) }
        #expect(try index.store.person("quinna") == Fixtures.quinna)
    }

    @Test("a section's whole roster read again replaces who the index has in it; a single student's schedule only adds")
    func rosterReplacesTheSectionsEnrollments() throws {
        let index = try TemporaryIndex()
        try index.store.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
        let before = try index.store.roster(Fixtures.theory.id, term: Fixtures.spring.code).map(\.username)
        #expect(before.contains("quinna") && before.count > 1)
        let schedule = TermSnapshot(term: Fixtures.spring, enrollments: [Enrollment(section: Fixtures.theory.id, username: "quinnellj")])
        try index.store.terms.merge(schedule, now: Fixtures.crawledAt)
        #expect(Set(try index.store.roster(Fixtures.theory.id, term: Fixtures.spring.code).map(\.username)) == Set(before + ["quinnellj"]))
        let roster = TermSnapshot(
            term: Fixtures.spring, enrollments: [Enrollment(section: Fixtures.theory.id, username: "quinnellj")],
            rostered: [Fixtures.theory.id])
        try index.store.terms.merge(roster, now: Fixtures.crawledAt)
        #expect(try index.store.roster(Fixtures.theory.id, term: Fixtures.spring.code).map(\.username) == ["quinnellj"])
        #expect(try !index.store.sections(prefix: "", term: Fixtures.spring.code).isEmpty, "the other sections keep theirs")
    }
}
