import CampusCore
import CampusIndex
import Foundation
import Testing

@Suite("Registrar and directory people merged")
struct DirectoryMergeTests {
    let index: DirectoryIndex
    var store: CampusDatabase { index.store }
    let spring = Fixtures.spring.code

    init() throws {
        index = try DirectoryIndex()
    }

    @Test("the directory wins for contact fields; the registrar keeps what the directory lacks")
    func directoryWins() throws {
        let valer = try #require(try store.person("VALER"))
        #expect(valer == Fixtures.valer.merged(with: DirectoryFixtures.valer))
        #expect((valer.email, valer.phone, valer.office, valer.campusMail)
            == ("robin.vale@example.edu", "+1 812-877-8411", "O201", "CM 101"))
        #expect(valer.bannerID == "900333444")

        let quinna = try #require(try store.person("quinna"))
        #expect((quinna.name, quinna.email, quinna.campusMail) == ("Alexandra Quinn", "alex.quinn@example.edu", "CM 97"))
        #expect((quinna.major, quinna.year, quinna.classStanding) == ("CS/MA", "Y3", "SR"))
        #expect((quinna.advisorUsername, quinna.advisorName) == ("valer", "Robin Vale"))
    }

    @Test("a person only the directory knows is found by username, search and name")
    func directoryOnly() throws {
        let pruitt = Person(DirectoryFixtures.pruitt)
        #expect(try store.person("pruittk") == pruitt)
        #expect(pruitt.affiliation == .staff && pruitt.name == "Kim Pruitt")
        #expect(try store.search("pruittk", term: nil, limit: 10) == [.person(pruitt, exact: true)])
        #expect(try store.search("prui", term: nil, limit: 10) == [.person(pruitt, exact: false)])
        #expect(try store.search("kim pruitt", term: nil, limit: 10) == [.person(pruitt, exact: false)])
        #expect(try store.schedule(of: "pruittk", term: spring) == PersonSchedule(term: spring, person: pruitt, sections: []))
    }

    @Test("schedules, rosters and search show the merged person")
    func mergedEverywhere() throws {
        let quinna = try #require(try store.person("quinna"))
        #expect(try store.schedule(of: "quinna", term: spring).person == quinna)
        #expect(try store.roster(Fixtures.theory.id, term: spring) == [quinna])
        #expect(try store.search("quinna", term: nil, limit: 10).first == .person(quinna, exact: true))
        #expect(try store.search("alex quinn", term: nil, limit: 10) == [.person(quinna, exact: false)])
        #expect(try store.search("alexandra", term: nil, limit: 10) == [.person(quinna, exact: false)])
    }
}
