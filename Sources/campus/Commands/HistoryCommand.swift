import ArgumentParser
import CampusCore
import CampusLookup
import Foundation

/// `campus history USER`: every section a person took or taught, newest term first.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List every section a person has taken or taught across the indexed terms, newest first.",
        discussion: "Example: campus history whitfid")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var format: TableFormatOptions

    @Argument(help: "The person's username.", completion: CommandCompletions.usernames)
    var username: String

    func validate() throws {
        try format.refuseBoth(json: global.json)
        try RequiredArgument.check(username, names: "a username", example: "campus history brennam")
    }

    func run() async throws {
        let shown = try await global.lookUp(
            local: { door, now throws(CampusError) in try await door.history(of: username, as: .operator(), now: now) },
            remote: { server throws(CampusError) in try await server.history(of: username) })
        let answer = shown.answer
        if global.json {
            print(try AnswerJSON.text(HistoryShape(answer, withholding: shown.withheld)))
        } else if format.csv {
            var writer = CSVWriter(header: ["role"] + SectionRows.csvHeaders)
            for entry in answer.terms {
                for scheduled in entry.sections {
                    for row in SectionRows.csv(scheduled.section, term: entry.term) { writer.append([scheduled.role.rawValue] + row) }
                }
            }
            print(writer.text, terminator: "")
        } else {
            let terminal = Terminal.standardOutput
            let name = answer.person.name.map { "\($0) (\(answer.person.username))" } ?? answer.person.username
            print(terminal.bold(name))
            guard !answer.terms.isEmpty else {
                print("No classes in any indexed term (see `campus terms`).")
                return
            }
            var table = TextTable(headers: ["TERM", "ROLE"] + SectionRows.textHeaders)
            for entry in answer.terms {
                for scheduled in entry.sections { table.add(row: [entry.term.name, scheduled.role.rawValue] + SectionRows.text(scheduled.section)) }
            }
            print(table.render(on: terminal))
        }
    }
}
