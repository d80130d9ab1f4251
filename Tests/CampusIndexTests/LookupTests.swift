import CampusCore
import CampusIndex
import Foundation
import Testing

@Suite("Lookups by section, person and room")
struct LookupTests {
    let index: TemporaryIndex
    let spring = Fixtures.spring.code

    init() throws {
        index = try TemporaryIndex()
        try index.store.terms.replace(Fixtures.fallSnapshot, force: false, now: Fixtures.crawledAt)
        try index.store.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
    }

    @Test("section prefixes: subject and digits, a whole course, an exact id in any case")
    func sectionPrefixes() throws {
        #expect(try index.store.sections(prefix: "CSSE4", term: spring).map(\.id.rawValue) == ["CSSE474-02"])
        #expect(try index.store.sections(prefix: "csse3", term: spring).map(\.id.rawValue) == ["CSSE304-01", "CSSE333-01"])
        #expect(try index.store.sections(prefix: "CSSE474", term: spring) == [Fixtures.theory])
        #expect(try index.store.sections(prefix: "csse474-02", term: spring) == [Fixtures.theory])
        #expect(try index.store.sections(prefix: "CSSE 220", term: spring).map(\.id.rawValue) == ["CSSE220-01"])
        #expect(try index.store.sections(prefix: "CSSE1", term: spring).isEmpty)
        #expect(try index.store.section(Fixtures.id("CSSE120-01"), term: spring) == nil)
    }

    @Test("a roster lists enrolled students by name, and nobody for an unknown section")
    func roster() throws {
        #expect(try index.store.roster(Fixtures.theory.id, term: spring) == [Fixtures.quinna, Fixtures.alvarez])
        #expect(try index.store.roster(Fixtures.id("CSSE999-01"), term: spring).isEmpty)
    }

    @Test("a schedule holds the sections someone takes and those they teach, with roles")
    func schedules() throws {
        let student = try index.store.schedule(of: "QUINNA", term: spring)
        #expect(student.person == Fixtures.quinna)
        #expect(student.sections == [
            ScheduledSection(section: Fixtures.objects, role: .student),
            ScheduledSection(section: Fixtures.theory, role: .student),
        ])
        let teacher = try index.store.schedule(of: "valer", term: spring)
        #expect(teacher.sections.map(\.section.id.rawValue) == ["CSSE220-01", "CSSE474-02", "MA474-02"])
        #expect(teacher.sections.allSatisfy { $0.role == .instructor })
        #expect(try index.store.schedule(of: "nobody", term: spring) == PersonSchedule(term: spring, person: nil, sections: []))
        #expect(try index.store.terms(for: "valer") == [spring])
    }

    @Test("schedules read together are each the schedule read alone: sections shared among them, none of one in another's")
    func schedulesTogether() throws {
        let people: [(username: String, teachingOnly: Bool)] = [("QUINNA", false), ("valer", true), ("nobody", false), ("quinnellj", false), ("quinna", false)]
        let together = try index.store.read { try $0.schedules(of: people, term: spring) }
        let alone = try people.map { person in try index.store.read { try $0.schedule(of: person.username, term: spring, teachingOnly: person.teachingOnly) } }
        #expect(together == alone)
        #expect(together[0].sections.map(\.section) == [Fixtures.objects, Fixtures.theory])
        #expect(together[1].sections.map(\.section.id.rawValue) == ["CSSE220-01", "CSSE474-02", "MA474-02"])
        #expect(together[2] == PersonSchedule(term: spring, person: nil, sections: []))
        #expect(together[3].sections.map(\.section.id.rawValue) == [Fixtures.databases.id.rawValue])
        #expect(together[4] == together[0])
        #expect(try index.store.read { try $0.schedules(of: [], term: spring) }.isEmpty)
    }

    @Test("a room's schedule lists each meeting held there; rooms are found by prefix")
    func rooms() throws {
        let bookings = try index.store.roomSchedule("o203-1", term: spring)
        #expect(bookings == [
            RoomBooking(section: Fixtures.objects, meeting: Fixtures.objects.schedule.meetings[0]),
            RoomBooking(section: Fixtures.objects, meeting: Fixtures.objects.schedule.meetings[1]),
        ])
        #expect(try index.store.roomSchedule("O159", term: spring).map(\.section.id.rawValue) == ["CSSE474-02", "MA474-02"])
        #expect(try index.store.rooms(prefix: "O1", term: spring) == ["O157", "O159"])
        #expect(try index.store.rooms(prefix: "o2", term: nil) == ["O203-1"])
        #expect(try index.store.rooms(prefix: "O1", term: Fixtures.fall.code).isEmpty)
    }

    @Test("terms are listed newest first with their counts")
    func terms() throws {
        let terms = try index.store.termSummaries()
        #expect(terms.map(\.term) == [Fixtures.spring, Fixtures.fall])
        #expect(terms.map(\.sectionCount) == [5, 1])
        #expect(terms.map(\.peopleCount) == [5, 1])
    }
}
