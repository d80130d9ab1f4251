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

    @Argument(help: "The instructor's username.")
    var username: String

    func run() async throws {
        let campus = try global.campus()
        do {
            let answer = try campus.teaching(of: username, term: try termOption.choice(), now: Date())
            ScheduleOutput(answer: answer, json: global.json, csv: format.csv).print()
        } catch {
            throw CommandFailure(error)
        }
    }
}
