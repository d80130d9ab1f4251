import ArgumentParser
import CampusLookup
import Foundation

/// `campus instructor USER`: what an instructor teaches in a term.
struct InstructorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "instructor",
        abstract: "Show the sections an instructor teaches in a term, and their week.",
        discussion: "Example: campus instructor valer --term 202630")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var format: TableFormatOptions
    @OptionGroup var termOption: TermOption

    @Argument(help: "The instructor's username.", completion: CommandCompletions.usernames)
    var username: String

    func validate() throws {
        try format.refuseBoth(json: global.json)
        try RequiredArgument.check(username, names: "the instructor's username", example: "campus instructor whitfid")
    }

    func run() async throws {
        let shown = try await global.lookUp(
            local: { door, now throws(CampusError) in try door.teaching(of: username, term: termOption.term, as: .operator(), now: now) },
            remote: { server throws(CampusError) in try await server.teaching(of: username, term: termOption.term) })
        try ScheduleOutput(answer: shown.answer, withheld: shown.withheld, json: global.json, csv: format.csv).print()
    }
}
