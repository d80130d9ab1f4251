import ArgumentParser
import CampusCore
import CampusLookup
import Foundation

/// `campus search QUERY`: the one search box.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find people, sections and rooms: usernames (whole or partial), names in any order, course ids, rooms.",
        discussion: """
            An exact username opens that person's card. --dept and --affiliation ask for people only; with either, the query may be left out to list everyone who matches.
            Examples: campus search quinna; campus search 'quinn alex'; campus search 877-8411; campus search CSSE4; campus search O1; campus search --dept 'comp science' --affiliation faculty
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var format: TableFormatOptions
    @OptionGroup var termOption: TermOption

    @Argument(help: "What to look for.")
    var query: [String] = []

    @Option(name: .customLong("dept"), help: ArgumentHelp("Only people of a department (part of its name, any case).", valueName: "name"))
    var department: String?

    @Option(help: ArgumentHelp("Only people with this affiliation: student, faculty or staff.", valueName: "kind"))
    var affiliation: String?

    @Option(help: "At most this many matches (1 to 10000).")
    var limit = 25

    func validate() throws {
        try format.refuseBoth(json: global.json)
        _ = try affiliationFilter()
        guard !query.joined().trimmingCharacters(in: .whitespaces).isEmpty || department != nil || affiliation != nil else {
            throw ValidationError("Give something to search for, such as a username, a name, a course id or a room.")
        }
        guard (1...SearchAnswer.maximumLimit).contains(limit) else {
            throw ValidationError("--limit must be from 1 to \(SearchAnswer.maximumLimit).")
        }
    }

    func run() async throws {
        let affiliation = try affiliationFilter()
        let text = query.joined(separator: " ")
        let shown = try await global.lookUp(
            local: { door, now throws(CampusError) in
                try door.search(text, kinds: [], term: termOption.term, limit: limit, department: department, affiliation: affiliation,
                                as: .operator(), now: now)
            },
            remote: { server throws(CampusError) in
                try await server.search(text, term: termOption.term, limit: limit, department: department, affiliation: affiliation)
            })
        let answer = shown.answer
        let shape = SearchShape(shown)
        let views = shape.matches
        if global.json {
            print(try AnswerJSON.text(shape))
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

extension SearchCommand {
    /// `--affiliation` parsed; a usage error naming the choices when it is none of them.
    func affiliationFilter() throws -> Affiliation? {
        guard let affiliation else { return nil }
        guard let value = Affiliation(rawValue: affiliation.lowercased()), value != .unknown else {
            throw ValidationError("--affiliation must be student, faculty or staff, got '\(affiliation)'.")
        }
        return value
    }
}
