import CampusCore
import CampusIndex
import Foundation
import Testing

@Suite("Suppressed (FERPA) people appear nowhere")
struct SuppressionTests {
    let index: DirectoryIndex
    var store: CampusDatabase { index.store }
    let spring = Fixtures.spring.code

    init() throws {
        index = try DirectoryIndex()
    }

    @Test("no search finds them: username, its start, name, phone, filters", arguments: [
        "alvarezj", "alva", "jose alvarez", "Álvarez José", "877-3333", "3333",
    ])
    func search(_ query: String) throws {
        #expect(try store.search(query, term: nil, limit: 10).isEmpty)
        #expect(try store.search(query, term: nil, limit: 10, affiliation: .student).isEmpty)
    }

    @Test("no roster lists them, though the section's enrolled count stays the registrar's")
    func roster() throws {
        #expect(try store.roster(Fixtures.theory.id, term: spring).map(\.username) == ["quinna"])
        #expect(try store.section(Fixtures.theory.id, term: spring)?.enrolled == 2)
        #expect(try store.search("", term: nil, limit: 10, department: "mechanical").isEmpty)
    }

    @Test("they have no card, no schedule and no terms, as if unknown")
    func unknown() throws {
        #expect(try store.person("alvarezj") == nil)
        #expect(try store.schedule(of: "AlvarezJ", term: spring) == PersonSchedule(term: spring, person: nil, sections: []))
        #expect(try store.terms(for: "alvarezj").isEmpty)
        #expect(try store.directoryPerson("alvarezj", includeSuppressed: true)?.suppressed == true)
    }

    @Test("no suggestion names them")
    func suggestions() throws {
        #expect(try !store.suggestions(for: "alvarezz", limit: 10).contains("alvarezj"))
        #expect(try !store.suggestions(for: "jose smith", limit: 10).contains("José Álvarez"))
        #expect(try store.suggestions(for: "pruitz", limit: 10).first == "pruittk")
    }

    @Test("a later sync that lifts the suppression shows them again")
    func lifted() throws {
        var alvarez = DirectoryFixtures.alvarez
        alvarez.suppressed = false
        #expect(try store.syncDirectory([alvarez], .incremental).updated == 1)
        #expect(try store.person("alvarezj")?.name == "José Álvarez")
        #expect(try store.roster(Fixtures.theory.id, term: spring).map(\.username) == ["quinna", "alvarezj"])
        #expect(try store.search("3333", term: nil, limit: 10).count == 1)
    }
}
