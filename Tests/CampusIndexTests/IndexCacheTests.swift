import CampusCore
import CampusIndex
import Foundation
import Testing

@Suite("What reads keep of the index serves every caller as their own read would")
struct IndexCacheTests {
    let index: DirectoryIndex
    var store: CampusDatabase { index.store }
    let spring = Fixtures.spring.code

    init() throws {
        index = try DirectoryIndex()
        var vale = DirectoryFixtures.valer
        vale.suppressed = true
        try store.syncDirectory([vale], .incremental)
    }

    /// Theory's instructors and enrolled count as one read with `view` shows them.
    func theory(as view: SuppressedView) throws -> (instructors: [InstructorRef], enrolled: Int?) {
        let section = try store.read(revealing: view) { try $0.section(Fixtures.theory.id, term: spring) }
        return (section?.instructors ?? [], section?.enrolled)
    }

    @Test("a section first read by the registrar still hides the suppressed from everyone else, in any order of reads")
    func sectionKeptForOneViewShowsAnotherItsOwn() throws {
        for _ in 0..<2 {
            #expect(try theory(as: .everyone) == (Fixtures.theory.instructors, 2))
            #expect(try theory(as: .hidden) == ([], 1), "valer and alvarezj hidden")
            #expect(try theory(as: .person("valer")) == (Fixtures.theory.instructors, 1), "valer sees himself, not alvarezj")
            #expect(try theory(as: .people(["alvarezj"])) == ([], 2), "alvarezj counted for whom she consented")
        }
    }

    @Test("a schedule read for those who may see a suppressed person is not shown to others afterwards")
    func scheduleKeptForTheRegistrarIsNotShownToOthers() throws {
        let revealed = try store.read(revealing: .everyone) { try $0.schedules(of: [("alvarezj", false)], term: spring) }
        #expect(revealed[0].person?.username == "alvarezj")
        #expect(revealed[0].sections.map(\.section.id) == [Fixtures.theory.id])
        #expect(try store.schedule(of: "alvarezj", term: spring) == PersonSchedule(term: spring, person: nil, sections: []))
        #expect(try store.person("ALVAREZJ") == nil)
        #expect(try store.read(revealing: .everyone) { try $0.person("AlvarezJ")?.name } == "José Álvarez")
    }

    @Test("every write is seen by the next read: nothing kept outlives the index's state it was read from")
    func writesAreSeenAtOnce() throws {
        #expect(try store.person("quinna") != nil)
        #expect(try store.section(Fixtures.theory.id, term: spring)?.title == Fixtures.theory.title)
        #expect(try theory(as: .hidden).enrolled == 1)

        var quinn = DirectoryFixtures.everyone.first { $0.username == "quinna" }!
        quinn.suppressed = true
        try store.syncDirectory([quinn], .incremental)
        #expect(try store.person("quinna") == nil, "suppressed since")
        #expect(try theory(as: .hidden).enrolled == 0, "both students now hidden")

        var spring = Fixtures.springSnapshot
        spring.sections[Fixtures.theory.id]?.title = "Theory of Computation, renamed"
        try store.terms.replace(spring, force: true, now: Fixtures.crawledAt.addingTimeInterval(60))
        #expect(try store.section(Fixtures.theory.id, term: self.spring)?.title == "Theory of Computation, renamed")
        let schedule = try store.read(revealing: .everyone) { try $0.schedule(of: "quinna", term: self.spring) }
        #expect(schedule.sections.first { $0.section.id == Fixtures.theory.id }?.section.title == "Theory of Computation, renamed")
    }
}
