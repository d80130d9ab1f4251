import CampusCore
import CampusIndex
import Foundation
import Testing

@Suite("One-box search and suggestions")
struct SearchTests {
    let index: TemporaryIndex

    init() throws {
        index = try TemporaryIndex()
        try index.store.terms.replace(Fixtures.fallSnapshot, force: false, now: Fixtures.crawledAt)
        try index.store.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
    }

    /// Sections and rooms of the spring term unless another is named.
    func search(_ query: String, term: TermCode? = Fixtures.spring.code) throws -> [SearchHit] {
        try index.store.search(query, term: term, limit: 10)
    }

    @Test("an exact username comes first and is flagged exact")
    func exactUsername() throws {
        let hits = try search("quinna")
        #expect(hits.first == .person(Fixtures.quinna, exact: true))
        #expect(hits.filter { if case .person(_, exact: true) = $0 { true } else { false } }.count == 1)
    }

    @Test("a partial username lists every person it starts, not flagged exact")
    func partialUsername() throws {
        #expect(try search("quin") == [
            .person(Fixtures.quinna, exact: false), .person(Fixtures.quinnell, exact: false),
        ])
    }

    @Test("names match in any word order, by word prefixes, without diacritics")
    func names() throws {
        #expect(try search("quinn al") == [.person(Fixtures.quinna, exact: false)])
        #expect(try search("Alex Quinn") == [.person(Fixtures.quinna, exact: false)])
        #expect(try search("jose alvarez") == [.person(Fixtures.alvarez, exact: false)])
    }

    @Test("course ids and prefixes list sections of the term asked for")
    func courses() throws {
        #expect(try search("CSSE4") == [.section(Fixtures.theory, term: Fixtures.spring.code)])
        #expect(try search("csse474-02") == [.section(Fixtures.theory, term: Fixtures.spring.code)])
        let fall = try search("csse1", term: Fixtures.fall.code)
        #expect(fall.map { if case let .section(section, term) = $0 { "\(term) \(section.id)" } else { "" } } == ["202610 CSSE120-01"])
    }

    @Test("a CRN finds its section in the term asked for, and nothing in a term without it")
    func crn() throws {
        #expect(try search("4321") == [.section(Fixtures.theory, term: Fixtures.spring.code)])
        #expect(try search(" 1001 ") == [.section(Fixtures.objects, term: Fixtures.spring.code)])
        #expect(try search("432").isEmpty, "a CRN is matched whole")
        #expect(try search("4321", term: Fixtures.fall.code).isEmpty)
    }

    @Test("title words find sections; cross-listed sections both appear, once each")
    func titles() throws {
        let hits = try search("theory comp")
        #expect(hits == [
            .section(Fixtures.theory, term: Fixtures.spring.code),
            .section(Fixtures.theoryMath, term: Fixtures.spring.code),
        ])
    }

    @Test("a room prefix lists rooms; an exact room comes before longer ones")
    func rooms() throws {
        #expect(try search("O1") == [.room("O157", term: Fixtures.spring.code), .room("O159", term: Fixtures.spring.code)])
        #expect(try search("o159").first == .room("O159", term: Fixtures.spring.code))
    }

    @Test("without a term (an index of people alone) only people are found")
    func peopleOnly() throws {
        #expect(try search("CSSE4", term: nil).isEmpty)
        #expect(try search("quinna", term: nil).first == .person(Fixtures.quinna, exact: true))
    }

    @Test("results are limited and ranked exact, then prefix, then words")
    func rankingAndLimit() throws {
        #expect(try index.store.search("quin", term: nil, limit: 1) == [.person(Fixtures.quinna, exact: false)])
        #expect(try index.store.search("quin", term: nil, limit: 0).isEmpty)
        let hits = try search("valer")
        #expect(hits.first == .person(Fixtures.valer, exact: true))
    }

    @Test("nothing matches: suggestions offer a near-miss username, course and name")
    func suggestions() throws {
        #expect(try search("quinnz").isEmpty)
        #expect(try index.store.suggestions(for: "quinnz", limit: 5).first == "quinna")
        #expect(try index.store.suggestions(for: "vlaer", limit: 5).contains("valer"))
        #expect(try index.store.suggestions(for: "CSSE47", limit: 5).contains("CSSE474"))
        #expect(try index.store.suggestions(for: "quinnell smith", limit: 5) == ["Jordan Quinnell"])
        #expect(try index.store.suggestions(for: "zzzzzzzz", limit: 5).isEmpty)
    }
}
