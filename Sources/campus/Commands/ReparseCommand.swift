import ArgumentParser
import CampusLookup
import Foundation

/// `campus reparse`: rebuild terms from kept raw pages, without fetching.
struct ReparseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reparse",
        abstract: "Rebuild the index from the raw pages it kept (after a parser or definition change), without fetching.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var writer: WriterOptions
    @OptionGroup var termOption: TermOption

    @Flag(help: "Accept a term whose section count falls by more than half.")
    var force = false

    func run() async throws {
        let outcomes = try global.run(writing: writer) { campus throws(CampusError) in
            try campus.reparse(term: termOption.term, force: force, now: Date())
        }
        guard !outcomes.isEmpty else { throw CommandFailure("the index kept no raw pages to reparse; run `campus sync registrar` first.") }
        if global.json {
            print(try AnswerJSON.text(outcomes.map(TermReparseShape.init)))
            if outcomes.contains(where: { $0.result.failure != nil }) { throw ExitCode(1) }
            return
        }
        var table = TextTable("TERM", "PAGES", "SECTIONS", "RESULT")
        for outcome in outcomes {
            table.add(outcome.term.code.rawValue, String(outcome.pages),
                      outcome.result.swap.map { "\($0.sectionsBefore) → \($0.sectionsAfter)" } ?? "",
                      outcome.result.failure.map { "kept previous data: \($0.commandLineText)" } ?? "replaced")
        }
        print(table.render(on: .standardOutput))
        if outcomes.contains(where: { $0.result.failure != nil }) { throw ExitCode(1) }
    }
}
