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

    @Test("no roster lists them, nor counts them: the enrolled count leaves them out, but for whom they are revealed")
    func roster() throws {
        #expect(try store.roster(Fixtures.theory.id, term: spring).map(\.username) == ["quinna"])
        #expect(try store.section(Fixtures.theory.id, term: spring)?.enrolled == 1, "the registrar's 2, less the one hidden")
        #expect(try store.read(revealing: .everyone) { try $0.section(Fixtures.theory.id, term: spring)?.enrolled } == 2)
        #expect(try store.search("", term: nil, limit: 10, department: "mechanical").isEmpty)
    }

    @Test("they have no card, no schedule and no terms, as if unknown")
    func unknown() throws {
        #expect(try store.person("alvarezj") == nil)
        #expect(try store.schedule(of: "AlvarezJ", term: spring) == PersonSchedule(term: spring, person: nil, sections: []))
        let together = try store.read { try $0.schedules(of: [("quinna", false), ("alvarezj", false)], term: spring) }
        #expect(together[1] == PersonSchedule(term: spring, person: nil, sections: []), "hidden among others too")
        #expect(together[0].sections.count == 2)
        #expect(try store.terms(for: "alvarezj").isEmpty)
        #expect(try store.directoryPerson("alvarezj", includeSuppressed: true)?.suppressed == true)
    }

    @Test("no suggestion names them, but for whom they are revealed")
    func suggestions() throws {
        #expect(try !store.suggestions(for: "alvarezz", limit: 10).contains("alvarezj"))
        #expect(try !store.suggestions(for: "jose smith", limit: 10).contains("José Álvarez"))
        #expect(try store.suggestions(for: "pruitz", limit: 10).first == "pruittk")
        let revealed = try store.read(revealing: .everyone) { try $0.suggestions(for: SearchText("alvarezz"), limit: 10) }
        #expect(revealed.contains("alvarezj"))
    }

    @Test("asked for exactly, a suppressed username finds the same close matches as an unknown one of its shape")
    func suggestionsAlike() throws {
        // The one letter that differs is no match of either.
        #expect(try store.suggestions(for: "alvarezj", limit: 10) == store.suggestions(for: "alvarezq", limit: 10))
        var alvarez = DirectoryFixtures.alvarez
        alvarez.suppressed = false
        #expect(try store.syncDirectory([alvarez], .incremental).updated == 1)
        #expect(try store.suggestions(for: "alvarezq", limit: 10).contains("alvarezj"), "lifted: suggested again")
    }

    @Test("an instructor who is suppressed is left out of their sections' instructors, but for themselves and the registrar")
    func instructor() throws {
        var vale = DirectoryFixtures.valer
        vale.suppressed = true
        #expect(try store.syncDirectory([vale], .incremental).updated == 1)
        #expect(try store.section(Fixtures.theory.id, term: spring)?.instructors == [])
        #expect(try store.sections(prefix: "CSSE474", term: spring).allSatisfy { $0.instructors.isEmpty })
        for view in [SuppressedView.person("valer"), .everyone] {
            let instructors = try store.read(revealing: view) { try $0.section(Fixtures.theory.id, term: spring)?.instructors }
            #expect(instructors == Fixtures.theory.instructors, "\(view)")
        }
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

@Suite("Suppressed people exist for themselves and the registrar")
struct RevealedSuppressionTests {
    let index: DirectoryIndex
    var store: CampusDatabase { index.store }
    let spring = Fixtures.spring.code

    init() throws {
        index = try DirectoryIndex()
    }

    @Test("to themselves: their own card, schedule, terms and photo, and nobody else's suppression lifted")
    func themselves() throws {
        try store.read(revealing: .person("AlvarezJ")) { (reader: IndexReader) throws in
            #expect(try reader.card("alvarezj")?.person.name == "José Álvarez")
            #expect(try reader.person("alvarezj") != nil)
            #expect(try reader.schedule(of: "alvarezj", term: spring).person?.username == "alvarezj")
            #expect(try reader.terms(for: "alvarezj") == [spring])
            #expect(try reader.directoryPhoto("alvarezj") == DirectoryFixtures.alvarez.photo)
            #expect(try reader.isHidden("alvarezj") == false)
        }
        try store.read(revealing: .person("quinna")) { (reader: IndexReader) throws in
            #expect(try reader.card("alvarezj") == nil)
            #expect(try reader.roster(Fixtures.theory.id, term: spring).map(\.person.username) == ["quinna"])
            #expect(try reader.isHidden("alvarezj"))
            // A read revealing one person (every logged-in caller's) once suggested everyone.
            #expect(try !reader.suggestions(for: "alvarezz", limit: 10).contains("alvarezj"))
            #expect(try reader.suggestions(for: "pruitz", limit: 10).first == "pruittk")
        }
    }

    @Test("to the registrar: in rosters, searches by name, phone and username, and suggestions")
    func registrar() throws {
        try store.read(revealing: .everyone) { (reader: IndexReader) throws in
            #expect(try reader.roster(Fixtures.theory.id, term: spring).map(\.person.username) == ["quinna", "alvarezj"])
            for query in ["alvarezj", "alva", "jose alvarez", "3333"] {
                let hits = try reader.search(SearchText(query), term: nil, limit: 10)
                #expect(hits.contains { if case .person(let person, _) = $0 { person.username == "alvarezj" } else { false } }, "\(query)")
            }
            #expect(try reader.suggestions(for: "alvarezz", limit: 10).contains("alvarezj"))
        }
    }

    @Test("a read that revealed someone leaves nothing behind for the next read on the connection")
    func nothingLeftBehind() throws {
        _ = try store.read(revealing: .everyone) { try $0.person("alvarezj") }
        #expect(try store.person("alvarezj") == nil)
        #expect(throws: (any Error).self) {
            try store.read(revealing: .everyone) { _ in throw CancellationError() }
        }
        #expect(try store.roster(Fixtures.theory.id, term: spring).map(\.username) == ["quinna"])
    }
}
