import ArgumentParser
import CampusCore
import CampusIndex
import CampusLookup
import Foundation

/// `campus search QUERY`: the one search box.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find people, sections and rooms: usernames (whole or partial), names in any order, course ids, rooms.",
        discussion: "An exact username opens that person's card. Examples: campus search quinna; campus search 'alex quinn'; campus search CSSE4; campus search O1")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var format: TableFormatOptions
    @OptionGroup var termOption: TermOption

    @Argument(help: "What to look for.")
    var query: [String]

    @Option(help: "At most this many matches.")
    var limit = 25

    func validate() throws {
        guard !query.joined().trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("Give something to search for, such as a username, a name, a course id or a room.")
        }
        guard limit > 0 else { throw ValidationError("--limit must be at least 1.") }
    }

    func run() async throws {
        let campus = try global.campus()
        let answer: SearchAnswer
        do {
            answer = try campus.search(query.joined(separator: " "), term: try termOption.choice(), limit: limit, now: Date())
        } catch {
            throw CommandFailure(error)
        }
        let views = answer.hits.map(SearchHitView.init)
        if global.json {
            print(try JSONOutput.render(SearchView(query: answer.query, matches: views)))
        } else if format.csv {
            var csv = CSVWriter(header: ["type", "id", "name", "detail", "term"])
            for view in views { csv.append([view.type, view.id, view.name, view.detail, view.term]) }
            print(csv.text, terminator: "")
        } else if let person = answer.exactPerson {
            print(PersonCard(person: person).render(on: .standardOutput))
        } else {
            var table = TextTable("TYPE", "ID", "NAME", "DETAIL")
            for view in views { table.add(view.type, view.id, view.name ?? "", view.detail ?? "") }
            print(table.render(on: .standardOutput))
        }
    }
}

/// `{"query": "...", "matches": [...]}`.
struct SearchView: Encodable {
    let query: String
    let matches: [SearchHitView]
}

/// One typed match: `{"type": "person"|"section"|"room", "id": ..., "name": ..., "detail": ..., "term": ...}`;
/// people carry `person`, sections carry `section`.
struct SearchHitView: Encodable {
    var type: String
    var id: String
    var name: String?
    var detail: String?
    var term: String?
    var exact: Bool?
    var person: PersonView?
    var section: SectionView?

    init(_ hit: SearchHit) {
        switch hit {
        case .person(let person, let exact):
            type = "person"
            id = person.username
            name = person.name
            detail = [person.affiliation == .unknown ? nil : person.affiliation.rawValue, person.major, person.department]
                .compactMap { $0 }.joined(separator: ", ")
            self.exact = exact
            self.person = PersonView(person)
        case .section(let section, let term):
            type = "section"
            id = section.id.rawValue
            name = section.title
            detail = section.schedule.raw.isEmpty ? nil : section.schedule.raw
            self.term = term.rawValue
            self.section = SectionView(section)
        case .room(let room, let term):
            type = "room"
            id = room
            self.term = term.rawValue
        }
    }
}
