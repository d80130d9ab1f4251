import CampusCore
import CampusIndex
import Foundation
import Testing

@Suite("Searching directory people: phones, names, filters")
struct DirectorySearchTests {
    let index: DirectoryIndex
    var store: CampusDatabase { index.store }

    init() throws {
        index = try DirectoryIndex()
    }

    func usernames(
        _ query: String, limit: Int = 10, department: String? = nil, affiliation: Affiliation? = nil
    ) throws -> [String] {
        try store.search(query, term: nil, limit: limit, department: department, affiliation: affiliation).map { hit in
            switch hit {
            case let .person(person, _): person.username
            case let .section(section, _): section.id.rawValue
            case let .room(room, _): room
            }
        }
    }

    @Test("a phone number or its end finds its person, however it is spelt", arguments: [
        "877-8411", "8411", "812.877.8411", "(812) 877-8411", "+1 812 877 8411", "18128778411", "812 877 8411",
    ])
    func phone(_ query: String) throws {
        #expect(try usernames(query) == ["valer"])
    }

    @Test("too few digits, or digits that end no number, find nobody by phone")
    func notPhones() throws {
        #expect(try usernames("411").isEmpty)
        #expect(try usernames("812-877").isEmpty)
        #expect(try usernames("877-1234") == ["quinna"])
    }

    @Test("a username prefix lists registrar and directory-only people together, in username order")
    func usernamePrefixFromBothSources() throws {
        let quincy = DirectoryPerson(username: "Quincyd", dn: "uid=quincyd", displayName: "Dana Quincy", affiliation: .staff)
        try store.syncDirectory([quincy], .incremental)
        #expect(try usernames("quin") == ["Quincyd", "quinna", "quinnellj"])
        #expect(try usernames("QUINCYD") == ["Quincyd"])
        #expect(try store.search("quincyd", term: nil, limit: 10).first == .person(Person(quincy), exact: true))
    }

    @Test("names match in any order")
    func nameOrder() throws {
        #expect(try usernames("robin vale") == ["valer"])
        #expect(try usernames("vale robin") == ["valer"])
        #expect(try usernames("pruitt kim") == ["pruittk"])
        #expect(try usernames("quinn alexandra") == ["quinna"])
    }

    @Test("a department filter matches word starts of the merged department, and drops sections and rooms")
    func department() throws {
        #expect(try usernames("", department: "comp science") == ["valer"])
        #expect(try usernames("", department: "COMPUTER SCI") == ["valer"])
        #expect(try usernames("", department: "registrar's") == ["pruittk"])
        #expect(try usernames("theory", department: "comp").isEmpty)
        #expect(try usernames("O1", department: "comp").isEmpty)
        #expect(try usernames("robin", department: "registrar").isEmpty)
        #expect(try usernames("", department: "science comp").isEmpty)
    }

    @Test("an affiliation filter keeps people of that affiliation only")
    func affiliation() throws {
        #expect(try usernames("", affiliation: .staff) == ["pruittk"])
        #expect(try usernames("", affiliation: .faculty) == ["boutellm", "valer"])
        #expect(try usernames("quin", affiliation: .student) == ["quinna", "quinnellj"])
        #expect(try usernames("quin", affiliation: .faculty).isEmpty)
        #expect(try usernames("robin", affiliation: .faculty) == ["valer"])
        #expect(try usernames("8411", affiliation: .student).isEmpty)
    }

    @Test("an empty query with a filter lists people by name up to the limit; without one, nothing")
    func emptyQuery() throws {
        #expect(try usernames("", affiliation: .student) == ["quinna", "quinnellj"])
        #expect(try usernames("", limit: 1, affiliation: .student) == ["quinna"])
        #expect(try usernames("", department: "comp", affiliation: .faculty) == ["valer"])
        #expect(try usernames("  ").isEmpty)
    }
}
